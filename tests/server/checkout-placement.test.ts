import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_CENTS, receiptResponseSchema, type Cart } from '~/lib/contract/checkout';
import { myOrdersResponseSchema } from '~/lib/contract/orders';
import { carts, orders, payments, vehicles } from '#server/db/schema';
import { SANDBOX_CARDS, SandboxGateway } from '#server/payments/sandbox-gateway';
import { errorCode, multipart, startStepHarness, type StepHarness } from './tracker-harness';
import {
  SSN,
  applicationReady,
  cartOf,
  cartRow,
  checkoutCall,
  insertVehicle,
  startCart,
  vehicleRow,
  type Caller,
} from './checkout-support';

// Placing the order (issue 6 item 7): the readiness checks, the sandbox gateway, the card limit,
// the order the tracker reads, the order-creation wait, idempotency under a double submit and a
// retry, and the receipt for its owner only.

let harness: StepHarness;

beforeAll(async () => {
  harness = await startStepHarness();
});
afterAll(async () => {
  await harness.close();
});

const CARD = {
  email: 'avery.lane@example.com',
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
  name: 'Avery Lane',
  country: 'US',
  postalCode: '78701',
};
const BANK = {
  accountHolder: 'Avery Lane',
  routingNumber: '110000000',
  accountNumber: '000123456789',
  accountType: 'checking',
};

let keys = 0;
function key(): string {
  keys += 1;
  return `place-${Date.now().toString(36)}-${keys}`;
}

function place(caller: Caller, cartId: string, json: unknown, idempotencyKey = key()) {
  return checkoutCall(harness, caller, `/carts/${cartId}/place`, {
    json,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

function dueToday(cart: Cart): number {
  const summary = cart.summary!;
  if (summary.dealType === 'Cash') return summary.cash.dueTodayCents;
  if (summary.dealType === 'Finance') return summary.finance.dueTodayCents;
  return summary.lease.dueAtSigningCents;
}

async function approvedFinanceCart() {
  const owner = await harness.shopper();
  const caller = { token: owner.token };
  const ready = await applicationReady(harness, caller, { ssn: SSN.excellent });
  await cartOf(
    await checkoutCall(harness, caller, `/carts/${ready.cart.id}/credit-application/submit`, {
      json: { agreedToTerms: true },
    }),
  );
  const cart = await cartOf(
    await checkoutCall(harness, caller, `/carts/${ready.cart.id}/decision`, { json: { answer: 'accepted' } }),
  );
  return { owner, caller, cart, vehicle: ready.vehicle };
}

async function paymentRows(orderNumber: string) {
  return harness.database.db.select().from(payments).where(eq(payments.orderNumber, orderNumber));
}

describe('placing a finance order', () => {
  it('charges the down payment once under a double submit, makes one order the tracker reads, and waits before ORDER_RECEIVED', async () => {
    const { owner, caller, cart, vehicle } = await approvedFinanceCart();
    const body = { method: 'CARD', amountCents: dueToday(cart), card: { ...CARD, number: SANDBOX_CARDS.approved } };
    const [first, second] = await Promise.all([place(caller, cart.id, body), place(caller, cart.id, body)]);
    expect([first.status, second.status]).toEqual([202, 202]);
    const placed = await cartOf(await checkoutCall(harness, caller, `/carts/${cart.id}`));
    expect(placed.placement.status).toBe('CREATING');
    const orderNumber = placed.placement.orderNumber!;
    expect(orderNumber).toMatch(/^SR-DEFAULT-2\d{4,}$/);

    // A retry under another key answers the same order; nothing more is charged.
    const retry = await cartOf(await place(caller, cart.id, body, key()), 202);
    expect(retry.placement.orderNumber).toBe(orderNumber);
    const userOrders = await harness.database.db.select().from(orders).where(eq(orders.userId, owner.userId));
    expect(userOrders).toHaveLength(1);
    const rows = await paymentRows(orderNumber);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'CARD', amountCents: 250_000, status: 'CAPTURED', cardLast4: '4242' });

    expect(userOrders[0]).toMatchObject({
      orderStatus: 'SUBMITTED',
      dealType: 'Finance',
      dealSource: 'ConsumerInitiated',
      dealStatus: 'UACC',
      paymentStatus: 'DOWNPAYMENT_PAID',
      hasPaymentInfo: true,
      idVerificationStatus: 'NOT_STARTED',
      requiredDocuments: ['APP.DRIVERSLICENSE', 'GEN.INSURANCECARD', 'APP.PAYSTUB'],
      downPaymentCents: 250_000,
    });
    expect(await harness.history(orderNumber)).toEqual([
      { orderStatus: 'DRAFT', dealStatus: 'LSEL' },
      { orderStatus: 'SUBMITTED', dealStatus: 'UACC' },
    ]);
    // The vehicle stays unavailable to others, and the hold no longer lapses.
    harness.clock.advance(2 * 60 * 60_000);
    const other = await harness.shopper();
    const taken = await startCart(harness, { token: other.token }, vehicle.vin);
    expect(taken.status).toBe(409);
    expect((await vehicleRow(harness, vehicle.id)).status).toBe('PendingSale');

    const done = await cartOf(await checkoutCall(harness, caller, `/carts/${cart.id}`));
    expect(done.placement.status).toBe('ORDER_RECEIVED');
    const list = myOrdersResponseSchema.parse(
      await (await harness.call('/public/commerce/orders', { token: owner.token })).json(),
    );
    expect(list.data.map((order) => order.orderNumber)).toContain(orderNumber);
  });

  it('answers APPLICATION_RECEIVED for an application the lender is still reviewing (DPEN)', async () => {
    const owner = await harness.shopper();
    const caller = { token: owner.token };
    const ready = await applicationReady(harness, caller, { ssn: SSN.fair });
    const cart = await cartOf(
      await checkoutCall(harness, caller, `/carts/${ready.cart.id}/credit-application/submit`, {
        json: { agreedToTerms: true },
      }),
    );
    expect(cart.decision?.status).toBe('PENDING');
    const placed = await cartOf(
      await place(caller, cart.id, { method: 'ACH', amountCents: dueToday(cart), bank: BANK }),
      202,
    );
    harness.clock.advance(91_000);
    const after = await cartOf(await checkoutCall(harness, caller, `/carts/${cart.id}`));
    expect(after.placement).toMatchObject({
      status: 'APPLICATION_RECEIVED',
      orderNumber: placed.placement.orderNumber,
    });
    const order = await harness.orderRow(placed.placement.orderNumber!);
    expect(order).toMatchObject({ dealStatus: 'DPEN', paymentStatus: 'PAYMENT_PENDING' });
  });

  it('refuses a declined application and one the shopper declined', async () => {
    const owner = await harness.shopper();
    const caller = { token: owner.token };
    const ready = await applicationReady(harness, caller, { ssn: SSN.poor });
    const cart = await cartOf(
      await checkoutCall(harness, caller, `/carts/${ready.cart.id}/credit-application/submit`, {
        json: { agreedToTerms: true },
      }),
    );
    const response = await place(caller, cart.id, {
      method: 'CARD',
      amountCents: dueToday(cart),
      card: { ...CARD, number: SANDBOX_CARDS.approved },
    });
    expect(response.status).toBe(409);
    expect(await errorCode(response)).toBe('error.creditApplication.incomplete');

    const other = await harness.shopper();
    const approved = await applicationReady(harness, { token: other.token }, { ssn: SSN.excellent });
    await cartOf(
      await checkoutCall(harness, { token: other.token }, `/carts/${approved.cart.id}/credit-application/submit`, {
        json: { agreedToTerms: true },
      }),
    );
    const declined = await cartOf(
      await checkoutCall(harness, { token: other.token }, `/carts/${approved.cart.id}/decision`, {
        json: { answer: 'declined' },
      }),
    );
    const refused = await place({ token: other.token }, declined.id, {
      method: 'CARD',
      amountCents: dueToday(declined),
      card: { ...CARD, number: SANDBOX_CARDS.approved },
    });
    expect(refused.status).toBe(409);
  });

  it('lets the unique indexes stop a second order even if the cart were placed again', async () => {
    const { owner, caller, cart, vehicle } = await approvedFinanceCart();
    const body = { method: 'CARD', amountCents: dueToday(cart), card: { ...CARD, number: SANDBOX_CARDS.approved } };
    const placed = await cartOf(await place(caller, cart.id, body), 202);
    // Pretend the cart forgot it was placed (a bug, a restored backup): the database still refuses.
    await harness.database.db
      .update(carts)
      .set({ status: 'open', orderNumber: null, placementStatus: 'NOT_PLACED' })
      .where(eq(carts.id, cart.id));
    await harness.database.db
      .update(vehicles)
      .set({ holdUntil: new Date(harness.clock.now().getTime() + 60_000) })
      .where(eq(vehicles.id, vehicle.id));
    const again = await place(caller, cart.id, body);
    expect(again.status).toBe(500);
    expect(await errorCode(again)).toBe('error.order.saveFailed');
    expect(await harness.database.db.select().from(orders).where(eq(orders.userId, owner.userId))).toHaveLength(1);
    expect(await paymentRows(placed.placement.orderNumber!)).toHaveLength(1);
  });
});

describe('placing a lease order', () => {
  it('charges the amount due at signing and keeps the lease terms on the receipt', async () => {
    const owner = await harness.shopper('northside');
    const caller = { token: owner.token, tenantId: 'northside' };
    const ready = await applicationReady(harness, caller, {
      dealType: 'Lease',
      ssn: SSN.excellent,
      vehicle: { tenantId: 'northside' },
    });
    const submitted = await cartOf(
      await checkoutCall(harness, caller, `/carts/${ready.cart.id}/credit-application/submit`, {
        json: { agreedToTerms: true },
      }),
    );
    expect(submitted.decision?.status).toBe('APPROVED');
    const cart = await cartOf(
      await checkoutCall(harness, caller, `/carts/${ready.cart.id}/decision`, { json: { answer: 'accepted' } }),
    );
    const due = dueToday(cart);
    expect(due).toBeLessThanOrEqual(700_000);
    const placed = await cartOf(
      await place(caller, cart.id, {
        method: 'CARD',
        amountCents: due,
        card: { ...CARD, number: SANDBOX_CARDS.approved },
      }),
      202,
    );
    const orderNumber = placed.placement.orderNumber!;
    expect(orderNumber).toMatch(/^SR-NORTHSIDE-\d+$/);
    expect(await harness.orderRow(orderNumber)).toMatchObject({
      tenantId: 'northside',
      dealType: 'Lease',
      dealStatus: 'UACC',
      paymentStatus: 'DOWNPAYMENT_PAID',
    });
    const receipt = receiptResponseSchema.parse(
      await (await checkoutCall(harness, caller, `/orders/${orderNumber}/receipt`)).json(),
    ).data;
    if (cart.summary?.dealType !== 'Lease') throw new Error('expected a lease');
    expect(receipt).toMatchObject({
      dealType: 'Lease',
      amountDueTodayCents: due,
      termMonths: 36,
      lease: cart.summary.lease,
      financedAmountCents: null,
    });
    // Another tenant's shopper cannot read it.
    expect((await checkoutCall(harness, { token: owner.token }, `/orders/${orderNumber}/receipt`)).status).toBe(404);
  });
});

describe('paying at placement', () => {
  async function cashCart(priceCents = 2_800_000) {
    const owner = await harness.shopper();
    const caller = { token: owner.token };
    const vehicle = await insertVehicle(harness, { priceCents });
    const cart = await cartOf(await startCart(harness, caller, vehicle.vin, 'Cash'), 201);
    return { owner, caller, cart };
  }

  it('refuses a card above $7,000 and a bank transfer above $6,500 (the same limits as the tracker), and takes the deposit instead', async () => {
    const { caller, cart } = await cashCart();
    const response = await place(caller, cart.id, {
      method: 'CARD',
      amountCents: dueToday(cart),
      card: { ...CARD, number: SANDBOX_CARDS.approved },
    });
    expect(response.status).toBe(422);
    expect(await errorCode(response)).toBe('error.payment.cardLimit');
    expect((await cartRow(harness, cart.id)).placementStatus).toBe('NOT_PLACED');
    const overAch = await place(caller, cart.id, { method: 'ACH', amountCents: 3_046_000, bank: BANK });
    expect(overAch.status).toBe(422);
    expect(await errorCode(overAch)).toBe('error.payment.achLimit');
    expect((await cartRow(harness, cart.id)).placementStatus).toBe('NOT_PLACED');
    const placed = await cartOf(
      await place(caller, cart.id, {
        method: 'DEPOSIT',
        amountCents: DEPOSIT_CENTS,
        card: { ...CARD, number: SANDBOX_CARDS.approved },
      }),
      202,
    );
    expect(await paymentRows(placed.placement.orderNumber!)).toEqual([
      expect.objectContaining({ method: 'DEPOSIT', amountCents: DEPOSIT_CENTS, status: 'HOLD' }),
    ]);
  });

  it('takes a bank transfer up to $6,500', async () => {
    const { caller, cart } = await cashCart(500_000);
    const placed = await cartOf(
      await place(caller, cart.id, { method: 'ACH', amountCents: dueToday(cart), bank: BANK }),
      202,
    );
    const rows = await paymentRows(placed.placement.orderNumber!);
    expect(rows).toEqual([
      expect.objectContaining({ method: 'ACH', amountCents: dueToday(cart), status: 'PENDING', cardLast4: '6789' }),
    ]);
  });

  it('takes a refundable deposit on a card as a hold', async () => {
    const { caller, cart } = await cashCart();
    const placed = await cartOf(
      await place(caller, cart.id, {
        method: 'DEPOSIT',
        amountCents: DEPOSIT_CENTS,
        card: { ...CARD, number: SANDBOX_CARDS.approvedMastercard },
      }),
      202,
    );
    const order = await harness.orderRow(placed.placement.orderNumber!);
    expect(order).toMatchObject({
      dealType: 'Cash',
      dealStatus: null,
      paymentStatus: 'PAYMENT_HOLD',
      downPaymentCents: 0,
    });
    expect(await paymentRows(order.orderNumber)).toEqual([
      expect.objectContaining({ method: 'DEPOSIT', amountCents: 50_000, status: 'HOLD', cardLast4: '4444' }),
    ]);
  });

  it('answers 402 to a declined card, makes no order, and lets the shopper try another card', async () => {
    const { owner, caller, cart } = await cashCart();
    const declined = await place(caller, cart.id, {
      method: 'DEPOSIT',
      amountCents: DEPOSIT_CENTS,
      card: { ...CARD, number: SANDBOX_CARDS.declined },
    });
    expect(declined.status).toBe(402);
    expect(await errorCode(declined)).toBe('error.payment.declined');
    expect(await harness.database.db.select().from(orders).where(eq(orders.userId, owner.userId))).toHaveLength(0);
    const failed = await cartOf(await checkoutCall(harness, caller, `/carts/${cart.id}`));
    expect(failed.placement.status).toBe('FAILED');
    const placed = await cartOf(
      await place(caller, cart.id, {
        method: 'DEPOSIT',
        amountCents: DEPOSIT_CENTS,
        card: { ...CARD, number: SANDBOX_CARDS.approved },
      }),
      202,
    );
    expect(placed.placement.orderNumber).not.toBeNull();
  });

  it('needs a signed-in owner, an idempotency key and a live hold', async () => {
    const { caller, cart } = await cashCart();
    const body = { method: 'ACH', amountCents: dueToday(cart), bank: BANK };
    expect((await checkoutCall(harness, caller, `/carts/${cart.id}/place`, { json: body })).status).toBe(400);
    expect((await place({}, cart.id, body)).status).toBe(401);
    harness.clock.advance(31 * 60_000);
    const lapsed = await place(caller, cart.id, body);
    expect(lapsed.status).toBe(409);
    expect(await errorCode(lapsed)).toBe('error.cart.holdExpired');
  });
});

describe('the receipt', () => {
  it('shows the seed fields to the owner and 404 to anyone else', async () => {
    const { owner, caller, cart } = await approvedFinanceCart();
    const placed = await cartOf(
      await place(caller, cart.id, {
        method: 'CARD',
        amountCents: dueToday(cart),
        card: { ...CARD, number: SANDBOX_CARDS.approved },
      }),
      202,
    );
    const orderNumber = placed.placement.orderNumber!;
    const response = await checkoutCall(harness, { token: owner.token }, `/orders/${orderNumber}/receipt`);
    expect(response.status).toBe(200);
    const { data } = receiptResponseSchema.parse(await response.json());
    if (cart.summary?.dealType !== 'Finance') throw new Error('expected finance');
    expect(data).toMatchObject({
      orderNumber,
      dealType: 'Finance',
      orderStatus: 'SUBMITTED',
      dealStatus: 'UACC',
      vehiclePriceCents: 2_800_000,
      downPaymentCents: 250_000,
      // The applicant lives in Austin: Texas 6.25 % of $28,000 = $1,750 plus $153 title and
      // registration (app/lib/shared/pricing/state-fees.ts); 28,000 + 1,903 − 2,500 = 27,403 financed.
      taxTitleRegistrationCents: 190_300,
      vehicleProtectionCents: 0,
      termMonths: 48,
      aprPercent: 6.99,
      financedAmountCents: 2_740_300,
      amountDueTodayCents: 250_000,
      payment: { method: 'CARD', amountCents: 250_000, last4: '4242', status: 'CAPTURED' },
      lease: null,
    });
    const stranger = await harness.shopper();
    expect((await checkoutCall(harness, { token: stranger.token }, `/orders/${orderNumber}/receipt`)).status).toBe(404);
    expect((await checkoutCall(harness, {}, `/orders/${orderNumber}/receipt`)).status).toBe(404);
    expect((await checkoutCall(harness, { token: owner.token }, '/orders/SR-DEFAULT-10001/receipt')).status).toBe(404);
  });
});

describe('an order placed at checkout, in the tracker', () => {
  it('goes from documents straight to the contract when the shopper accepted the offer at checkout, on the approved terms', async () => {
    const { owner, caller, cart } = await approvedFinanceCart();
    const body = { method: 'CARD', amountCents: dueToday(cart), card: { ...CARD, number: SANDBOX_CARDS.approved } };
    const placed = await cartOf(await place(caller, cart.id, body), 202);
    const orderNumber = placed.placement.orderNumber!;
    const order = await harness.orderRow(orderNumber);
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    for (const type of ['DriversLicense', 'InsuranceCard', 'PayStub']) {
      const response = await harness.call(`/api/documents/deals/${order.dealRefId}/documents/${type}`, {
        method: 'PUT',
        token: owner.token,
        body: multipart([{ field: 'documents', name: `${type}.pdf`, type: 'application/pdf', bytes: pdf }]),
      });
      expect(response.status).toBe(201);
    }
    // No second offer to accept: the deal stays accepted and the contract can be prepared.
    expect(await harness.orderRow(orderNumber)).toMatchObject({ orderStatus: 'CONTRACT_PENDING', dealStatus: 'UACC' });
    const readiness = await harness.call(`/api/contracting/signing/${orderNumber}/readiness`, { token: owner.token });
    expect(await readiness.json()).toMatchObject({ ready: true });

    const terms = await harness.call(`/public/commerce/orders/${orderNumber}/terms`, { token: owner.token });
    const { data } = (await terms.json()) as { data: { aprPercent: number; termMonths: number } };
    expect(data.aprPercent).toBe(cart.decision!.aprPercent);
    expect(data.termMonths).toBe(cart.decision!.termMonths);
  });
});

describe('a placement interrupted between the charge and the order (decision 011)', () => {
  async function chargingCart(priceCents = 2_800_000) {
    const owner = await harness.shopper();
    const caller = { token: owner.token };
    const vehicle = await insertVehicle(harness, { priceCents });
    const cart = await cartOf(await startCart(harness, caller, vehicle.vin, 'Cash'), 201);
    // What a placement leaves behind when the process dies after step 1: the cart CHARGING for
    // a deposit, two minutes ago, with the hold already past its time.
    const longAgo = new Date(Date.now() - 120_000);
    await harness.database.db
      .update(carts)
      .set({
        placementStatus: 'CHARGING',
        placementKey: 'crashed-key-1',
        placementStartedAt: longAgo,
        placementMethod: 'DEPOSIT',
        placementAmountCents: DEPOSIT_CENTS,
      })
      .where(eq(carts.id, cart.id));
    await harness.database.db.update(vehicles).set({ holdUntil: longAgo }).where(eq(vehicles.id, vehicle.id));
    return { owner, caller, cart, vehicle };
  }

  it('keeps the hold of a cart being charged, then completes the order from the gateway record: one order, one payment', async () => {
    const { owner, caller, cart, vehicle } = await chargingCart();
    // The gateway took the money before the crash (its answers live in the database).
    const gateway = new SandboxGateway(harness.database.db);
    const charged = await gateway.chargeCard({
      amountCents: DEPOSIT_CENTS,
      card: { ...CARD, number: SANDBOX_CARDS.approved },
      idempotencyKey: `checkout:${cart.id}:0`,
      now: new Date(),
    });
    expect(charged.status).toBe('approved');
    // A second shopper cannot take the vehicle although its hold time passed.
    const other = await harness.shopper();
    expect((await startCart(harness, { token: other.token }, vehicle.vin, 'Cash')).status).toBe(409);

    const [first, second] = await Promise.all([
      checkoutCall(harness, caller, `/carts/${cart.id}`),
      checkoutCall(harness, caller, '/carts/current'),
    ]);
    const placed = await cartOf(first);
    expect((await cartOf(second)).placement.orderNumber).toBe(placed.placement.orderNumber);
    expect(placed.placement.orderNumber).toMatch(/^SR-/);
    const mine = await harness.database.db.select().from(orders).where(eq(orders.userId, owner.userId));
    expect(mine).toHaveLength(1);
    expect(await paymentRows(mine[0]!.orderNumber)).toEqual([
      expect.objectContaining({ method: 'DEPOSIT', amountCents: DEPOSIT_CENTS, status: 'HOLD', cardLast4: '4242' }),
    ]);
    expect(await vehicleRow(harness, vehicle.id)).toMatchObject({
      status: 'PendingSale',
      heldBy: cart.id,
      holdUntil: null,
    });
  });

  it('makes the cart payable again when nothing was charged, and seals the key so a late charge cannot land', async () => {
    const { owner, caller, cart } = await chargingCart();
    const reconciled = await cartOf(await checkoutCall(harness, caller, `/carts/${cart.id}`));
    expect(reconciled.placement.status).toBe('FAILED');
    expect(await harness.database.db.select().from(orders).where(eq(orders.userId, owner.userId))).toHaveLength(0);
    const gateway = new SandboxGateway(harness.database.db);
    const late = await gateway.chargeCard({
      amountCents: DEPOSIT_CENTS,
      card: { ...CARD, number: SANDBOX_CARDS.approved },
      idempotencyKey: `checkout:${cart.id}:0`,
      now: new Date(),
    });
    expect(late).toMatchObject({ status: 'declined', reason: 'voided' });
    // The hold ran out meanwhile (nobody paid): the shopper takes it again and pays.
    await cartOf(await checkoutCall(harness, caller, `/carts/${cart.id}/hold`, { method: 'POST' }));
    const placed = await cartOf(
      await place(caller, cart.id, {
        method: 'DEPOSIT',
        amountCents: DEPOSIT_CENTS,
        card: { ...CARD, number: SANDBOX_CARDS.approved },
      }),
      202,
    );
    expect(placed.placement.orderNumber).not.toBeNull();
  });
});
