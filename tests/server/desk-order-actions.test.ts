import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskOrderResponseSchema } from '~/lib/contract/desk';
import { trackerStateResponseSchema } from '~/lib/contract/tracker-state';
import { fulfillmentResponseSchema, paymentSummaryResponseSchema } from '~/lib/contract/tracker';
import { addDays, formatDealerDateTime, localDate, weekdayOf, zonedToUtc } from '~/lib/shared/dealer-time';
import { NO_SHOPPER_ACTIONS } from '~/lib/tracker/actions';
import { mapPolicyStatus } from '~/lib/tracker/statuses';
import { buildTracker } from '~/lib/tracker/tracker';
import { orders, payments, sandboxGatewayAnswers, signings } from '#server/db/schema';
import { SANDBOX_CARDS } from '#server/payments/sandbox-gateway';
import { deskStaffToken } from './desk-staff';
import { errorCode, startStepHarness, type StepHarness } from './tracker-harness';

// The desk's order actions (issue 33 point 2): a payment taken at the dealership and a refund,
// through the payments service (never more than is due or was paid, once per key, audited,
// finance or admin only); a booked pickup moved within business hours or cancelled, the shopper
// told by e-mail and seeing it on the tracker; and the tracker's steps as the shopper sees them.

let harness: StepHarness;
let owner: { userId: string; token: string };
const tokens = { finance: '', sales: '', northside: '' };
const CARD = { expMonth: 12, expYear: 2099, cvc: '123', name: 'Avery Lane', postalCode: '78701' };
let keys = 0;
const key = () => `desk-key-${Date.now().toString(36)}-${(keys += 1)}`;

beforeAll(async () => {
  harness = await startStepHarness();
  owner = await harness.shopper('default', 'buyer@example.test');
  tokens.finance = await deskStaffToken(harness, 'default', 'finance');
  tokens.sales = await deskStaffToken(harness, 'default', 'sales');
  tokens.northside = await deskStaffToken(harness, 'northside', 'admin');
});
afterAll(async () => {
  await harness.close();
});

/** A cash order whose contract the buyer signed: payments and the delivery step are open. */
async function signedCashOrder() {
  const order = await harness.order(owner, 'cash');
  await harness.database.db
    .update(signings)
    .set({ ready: true, status: 'Sent', buyerSigned: true })
    .where(eq(signings.orderNumber, order.orderNumber));
  await harness.database.db
    .update(orders)
    .set({ orderStatus: 'CONTRACT_PENDING' })
    .where(eq(orders.orderNumber, order.orderNumber));
  return order.orderNumber;
}

function money(orderNumber: string, json: Record<string, unknown>, token = tokens.finance, tenantId = 'default') {
  return harness.call(`/api/desk/orders/${orderNumber}/money`, { tenantId, token, json });
}

/** The shopper pays by card on the tracker: the answer's status. */
async function payByCard(orderNumber: string, amountCents: number, number: string = SANDBOX_CARDS.approved) {
  const response = await harness.call(`/api/payments/orders/${orderNumber}/card`, {
    token: owner.token,
    json: { idempotencyKey: key(), amountCents, card: { ...CARD, number } },
  });
  return response.status;
}

function refund(orderNumber: string, amountCents: number, paymentId?: string, idempotencyKey = key()) {
  return money(orderNumber, { kind: 'refund', amountCents, idempotencyKey, ...(paymentId ? { paymentId } : {}) });
}

/** The card company's books: the refunds it gave on a payment's charge. */
async function gatewayRefunds(paymentId: string) {
  const [charge] = await harness.database.db.select().from(payments).where(eq(payments.id, paymentId));
  return harness.database.db
    .select()
    .from(sandboxGatewayAnswers)
    .where(eq(sandboxGatewayAnswers.chargeKey, charge!.idempotencyKey));
}

async function shopperSummary(orderNumber: string) {
  const response = await harness.call(`/api/payments/orders/${orderNumber}`, { token: owner.token });
  return paymentSummaryResponseSchema.parse(await response.json()).data;
}

async function deskOrder(orderNumber: string, token = tokens.sales) {
  const response = await harness.call(`/api/desk/orders/${orderNumber}`, { token });
  expect(response.status).toBe(200);
  return deskOrderResponseSchema.parse(await response.json()).data;
}

describe('money at the dealership', () => {
  it('records a payment once per key, never more than is due, and the shopper sees it', async () => {
    const orderNumber = await signedCashOrder();
    const before = await shopperSummary(orderNumber);
    expect(before.amountDueCents).toBeGreaterThan(100_000);
    const tooMuch = await money(orderNumber, {
      kind: 'payment',
      amountCents: before.amountDueCents + 1,
      idempotencyKey: key(),
    });
    expect(tooMuch.status).toBe(422);
    expect(await errorCode(tooMuch)).toBe('error.payment.amountTooHigh');

    const once = key();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await money(orderNumber, { kind: 'payment', amountCents: 100_050, idempotencyKey: once })).status).toBe(
        204,
      );
    }
    const after = await shopperSummary(orderNumber);
    expect(after.capturedCents).toBe(100_050);
    expect(after.amountDueCents).toBe(before.amountDueCents - 100_050);
    expect(after.payments).toEqual([
      expect.objectContaining({ method: 'DEALERSHIP', status: 'CAPTURED', amountCents: 100_050 }),
    ]);
    // The same key for another amount is refused.
    const reused = await money(orderNumber, { kind: 'payment', amountCents: 200, idempotencyKey: once });
    expect(reused.status).toBe(409);
  });

  it('refunds never more than was paid, audits both, and the order shows them', async () => {
    const orderNumber = await signedCashOrder();
    await money(orderNumber, { kind: 'payment', amountCents: 250_000, idempotencyKey: key() });
    const tooMuch = await refund(orderNumber, 250_001);
    expect(tooMuch.status).toBe(422);
    expect((await refund(orderNumber, 50_000)).status).toBe(204);

    const summary = await shopperSummary(orderNumber);
    expect(summary.capturedCents).toBe(200_000);
    expect(summary.payments.map((payment) => payment.status).sort()).toEqual(['CAPTURED', 'REFUNDED']);
    const page = await deskOrder(orderNumber);
    expect(page.payments.capturedCents).toBe(200_000);
    expect(page.audit.map((event) => [event.staffEmail, event.action, event.after])).toEqual([
      ['finance@default.test', 'payment.record', expect.objectContaining({ amountCents: 250_000, paidCents: 250_000 })],
      ['finance@default.test', 'payment.refund', expect.objectContaining({ amountCents: 50_000, paidCents: 200_000 })],
    ]);
  });

  it('refunds a card payment back to the card through the gateway: never more than that charge, once per key', async () => {
    const orderNumber = await signedCashOrder();
    expect(await payByCard(orderNumber, 500_000)).toBe(201);
    await money(orderNumber, { kind: 'payment', amountCents: 100_000, idempotencyKey: key() });
    const card = (await shopperSummary(orderNumber)).payments.find((payment) => payment.method === 'CARD')!;

    // $6,000 was paid, but only $5,000 of it by this card.
    const tooMuch = await refund(orderNumber, 500_001, card.id);
    expect(tooMuch.status).toBe(422);
    expect(((await tooMuch.json()) as { error: { message: string } }).error.message).toBe(
      'The refund is more than what is left of this card payment',
    );
    const once = key();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refunded = await refund(orderNumber, 120_000, card.id, once);
      expect(refunded.status).toBe(204);
    }
    const rest = await refund(orderNumber, 380_001, card.id);
    expect(rest.status).toBe(422);

    const summary = await shopperSummary(orderNumber);
    expect(summary.capturedCents).toBe(480_000);
    expect(summary.payments).toContainEqual(
      expect.objectContaining({ method: 'CARD', status: 'REFUNDED', amountCents: 120_000, cardLast4: '4242' }),
    );
    // The card company's books: one refund of $1,200 on that charge.
    expect((await gatewayRefunds(card.id)).map((row) => [row.kind, row.status, row.amountCents])).toEqual([
      ['refund', 'refunded', 120_000],
    ]);
    const page = await deskOrder(orderNumber);
    expect(page.audit.at(-1)).toMatchObject({
      staffEmail: 'finance@default.test',
      action: 'payment.refund',
      after: { amountCents: 120_000, refundOf: card.id, paidCents: 480_000 },
    });
  });

  it("refuses to refund a declined card payment, and another order's payment", async () => {
    const orderNumber = await signedCashOrder();
    expect(await payByCard(orderNumber, 100_000, SANDBOX_CARDS.declined)).toBe(402);
    await money(orderNumber, { kind: 'payment', amountCents: 200_000, idempotencyKey: key() });
    const failed = (await shopperSummary(orderNumber)).payments.find((payment) => payment.status === 'FAILED')!;
    const refused = await refund(orderNumber, 1_000, failed.id);
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('error.payment.notRefundable');

    const other = await signedCashOrder();
    await money(other, { kind: 'payment', amountCents: 200_000, idempotencyKey: key() });
    const elsewhere = (await shopperSummary(other)).payments[0]!;
    const crossed = await refund(orderNumber, 1_000, elsewhere.id);
    expect(crossed.status).toBe(409);
    expect((await shopperSummary(orderNumber)).capturedCents).toBe(200_000);
  });

  it('takes no payment before the contract is signed', async () => {
    const { orderNumber } = await harness.order(owner, 'cash');
    const response = await money(orderNumber, { kind: 'payment', amountCents: 10_000, idempotencyKey: key() });
    expect(response.status).toBe(409);
    expect(await errorCode(response)).toBe('error.payment.notReady');
  });

  it('refuses sales with a 403 that says who may, and is a 404 to another tenant, a shopper and nobody', async () => {
    const orderNumber = await signedCashOrder();
    const sales = await money(
      orderNumber,
      { kind: 'payment', amountCents: 10_000, idempotencyKey: key() },
      tokens.sales,
    );
    expect(sales.status).toBe(403);
    expect(((await sales.json()) as { error: { message: string } }).error.message).toBe(
      'Your role (sales) cannot record or refund payments: ask a finance or admin member of staff.',
    );
    for (const [token, tenantId] of [
      [tokens.northside, 'northside'],
      [tokens.northside, 'default'],
      [owner.token, 'default'],
      [undefined, 'default'],
    ] as const) {
      const response = await harness.call(`/api/desk/orders/${orderNumber}/money`, {
        tenantId,
        token,
        json: { kind: 'payment', amountCents: 10_000, idempotencyKey: key() },
      });
      expect(response.status).toBe(404);
    }
    const rows = await harness.database.db.select().from(payments).where(eq(payments.orderNumber, orderNumber));
    expect(rows).toEqual([]);
  });
});

describe('two tabs at once (issue 33: never more than is due, never more refunded than was paid)', () => {
  it('records one of two payments of everything due sent at once from two tabs', async () => {
    const orderNumber = await signedCashOrder();
    const due = (await shopperSummary(orderNumber)).amountDueCents;
    const answers = await Promise.all(
      [key(), key()].map((idempotencyKey) => money(orderNumber, { kind: 'payment', amountCents: due, idempotencyKey })),
    );
    expect(answers.map((response) => response.status).sort()).toEqual([204, 422]);
    const summary = await shopperSummary(orderNumber);
    expect(summary.capturedCents).toBe(due);
    expect(summary.amountDueCents).toBe(0);
  });

  it('gives back one of two refunds of everything paid, at the dealership and to the card, sent at once', async () => {
    const orderNumber = await signedCashOrder();
    await money(orderNumber, { kind: 'payment', amountCents: 300_000, idempotencyKey: key() });
    const dealership = await Promise.all(
      [key(), key()].map((idempotencyKey) =>
        money(orderNumber, { kind: 'refund', amountCents: 300_000, idempotencyKey }),
      ),
    );
    expect(dealership.map((response) => response.status).sort()).toEqual([204, 422]);
    expect((await shopperSummary(orderNumber)).capturedCents).toBe(0);

    expect(await payByCard(orderNumber, 400_000)).toBe(201);
    const card = (await shopperSummary(orderNumber)).payments.find((payment) => payment.method === 'CARD')!;
    // Four at once: two to the card and two at the dealership, each for all that was paid.
    const racing = await Promise.all([
      refund(orderNumber, 400_000, card.id),
      refund(orderNumber, 400_000, card.id),
      refund(orderNumber, 400_000),
      refund(orderNumber, 400_000),
    ]);
    expect(racing.map((response) => response.status).filter((status) => status === 204)).toHaveLength(1);
    expect(racing.map((response) => response.status).filter((status) => status !== 204)).toEqual([422, 422, 422]);
    expect((await shopperSummary(orderNumber)).capturedCents).toBe(0);
    expect((await gatewayRefunds(card.id)).reduce((total, row) => total + row.amountCents, 0)).toBeLessThanOrEqual(
      400_000,
    );
  });
});

describe('a booked pickup moved or cancelled by staff', () => {
  const today = () => localDate(harness.clock.now(), 'America/Chicago');
  /** A day in the booking window that is (or is not) a Sunday, when the dealer is closed. */
  const day = (sunday: boolean) => {
    let date = addDays(today(), 2);
    while ((weekdayOf(date) === 'sunday') !== sunday) date = addDays(date, 1);
    return date;
  };

  async function bookedPickup() {
    const orderNumber = await signedCashOrder();
    const booked = await harness.call(`/api/fulfillment/${orderNumber}/appointments`, {
      token: owner.token,
      json: { method: 'PICKUP', date: day(false), time: '10:30', locationId: 'dealership' },
    });
    expect(booked.status).toBe(201);
    return orderNumber;
  }

  async function shopperFulfillment(orderNumber: string) {
    const response = await harness.call(`/api/fulfillment/${orderNumber}`, { token: owner.token });
    return fulfillmentResponseSchema.parse(await response.json()).data;
  }

  const lastEmail = () => [...harness.messages.sent].reverse().find((sent) => sent.to === 'buyer@example.test');

  it('moves it within business hours: Confirmed at the new time, the shopper e-mailed', async () => {
    const orderNumber = await bookedPickup();
    const closed = await harness.call(`/api/desk/orders/${orderNumber}/delivery/move`, {
      token: tokens.sales,
      json: { date: day(true), time: '11:00' },
    });
    expect(closed.status).toBe(422);
    expect(await errorCode(closed)).toBe('error.fulfillment.badTime');
    const past = await harness.call(`/api/desk/orders/${orderNumber}/delivery/move`, {
      token: tokens.sales,
      json: { date: today(), time: '11:00' },
    });
    expect(await errorCode(past)).toBe('error.fulfillment.badDate');

    const date = addDays(day(false), weekdayOf(addDays(day(false), 1)) === 'sunday' ? 2 : 1);
    const moved = await harness.call(`/api/desk/orders/${orderNumber}/delivery/move`, {
      token: tokens.sales,
      json: { date, time: '14:00' },
    });
    expect(moved.status).toBe(204);
    expect(await shopperFulfillment(orderNumber)).toMatchObject({ state: 'Confirmed', date, time: '14:00' });
    expect(lastEmail()?.subject).toContain('your pickup has a new time');
    expect(lastEmail()?.body).toContain(`moved your pickup at`);
    // The moved appointment's facts, and its calendar file at the new time (issue 31 point 5).
    expect(lastEmail()?.body).toContain(
      `Your appointment:\nPickup: ${formatDealerDateTime(zonedToUtc(date, '14:00', 'America/Chicago'), 'America/Chicago')}\n`,
    );
    const ics = lastEmail()?.attachments?.[0];
    expect(ics?.filename).toBe(`appointment-${orderNumber}.ics`);
    expect(ics?.content).toContain(`DTSTART;TZID=America/Chicago:${date.replace(/-/g, '')}T140000`);
    const page = await deskOrder(orderNumber);
    expect(page.audit.at(-1)).toMatchObject({ action: 'delivery.move', after: { state: 'Confirmed' } });
  });

  it('marks the vehicle handed over once paid, signed and confirmed: DELIVERED, audited, the shopper e-mailed', async () => {
    const orderNumber = await bookedPickup();
    const deliver = (token = tokens.sales) =>
      harness.call(`/api/desk/orders/${orderNumber}/delivered`, { token, json: {} });
    // Requested, not yet confirmed, and not paid: nothing to hand over.
    expect((await deskOrder(orderNumber)).actions.markDelivered).toBe(false);
    expect((await deliver()).status).toBe(409);
    const confirmed = await harness.call(`/api/desk/orders/${orderNumber}/delivery/confirm`, {
      token: tokens.sales,
      json: {},
    });
    expect(confirmed.status).toBe(204);
    expect((await deliver()).status).toBe(409);
    // Paid in full with the contract countersigned: the order is SOLD.
    await harness.database.db.update(orders).set({ orderStatus: 'SOLD' }).where(eq(orders.orderNumber, orderNumber));
    expect((await deskOrder(orderNumber)).actions.markDelivered).toBe(true);
    expect((await deliver(tokens.northside)).status).toBe(404);
    expect((await deliver()).status).toBe(204);
    expect((await deliver()).status).toBe(409);

    const [row] = await harness.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(row?.orderStatus).toBe('DELIVERED');
    const page = await deskOrder(orderNumber);
    expect(page.actions.markDelivered).toBe(false);
    expect(page.history.at(-1)?.orderStatus).toBe('DELIVERED');
    // The test's clock stands still, so the confirmation and the hand-over share a time.
    expect(page.audit.filter((event) => event.action === 'order.delivered')).toEqual([
      expect.objectContaining({
        staffEmail: 'sales@default.test',
        before: expect.objectContaining({ orderStatus: 'SOLD', state: 'Confirmed' }),
        after: expect.objectContaining({ orderStatus: 'DELIVERED', state: 'Confirmed' }),
      }),
    ]);
    expect(lastEmail()?.subject).toContain('you picked up your vehicle');
    expect(lastEmail()?.body).toContain(`order ${orderNumber}`);
  });

  it('moves and cancels a booking made before requests were stamped (as the demo seed stores them)', async () => {
    const orderNumber = await signedCashOrder();
    // The seed's shape: a Confirmed pickup with its time, and no requestedAt.
    await harness.database.db
      .update(orders)
      .set({
        delivery: { method: 'PICKUP', location: 'Showroom, 100 Main St, Austin', state: 'Confirmed' },
        deliveryAppointment: new Date(harness.clock.now().getTime() + 3 * 86_400_000),
      })
      .where(eq(orders.orderNumber, orderNumber));
    const moved = await harness.call(`/api/desk/orders/${orderNumber}/delivery/move`, {
      token: tokens.sales,
      json: { date: day(false), time: '10:00' },
    });
    expect(moved.status).toBe(204);
    expect(await shopperFulfillment(orderNumber)).toMatchObject({
      state: 'Confirmed',
      date: day(false),
      time: '10:00',
    });
    const cancelled = await harness.call(`/api/desk/orders/${orderNumber}/delivery/cancel`, {
      token: tokens.sales,
      json: {},
    });
    expect(cancelled.status).toBe(204);
    expect(await shopperFulfillment(orderNumber)).toMatchObject({ state: null, appointmentTime: null });
  });

  it('cancels it: the tracker asks the shopper to choose again, and they are e-mailed', async () => {
    const orderNumber = await bookedPickup();
    expect(
      (await harness.call(`/api/desk/orders/${orderNumber}/delivery/cancel`, { token: tokens.sales, json: {} })).status,
    ).toBe(204);
    expect(await shopperFulfillment(orderNumber)).toMatchObject({ state: null, appointmentTime: null });
    expect(lastEmail()?.subject).toContain('your pickup was cancelled');
    const again = await harness.call(`/api/desk/orders/${orderNumber}/delivery/cancel`, {
      token: tokens.sales,
      json: {},
    });
    expect(again.status).toBe(409);
    const other = await harness.call(`/api/desk/orders/${orderNumber}/delivery/cancel`, {
      tenantId: 'northside',
      token: tokens.northside,
      json: {},
    });
    expect(other.status).toBe(404);
  });
});

describe('the tracker at the desk', () => {
  it('gives the desk what the shopper’s tracker reads, so the steps are the shopper’s', async () => {
    const orderNumber = await signedCashOrder();
    const read = () => harness.call(`/public/commerce/orders/${orderNumber}/tracker-state`, { token: owner.token });
    // The first read moves the signed envelope along (SIGN) after reading the order: read once to settle.
    await read();
    const shopper = await read();
    const state = trackerStateResponseSchema.parse(await shopper.json()).data;
    const desk = await deskOrder(orderNumber);
    expect(desk.tracker).toEqual(state);
    const steps = buildTracker({
      ...desk.tracker,
      policyStatus: mapPolicyStatus(desk.tracker.insurance.policyStatus),
      flags: { consolidateFinanceAndSigning: false, dealReviewPage: false },
      actions: NO_SHOPPER_ACTIONS,
    }).steps;
    expect(steps.find((step) => step.step === 'SIGN_CONTRACT')?.status).toBe('COMPLETED');
    expect(steps.find((step) => step.step === 'PAYMENT_DETAILS')?.status).not.toBe('NOT_READY');
    // Another tenant's staff find no such order.
    const other = await harness.call(`/api/desk/orders/${orderNumber}`, {
      tenantId: 'northside',
      token: tokens.northside,
    });
    expect(other.status).toBe(404);
    const [row] = await harness.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.orderNumber, orderNumber), eq(orders.tenantId, 'default')));
    expect(row).toBeDefined();
  });
});
