import { type HttpHandler } from 'msw';
import {
  HOLD_MINUTES,
  cartSchema,
  protectionPlanSchema,
  type Cart,
  type OrderSummary,
  type ProtectionPlan,
} from '~/lib/contract/checkout';
import type { DealType } from '~/lib/contract/orders';
import { endpoints } from '~/lib/contract/endpoints';
import { forPath, mockApi, type HandlerOptions } from './msw';

// The checkout area of the commerce API for route tests: Cart and protection-plan builders
// parsed by the contract's schemas, and msw handlers for each cart call. Other checkout tests
// import these, so a change to the contract breaks the fixtures, not silently the tests.

export const TEST_CART_ID = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
export const TEST_VIN = '1HGCV1F34PA000001';

/** The summary of each purchase type for a $30,000 vehicle, cents. */
export function buildSummary(
  dealType: DealType,
  overrides: { protectionCents?: number; downPaymentCents?: number } = {},
): OrderSummary {
  const protectionCents = overrides.protectionCents ?? 0;
  const downPaymentCents = overrides.downPaymentCents ?? 250_000;
  if (dealType === 'Finance') {
    const financedCents = 3_000_000 + 260_000 + protectionCents - downPaymentCents;
    return {
      dealType,
      finance: {
        priceCents: 3_000_000,
        downPaymentCents,
        taxesAndFeesCents: 260_000,
        protectionCents,
        termMonths: 60,
        aprPercent: 6.49,
        financedCents,
        monthlyPaymentCents: 59_123,
        dueTodayCents: downPaymentCents,
      },
    };
  }
  if (dealType === 'Lease') {
    return {
      dealType,
      lease: {
        priceCents: 3_000_000,
        monthlyPaymentCents: 41_250,
        termMonths: 36,
        annualMiles: 12_000,
        dueAtSigningCents: 291_250,
        capCostReductionCents: downPaymentCents,
        securityDepositCents: 0,
        firstPaymentCents: 41_250,
        adjustedCapCostCents: 2_819_500,
        protectionCents,
      },
    };
  }
  return {
    dealType,
    cash: {
      priceCents: 3_000_000,
      taxesAndFeesCents: 260_000,
      protectionCents,
      totalCents: 3_260_000 + protectionCents,
      dueTodayCents: 3_260_000 + protectionCents,
    },
  };
}

/** A protection plan of each kind, priced like the built-in catalogue would. */
export function buildPlan(kind: ProtectionPlan['kind'], overrides: Partial<ProtectionPlan> = {}): ProtectionPlan {
  const base: Record<ProtectionPlan['kind'], Omit<ProtectionPlan, 'kind'>> = {
    appearance: {
      id: 'plan-appearance',
      name: 'Appearance Protection',
      summary: 'Dents, dings, wheels and tires, windshield chips.',
      details: [
        'Wheel and tire repair (a typical repair costs $700)',
        'Paintless dent repair',
        'Windshield chip repair',
      ],
      termMonths: 60,
      mileage: null,
      deductibleCents: 0,
      packagePriceCents: 89_900,
      monthlyPriceCents: 1_500,
      dealTypes: ['Cash', 'Finance', 'Lease'],
    },
    mechanical: {
      id: 'plan-mechanical',
      name: 'Mechanical Protection',
      summary: 'Repairs to the engine, transmission and electronics.',
      details: ['Powertrain repairs (up to $2,030)', 'GPS screen repairs (up to $1,120)', 'Roadside assistance'],
      termMonths: 60,
      mileage: 75_000,
      deductibleCents: 10_000,
      packagePriceCents: 199_500,
      monthlyPriceCents: 3_325,
      dealTypes: ['Cash', 'Finance', 'Lease'],
    },
    appearanceMechanical: {
      id: 'plan-complete',
      name: 'Complete Protection',
      summary: 'Appearance and mechanical protection together.',
      details: ['Everything in Appearance Protection', 'Everything in Mechanical Protection'],
      termMonths: 60,
      mileage: 75_000,
      deductibleCents: 10_000,
      packagePriceCents: 259_900,
      monthlyPriceCents: 4_332,
      dealTypes: ['Cash', 'Finance', 'Lease'],
    },
    gap: {
      id: 'plan-gap',
      name: 'GAP Coverage',
      summary: 'Pays the difference between your loan and the settlement if the vehicle is totalled.',
      details: ['Loan $30,000, settlement $20,000: GAP covers the $10,000 difference less a $1,000 deductible'],
      termMonths: 60,
      mileage: null,
      deductibleCents: 100_000,
      packagePriceCents: 69_500,
      monthlyPriceCents: 1_158,
      dealTypes: ['Finance', 'Lease'],
    },
  };
  return protectionPlanSchema.parse({ kind, ...base[kind], ...overrides });
}

export const ALL_PLAN_KINDS = ['appearance', 'mechanical', 'appearanceMechanical', 'gap'] as const;

/** A complete, valid cart on the Shopping Cart step; override what the test is about. */
export function buildCart(overrides: Partial<Cart> = {}): Cart {
  const dealType = overrides.dealType ?? 'Finance';
  const now = Date.now();
  const cart: Cart = {
    id: TEST_CART_ID,
    step: 'cart',
    completedSteps: [],
    dealType,
    vehicle: {
      vin: TEST_VIN,
      year: 2023,
      make: 'Honda',
      model: 'Accord',
      trim: 'EX-L',
      type: 'USED',
      mileage: 18_250,
      priceCents: 3_000_000,
      imageUrl: '/images/vehicles/placeholder.svg',
      availability: 'Available',
      heldByThisCart: true,
    },
    hold: {
      expiresAt: new Date(now + HOLD_MINUTES * 60_000).toISOString(),
      secondsLeft: HOLD_MINUTES * 60,
      timerVisible: true,
    },
    downPaymentCents: dealType === 'Cash' ? 0 : 250_000,
    termMonths: dealType === 'Lease' ? 36 : 60,
    annualMiles: dealType === 'Lease' ? 12_000 : null,
    protection: { status: 'undecided', plans: [] },
    fulfillment: null,
    summary: buildSummary(dealType),
    problems: [],
    ownedByShopper: false,
    creditApplication: null,
    decision: null,
    placement: { status: 'NOT_PLACED', orderNumber: null, readyAt: null, startedAt: null },
    updatedAt: new Date(now).toISOString(),
    ...overrides,
  };
  return cartSchema.parse(cart);
}

/** A cart whose vehicle was taken out: the empty cart. */
export function buildEmptyCart(overrides: Partial<Cart> = {}): Cart {
  return buildCart({ vehicle: null, hold: null, summary: null, ...overrides });
}

type CartAnswer = Cart | ((request: Request, body: unknown) => Cart | Promise<Cart>);

type CartEndpoint =
  | typeof endpoints.checkout.createCart
  | typeof endpoints.checkout.updateCart
  | typeof endpoints.checkout.extendHold
  | typeof endpoints.checkout.acknowledgeChanges
  | typeof endpoints.checkout.removeVehicle
  | typeof endpoints.checkout.claimCart
  | typeof endpoints.checkout.chooseProtection;

/** A cart call of TEST_CART_ID (or creating one): answers the cart; `received` collects the JSON bodies sent. */
function cartHandler(
  endpoint: CartEndpoint,
  answer: CartAnswer,
  options: HandlerOptions & { received?: unknown[] } = {},
): HttpHandler {
  const match = endpoint.path.includes(':cartId') ? forPath(endpoint, { cartId: TEST_CART_ID }) : undefined;
  return mockApi(
    endpoint,
    async ({ request }) => {
      const text = await request.clone().text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      options.received?.push(body);
      return { data: typeof answer === 'function' ? await answer(request, body) : answer };
    },
    { ...options, match },
  );
}

/** The msw handlers of the checkout calls. `received` collects the JSON bodies sent. */
export const checkoutApi = {
  currentCart(cart: Cart | null, options: HandlerOptions = {}): HttpHandler {
    return mockApi(endpoints.checkout.currentCart, { data: cart }, options);
  },
  createCart(answer: CartAnswer, options: HandlerOptions & { received?: unknown[] } = {}): HttpHandler {
    return cartHandler(endpoints.checkout.createCart, answer, options);
  },
  updateCart(answer: CartAnswer, options: HandlerOptions & { received?: unknown[] } = {}): HttpHandler {
    return cartHandler(endpoints.checkout.updateCart, answer, options);
  },
  extendHold(answer: CartAnswer, options: HandlerOptions & { received?: unknown[] } = {}): HttpHandler {
    return cartHandler(endpoints.checkout.extendHold, answer, options);
  },
  acknowledgeChanges(answer: CartAnswer, options: HandlerOptions & { received?: unknown[] } = {}): HttpHandler {
    return cartHandler(endpoints.checkout.acknowledgeChanges, answer, options);
  },
  removeVehicle(answer: CartAnswer, options: HandlerOptions & { received?: unknown[] } = {}): HttpHandler {
    return cartHandler(endpoints.checkout.removeVehicle, answer, options);
  },
  claim(answer: CartAnswer, options: HandlerOptions & { received?: unknown[] } = {}): HttpHandler {
    return cartHandler(endpoints.checkout.claimCart, answer, options);
  },
  chooseProtection(answer: CartAnswer, options: HandlerOptions & { received?: unknown[] } = {}): HttpHandler {
    return cartHandler(endpoints.checkout.chooseProtection, answer, options);
  },
  protectionPlans(plans: ProtectionPlan[], options: HandlerOptions = {}): HttpHandler {
    return mockApi(
      endpoints.checkout.protectionPlans,
      { data: { plans } },
      {
        ...options,
        match: forPath(endpoints.checkout.protectionPlans, { cartId: TEST_CART_ID }),
      },
    );
  },
};

// ------------------------------------------------------------------------------ Requests

export const CHECKOUT_ORIGIN = 'http://localhost';

export type CheckoutRequestOptions = {
  signedIn?: boolean;
  method?: string;
  /** Form fields for a POST. */
  form?: Record<string, string>;
  /** Extra cookies ("name=value"). */
  cookies?: string[];
};

/** The session cookie ("name=value") of a signed-in shopper, or null signed out. */
export async function shopperCookie(signedIn: boolean): Promise<string | null> {
  if (!signedIn) return null;
  const { commitSession, getSessionStorage } = await import('~/lib/session.server');
  const probe = new Request(CHECKOUT_ORIGIN);
  const session = await getSessionStorage(probe).getSession();
  session.set('identityToken', 'identity-token');
  session.set('refreshToken', 'refresh-token');
  session.set('tokenExpiresAt', Date.now() + 15 * 60_000);
  session.set('shopper', { id: 'user-1', firstName: 'Dana', lastName: 'Rivera', email: 'dana@showroom.test' });
  const setCookie = await commitSession(probe, session);
  return setCookie.slice(0, setCookie.indexOf(';'));
}

/** A real Request for a checkout URL, with the shopper's cookies and, for a POST, a urlencoded form. */
export async function checkoutRequest(path: string, options: CheckoutRequestOptions = {}): Promise<Request> {
  const cookies = [await shopperCookie(options.signedIn ?? false), ...(options.cookies ?? [])].filter(Boolean);
  const headers = new Headers();
  if (cookies.length) headers.set('cookie', cookies.join('; '));
  const method = options.method ?? (options.form ? 'POST' : 'GET');
  let body: URLSearchParams | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form);
    headers.set('content-type', 'application/x-www-form-urlencoded');
  }
  return new Request(`${CHECKOUT_ORIGIN}${path}`, { method, headers, body });
}
