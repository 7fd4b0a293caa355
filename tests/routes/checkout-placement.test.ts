import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { PAYMENT_FAILED_MESSAGE } from '~/lib/checkout/payment-schemas';
import {
  DEPOSIT_CENTS,
  cartResponseSchema,
  cartSchema,
  currentCartResponseSchema,
  receiptResponseSchema,
  type Cart,
  type Receipt,
} from '~/lib/contract/checkout';
import { loader as confirmationLoader } from '~/routes/checkout+/confirmation.$orderNumber';
import { action as decisionAction, loader as decisionLoader } from '~/routes/checkout+/decision._index';
import { loader as declinedLoader } from '~/routes/checkout+/decision.declined';
import { action as overviewAction, loader as overviewLoader } from '~/routes/checkout+/overview';
import { loader as placingLoader, refreshSeconds } from '~/routes/checkout+/placing';
import { loader as receiptLoader } from '~/routes/checkout+/receipt.$orderNumber';
import { loader as ordersLoader } from '~/routes/account+/orders';
import { buildOrder, commerce, server } from '../support/msw';
import { bodyOf, shopperRequest, thrownBy } from './storefront-support';

// The second half of checkout, loaders and actions called with real Requests; the commerce API
// is msw, its answers parsed with the contract's schemas.

const CART_ID = '0b7c4a8e-3f52-4c1e-9a57-2d6f1c0e8b11';
const NOW = new Date();
const LATER = new Date(NOW.getTime() + 20 * 60_000).toISOString();

const FINANCE_SUMMARY = {
  dealType: 'Finance' as const,
  finance: {
    priceCents: 2_499_500,
    downPaymentCents: 300_000,
    taxesAndFeesCents: 185_000,
    protectionCents: 0,
    termMonths: 60,
    aprPercent: 6.49,
    financedCents: 2_384_500,
    monthlyPaymentCents: 46_650,
    dueTodayCents: 300_000,
  },
};

function buildCart(overrides: Partial<Cart> = {}): Cart {
  return cartSchema.parse({
    id: CART_ID,
    step: 'overview',
    completedSteps: ['cart', 'coverage', 'account', 'order-details', 'credit-application'],
    dealType: 'Finance',
    vehicle: {
      vin: '1HGCM82633A004352',
      year: 2023,
      make: 'Honda',
      model: 'Accord',
      trim: 'EX-L',
      type: 'USED',
      mileage: 18_250,
      priceCents: 2_499_500,
      imageUrl: '/vehicle-art/1HGCM82633A004352.svg',
      availability: 'Available',
      heldByThisCart: true,
    },
    hold: { expiresAt: LATER, secondsLeft: 1200, timerVisible: true },
    downPaymentCents: 300_000,
    termMonths: 60,
    annualMiles: null,
    protection: { status: 'declined', plans: [] },
    fulfillment: { method: 'delivery', zip: '78701' },
    summary: FINANCE_SUMMARY,
    problems: [],
    ownedByShopper: true,
    creditApplication: null,
    decision: {
      status: 'APPROVED',
      lenderName: 'Lone Star Credit Union',
      creditTier: 'excellent',
      aprPercent: 6.49,
      termMonths: 60,
      monthlyPaymentCents: 46_650,
      financedCents: 2_384_500,
      shopperAnswer: 'accepted',
      decidedAt: NOW.toISOString(),
    },
    placement: { status: 'NOT_PLACED', orderNumber: null, readyAt: null, startedAt: null },
    updatedAt: NOW.toISOString(),
    ...overrides,
  });
}

function withDecision(cart: Cart, decision: Partial<NonNullable<Cart['decision']>>): Cart {
  return buildCart({ ...cart, decision: { ...cart.decision!, ...decision } });
}

function currentCart(cart: Cart | null) {
  return commerce.json('GET', '/api/checkout/carts/current', currentCartResponseSchema, { data: cart });
}

const CARD_FORM = {
  intent: 'card',
  idempotencyKey: 'idem-key-123456',
  email: 'dana@showroom.test',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
  cardName: 'Dana Rivera',
  country: 'US',
  postalCode: '78701',
};

const BANK_FORM = {
  intent: 'bank',
  idempotencyKey: 'idem-key-123456',
  accountHolder: 'Dana Rivera',
  routingNumber: '110000000',
  accountNumber: '000123456789',
  accountType: 'checking',
};

async function load<T>(
  run: (args: LoaderFunctionArgs) => unknown,
  path: string,
  params: Record<string, string> = {},
): Promise<T> {
  const request = await shopperRequest(path, { signedIn: true });
  return bodyOf<T>(await run({ request, params, context: {} }));
}

async function post(run: (args: ActionFunctionArgs) => unknown, path: string, form: Record<string, string>) {
  const request = await shopperRequest(path, { signedIn: true, form });
  return run({ request, params: {}, context: {} });
}

type OverviewData = {
  methods: string[];
  method: string;
  idempotencyKey: string;
  dueTodayCents: number;
  dueToday: string | null;
  cardCapped: string | null;
  bankCapped: string | null;
  placementFailed: string | null;
};
type Reply = {
  method: string;
  problem: string | null;
  idempotencyKey: string;
  result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
};

describe('overview loader', () => {
  it('offers bank, card and deposit for $3,000 due today, with a fresh idempotency key each render', async () => {
    const cart = buildCart();
    server.use(currentCart(cart));
    const first = await load<OverviewData>(overviewLoader, '/checkout/overview');
    const second = await load<OverviewData>(overviewLoader, '/checkout/overview?method=bank');
    expect(first.methods).toEqual(['bank', 'card', 'deposit']);
    expect(first.method).toBe('card');
    expect(second.method).toBe('bank');
    expect(first.dueTodayCents).toBe(300_000);
    expect(first.dueToday).toBe('$3,000.00');
    expect(first.cardCapped).toBeNull();
    expect(first.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('leaves the card out above $7,000 and the bank above $6,500 due today, even when asked for', async () => {
    const big = buildCart({
      summary: {
        dealType: 'Finance',
        finance: { ...FINANCE_SUMMARY.finance, downPaymentCents: 800_000, dueTodayCents: 800_000 },
      },
    });
    server.use(currentCart(big));
    const data = await load<OverviewData>(overviewLoader, '/checkout/overview?method=card');
    expect(data.methods).toEqual(['deposit']);
    expect(data.method).toBe('deposit');
    expect(data.cardCapped).toBe(
      'Credit card payments are capped at $7,000; larger down payments must be paid by bank link (ACH).',
    );
    expect(data.bankCapped).toContain('Bank payments (ACH) are capped at $6,500 at a time');
    const middle = buildCart({
      summary: {
        dealType: 'Finance',
        finance: { ...FINANCE_SUMMARY.finance, downPaymentCents: 680_000, dueTodayCents: 680_000 },
      },
    });
    server.use(currentCart(middle));
    const card = await load<OverviewData>(overviewLoader, '/checkout/overview?method=bank');
    expect(card.methods).toEqual(['card', 'deposit']);
    expect(card.method).toBe('card');
  });

  it('sends an unanswered approval to the decision page, a declined one to the declined page', async () => {
    server.use(currentCart(withDecision(buildCart(), { shopperAnswer: null })));
    expect(await thrownBy(() => load(overviewLoader, '/checkout/overview'))).toRedirectTo('/checkout/decision');
    server.use(currentCart(withDecision(buildCart(), { status: 'DECLINED', shopperAnswer: null })));
    expect(await thrownBy(() => load(overviewLoader, '/checkout/overview'))).toRedirectTo(
      '/checkout/decision/declined',
    );
  });

  it('sends a cart that is being placed to the wait', async () => {
    server.use(
      currentCart(
        buildCart({
          placement: { status: 'CREATING', orderNumber: 'SR-DEFAULT-1', readyAt: LATER, startedAt: NOW.toISOString() },
        }),
      ),
    );
    expect(await thrownBy(() => load(overviewLoader, '/checkout/overview'))).toRedirectTo('/checkout/placing');
  });

  it('says the order could not be saved after a failed placement', async () => {
    server.use(
      currentCart(
        buildCart({ placement: { status: 'FAILED', orderNumber: null, readyAt: null, startedAt: NOW.toISOString() } }),
      ),
    );
    const data = await load<OverviewData>(overviewLoader, '/checkout/overview');
    expect(data.placementFailed).toBe('There was an error saving your order. Please try again.');
  });
});

describe('overview action: Place order', () => {
  it('places the order with the idempotency key as a header and goes to the wait', async () => {
    const seen: Array<{ key: string | null; body: unknown }> = [];
    server.use(
      currentCart(buildCart()),
      commerce.json(
        'POST',
        `/api/checkout/carts/${CART_ID}/place`,
        cartResponseSchema,
        {
          data: buildCart({
            placement: {
              status: 'CREATING',
              orderNumber: 'SR-DEFAULT-7',
              readyAt: LATER,
              startedAt: NOW.toISOString(),
            },
          }),
        },
        {
          status: 202,
          onRequest: async (request) =>
            void seen.push({ key: request.headers.get('idempotency-key'), body: await request.clone().json() }),
        },
      ),
    );
    const response = await post(overviewAction, '/checkout/overview', CARD_FORM);
    expect(response).toRedirectTo('/checkout/placing');
    expect(seen).toEqual([
      {
        key: 'idem-key-123456',
        body: {
          method: 'CARD',
          amountCents: 300_000,
          card: {
            email: 'dana@showroom.test',
            number: '4242424242424242',
            expMonth: 12,
            expYear: 2030,
            cvc: '123',
            name: 'Dana Rivera',
            country: 'US',
            postalCode: '78701',
          },
        },
      },
    ]);
  });

  it('sends the same key again on a resubmit, so the API answers the same order', async () => {
    const keys: Array<string | null> = [];
    server.use(
      currentCart(buildCart()),
      commerce.json(
        'POST',
        `/api/checkout/carts/${CART_ID}/place`,
        cartResponseSchema,
        {
          data: buildCart({
            placement: {
              status: 'CREATING',
              orderNumber: 'SR-DEFAULT-7',
              readyAt: LATER,
              startedAt: NOW.toISOString(),
            },
          }),
        },
        {
          status: 202,
          onRequest: (request) => void keys.push(request.headers.get('idempotency-key')),
        },
      ),
    );
    const [first, second] = await Promise.all([
      post(overviewAction, '/checkout/overview', BANK_FORM),
      post(overviewAction, '/checkout/overview', BANK_FORM),
    ]);
    expect(first).toRedirectTo('/checkout/placing');
    expect(second).toRedirectTo('/checkout/placing');
    expect(keys).toEqual(['idem-key-123456', 'idem-key-123456']);
  });

  it('does not call the API again once the cart is placed: a late resubmit lands on the wait', async () => {
    server.use(
      currentCart(
        buildCart({
          placement: {
            status: 'ORDER_RECEIVED',
            orderNumber: 'SR-DEFAULT-7',
            readyAt: NOW.toISOString(),
            startedAt: NOW.toISOString(),
          },
        }),
      ),
    );
    expect(await post(overviewAction, '/checkout/overview', CARD_FORM)).toRedirectTo('/checkout/placing');
  });

  it('answers 400 with the field errors and never echoes the card number or CVC', async () => {
    server.use(currentCart(buildCart()));
    const response = await post(overviewAction, '/checkout/overview', { ...CARD_FORM, cvc: '12', postalCode: '123' });
    expect(response).toHaveStatus(400);
    const reply = await bodyOf<Reply>(response);
    expect(reply.result.error?.cvc).toEqual(['Enter the 3 or 4 digit security code']);
    expect(reply.result.error?.postalCode).toEqual(['Enter your 5-digit Zip code']);
    expect(reply.result.initialValue?.cardNumber).toBeUndefined();
    expect(reply.result.initialValue?.cvc).toBeUndefined();
    expect(reply.result.initialValue?.cardName).toBe('Dana Rivera');
  });

  it('refuses the card above $7,000 before calling the API', async () => {
    server.use(
      currentCart(
        buildCart({
          summary: { dealType: 'Finance', finance: { ...FINANCE_SUMMARY.finance, dueTodayCents: 750_000 } },
        }),
      ),
    );
    const response = await post(overviewAction, '/checkout/overview', CARD_FORM);
    expect(response).toHaveStatus(400);
    expect((await bodyOf<Reply>(response)).result.error?.['']).toEqual([
      'Credit card payments are capped at $7,000; larger down payments must be paid by bank link (ACH).',
    ]);
  });

  it.each([
    [402, 'error.payment.declined', 'paymentDeclined', PAYMENT_FAILED_MESSAGE],
    [
      422,
      'error.payment.cardLimit',
      'cardLimit',
      'Credit card payments are capped at $7,000; larger down payments must be paid by bank link (ACH).',
    ],
    [
      503,
      'error.payment.unavailable',
      'paymentsUnavailable',
      "Sorry, we're unable to show personalized payments. Please try again.",
    ],
    [500, 'error.order.saveFailed', 'orderSave', 'There was an error saving your order. Please try again.'],
    [409, 'error.cart.holdExpired', 'holdExpired', 'Your hold on this vehicle has ended.'],
    [
      502,
      'error.api.unknown',
      'submitFailure',
      "Oops! Something went wrong. We're here to help. Please call (512) 555 - 0142.",
    ],
  ])('answers an upstream %i %s with the seed message', async (status, code, problem, message) => {
    server.use(
      currentCart(buildCart()),
      commerce.error(`/api/checkout/carts/${CART_ID}/place`, status, code, { method: 'POST' }),
    );
    const response = await post(overviewAction, '/checkout/overview', CARD_FORM);
    expect(response).toHaveStatus(
      problem === 'submitFailure' ? 502 : problem === 'orderSave' || problem === 'paymentsUnavailable' ? 503 : status,
    );
    const reply = await bodyOf<Reply>(response);
    expect(reply.problem).toBe(problem);
    expect(reply.result.error?.['']).toEqual([message]);
    expect(reply.result.initialValue?.cardNumber).toBeUndefined();
    // The next attempt gets its own key, with the reply itself (not with the reload after it).
    expect(reply.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(reply.idempotencyKey).not.toBe(CARD_FORM.idempotencyKey);
  });

  it('tells the deposit apart: DEPOSIT_CENTS on the card', async () => {
    let body: unknown;
    server.use(
      currentCart(buildCart()),
      commerce.json(
        'POST',
        `/api/checkout/carts/${CART_ID}/place`,
        cartResponseSchema,
        { data: buildCart() },
        { status: 202, onRequest: async (request) => void (body = await request.json()) },
      ),
    );
    expect(await post(overviewAction, '/checkout/overview', { ...CARD_FORM, intent: 'deposit' })).toRedirectTo(
      '/checkout/placing',
    );
    expect(body).toMatchObject({ method: 'DEPOSIT', amountCents: DEPOSIT_CENTS });
  });
});

describe('decision page', () => {
  const approved = withDecision(
    buildCart({ step: 'credit-application', completedSteps: ['cart', 'coverage', 'account', 'order-details'] }),
    { shopperAnswer: null },
  );

  it('shows an approval with its terms', async () => {
    server.use(currentCart(approved));
    const data = await load<{ decision: { status: string; aprPercent: number }; confirmDecline: boolean }>(
      decisionLoader,
      '/checkout/decision',
    );
    expect(data.decision).toMatchObject({ status: 'APPROVED', aprPercent: 6.49 });
    expect(data.confirmDecline).toBe(false);
    const confirming = await load<{ confirmDecline: boolean }>(decisionLoader, '/checkout/decision?confirm=decline');
    expect(confirming.confirmDecline).toBe(true);
  });

  it('sends a lender decline to the declined page', async () => {
    server.use(currentCart(withDecision(approved, { status: 'DECLINED', aprPercent: null })));
    expect(await thrownBy(() => load(decisionLoader, '/checkout/decision'))).toRedirectTo(
      '/checkout/decision/declined',
    );
    const declined = await load<{ byShopper: boolean }>(declinedLoader, '/checkout/decision/declined');
    expect(declined.byShopper).toBe(false);
  });

  it('Accept answers the lender, marks the application step done and opens the Overview', async () => {
    const calls: string[] = [];
    server.use(
      currentCart(approved),
      commerce.json(
        'POST',
        `/api/checkout/carts/${CART_ID}/decision`,
        cartResponseSchema,
        { data: withDecision(approved, { shopperAnswer: 'accepted' }) },
        {
          onRequest: async (request) => void calls.push(`decision ${JSON.stringify(await request.json())}`),
        },
      ),
      commerce.json(
        'PATCH',
        `/api/checkout/carts/${CART_ID}`,
        cartResponseSchema,
        { data: buildCart() },
        {
          onRequest: async (request) => void calls.push(`patch ${JSON.stringify(await request.json())}`),
        },
      ),
    );
    expect(await post(decisionAction, '/checkout/decision', { intent: 'accept' })).toRedirectTo('/checkout/overview');
    expect(calls).toEqual([
      'decision {"answer":"accepted"}',
      'patch {"completeStep":"credit-application","step":"overview"}',
    ]);
  });

  it('Decline (confirmed) answers declined and shows the declined page', async () => {
    let answer: unknown;
    server.use(
      currentCart(approved),
      commerce.json(
        'POST',
        `/api/checkout/carts/${CART_ID}/decision`,
        cartResponseSchema,
        { data: withDecision(approved, { shopperAnswer: 'declined' }) },
        {
          onRequest: async (request) => void (answer = await request.json()),
        },
      ),
    );
    expect(await post(decisionAction, '/checkout/decision', { intent: 'decline' })).toRedirectTo(
      '/checkout/decision/declined',
    );
    expect(answer).toEqual({ answer: 'declined' });
    server.use(currentCart(withDecision(approved, { shopperAnswer: 'declined' })));
    expect((await load<{ byShopper: boolean }>(declinedLoader, '/checkout/decision/declined')).byShopper).toBe(true);
  });

  it('Pending continues to the Overview without answering the lender', async () => {
    const pending = withDecision(approved, { status: 'PENDING' });
    server.use(
      currentCart(pending),
      commerce.json('PATCH', `/api/checkout/carts/${CART_ID}`, cartResponseSchema, {
        data: buildCart({ decision: pending.decision }),
      }),
    );
    expect(await post(decisionAction, '/checkout/decision', { intent: 'continue' })).toRedirectTo('/checkout/overview');
  });

  it('answers an upstream failure with the submit-failure message, not a 500', async () => {
    server.use(
      currentCart(approved),
      commerce.error(`/api/checkout/carts/${CART_ID}/decision`, 503, 'error.api.unknown', { method: 'POST' }),
    );
    const response = await post(decisionAction, '/checkout/decision', { intent: 'accept' });
    expect(response).toHaveStatus(502);
    expect((await bodyOf<{ error: string }>(response)).error).toBe(
      "Oops! Something went wrong. We're here to help. Please call (512) 555 - 0142.",
    );
  });
});

describe('placing: the order-creation wait', () => {
  it('shows the progress while the order is being created, refreshing every few seconds', async () => {
    const started = new Date(Date.now() - 45_000).toISOString();
    const ready = new Date(Date.now() + 45_000).toISOString();
    server.use(
      currentCart(
        buildCart({ placement: { status: 'CREATING', orderNumber: null, readyAt: ready, startedAt: started } }),
      ),
    );
    const data = await load<{ totalSeconds: number; elapsedSeconds: number; refresh: number }>(
      placingLoader,
      '/checkout/placing',
    );
    expect(Math.round(data.totalSeconds)).toBe(90);
    expect(data.elapsedSeconds).toBeGreaterThanOrEqual(44);
    expect(data.refresh).toBe(5);
    expect(refreshSeconds(0.4)).toBe(2);
  });

  it('goes to the confirmation once the order exists', async () => {
    server.use(
      currentCart(
        buildCart({
          placement: {
            status: 'APPLICATION_RECEIVED',
            orderNumber: 'SR-DEFAULT-7',
            readyAt: NOW.toISOString(),
            startedAt: NOW.toISOString(),
          },
        }),
      ),
    );
    expect(await thrownBy(() => load(placingLoader, '/checkout/placing'))).toRedirectTo(
      '/checkout/confirmation/SR-DEFAULT-7',
    );
  });

  it('offers to try again when the order could not be saved', async () => {
    server.use(
      currentCart(
        buildCart({ placement: { status: 'FAILED', orderNumber: null, readyAt: null, startedAt: NOW.toISOString() } }),
      ),
    );
    expect((await load<{ failed: string }>(placingLoader, '/checkout/placing')).failed).toBe(
      'There was an error saving your order. Please try again.',
    );
  });

  it('sends an unplaced cart back to the Overview', async () => {
    server.use(currentCart(buildCart()));
    expect(await thrownBy(() => load(placingLoader, '/checkout/placing'))).toRedirectTo('/checkout/overview');
  });
});

function buildReceipt(overrides: Partial<Receipt> = {}): Receipt {
  return receiptResponseSchema.shape.data.parse({
    orderNumber: 'SR-DEFAULT-7',
    placedAt: NOW.toISOString(),
    dealType: 'Finance',
    orderStatus: 'SUBMITTED',
    dealStatus: 'UACC',
    vehicle: {
      vin: '1HGCM82633A004352',
      year: 2023,
      make: 'Honda',
      model: 'Accord',
      trim: 'EX-L',
      type: 'USED',
      mileage: 18_250,
      priceCents: 2_499_500,
      imageUrl: '/x.svg',
    },
    vehiclePriceCents: 2_499_500,
    downPaymentCents: 300_000,
    taxTitleRegistrationCents: 185_000,
    vehicleProtectionCents: 0,
    termMonths: 60,
    aprPercent: 6.49,
    financedAmountCents: 2_384_500,
    amountDueTodayCents: 300_000,
    deliveryFeeCents: null,
    pickup: false,
    payment: { method: 'CARD', amountCents: 300_000, last4: '4242', status: 'CAPTURED' },
    lease: null,
    ...overrides,
  });
}

describe('confirmation and receipt', () => {
  it('says order received, or application received while the lender reviews', async () => {
    server.use(
      commerce.json('GET', '/api/checkout/orders/SR-DEFAULT-7/receipt', receiptResponseSchema, {
        data: buildReceipt(),
      }),
      currentCart(
        buildCart({
          placement: {
            status: 'ORDER_RECEIVED',
            orderNumber: 'SR-DEFAULT-7',
            readyAt: NOW.toISOString(),
            startedAt: NOW.toISOString(),
          },
        }),
      ),
    );
    expect(
      (
        await load<{ kind: string }>(confirmationLoader, '/checkout/confirmation/SR-DEFAULT-7', {
          orderNumber: 'SR-DEFAULT-7',
        })
      ).kind,
    ).toBe('order');
    server.use(
      commerce.json('GET', '/api/checkout/orders/SR-DEFAULT-7/receipt', receiptResponseSchema, {
        data: buildReceipt({ dealStatus: 'DPEN' }),
      }),
      currentCart(null),
    );
    expect(
      (
        await load<{ kind: string }>(confirmationLoader, '/checkout/confirmation/SR-DEFAULT-7', {
          orderNumber: 'SR-DEFAULT-7',
        })
      ).kind,
    ).toBe('application');
  });

  it('loads the receipt; an unknown order is the 404 with the call-for-help line', async () => {
    server.use(
      commerce.json('GET', '/api/checkout/orders/SR-DEFAULT-7/receipt', receiptResponseSchema, {
        data: buildReceipt(),
      }),
    );
    const data = await load<{ receipt: Receipt }>(receiptLoader, '/checkout/receipt/SR-DEFAULT-7', {
      orderNumber: 'SR-DEFAULT-7',
    });
    expect(data.receipt.payment?.last4).toBe('4242');
    server.use(commerce.error('/api/checkout/orders/SR-NOPE/receipt', 404, 'error.order.notFound'));
    const thrown = await thrownBy(() => load(receiptLoader, '/checkout/receipt/SR-NOPE', { orderNumber: 'SR-NOPE' }));
    expect(thrown).toHaveStatus(404);
    expect((thrown as { data: { message: string } }).data.message).toBe(
      "Oops! We're having trouble locating your order. Please call (512) 555 - 0142 and we'll help.",
    );
  });
});

describe('account orders', () => {
  it('lists placed and cancelled orders, never drafts, oldest first', async () => {
    server.use(
      commerce.myOrders([
        buildOrder({ orderNumber: 'SR-3', createdAt: '2026-11-03T10:00:00.000Z', orderStatus: 'SUBMITTED' }),
        buildOrder({ orderNumber: 'SR-D', createdAt: '2026-10-01T10:00:00.000Z', orderStatus: 'DRAFT' }),
        buildOrder({ orderNumber: 'SR-1', createdAt: '2026-11-01T10:00:00.000Z', orderStatus: 'DELIVERED' }),
        buildOrder({ orderNumber: 'SR-X', createdAt: '2026-09-01T10:00:00.000Z', orderStatus: 'CANCELED' }),
      ]),
    );
    const data = await load<{ orders: Array<{ orderNumber: string }> }>(ordersLoader, '/account/orders');
    expect(data.orders.map((order) => order.orderNumber)).toEqual(['SR-X', 'SR-1', 'SR-3']);
  });
});
