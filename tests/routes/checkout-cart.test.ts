import { describe, expect, it } from 'vitest';
import { served } from '../support/served';
import { getTermsSetup } from '~/lib/checkout/deal-terms';
import { CHECKOUT_MESSAGES } from '~/lib/checkout/messages';
import { fillMessage } from '~/lib/messages';
import { takeNotice } from '~/lib/search/notice.server';
import { ZIP_MESSAGES } from '~/lib/search/zip-rules';
import { formatPhone } from '~/lib/shared/tenant/text';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import * as acknowledgeRoute from '~/routes/checkout+/acknowledge-changes';
import * as accountRoute from '~/routes/checkout+/account';
import * as cartRoute from '~/routes/checkout+/cart';
import * as coverageRoute from '~/routes/checkout+/coverage';
import * as holdRoute from '~/routes/checkout+/hold';
import * as indexRoute from '~/routes/checkout+/_index';
import * as layoutRoute from '~/routes/checkout+/_layout';
import * as orderDetailsRoute from '~/routes/checkout+/order-details';
import * as startRoute from '~/routes/checkout+/$vin';
import { commerce, mockApi, server } from '../support/msw';
import { endpoints } from '~/lib/contract/endpoints';
import type { TradeInOffer } from '~/lib/contract/trade-in';
import { buildOffer } from '../support/trade-in-offer';
import { buildDetail, inventory } from '../support/msw-inventory';
import {
  ALL_PLAN_KINDS,
  CHECKOUT_ORIGIN,
  TEST_VIN,
  buildCart,
  buildEmptyCart,
  buildPlan,
  checkoutApi,
  checkoutRequest,
  type CheckoutRequestOptions,
} from '../support/msw-checkout';

// The first half of the checkout (cart, coverage, account, order details, the hold and the
// start of a purchase): loaders and actions called with real Requests, the commerce API played
// by msw from the contract's schemas, upstream failures included.

const TENANT = getTenantForRequest(new Request(CHECKOUT_ORIGIN));
const PHONE = formatPhone(TENANT.dealerPhone.number);
const CART_PATH = '/api/checkout/carts';
const CURRENT = '/api/checkout/carts/current';

/** Carts on a later step: the steps before it completed. */
const atCoverage = (overrides: Parameters<typeof buildCart>[0] = {}) =>
  buildCart({ completedSteps: ['cart'], ...overrides });
const atAccount = (overrides: Parameters<typeof buildCart>[0] = {}) =>
  buildCart({ completedSteps: ['cart', 'coverage'], ...overrides });
const atOrderDetails = (overrides: Parameters<typeof buildCart>[0] = {}) =>
  buildCart({ completedSteps: ['cart', 'coverage', 'account'], ...overrides });

type Result = { status: number; data: unknown; headers: Headers };

/** Status, body and headers of whatever a loader or action returned or threw. */
function read(result: unknown): Result {
  if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
  const value = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (value?.type === 'DataWithResponseInit') {
    return { status: value.init?.status ?? 200, data: value.data, headers: new Headers(value.init?.headers) };
  }
  return { status: 200, data: result, headers: new Headers() };
}

async function run(
  fn: (args: { request: Request; params: Record<string, string>; context: object }) => unknown,
  path: string,
  options: CheckoutRequestOptions & { params?: Record<string, string> } = {},
): Promise<Result> {
  const request = await checkoutRequest(path, options);
  try {
    return read(await served((context) => fn({ request, params: options.params ?? {}, context })));
  } catch (thrown) {
    return read(thrown);
  }
}

type AnyRoute = (args: never) => unknown;
const call = (fn: AnyRoute) =>
  fn as unknown as (args: { request: Request; params: Record<string, string>; context: object }) => unknown;

describe('POST /checkout/:vin: start a purchase', () => {
  it('creates the cart with the chosen purchase type and opens the cart, setting the checkout session cookie', async () => {
    const received: unknown[] = [];
    let sessionHeader: string | null = null;
    server.use(
      checkoutApi.createCart(buildCart({ dealType: 'Lease' }), {
        received,
        onRequest: (request) => void (sessionHeader = request.headers.get('x-session-id')),
      }),
    );
    const result = await run(call(startRoute.action), `/checkout/${TEST_VIN}`, {
      params: { vin: TEST_VIN },
      form: { dealType: 'Lease', downPaymentCents: '300000', termMonths: '48' },
    });
    expect(result.status).toBe(302);
    expect(result.headers.get('location')).toBe('/checkout/cart');
    expect(result.headers.get('set-cookie')).toMatch(/^showroom_checkout=/);
    expect(received).toEqual([{ vin: TEST_VIN, dealType: 'Lease', downPaymentCents: 300_000 }]);
    expect(sessionHeader).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('carries the calculator’s purchase type, terms, miles and credit tier (issue 12 item 2)', async () => {
    const received: unknown[] = [];
    server.use(checkoutApi.createCart(buildCart({ dealType: 'Lease' }), { received }));
    const calculator = {
      calculatorDealType: 'Lease',
      downPaymentCents: '300000',
      termMonths: '24',
      annualMiles: '10000',
      creditTier: 'excellent',
    };
    await run(call(startRoute.action), `/checkout/${TEST_VIN}`, {
      params: { vin: TEST_VIN },
      form: { dealType: 'Lease', ...calculator },
    });
    // Another purchase type picked in the Start purchase form: its own defaults, the tier kept.
    await run(call(startRoute.action), `/checkout/${TEST_VIN}`, {
      params: { vin: TEST_VIN },
      form: { dealType: 'Finance', ...calculator },
    });
    // Cash has no terms and no tier; a tampered tier is dropped.
    await run(call(startRoute.action), `/checkout/${TEST_VIN}`, {
      params: { vin: TEST_VIN },
      form: { dealType: 'Cash', ...calculator, calculatorDealType: 'Cash' },
    });
    await run(call(startRoute.action), `/checkout/${TEST_VIN}`, {
      params: { vin: TEST_VIN },
      form: { dealType: 'Lease', ...calculator, creditTier: 'platinum' },
    });
    expect(received).toEqual([
      {
        vin: TEST_VIN,
        dealType: 'Lease',
        downPaymentCents: 300_000,
        termMonths: 24,
        annualMiles: 10_000,
        creditTier: 'excellent',
      },
      { vin: TEST_VIN, dealType: 'Finance', creditTier: 'excellent' },
      { vin: TEST_VIN, dealType: 'Cash' },
      { vin: TEST_VIN, dealType: 'Lease', downPaymentCents: 300_000, termMonths: 24, annualMiles: 10_000 },
    ]);
  });

  it('tells the shopper another customer is ordering the vehicle (409 vehicleHeld)', async () => {
    server.use(commerce.error(CART_PATH, 409, 'error.cart.vehicleHeld', { method: 'POST' }));
    const result = await run(call(startRoute.action), `/checkout/${TEST_VIN}`, {
      params: { vin: TEST_VIN },
      form: { dealType: 'Finance' },
    });
    expect(result.status).toBe(409);
    expect(result.data).toEqual({ failure: { reason: 'held', message: CHECKOUT_MESSAGES.vehicleHeld } });
  });

  it('says a sold or removed vehicle is unavailable, and a 5xx is the submit failure with the phone', async () => {
    server.use(commerce.error(CART_PATH, 409, 'error.cart.vehicleUnavailable', { method: 'POST', once: true }));
    const sold = await run(call(startRoute.action), `/checkout/${TEST_VIN}`, {
      params: { vin: TEST_VIN },
      form: { dealType: 'Cash' },
    });
    expect(sold.data).toEqual({ failure: { reason: 'unavailable', message: CHECKOUT_MESSAGES.vehicleUnavailable } });

    server.use(commerce.error(CART_PATH, 500, 'error.api.internal', { method: 'POST' }));
    const failed = await run(call(startRoute.action), `/checkout/${TEST_VIN}`, {
      params: { vin: TEST_VIN },
      form: { dealType: 'Cash' },
    });
    expect(failed.status).toBe(503);
    expect(failed.data).toEqual({
      failure: { reason: 'error', message: fillMessage(CHECKOUT_MESSAGES.submitFailure, { phone: PHONE }) },
    });
  });

  it('answers 404 for a VIN that is not one', async () => {
    const result = await run(call(startRoute.action), '/checkout/nope', {
      params: { vin: 'nope' },
      form: { dealType: 'Cash' },
    });
    expect(result.status).toBe(404);
  });
});

describe('GET /checkout/:vin: the start page', () => {
  it('offers the purchase types for an available vehicle', async () => {
    server.use(inventory.vehicle(buildDetail({ vin: TEST_VIN, status: 'Available' })));
    const result = await run(call(startRoute.loader), `/checkout/${TEST_VIN}`, { params: { vin: TEST_VIN } });
    expect(result.data).toMatchObject({ failure: null, vehicle: { vin: TEST_VIN } });
  });

  it('says why a held vehicle cannot be bought, unless it is held for this shopper', async () => {
    server.use(
      inventory.vehicle(buildDetail({ vin: TEST_VIN, status: 'PendingSale' })),
      checkoutApi.currentCart(null, { once: true }),
    );
    const other = await run(call(startRoute.loader), `/checkout/${TEST_VIN}`, {
      params: { vin: TEST_VIN },
      signedIn: true,
    });
    expect(other.data).toMatchObject({ failure: { reason: 'held', message: CHECKOUT_MESSAGES.vehicleHeld } });

    server.use(checkoutApi.currentCart(buildCart({ ownedByShopper: true })));
    const mine = await run(call(startRoute.loader), `/checkout/${TEST_VIN}`, {
      params: { vin: TEST_VIN },
      signedIn: true,
    });
    expect(mine.headers.get('location')).toBe('/checkout/cart');
  });
});

describe('the checkout layout and /checkout', () => {
  it('gives the step indicator, the hold and the summary of the cart', async () => {
    server.use(checkoutApi.currentCart(buildCart({ completedSteps: ['cart'] })));
    const result = await run(call(layoutRoute.loader), '/checkout/coverage');
    const data = result.data as {
      steps: Array<{ label: string; state: string }>;
      hold: { timerVisible: boolean };
      summary: { dealType: string };
    };
    expect(data.steps.map((step) => `${step.label}:${step.state}`)).toEqual([
      'Shopping Cart:complete',
      'Coverage:current',
      'Account:upcoming',
      'Order Details:upcoming',
      'Credit Application:upcoming',
      'Overview:upcoming',
    ]);
    expect(data.hold.timerVisible).toBe(true);
    expect(data.summary.dealType).toBe('Finance');
  });

  it('a cash cart has no Credit Application step', async () => {
    server.use(checkoutApi.currentCart(buildCart({ dealType: 'Cash' })));
    const data = (await run(call(layoutRoute.loader), '/checkout/cart')).data as { steps: Array<{ label: string }> };
    expect(data.steps.map((step) => step.label)).not.toContain('Credit Application');
  });

  it('a 5xx on the cart is a 503 with the seed message and the phone, not a 500', async () => {
    server.use(commerce.error(CURRENT, 502, 'error.api.unavailable'));
    const result = await run(call(layoutRoute.loader), '/checkout/cart');
    expect(result.status).toBe(503);
    expect(result.data).toEqual({ message: fillMessage(CHECKOUT_MESSAGES.cartLoadFailure, { phone: PHONE }) });
  });

  it('/checkout resumes at the step saved on the cart, or opens the cart', async () => {
    server.use(
      checkoutApi.currentCart(buildCart({ step: 'account', completedSteps: ['cart', 'coverage'] }), { once: true }),
    );
    expect((await run(call(indexRoute.loader), '/checkout')).headers.get('location')).toBe('/checkout/account');
    server.use(checkoutApi.currentCart(null));
    expect((await run(call(indexRoute.loader), '/checkout')).headers.get('location')).toBe('/checkout/cart');
  });
});

describe('Shopping Cart loader', () => {
  it('shows an empty cart when there is none, when the API lost it (404) and when the vehicle was removed', async () => {
    const empty = { state: 'empty', message: 'Your cart is empty.' };
    server.use(checkoutApi.currentCart(null, { once: true }));
    expect((await run(call(cartRoute.loader), '/checkout/cart')).data).toEqual(empty);
    server.use(commerce.error(CURRENT, 404, 'error.cart.notFound', { once: true }));
    expect((await run(call(cartRoute.loader), '/checkout/cart')).data).toEqual(empty);
    server.use(checkoutApi.currentCart(buildEmptyCart()));
    expect((await run(call(cartRoute.loader), '/checkout/cart')).data).toEqual(empty);
  });

  it('shows the unavailable cart when another shopper holds the vehicle or it was sold', async () => {
    const held = buildCart();
    server.use(
      checkoutApi.currentCart(
        { ...held, vehicle: { ...held.vehicle!, availability: 'PendingSale', heldByThisCart: false } },
        { once: true },
      ),
    );
    expect((await run(call(cartRoute.loader), '/checkout/cart')).data).toMatchObject({
      state: 'unavailable',
      unavailable: CHECKOUT_MESSAGES.vehicleHeld,
    });
    server.use(
      checkoutApi.currentCart({ ...held, vehicle: { ...held.vehicle!, availability: 'Sold', heldByThisCart: false } }),
    );
    expect((await run(call(cartRoute.loader), '/checkout/cart')).data).toMatchObject({
      state: 'unavailable',
      unavailable: CHECKOUT_MESSAGES.vehicleUnavailable,
    });
  });

  // Issue 31: the account page says a saved offer can be applied from the cart; the cart offered none.
  it('lists the signed-in shopper’s saved offers that can be applied, with Apply posting to the trade-in page', async () => {
    const saved = (id: string, status: TradeInOffer['status']) => buildOffer({ id, status });
    server.use(
      checkoutApi.currentCart(buildCart()),
      mockApi(endpoints.tradeIn.listOffers, {
        data: [
          saved('11111111-1111-4111-8111-111111111111', 'available'),
          saved('22222222-2222-4222-8222-222222222222', 'expired'),
        ],
      }),
    );
    const signedIn = await run(call(cartRoute.loader), '/checkout/cart', { signedIn: true });
    expect((signedIn.data as { savedOffers: unknown }).savedOffers).toEqual([
      { id: '11111111-1111-4111-8111-111111111111', title: '2021 Toyota Camry LE', value: '$12,150' },
    ]);
    const signedOut = await run(call(cartRoute.loader), '/checkout/cart');
    expect((signedOut.data as { savedOffers: unknown }).savedOffers).toEqual([]);
  });

  it("offers the tenant's purchase types and the down payments the loan-to-value rule allows", async () => {
    server.use(checkoutApi.currentCart(buildCart()));
    const data = (await run(call(cartRoute.loader), '/checkout/cart')).data as {
      state: string;
      allowed: string[];
      setup: { downPaymentOptionsCents: number[]; termOptions: number[] };
    };
    expect(data.state).toBe('ready');
    expect(data.allowed).toEqual(
      (['Cash', 'Finance', 'Lease'] as const).filter(
        (type) => TENANT.contracting[type.toLowerCase() as 'cash' | 'finance' | 'lease'],
      ),
    );
    expect(data.setup.termOptions).toEqual([24, 36, 48, 60, 72, 84]);
    expect(data.setup.downPaymentOptionsCents[0]).toBe(0);
  });
});

describe('Shopping Cart actions', () => {
  it('asks for a confirmation before switching the purchase type, then PATCHes the cart', async () => {
    server.use(checkoutApi.currentCart(buildCart()));
    const unconfirmed = await run(call(cartRoute.action), '/checkout/cart', {
      form: { intent: 'switch-type', dealType: 'Cash' },
    });
    expect(unconfirmed.data).toEqual({ intent: 'switch-type', confirmSwitch: 'Cash' });

    const received: unknown[] = [];
    server.use(checkoutApi.updateCart(buildCart({ dealType: 'Cash' }), { received }));
    const confirmed = await run(call(cartRoute.action), '/checkout/cart', {
      form: { intent: 'switch-type', dealType: 'Cash', confirmed: 'yes' },
    });
    expect(confirmed.headers.get('location')).toBe('/checkout/cart');
    expect(received).toEqual([{ dealType: 'Cash' }]);
  });

  it('a switch to Lease starts from a down payment the lease can take (its maximum follows the MSRP)', async () => {
    const detail = buildDetail({ vin: TEST_VIN });
    const msrpCents = detail.priceDetails.msrp * 100;
    const expectedMax = getTermsSetup(3_000_000, 'Lease', { msrpCents }).downPaymentOptionsCents!.at(-1)!;
    const received: unknown[] = [];
    server.use(
      inventory.vehicle(detail),
      checkoutApi.currentCart(buildCart({ downPaymentCents: 2_000_000 })),
      checkoutApi.updateCart(buildCart({ dealType: 'Lease' }), { received }),
    );
    await run(call(cartRoute.action), '/checkout/cart', {
      form: { intent: 'switch-type', dealType: 'Lease', confirmed: 'yes' },
    });
    expect(received).toEqual([{ dealType: 'Lease', downPaymentCents: Math.min(2_000_000, expectedMax) }]);
    expect(expectedMax).toBeLessThan(2_000_000);
  });

  it('a failed switch says the seed message with the tenant phone', async () => {
    server.use(
      checkoutApi.currentCart(buildCart()),
      commerce.error(`${CART_PATH}/${buildCart().id}`, 500, 'error.api.internal', { method: 'PATCH' }),
    );
    const result = await run(call(cartRoute.action), '/checkout/cart', {
      form: { intent: 'switch-type', dealType: 'Cash', confirmed: 'yes' },
    });
    expect(result.status).toBe(503);
    expect(result.data).toMatchObject({
      intent: 'switch-type',
      error: fillMessage(CHECKOUT_MESSAGES.purchaseSwitch, { phone: PHONE }),
    });
  });

  it('continue saves the terms typed, completes the cart step and opens Coverage', async () => {
    const received: unknown[] = [];
    server.use(
      checkoutApi.currentCart(buildCart()),
      checkoutApi.updateCart(buildCart({ step: 'coverage', completedSteps: ['cart'] }), { received }),
    );
    const result = await run(call(cartRoute.action), '/checkout/cart', {
      form: { intent: 'continue', downPayment: '4,000', termMonths: '72' },
    });
    expect(result.headers.get('location')).toBe('/checkout/coverage');
    // The terms first, so their problems are known; then the step.
    expect(received).toEqual([
      { downPaymentCents: 400_000, termMonths: 72 },
      { completeStep: 'cart', step: 'coverage' },
    ]);
  });

  it('continue with a deal the lender would not finance saves the terms and stays, the message beside the down payment', async () => {
    const received: unknown[] = [];
    const message = 'Raise your down payment to $3,807 or remove your trade-in to see payments.';
    server.use(
      checkoutApi.currentCart(buildCart()),
      checkoutApi.updateCart(buildCart({ problems: [{ code: 'loanToValue', message }] }), { received }),
    );
    const result = await run(call(cartRoute.action), '/checkout/cart', {
      form: { intent: 'continue', downPayment: '1,000', termMonths: '72' },
    });
    expect(result.status).toBe(422);
    expect(result.data).toEqual({ intent: 'continue', error: message, field: 'downPayment' });
    expect(received).toEqual([{ downPaymentCents: 100_000, termMonths: 72 }]);
  });

  it('a down payment typed with cents is read as dollars and cents, and the shopper stays to read why it changed (issue 18)', async () => {
    const received: unknown[] = [];
    server.use(checkoutApi.currentCart(buildCart()), checkoutApi.updateCart(buildCart(), { received }));
    const result = await run(call(cartRoute.action), '/checkout/cart', {
      form: { intent: 'continue', downPayment: '2,500.75', termMonths: '72' },
    });
    // Saved as $2,501, not completed: the cart explains the change before the shopper moves on.
    expect(received).toEqual([{ downPaymentCents: 250_100, termMonths: 72 }]);
    expect(result.headers.get('location')).toBe('/checkout/cart');
    const cookie = result.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const notice = await takeNotice(new Request('http://localhost/checkout/cart', { headers: { cookie } }), {});
    expect(notice).toEqual({
      kind: 'info',
      message: 'Down payments are in whole dollars, so $2,500.75 became $2,501.',
    });
  });

  it("a 422 on the terms is the down payment's field message from the API (seed 002 §5)", async () => {
    const message = 'Financed amount below the minimum: decrease the down payment or remove the trade-in.';
    server.use(
      checkoutApi.currentCart(buildCart()),
      commerce.error(`${CART_PATH}/${buildCart().id}`, 422, 'error.cart.invalid', { method: 'PATCH', message }),
    );
    const result = await run(call(cartRoute.action), '/checkout/cart', {
      form: { intent: 'update-terms', downPayment: '20,000', termMonths: '60' },
    });
    expect(result.status).toBe(422);
    expect(result.data).toEqual({ intent: 'update-terms', error: message, field: 'downPayment' });
  });

  it('removes the vehicle (the empty cart) and a protection plan', async () => {
    const gap = buildPlan('gap');
    const appearance = buildPlan('appearance');
    const received: unknown[] = [];
    server.use(
      checkoutApi.currentCart(
        buildCart({ ownedByShopper: true, protection: { status: 'added', plans: [appearance, gap] } }),
      ),
      checkoutApi.removeVehicle(buildEmptyCart()),
      checkoutApi.chooseProtection(buildCart(), { received }),
    );
    const removed = await run(call(cartRoute.action), '/checkout/cart', {
      form: { intent: 'remove-vehicle' },
      signedIn: true,
    });
    expect(removed.headers.get('location')).toBe('/checkout/cart');
    const plan = await run(call(cartRoute.action), '/checkout/cart', {
      form: { intent: 'remove-plan', planId: gap.id },
      signedIn: true,
    });
    expect(plan.headers.get('location')).toBe('/checkout/cart');
    expect(received).toEqual([{ planIds: [appearance.id], declined: false }]);
  });
});

describe('acknowledging changed figures', () => {
  it('records the acknowledgement and goes back to the page, JavaScript or not', async () => {
    const received: unknown[] = [];
    server.use(checkoutApi.currentCart(buildCart()), checkoutApi.acknowledgeChanges(buildCart(), { received }));
    const result = await run(call(acknowledgeRoute.action), '/checkout/acknowledge-changes', {
      form: { redirectTo: '/checkout/coverage' },
    });
    expect(result.status).toBe(302);
    expect(result.headers.get('location')).toBe('/checkout/coverage');
    expect(received).toHaveLength(1);
    const offsite = await run(call(acknowledgeRoute.action), '/checkout/acknowledge-changes', {
      form: { redirectTo: 'https://example.com/' },
    });
    expect(offsite.headers.get('location')).toBe('/checkout/cart');
  });
});

describe('the hold endpoint', () => {
  it('keeps holding: JSON for a fetcher, a redirect back for a plain form', async () => {
    server.use(checkoutApi.currentCart(buildCart()), checkoutApi.extendHold(buildCart()));
    const fetcher = await run(call(holdRoute.action), '/checkout/hold', { form: { intent: 'extend' } });
    expect(fetcher.data).toEqual({ ok: true });
    const plain = await run(call(holdRoute.action), '/checkout/hold', {
      form: { intent: 'extend', redirectTo: '/checkout/coverage' },
    });
    expect(plain.headers.get('location')).toBe('/checkout/coverage');
  });

  it('says another customer took the vehicle when the hold cannot start again (409)', async () => {
    server.use(
      checkoutApi.currentCart(buildCart()),
      commerce.error(`${CART_PATH}/${buildCart().id}/hold`, 409, 'error.cart.vehicleHeld', { method: 'POST' }),
    );
    const result = await run(call(holdRoute.action), '/checkout/hold', { form: { intent: 'extend' } });
    expect(result.status).toBe(409);
    expect(result.data).toEqual({ ok: false, message: CHECKOUT_MESSAGES.vehicleHeld });
  });

  it('saves showing or hiding the timer on the cart', async () => {
    const received: unknown[] = [];
    server.use(checkoutApi.currentCart(buildCart()), checkoutApi.updateCart(buildCart(), { received }));
    await run(call(holdRoute.action), '/checkout/hold', { form: { intent: 'hide-timer' } });
    await run(call(holdRoute.action), '/checkout/hold', {
      form: { intent: 'show-timer', redirectTo: '/checkout/cart' },
    });
    expect(received).toEqual([{ timerVisible: false }, { timerVisible: true }]);
  });
});

describe('Coverage', () => {
  const plans = ALL_PLAN_KINDS.map((kind) => buildPlan(kind));

  it('asks a signed-out shopper to sign in and come back', async () => {
    server.use(checkoutApi.currentCart(atCoverage()));
    const data = (await run(call(coverageRoute.loader), '/checkout/coverage')).data as {
      state: string;
      links: { signIn: string };
    };
    expect(data.state).toBe('signed-out');
    expect(data.links.signIn).toBe('/sign-in?redirectTo=%2Fcheckout%2Fcoverage');
  });

  it('claims a session cart for the signed-in shopper and lists the plans for the purchase type (no GAP for cash)', async () => {
    const claimed: unknown[] = [];
    server.use(
      checkoutApi.currentCart(atCoverage({ dealType: 'Cash' })),
      checkoutApi.claim(buildCart({ dealType: 'Cash', ownedByShopper: true }), { received: claimed }),
      checkoutApi.protectionPlans(plans),
    );
    const data = (await run(call(coverageRoute.loader), '/checkout/coverage', { signedIn: true })).data as {
      state: string;
      plans: Array<{ kind: string }>;
    };
    expect(data.state).toBe('ready');
    expect(data.plans.map((plan) => plan.kind)).toEqual(['appearance', 'mechanical', 'appearanceMechanical']);
    expect(claimed).toHaveLength(1);
  });

  it('offers a retry on the first load failure and the seed message with continue on the second', async () => {
    server.use(
      checkoutApi.currentCart(atCoverage({ ownedByShopper: true })),
      commerce.error(`${CART_PATH}/${buildCart().id}/protection`, 503, 'error.protection.unavailable'),
    );
    const first = (await run(call(coverageRoute.loader), '/checkout/coverage', { signedIn: true })).data;
    expect(first).toMatchObject({
      state: 'failed',
      message: CHECKOUT_MESSAGES.protectionUnavailable,
      retryHref: '/checkout/coverage?attempt=2',
    });
    const second = (await run(call(coverageRoute.loader), '/checkout/coverage?attempt=2', { signedIn: true })).data;
    expect(second).toMatchObject({
      state: 'failed-again',
      message: fillMessage(CHECKOUT_MESSAGES.protectionUnavailableAgain, { phone: PHONE }),
    });
  });

  it('adds a plan (the package replaces a single plan) and declines with a move to Account', async () => {
    const appearance = plans[0]!;
    const both = plans[2]!;
    const received: unknown[] = [];
    const patched: unknown[] = [];
    server.use(
      checkoutApi.currentCart(
        atCoverage({ ownedByShopper: true, protection: { status: 'added', plans: [appearance] } }),
      ),
      checkoutApi.protectionPlans(plans),
      checkoutApi.chooseProtection(buildCart(), { received }),
      checkoutApi.updateCart(buildCart(), { received: patched }),
    );
    const added = await run(call(coverageRoute.action), '/checkout/coverage', {
      signedIn: true,
      form: { intent: 'add', planId: both.id },
    });
    expect(added.headers.get('location')).toBe('/checkout/coverage');
    const declined = await run(call(coverageRoute.action), '/checkout/coverage', {
      signedIn: true,
      form: { intent: 'decline' },
    });
    expect(declined.headers.get('location')).toBe('/checkout/account');
    expect(received).toEqual([
      { planIds: [both.id], declined: false },
      { planIds: [], declined: true },
    ]);
    expect(patched).toEqual([{ completeStep: 'coverage', step: 'account' }]);
  });

  it('a signed-out shopper may continue without protection', async () => {
    const patched: unknown[] = [];
    server.use(checkoutApi.currentCart(atCoverage()), checkoutApi.updateCart(buildCart(), { received: patched }));
    const result = await run(call(coverageRoute.action), '/checkout/coverage', { form: { intent: 'continue' } });
    expect(result.headers.get('location')).toBe('/checkout/account');
    expect(patched).toEqual([{ completeStep: 'coverage', step: 'account' }]);
  });

  it('sends a shopper who skipped a step to the first step still open', async () => {
    server.use(checkoutApi.currentCart(buildCart({ completedSteps: [] })));
    expect((await run(call(coverageRoute.loader), '/checkout/coverage')).headers.get('location')).toBe(
      '/checkout/cart',
    );
    expect((await run(call(orderDetailsRoute.loader), '/checkout/order-details')).headers.get('location')).toBe(
      '/checkout/cart',
    );
  });

  it('sends a shopper whose vehicle is no longer available to the cart page, which explains', async () => {
    const cart = atCoverage();
    server.use(
      checkoutApi.currentCart({ ...cart, vehicle: { ...cart.vehicle!, availability: 'Sold', heldByThisCart: false } }),
    );
    expect(
      (await run(call(coverageRoute.loader), '/checkout/coverage', { signedIn: true })).headers.get('location'),
    ).toBe('/checkout/cart');
  });

  it('sends a shopper without a vehicle in the cart to the cart page', async () => {
    server.use(checkoutApi.currentCart(buildEmptyCart()));
    expect((await run(call(coverageRoute.loader), '/checkout/coverage')).headers.get('location')).toBe(
      '/checkout/cart',
    );
  });
});

describe('Account', () => {
  it('shows the signed-in shopper, claims the session cart and goes on to Order Details', async () => {
    const claimed: unknown[] = [];
    const patched: unknown[] = [];
    server.use(
      checkoutApi.currentCart(atAccount()),
      checkoutApi.claim(buildCart({ ownedByShopper: true }), { received: claimed }),
      checkoutApi.updateCart(buildCart(), { received: patched }),
    );
    const loaded = (await run(call(accountRoute.loader), '/checkout/account', { signedIn: true })).data;
    expect(loaded).toMatchObject({ shopper: { firstName: 'Dana', email: 'dana@showroom.test' } });
    const result = await run(call(accountRoute.action), '/checkout/account', {
      signedIn: true,
      form: { intent: 'continue' },
    });
    expect(result.headers.get('location')).toBe('/checkout/order-details');
    expect(claimed).toHaveLength(1);
    expect(patched).toEqual([{ completeStep: 'account', step: 'order-details' }]);
  });

  it('signed out: sign-in and sign-up links come back here, and continuing asks to sign in first', async () => {
    server.use(checkoutApi.currentCart(atAccount()), checkoutApi.updateCart(buildCart()));
    const loaded = (await run(call(accountRoute.loader), '/checkout/account')).data;
    expect(loaded).toMatchObject({
      shopper: null,
      links: {
        signIn: '/sign-in?redirectTo=%2Fcheckout%2Faccount',
        signUp: '/sign-up?redirectTo=%2Fcheckout%2Faccount',
      },
    });
    const onward = await run(call(accountRoute.action), '/checkout/account', { form: { intent: 'continue' } });
    expect(onward.headers.get('location')).toBe('/sign-in?redirectTo=%2Fcheckout%2Faccount');
  });

  it('a failed claim is a message, not an error page', async () => {
    server.use(
      checkoutApi.currentCart(atAccount()),
      commerce.error(`${CART_PATH}/${buildCart().id}/claim`, 500, 'error.api.internal', { method: 'POST' }),
    );
    const result = await run(call(accountRoute.action), '/checkout/account', {
      signedIn: true,
      form: { intent: 'continue' },
    });
    expect(result.status).toBe(503);
    expect(result.data).toEqual({ error: fillMessage(CHECKOUT_MESSAGES.submitFailure, { phone: PHONE }) });
  });
});

describe('Order Details', () => {
  it('saves delivery with its zip and the terms, then opens the credit application for finance', async () => {
    const patched: unknown[] = [];
    server.use(checkoutApi.currentCart(atOrderDetails()), checkoutApi.updateCart(buildCart(), { received: patched }));
    const result = await run(call(orderDetailsRoute.action), '/checkout/order-details', {
      form: { method: 'delivery', zip: '78701', downPayment: '3,000', termMonths: '48' },
    });
    expect(result.headers.get('location')).toBe('/checkout/credit-application/personal');
    expect(patched).toEqual([
      {
        downPaymentCents: 300_000,
        termMonths: 48,
        fulfillment: { method: 'delivery', zip: '78701' },
        completeStep: 'order-details',
        step: 'credit-application',
      },
    ]);
  });

  it('says beside the zip that delivery beyond 50 miles of the vehicle is a custom quote, keeping what was typed (seed 002 §8, §9)', async () => {
    server.use(
      checkoutApi.currentCart(atOrderDetails()),
      commerce.error(`${CART_PATH}/${buildCart().id}`, 422, 'error.cart.deliveryOutOfRange', { method: 'PATCH' }),
    );
    const result = await run(call(orderDetailsRoute.action), '/checkout/order-details', {
      form: { method: 'delivery', zip: '75201', downPayment: '3,000', termMonths: '48' },
    });
    expect(result.status).toBe(422);
    const reply = (result.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } })
      .result;
    expect(reply.error.zip).toEqual([
      'This Zip code is more than 50 miles from the vehicle: call (512) 555 - 0142 for a custom quote, or choose pickup. Delivery within 50 miles of the vehicle is included in the delivery fee.',
    ]);
    expect(reply.initialValue).toMatchObject({ method: 'delivery', zip: '75201' });
  });

  it('goes on to the overview for cash', async () => {
    server.use(
      checkoutApi.currentCart(atOrderDetails({ dealType: 'Cash' })),
      checkoutApi.updateCart(buildCart({ dealType: 'Cash' })),
    );
    const result = await run(call(orderDetailsRoute.action), '/checkout/order-details', {
      form: { method: 'pickup', zip: '78701' },
    });
    expect(result.headers.get('location')).toBe('/checkout/overview');
  });

  it('names a cash co-buyer at the buyer’s address or their own, and removes one unticked (issue 12 item 6)', async () => {
    const patched: Array<{ coBuyer?: unknown }> = [];
    server.use(
      checkoutApi.currentCart(atOrderDetails({ dealType: 'Cash' })),
      checkoutApi.updateCart(buildCart({ dealType: 'Cash' }), { received: patched }),
    );
    const coBuyer = {
      hasCoBuyer: 'on',
      'coBuyer.firstName': 'Sam',
      'coBuyer.lastName': 'Rivera',
      'coBuyer.email': 'sam.rivera@example.com',
      'coBuyer.phone': '(512) 555-0199',
    };
    const post = (form: Record<string, string>) =>
      run(call(orderDetailsRoute.action), '/checkout/order-details', {
        form: { method: 'pickup', zip: '78701', ...form },
      });
    expect((await post({ ...coBuyer, 'coBuyer.sameAddressAsBuyer': 'on' })).status).toBe(302);
    await post({
      ...coBuyer,
      'coBuyer.address.addressLine1': '12 Elm Street',
      'coBuyer.address.city': 'Austin',
      'coBuyer.address.state': 'TX',
      'coBuyer.address.zip': '78702',
    });
    // Without the tick, the (filled) fields are not read: no co-buyer.
    await post({ ...coBuyer, hasCoBuyer: '' });
    expect(patched.map((body) => body.coBuyer)).toEqual([
      {
        firstName: 'Sam',
        lastName: 'Rivera',
        email: 'sam.rivera@example.com',
        phone: expect.any(String),
        sameAddressAsBuyer: true,
        address: null,
      },
      expect.objectContaining({
        sameAddressAsBuyer: false,
        address: { addressLine1: '12 Elm Street', city: 'Austin', state: 'TX', zip: '78702' },
      }),
      null,
    ]);
    // Ticked with a name missing and no address: 400 with the messages next to the fields.
    const missing = await post({ hasCoBuyer: 'on', 'coBuyer.firstName': 'Sam' });
    expect(missing.status).toBe(400);
    const errors = (missing.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['coBuyer.lastName', 'coBuyer.email', 'coBuyer.phone', 'coBuyer.address.city']),
    );
  });

  it('answers 400 with the field messages: a missing choice, a short zip, a zip we cannot locate', async () => {
    server.use(checkoutApi.currentCart(atOrderDetails()));
    const missing = await run(call(orderDetailsRoute.action), '/checkout/order-details', { form: { zip: '787' } });
    expect(missing.status).toBe(400);
    expect((missing.data as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      method: ['Choose delivery or pickup.'],
      zip: [ZIP_MESSAGES.format],
    });
    const unknown = await run(call(orderDetailsRoute.action), '/checkout/order-details', {
      form: { method: 'pickup', zip: '00000' },
    });
    expect((unknown.data as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      zip: [ZIP_MESSAGES.unknown],
    });
  });
});
