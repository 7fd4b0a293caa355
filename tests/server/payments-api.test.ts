import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentResultResponseSchema, paymentSummaryResponseSchema } from '~/lib/contract/tracker';
import { logger } from '~/lib/shared/logger.server';
import { orders, payments, signings } from '#server/db/schema';
import { passesLuhn } from '#server/payments/gateway';
import { SANDBOX_CARDS, SandboxGateway } from '#server/payments/sandbox-gateway';
import { orderPaymentStatus } from '#server/payments/status';
import { getPaymentStepStatus, getScheduleDeliveryStepStatus } from '~/lib/tracker/statuses';
import { errorCode, startStepHarness, type StepHarness } from './tracker-harness';

// Payments on the built-in backend through the sandbox gateway: the test cards, the card limit
// ($7,000) and the ACH limit ($6,500), idempotent retries, what the order says afterwards, and
// that a card number never reaches the database or the logs beyond its last four digits.

let harness: StepHarness;
let owner: { userId: string; token: string };

beforeAll(async () => {
  harness = await startStepHarness();
  owner = await harness.shopper();
});
afterAll(async () => {
  await harness.close();
});

/** An order whose contract the buyer signed: the payment step is open. */
async function signedOrder(template: 'finance' | 'cash') {
  const order = await harness.order(owner, template);
  await harness.database.db
    .update(signings)
    .set({ ready: true, status: 'Sent', buyerSigned: true })
    .where(eq(signings.orderNumber, order.orderNumber));
  await harness.database.db
    .update(orders)
    .set({ dealStatus: template === 'finance' ? 'UACC' : null, orderStatus: 'CONTRACT_PENDING' })
    .where(eq(orders.orderNumber, order.orderNumber));
  return order;
}

const CARD = { expMonth: 12, expYear: 2099, cvc: '123', name: 'Avery Lane', postalCode: '78701' };
let keys = 0;
function key(): string {
  keys += 1;
  return `test-key-${Date.now().toString(36)}-${keys}`;
}

function payCard(
  orderNumber: string,
  amountCents: number,
  number: string = SANDBOX_CARDS.approved,
  idempotencyKey = key(),
  token = owner.token,
) {
  return harness.call(`/api/payments/orders/${orderNumber}/card`, {
    token,
    json: { idempotencyKey, amountCents, card: { ...CARD, number } },
  });
}

function payBank(orderNumber: string, amountCents: number, idempotencyKey = key(), accountNumber = '000123456789') {
  return harness.call(`/api/payments/orders/${orderNumber}/bank`, {
    token: owner.token,
    json: {
      idempotencyKey,
      amountCents,
      bank: { accountHolder: 'Avery Lane', routingNumber: '110000000', accountNumber, accountType: 'checking' },
    },
  });
}

async function summary(orderNumber: string) {
  const response = await harness.call(`/api/payments/orders/${orderNumber}`, { token: owner.token });
  return paymentSummaryResponseSchema.parse(await response.json()).data;
}

describe('the sandbox gateway', () => {
  it('approves and declines the test cards, and answers a repeated key the same way', async () => {
    const gateway = new SandboxGateway(harness.database.db);
    const now = new Date('2026-06-01T00:00:00Z');
    const charge = (number: string, idempotencyKey: string, expYear = 2030) =>
      gateway.chargeCard({ amountCents: 100, card: { ...CARD, number, expYear }, idempotencyKey, now });
    expect(await charge(SANDBOX_CARDS.approved, 'a')).toMatchObject({ status: 'approved', last4: '4242' });
    expect(await charge(SANDBOX_CARDS.declined, 'b')).toEqual({
      status: 'declined',
      last4: '0002',
      reason: 'declined',
    });
    expect(await charge(SANDBOX_CARDS.insufficientFunds, 'c')).toEqual({
      status: 'declined',
      last4: '9995',
      reason: 'insufficientFunds',
    });
    expect(await charge('4111111111111112', 'd')).toMatchObject({ reason: 'invalidNumber' });
    expect(await charge(SANDBOX_CARDS.approved, 'e', 2025)).toMatchObject({ reason: 'expired' });
    expect(await charge(SANDBOX_CARDS.declined, 'a')).toMatchObject({ status: 'approved' });
    expect(passesLuhn(SANDBOX_CARDS.approvedMastercard)).toBe(true);
  });

  it('refunds only a captured card charge, never more than was charged, once per refund key, racing included', async () => {
    const gateway = new SandboxGateway(harness.database.db);
    const now = new Date('2026-06-01T00:00:00Z');
    const charge = (number: string, idempotencyKey: string) =>
      gateway.chargeCard({ amountCents: 10_000, card: { ...CARD, number }, idempotencyKey, now });
    const refund = (chargeKey: string, amountCents: number, idempotencyKey: string) =>
      gateway.refundCard({ chargeKey, amountCents, idempotencyKey, now });
    await charge(SANDBOX_CARDS.approved, 'refund-charge');
    await charge(SANDBOX_CARDS.declined, 'refund-declined');
    await gateway.startBankTransfer({
      amountCents: 10_000,
      bank: {
        accountHolder: 'Avery Lane',
        routingNumber: '110000000',
        accountNumber: '000123456789',
        accountType: 'checking',
      },
      idempotencyKey: 'refund-bank',
    });

    expect(await refund('refund-declined', 100, 'r-declined')).toEqual({ status: 'refused', reason: 'notCaptured' });
    expect(await refund('refund-bank', 100, 'r-bank')).toEqual({ status: 'refused', reason: 'notCaptured' });
    expect(await refund('never-charged', 100, 'r-unknown')).toEqual({ status: 'refused', reason: 'notCaptured' });
    expect(await refund('refund-charge', 10_001, 'r-too-much')).toEqual({
      status: 'refused',
      reason: 'moreThanCaptured',
    });

    const first = await refund('refund-charge', 4_000, 'r-1');
    expect(first).toMatchObject({ status: 'refunded', amountCents: 4_000 });
    // The same key again answers the first result and gives back nothing more.
    expect(await refund('refund-charge', 4_000, 'r-1')).toEqual(first);
    expect(await refund('refund-charge', 5_000, 'r-1')).toEqual({ status: 'refused', reason: 'keyReused' });
    // A charge's key is not a refund's.
    expect(await refund('refund-charge', 100, 'refund-charge')).toEqual({ status: 'refused', reason: 'keyReused' });

    // $60 left: five refunds of $20 at once, different keys, give back three at most.
    const racing = await Promise.all(
      Array.from({ length: 5 }, (_, index) => refund('refund-charge', 2_000, `r-race-${index}`)),
    );
    expect(racing.filter((answer) => answer.status === 'refunded')).toHaveLength(3);
    expect(racing.filter((answer) => answer.status === 'refused')).toEqual(
      Array.from({ length: 2 }, () => ({ status: 'refused', reason: 'moreThanCaptured' })),
    );
    expect(await refund('refund-charge', 1, 'r-last')).toEqual({ status: 'refused', reason: 'moreThanCaptured' });
  });
});

describe('card payments', () => {
  it('pays a finance down payment by card: captured, DOWNPAYMENT_PAID, SOLD, and only the last 4 stored', async () => {
    const { orderNumber } = await signedOrder('finance');
    expect(await summary(orderNumber)).toMatchObject({
      totalDueCents: 250_000,
      amountDueCents: 250_000,
      limits: { cardCents: 700_000, achCents: 650_000 },
    });
    const info = vi.spyOn(logger, 'info');
    const response = await payCard(orderNumber, 250_000);
    expect(response.status).toBe(201);
    const { data } = paymentResultResponseSchema.parse(await response.json());
    expect(data.payment).toMatchObject({ method: 'CARD', amountCents: 250_000, status: 'CAPTURED', cardLast4: '4242' });
    expect(data.summary).toMatchObject({ capturedCents: 250_000, amountDueCents: 0 });
    expect(await harness.orderRow(orderNumber)).toMatchObject({
      hasPaymentInfo: true,
      paymentStatus: 'DOWNPAYMENT_PAID',
      orderStatus: 'SOLD',
    });
    expect((await harness.history(orderNumber)).at(-1)).toEqual({ orderStatus: 'SOLD', dealStatus: 'UACC' });

    const rows = await harness.database.db.select().from(payments).where(eq(payments.orderNumber, orderNumber));
    expect(JSON.stringify(rows)).not.toContain(SANDBOX_CARDS.approved);
    expect(JSON.stringify(rows)).not.toContain('"123"');
    expect(JSON.stringify(info.mock.calls)).not.toContain(SANDBOX_CARDS.approved);
    info.mockRestore();
  });

  it('never charges twice for a retried request, and refuses a key reused for another payment', async () => {
    const { orderNumber } = await signedOrder('finance');
    const idempotencyKey = key();
    const [first, second] = await Promise.all([
      payCard(orderNumber, 100_000, SANDBOX_CARDS.approved, idempotencyKey),
      payCard(orderNumber, 100_000, SANDBOX_CARDS.approved, idempotencyKey),
    ]);
    const statuses = [first.status, second.status].sort();
    // One charge; the racing retry either gets it back or hears it is still being processed.
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const retried = await payCard(orderNumber, 100_000, SANDBOX_CARDS.approved, idempotencyKey);
    expect(retried.status).toBe(201);
    const rows = await harness.database.db.select().from(payments).where(eq(payments.orderNumber, orderNumber));
    expect(rows).toHaveLength(1);
    expect((await summary(orderNumber)).capturedCents).toBe(100_000);
    const reused = await payCard(orderNumber, 50_000, SANDBOX_CARDS.approved, idempotencyKey);
    expect(reused.status).toBe(409);
    expect(await errorCode(reused)).toBe('error.payment.idempotencyMismatch');
    // $1,000 of $2,500 captured: partial, so in progress (never PAYMENT_CAPTURED, which reads Completed).
    expect(await harness.orderRow(orderNumber)).toMatchObject({ paymentStatus: 'PAYMENT_PENDING' });
  });

  it('declines the decline and insufficient-funds cards: 402, PAYMENT_FAILED, and a retry with the same key is declined again', async () => {
    const { orderNumber } = await signedOrder('finance');
    const declinedKey = key();
    const declined = await payCard(orderNumber, 250_000, SANDBOX_CARDS.declined, declinedKey);
    expect(declined.status).toBe(402);
    expect(await errorCode(declined)).toBe('error.payment.declined');
    expect(await harness.orderRow(orderNumber)).toMatchObject({
      hasPaymentInfo: true,
      paymentStatus: 'PAYMENT_FAILED',
    });
    const poor = await payCard(orderNumber, 250_000, SANDBOX_CARDS.insufficientFunds);
    expect(await errorCode(poor)).toBe('error.payment.insufficientFunds');
    expect((await payCard(orderNumber, 250_000, SANDBOX_CARDS.declined, declinedKey)).status).toBe(402);
    // Another card then works.
    expect((await payCard(orderNumber, 250_000)).status).toBe(201);
    expect((await harness.orderRow(orderNumber)).paymentStatus).toBe('DOWNPAYMENT_PAID');
  });

  it('refuses more than $7,000 on a card, more than is due, and payments before the contract is signed', async () => {
    const cash = await signedOrder('cash');
    const over = await payCard(cash.orderNumber, 700_001);
    expect(over.status).toBe(422);
    expect(await errorCode(over)).toBe('error.payment.cardLimit');
    expect((await payCard(cash.orderNumber, 700_000)).status).toBe(201);

    const finance = await signedOrder('finance');
    const tooMuch = await payCard(finance.orderNumber, 250_001);
    expect(await errorCode(tooMuch)).toBe('error.payment.amountTooHigh');

    const unsigned = await harness.order(owner, 'finance');
    const early = await payCard(unsigned.orderNumber, 10_000);
    expect(early.status).toBe(409);
    expect(await errorCode(early)).toBe('error.payment.notReady');

    const stranger = await harness.shopper();
    const theirs = await payCard(finance.orderNumber, 10_000, SANDBOX_CARDS.approved, key(), stranger.token);
    expect(theirs.status).toBe(404);
    expect((await harness.call(`/api/payments/orders/${finance.orderNumber}`, { token: stranger.token })).status).toBe(
      404,
    );
  });

  it('refuses a malformed card number without echoing it', async () => {
    const { orderNumber } = await signedOrder('finance');
    const response = await payCard(orderNumber, 10_000, '4242-4242-4242-4242');
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('4242-4242');
  });
});

describe('bank transfers', () => {
  it('starts an ACH transfer pending (PAYMENT_PENDING) and refuses more than $6,500', async () => {
    const { orderNumber } = await signedOrder('cash');
    const over = await payBank(orderNumber, 650_001);
    expect(over.status).toBe(422);
    expect(await errorCode(over)).toBe('error.payment.achLimit');
    const response = await payBank(orderNumber, 650_000);
    expect(response.status).toBe(201);
    expect(paymentResultResponseSchema.parse(await response.json()).data.payment).toMatchObject({
      method: 'ACH',
      status: 'PENDING',
      cardLast4: '6789',
    });
    expect(await harness.orderRow(orderNumber)).toMatchObject({
      paymentStatus: 'PAYMENT_PENDING',
      orderStatus: 'CONTRACT_PENDING',
    });
    expect(await summary(orderNumber)).toMatchObject({ pendingCents: 650_000 });
    const bad = await payBank(orderNumber, 1_000, key(), '000000000000');
    expect(bad.status).toBe(402);
  });
});

describe('the payment status follows the money against what is due (decision 011)', () => {
  it('reads a declined card after a held deposit as PAYMENT_FAILED, not captured, and keeps delivery locked', async () => {
    const { orderNumber } = await signedOrder('finance');
    await harness.database.db.insert(payments).values({
      orderNumber,
      method: 'DEPOSIT',
      amountCents: 50_000,
      status: 'HOLD',
      cardLast4: '4242',
      idempotencyKey: `checkout:${orderNumber}`,
      createdAt: new Date(harness.clock.now().getTime() - 60_000),
    });
    expect(await summary(orderNumber)).toMatchObject({ capturedCents: 50_000, amountDueCents: 200_000 });
    const refused = await payCard(orderNumber, 200_000, SANDBOX_CARDS.declined);
    expect(refused.status).toBe(402);
    expect(await harness.orderRow(orderNumber)).toMatchObject({ paymentStatus: 'PAYMENT_FAILED' });
    expect(
      getPaymentStepStatus({
        dealType: 'Finance',
        signingComplete: true,
        paymentInfo: { status: 'PAYMENT_FAILED' },
        appointmentTime: null,
        cashPaid: false,
      }),
    ).toBe('NEEDS_ATTENTION');
    expect(
      getScheduleDeliveryStepStatus({
        dealType: 'Finance',
        signingComplete: true,
        offRamp: false,
        paymentStatus: 'PAYMENT_FAILED',
        appointmentTime: null,
      }),
    ).toBe('NOT_READY');
    expect((await payCard(orderNumber, 200_000)).status).toBe(201);
    expect(await harness.orderRow(orderNumber)).toMatchObject({ paymentStatus: 'DOWNPAYMENT_PAID' });
  });

  it('derives each status from the sums', () => {
    const row = (status: string, amountCents: number, at: string) => ({
      id: at,
      method: 'CARD' as const,
      amountCents,
      status: status as 'CAPTURED',
      cardLast4: null,
      createdAt: at,
    });
    const due = { totalDueCents: 250_000 };
    expect(
      orderPaymentStatus('Finance', {
        ...due,
        capturedCents: 250_000,
        pendingCents: 0,
        payments: [row('CAPTURED', 250_000, '2026-01-01T00:00:00Z')],
      }),
    ).toBe('DOWNPAYMENT_PAID');
    expect(
      orderPaymentStatus('Cash', {
        ...due,
        capturedCents: 250_000,
        pendingCents: 0,
        payments: [row('CAPTURED', 250_000, '2026-01-01T00:00:00Z')],
      }),
    ).toBe('FULLY_PAID');
    expect(
      orderPaymentStatus('Finance', {
        ...due,
        capturedCents: 100_000,
        pendingCents: 0,
        payments: [row('CAPTURED', 100_000, '2026-01-01T00:00:00Z')],
      }),
    ).toBe('PAYMENT_PENDING');
    expect(
      orderPaymentStatus('Finance', {
        ...due,
        capturedCents: 50_000,
        pendingCents: 0,
        payments: [row('HOLD', 50_000, '2026-01-01T00:00:00Z')],
      }),
    ).toBe('PAYMENT_HOLD');
    expect(
      orderPaymentStatus('Finance', {
        ...due,
        capturedCents: 0,
        pendingCents: 100_000,
        payments: [row('PENDING', 100_000, '2026-01-01T00:00:00Z')],
      }),
    ).toBe('PAYMENT_PENDING');
    expect(
      orderPaymentStatus('Finance', {
        ...due,
        capturedCents: 50_000,
        pendingCents: 0,
        payments: [row('HOLD', 50_000, '2026-01-01T00:00:00Z'), row('FAILED', 200_000, '2026-01-02T00:00:00Z')],
      }),
    ).toBe('PAYMENT_FAILED');
  });

  it('settles a payment left PROCESSING by a crash from the gateway record under its key', async () => {
    const { orderNumber } = await signedOrder('finance');
    const idempotencyKey = key();
    const gatewayKey = `${orderNumber}:${idempotencyKey}`;
    // The process died after the gateway charged and before the row was updated.
    await harness.database.db.insert(payments).values({
      orderNumber,
      method: 'CARD',
      amountCents: 100_000,
      status: 'PROCESSING',
      cardLast4: '4242',
      idempotencyKey: gatewayKey,
      createdAt: new Date(harness.clock.now().getTime() - 120_000),
    });
    await new SandboxGateway(harness.database.db).chargeCard({
      amountCents: 100_000,
      card: { ...CARD, number: SANDBOX_CARDS.approved },
      idempotencyKey: gatewayKey,
      now: harness.clock.now(),
    });
    // One left PROCESSING before the charge: nothing was taken.
    const lostKey = `${orderNumber}:${key()}`;
    await harness.database.db.insert(payments).values({
      orderNumber,
      method: 'CARD',
      amountCents: 100_000,
      status: 'PROCESSING',
      cardLast4: '4242',
      idempotencyKey: lostKey,
      createdAt: new Date(harness.clock.now().getTime() - 120_000),
    });
    const settled = await summary(orderNumber);
    expect(settled.payments.map((payment) => payment.status).sort()).toEqual(['CAPTURED', 'FAILED']);
    expect(settled).toMatchObject({ capturedCents: 100_000, pendingCents: 0, amountDueCents: 150_000 });
    expect(await new SandboxGateway(harness.database.db).lookup(lostKey)).toBeNull();
    const late = await new SandboxGateway(harness.database.db).chargeCard({
      amountCents: 100_000,
      card: { ...CARD, number: SANDBOX_CARDS.approved },
      idempotencyKey: lostKey,
      now: harness.clock.now(),
    });
    expect(late).toMatchObject({ status: 'declined', reason: 'voided' });
    const replayed = await payCard(orderNumber, 100_000, SANDBOX_CARDS.approved, idempotencyKey);
    expect(replayed.status).toBe(201);
  });
});
