import { and, desc, eq, lt } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACH_LIMIT_CENTS,
  CARD_LIMIT_CENTS,
  PAYMENT_ERRORS,
  type PaymentRecord,
  type PaymentSummary,
  type bankPaymentRequestSchema,
  type cardPaymentRequestSchema,
} from '../../app/lib/contract/tracker';
import { logger } from '../../app/lib/shared/logger.server';
import { paymentLimit } from '../../app/lib/shared/validation/payment';
import { orders, payments, signings } from '../db/schema';
import { tenantOf, type StepBackend } from '../orders/backend';
import type { DbOrTx, OrderRow } from '../orders/changes';
import { findOrderRow, recordPaymentStatus } from '../orders/progress';
import { getDealTerms } from '../orders/terms';
import type { GatewayRecord, PaymentGateway, RefundResult } from './gateway';
import { sendPaymentReceived } from './notices';
import { crashPoint, stuckAfterMs } from './recovery';
import { orderPaymentStatus } from './status';

// The payment step (seed 001 §9, seed 002 §4, §8): a card up to $7,000 through the gateway,
// captured at once; a bank transfer (ACH) up to $6,500, pending until it settles. What the
// order says afterwards is derived from the money against what is due (decision 011):
//
//   everything due captured        → DOWNPAYMENT_PAID (finance, lease) or FULLY_PAID (cash); with
//                                     the contract signed the order is SOLD
//   the latest attempt was refused → PAYMENT_FAILED (something is still due)
//   a transfer pending             → PAYMENT_PENDING
//   only a deposit held            → PAYMENT_HOLD
//   some captured, not all         → PAYMENT_PENDING (the rest is still to come)
//
// Never more than is due: an attempt is claimed in one transaction that locks the order row
// (SELECT … FOR UPDATE), sums what is captured, pending and being processed, checks the amount
// against the rest, and inserts the attempt as PROCESSING. Racing requests for one order queue
// on the lock, so whatever their keys, together they never claim more than is due.
//
// Never twice: each attempt is one payments row keyed by `<order>:<idempotency key>`, which is
// also the gateway's key; the same key again answers that row. An attempt left PROCESSING (the
// process died mid-payment) is settled from the gateway's record under its key once it is
// stuck (recovery.ts), at start-up and whenever the order's payments are read.

export type PaymentRow = typeof payments.$inferSelect;
type CardRequest = z.infer<typeof cardPaymentRequestSchema>;
type BankRequest = z.infer<typeof bankPaymentRequestSchema>;

export class PaymentError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function toRecord(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    method: row.method,
    amountCents: row.amountCents,
    status: row.status as PaymentRecord['status'],
    cardLast4: row.cardLast4,
    createdAt: row.createdAt.toISOString(),
  };
}

async function listPayments(db: DbOrTx, orderNumber: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderNumber, orderNumber)).orderBy(desc(payments.createdAt));
}

/** Takes the order's row lock for the rest of the transaction: payments of one order queue here. */
async function lockOrder(tx: DbOrTx, orderNumber: string): Promise<void> {
  await tx
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .for('update');
}

function summarize(order: OrderRow, totalDueCents: number, rows: PaymentRow[]): PaymentSummary {
  const sum = (statuses: readonly string[]) =>
    rows.filter((row) => statuses.includes(row.status)).reduce((total, row) => total + row.amountCents, 0);
  // A refund (status REFUNDED, recorded at the desk) takes back what was paid; one on its way to
  // the card (REFUNDING) counts as given back already, so racing refunds never exceed the paid.
  const capturedCents = sum(['CAPTURED', 'HOLD']) - sum(['REFUNDED', 'REFUNDING']);
  const pendingCents = sum(['PENDING', 'PROCESSING']);
  return {
    orderNumber: order.orderNumber,
    dealType: order.dealType,
    totalDueCents,
    capturedCents,
    pendingCents,
    amountDueCents: Math.max(0, totalDueCents - capturedCents - pendingCents),
    limits: { cardCents: CARD_LIMIT_CENTS, achCents: ACH_LIMIT_CENTS },
    payments: rows.filter((row) => row.status !== 'REFUNDING').map(toRecord),
  };
}

export async function getPaymentSummary(
  backend: StepBackend,
  order: OrderRow,
  db: DbOrTx = backend.platform.db,
): Promise<PaymentSummary> {
  // One after the other: inside a transaction both run on one connection, where node-postgres
  // refuses (deprecated today) a query sent while another is still running.
  const terms = await getDealTerms(db, order, tenantOf(backend, order.tenantId));
  const rows = await listPayments(db, order.orderNumber);
  return summarize(order, terms.dueCents, rows);
}

async function isContractSigned(db: DbOrTx, orderNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ buyer: signings.buyerSigned, status: signings.status })
    .from(signings)
    .where(eq(signings.orderNumber, orderNumber))
    .limit(1);
  return Boolean(row && (row.buyer || row.status === 'Signed'));
}

/** Writes the order's payment status from its payments (inside the caller's locked transaction). */
async function updateOrderPayment(backend: StepBackend, tx: DbOrTx, orderNumber: string): Promise<PaymentSummary> {
  const fresh = await findOrderRow(tx, orderNumber);
  if (!fresh) throw new Error(`order ${orderNumber} vanished`);
  const summary = await getPaymentSummary(backend, fresh, tx);
  const status = orderPaymentStatus(fresh.dealType, summary);
  await recordPaymentStatus(
    tx,
    fresh,
    {
      status,
      settled: status === 'DOWNPAYMENT_PAID' || status === 'FULLY_PAID',
      contractSigned: await isContractSigned(tx, orderNumber),
    },
    backend.now(),
  );
  return summary;
}

type Attempt = { method: 'CARD' | 'ACH'; amountCents: number; idempotencyKey: string; last4: string };

/** The row of an earlier call with the same key, answered again; a different request under the key is refused. */
function replay(row: PaymentRow, attempt: Attempt): PaymentRow {
  if (row.method !== attempt.method || row.amountCents !== attempt.amountCents) {
    throw new PaymentError(
      409,
      PAYMENT_ERRORS.idempotencyMismatch,
      'This idempotency key was used for another payment',
    );
  }
  if (row.status === 'PROCESSING')
    throw new PaymentError(409, PAYMENT_ERRORS.inProgress, 'This payment is still being processed');
  return row;
}

function declined(): PaymentError {
  return new PaymentError(402, PAYMENT_ERRORS.declined, 'The payment was declined');
}

export type PaymentOutcome = { payment: PaymentRecord; summary: PaymentSummary };

function checkAmount(summary: PaymentSummary, attempt: Attempt, limitCode: string): void {
  const limit = paymentLimit(attempt.method);
  if (attempt.amountCents > limit.cents) throw new PaymentError(422, limitCode, limit.message);
  if (attempt.amountCents > summary.amountDueCents)
    throw new PaymentError(422, PAYMENT_ERRORS.amountTooHigh, 'The amount is more than what is due');
}

type Started = { outcome: PaymentOutcome } | { claimed: PaymentRow };

/**
 * The start of every payment, in one transaction holding the order's row lock: an attempt
 * already made with this key is answered again (a refusal stays a refusal); otherwise the
 * contract must be signed, the amount must fit the method's limit and what is still due
 * (captured, pending and in-flight attempts counted), and the attempt is inserted PROCESSING.
 */
async function startAttempt(
  backend: StepBackend,
  order: OrderRow,
  attempt: Attempt,
  limitCode: string,
): Promise<Started> {
  const key = `${order.orderNumber}:${attempt.idempotencyKey}`;
  return backend.platform.db.transaction(async (tx) => {
    await lockOrder(tx, order.orderNumber);
    const [earlier] = await tx.select().from(payments).where(eq(payments.idempotencyKey, key)).limit(1);
    if (earlier) {
      if (earlier.orderNumber !== order.orderNumber)
        throw new PaymentError(
          409,
          PAYMENT_ERRORS.idempotencyMismatch,
          'This idempotency key was used for another payment',
        );
      const row = replay(earlier, attempt);
      if (row.status === 'FAILED') throw declined();
      return { outcome: { payment: toRecord(row), summary: await getPaymentSummary(backend, order, tx) } };
    }
    if (!(await isContractSigned(tx, order.orderNumber))) {
      throw new PaymentError(409, PAYMENT_ERRORS.notReady, 'Payments open once the contract is signed');
    }
    checkAmount(await getPaymentSummary(backend, order, tx), attempt, limitCode);
    const [claimed] = await tx
      .insert(payments)
      .values({
        orderNumber: order.orderNumber,
        method: attempt.method,
        amountCents: attempt.amountCents,
        status: 'PROCESSING',
        cardLast4: attempt.last4,
        idempotencyKey: key,
        createdAt: backend.now(),
      })
      .returning();
    return { claimed: claimed! };
  });
}

type Final = 'CAPTURED' | 'PENDING' | 'FAILED';

/**
 * Records the attempt's outcome, once: only a row still PROCESSING changes, so the request
 * and a reconciliation racing it cannot both write. Answers the row as it ends up.
 */
async function finishAttempt(
  backend: StepBackend,
  claimed: PaymentRow,
  status: Final,
): Promise<{ row: PaymentRow; summary: PaymentSummary }> {
  const finished = await backend.platform.db.transaction(async (tx) => {
    await lockOrder(tx, claimed.orderNumber);
    const [updated] = await tx
      .update(payments)
      .set({ status })
      .where(and(eq(payments.id, claimed.id), eq(payments.status, 'PROCESSING')))
      .returning();
    const summary = await updateOrderPayment(backend, tx, claimed.orderNumber);
    const [row] = updated ? [updated] : await tx.select().from(payments).where(eq(payments.id, claimed.id)).limit(1);
    const order = updated ? await findOrderRow(tx, claimed.orderNumber) : null;
    return { row: row!, summary, order };
  });
  const { row, summary, order } = finished;
  // Payment received (issue 31 point 5): only the call that recorded the outcome sends it.
  if (order && (row.status === 'CAPTURED' || row.status === 'PENDING')) {
    await sendPaymentReceived(backend, order, {
      method: row.method,
      status: row.status,
      amountCents: row.amountCents,
      last4: row.cardLast4,
      amountDueCents: summary.amountDueCents,
      paidCents: summary.capturedCents + summary.pendingCents,
    }).catch((error: unknown) =>
      logger.warn({ err: error, orderNumber: row.orderNumber }, 'payments: the payment e-mail was not sent'),
    );
  }
  return { row, summary };
}

/** The outcome the gateway's record under a key means for the attempt. */
function outcomeOf(method: Attempt['method'], record: GatewayRecord | null): Final {
  if (record?.status === 'approved') return method === 'ACH' ? 'PENDING' : 'CAPTURED';
  if (record?.status === 'pending') return 'PENDING';
  return 'FAILED';
}

/**
 * When the gateway call itself failed (a timeout, a dropped connection), the charge may or
 * may not have happened: the gateway's record under the key decides, sealed so that nothing
 * can happen under it later. When even that fails, the attempt stays PROCESSING for the
 * reconciliation.
 */
async function settleUnknown(
  backend: StepBackend,
  gateway: PaymentGateway,
  claimed: PaymentRow,
  error: unknown,
): Promise<Final> {
  logger.error(
    { err: error, gateway: gateway.name, orderNumber: claimed.orderNumber },
    'payments: the processor did not answer',
  );
  try {
    return outcomeOf(
      claimed.method as Attempt['method'],
      await gateway.lookup(claimed.idempotencyKey, { seal: true, now: backend.now() }),
    );
  } catch {
    throw new PaymentError(503, PAYMENT_ERRORS.inProgress, 'This payment is still being processed');
  }
}

export async function payByCard(
  backend: StepBackend,
  gateway: PaymentGateway,
  order: OrderRow,
  request: CardRequest,
): Promise<PaymentOutcome> {
  const attempt: Attempt = {
    method: 'CARD',
    amountCents: request.amountCents,
    idempotencyKey: request.idempotencyKey,
    last4: request.card.number.slice(-4),
  };
  await reconcileStuckPayments(backend, gateway, order.orderNumber);
  const started = await startAttempt(backend, order, attempt, PAYMENT_ERRORS.cardLimit);
  if ('outcome' in started) return started.outcome;
  crashPoint('after-claim');
  let status: Final;
  let reason: string | null = null;
  try {
    const result = await gateway.chargeCard({
      amountCents: request.amountCents,
      card: request.card,
      idempotencyKey: started.claimed.idempotencyKey,
      now: backend.now(),
    });
    status = result.status === 'approved' ? 'CAPTURED' : 'FAILED';
    if (result.status === 'declined') reason = result.reason;
  } catch (error) {
    status = await settleUnknown(backend, gateway, started.claimed, error);
  }
  crashPoint('after-charge');
  const { row, summary } = await finishAttempt(backend, started.claimed, status);
  if (row.status === 'FAILED') {
    logger.info({ orderNumber: order.orderNumber, reason }, 'payments: card declined');
    throw new PaymentError(
      402,
      reason === 'insufficientFunds' ? PAYMENT_ERRORS.insufficientFunds : PAYMENT_ERRORS.declined,
      'The card was declined',
    );
  }
  return { payment: toRecord(row), summary };
}

export async function payByBank(
  backend: StepBackend,
  gateway: PaymentGateway,
  order: OrderRow,
  request: BankRequest,
): Promise<PaymentOutcome> {
  const attempt: Attempt = {
    method: 'ACH',
    amountCents: request.amountCents,
    idempotencyKey: request.idempotencyKey,
    last4: request.bank.accountNumber.slice(-4),
  };
  await reconcileStuckPayments(backend, gateway, order.orderNumber);
  const started = await startAttempt(backend, order, attempt, PAYMENT_ERRORS.achLimit);
  if ('outcome' in started) return started.outcome;
  crashPoint('after-claim');
  let status: Final;
  try {
    const result = await gateway.startBankTransfer({
      amountCents: request.amountCents,
      bank: request.bank,
      idempotencyKey: started.claimed.idempotencyKey,
    });
    status = result.status === 'pending' ? 'PENDING' : 'FAILED';
  } catch (error) {
    status = await settleUnknown(backend, gateway, started.claimed, error);
  }
  crashPoint('after-charge');
  const { row, summary } = await finishAttempt(backend, started.claimed, status);
  if (row.status === 'FAILED') throw new PaymentError(402, PAYMENT_ERRORS.declined, 'The bank transfer was declined');
  return { payment: toRecord(row), summary };
}

/**
 * Settles attempts left PROCESSING for longer than stuckAfterMs() (one order's, or all) from
 * the gateway's record under their key: charged → CAPTURED (or PENDING for a transfer), never
 * charged → FAILED, and the key is sealed so a late request cannot charge under it. Answers
 * how many were settled.
 */
export async function reconcileStuckPayments(
  backend: StepBackend,
  gateway: PaymentGateway,
  orderNumber?: string,
): Promise<number> {
  const before = new Date(backend.now().getTime() - stuckAfterMs());
  const stuck = await backend.platform.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'PROCESSING'),
        lt(payments.createdAt, before),
        orderNumber ? eq(payments.orderNumber, orderNumber) : undefined,
      ),
    )
    .limit(100);
  let settled = 0;
  for (const row of stuck) {
    try {
      const record = await gateway.lookup(row.idempotencyKey, { seal: true, now: backend.now() });
      const status = outcomeOf(row.method as Attempt['method'], record);
      await finishAttempt(backend, row, status);
      logger.warn(
        { orderNumber: row.orderNumber, paymentId: row.id, status },
        'payments: settled an interrupted payment from the gateway record',
      );
      settled += 1;
    } catch (error) {
      logger.error(
        { err: error, orderNumber: row.orderNumber, paymentId: row.id },
        'payments: an interrupted payment could not be settled yet',
      );
    }
  }
  return settled;
}

type DeskAudit = (tx: DbOrTx, before: PaymentSummary, after: PaymentSummary) => Promise<void>;
type NewRow = Pick<typeof payments.$inferInsert, 'method' | 'status' | 'cardLast4' | 'refundOf'>;

/**
 * Money entered at the desk, in one transaction holding the order's row lock: the key answers
 * an earlier call again (another request under it is refused), `check` refuses what may not be
 * done and answers the row to write, the order's payment status follows, and `audit` writes its
 * row in the same transaction.
 */
async function deskEntry(
  backend: StepBackend,
  order: OrderRow,
  entry: { amountCents: number; idempotencyKey: string },
  sameRequest: (row: PaymentRow) => boolean,
  check: (tx: DbOrTx, before: PaymentSummary) => Promise<NewRow>,
  audit: (tx: DbOrTx, before: PaymentSummary, after: PaymentSummary, row: PaymentRow) => Promise<void>,
  onReplay: (row: PaymentRow) => void = () => undefined,
): Promise<PaymentOutcome> {
  const key = `${order.orderNumber}:${entry.idempotencyKey}`;
  return backend.platform.db.transaction(async (tx) => {
    await lockOrder(tx, order.orderNumber);
    const [earlier] = await tx.select().from(payments).where(eq(payments.idempotencyKey, key)).limit(1);
    if (earlier) {
      if (
        earlier.orderNumber !== order.orderNumber ||
        earlier.amountCents !== entry.amountCents ||
        !sameRequest(earlier)
      )
        throw new PaymentError(
          409,
          PAYMENT_ERRORS.idempotencyMismatch,
          'This idempotency key was used for another payment',
        );
      onReplay(earlier);
      return { payment: toRecord(earlier), summary: await getPaymentSummary(backend, order, tx) };
    }
    const before = await getPaymentSummary(backend, order, tx);
    const values = await check(tx, before);
    const [row] = await tx
      .insert(payments)
      .values({
        ...values,
        orderNumber: order.orderNumber,
        amountCents: entry.amountCents,
        idempotencyKey: key,
        createdAt: backend.now(),
      })
      .returning();
    const after = await updateOrderPayment(backend, tx, order.orderNumber);
    await audit(tx, before, after, row!);
    return { payment: toRecord(row!), summary: after };
  });
}

/**
 * Money staff take at the dealership (cash, a cheque, a card at the counter; issue 33, the
 * desk): the same locked path as a tracker payment, without a gateway, never more than is due.
 */
export async function recordDeskPayment(
  backend: StepBackend,
  order: OrderRow,
  entry: { amountCents: number; idempotencyKey: string },
  audit: DeskAudit,
): Promise<PaymentOutcome> {
  return deskEntry(
    backend,
    order,
    entry,
    (row) => row.method === 'DEALERSHIP' && row.status === 'CAPTURED',
    async (tx, before) => {
      if (!(await isContractSigned(tx, order.orderNumber)))
        throw new PaymentError(409, PAYMENT_ERRORS.notReady, 'Payments open once the contract is signed');
      if (entry.amountCents > before.amountDueCents)
        throw new PaymentError(422, PAYMENT_ERRORS.amountTooHigh, 'The amount is more than what is due');
      return { method: 'DEALERSHIP', status: 'CAPTURED', cardLast4: null, refundOf: null };
    },
    audit,
  );
}

const GATEWAY_REFUSALS = {
  notCaptured: 'The card company has no captured charge to refund for this payment',
  moreThanCaptured: 'The refund is more than what is left of this card payment',
  keyReused: 'This idempotency key was used for another payment',
} as const;

type RefundEntry = { amountCents: number; idempotencyKey: string; paymentId?: string | undefined };

/** What may be refunded now (inside the order's locked transaction): the refund row to write. */
async function checkRefund(tx: DbOrTx, order: OrderRow, before: PaymentSummary, entry: RefundEntry): Promise<NewRow> {
  if (entry.amountCents > before.capturedCents)
    throw new PaymentError(422, PAYMENT_ERRORS.amountTooHigh, 'The refund is more than what was paid');
  if (!entry.paymentId) return { method: 'DEALERSHIP', status: 'REFUNDED', cardLast4: null, refundOf: null };
  const rows = await listPayments(tx, order.orderNumber);
  const charge = rows.find((row) => row.id === entry.paymentId);
  if (!charge || charge.status !== 'CAPTURED' || !['CARD', 'DEALERSHIP'].includes(charge.method))
    throw new PaymentError(409, PAYMENT_ERRORS.notRefundable, 'This payment cannot be refunded');
  const refunded = rows.filter((row) => row.refundOf === charge.id).reduce((total, row) => total + row.amountCents, 0);
  if (refunded + entry.amountCents > charge.amountCents)
    throw new PaymentError(422, PAYMENT_ERRORS.amountTooHigh, GATEWAY_REFUSALS.moreThanCaptured);
  // A card refund is claimed (REFUNDING) here and finished once the gateway answered.
  return {
    method: charge.method,
    status: charge.method === 'CARD' ? 'REFUNDING' : 'REFUNDED',
    cardLast4: charge.cardLast4,
    refundOf: charge.id,
  };
}

/**
 * The one refund (issue 33, the desk; decision 107): of a card payment (`paymentId`), back to
 * the card through the gateway, never more than that charge less its refunds; otherwise money
 * given back at the dealership. Never more than was paid on the order. The refund is claimed in
 * a transaction holding the order's row lock (a card refund as REFUNDING, which counts as given
 * back, so racing refunds queue and never exceed what was paid); the gateway is called outside
 * it, under the refund's own key, and a second locked transaction records its answer: REFUNDED
 * with the audit row, or the claim removed when the gateway refused. A refund left REFUNDING
 * (the gateway did not answer) is finished by the same call again: the gateway answers a key
 * it knows with its first result.
 */
export async function refundPayment(
  backend: StepBackend,
  gateway: PaymentGateway,
  order: OrderRow,
  entry: RefundEntry,
  audit: DeskAudit,
): Promise<PaymentOutcome> {
  let claimed: PaymentRow | null = null;
  let before: PaymentSummary | null = null;
  const outcome = await deskEntry(
    backend,
    order,
    entry,
    (row) => ['REFUNDED', 'REFUNDING'].includes(row.status) && row.refundOf === (entry.paymentId ?? null),
    async (tx, summary) => checkRefund(tx, order, (before = summary), entry),
    async (tx, summary, after, row) => {
      // A card refund is audited once the gateway gave the money back.
      if (row.status === 'REFUNDING') claimed = row;
      else await audit(tx, summary, after);
    },
    (row) => {
      if (row.status === 'REFUNDING') claimed = row;
    },
  );
  const pending = claimed as PaymentRow | null;
  if (!pending) return outcome;
  const charge = await backend.platform.db.select().from(payments).where(eq(payments.id, pending.refundOf!)).limit(1);
  const result = await gateway.refundCard({
    chargeKey: charge[0]!.idempotencyKey,
    amountCents: pending.amountCents,
    idempotencyKey: pending.idempotencyKey,
    now: backend.now(),
  });
  if (result.status === 'refused') {
    // The claim is removed in its own transaction, committed before the refusal is answered,
    // so the money shows as paid again at once.
    await backend.platform.db.transaction(async (tx) => {
      await lockOrder(tx, order.orderNumber);
      await settleRefundClaim(backend, tx, pending, result);
    });
    logger.warn({ orderNumber: order.orderNumber, reason: result.reason }, 'payments: the gateway refused a refund');
    throw new PaymentError(
      result.reason === 'moreThanCaptured' ? 422 : 409,
      result.reason === 'moreThanCaptured' ? PAYMENT_ERRORS.amountTooHigh : PAYMENT_ERRORS.notRefundable,
      GATEWAY_REFUSALS[result.reason],
    );
  }
  return backend.platform.db.transaction(async (tx) => {
    await lockOrder(tx, order.orderNumber);
    const { finished, after } = await settleRefundClaim(backend, tx, pending, result);
    // Only the call that finished the refund audits it (a racing retry finds it REFUNDED).
    if (finished) await audit(tx, before ?? after, after);
    const [row] = finished ? [finished] : await tx.select().from(payments).where(eq(payments.id, pending.id)).limit(1);
    return { payment: toRecord(row!), summary: after };
  });
}

/**
 * Writes the gateway's answer to a claimed card refund (inside the order's locked transaction),
 * for the desk's call and the sweep alike: refunded → REFUNDED (dated `createdAt` when given),
 * refused → the claim removed; then the order's payment status. Only while the claim is still
 * REFUNDING: `finished` is absent when another call settled it meanwhile.
 */
async function settleRefundClaim(
  backend: StepBackend,
  tx: DbOrTx,
  claim: PaymentRow,
  result: RefundResult,
  createdAt?: Date,
): Promise<{ finished: PaymentRow | undefined; after: PaymentSummary }> {
  const stillClaimed = and(eq(payments.id, claim.id), eq(payments.status, 'REFUNDING'));
  const [finished] =
    result.status === 'refunded'
      ? await tx
          .update(payments)
          .set({ status: 'REFUNDED', ...(createdAt ? { createdAt } : {}) })
          .where(stillClaimed)
          .returning()
      : await tx.delete(payments).where(stillClaimed).returning();
  const after = await updateOrderPayment(backend, tx, claim.orderNumber);
  return { finished, after };
}

/** What the sweep tells the desk's trail about a refund it settled (decision 107). */
export type RefundSweepAudit = (
  tx: DbOrTx,
  settled: {
    order: OrderRow;
    refund: PaymentRow;
    outcome: 'refunded' | 'refused';
    reason?: string;
    before: PaymentSummary;
    after: PaymentSummary;
  },
) => Promise<void>;

/**
 * Finishes card refunds left REFUNDING for longer than stuckAfterMs() (the gateway did not
 * answer, or the process died between the calls; decision 107). Each is claimed with a
 * conditional update (its createdAt moved to now, only while it is still REFUNDING and still
 * stuck), so of two processes sweeping at once one takes it; a claimed refund the gateway again
 * does not answer is tried anew once it is stuck again. The gateway is asked under the SAME
 * key, so it gives the money back once whatever the tries: refunded → REFUNDED (with its first
 * date) and audited; refused → the claim removed, the money shows as paid again, and audited as
 * a failed refund. Answers how many were settled.
 */
export async function sweepStuckRefunds(
  backend: StepBackend,
  gateway: PaymentGateway,
  audit: RefundSweepAudit,
): Promise<number> {
  const db = backend.platform.db;
  const before = new Date(backend.now().getTime() - stuckAfterMs());
  const stuck = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'REFUNDING'), lt(payments.createdAt, before)))
    .limit(100);
  let settled = 0;
  for (const row of stuck) {
    try {
      const [claimed] = await db
        .update(payments)
        .set({ createdAt: backend.now() })
        .where(and(eq(payments.id, row.id), eq(payments.status, 'REFUNDING'), lt(payments.createdAt, before)))
        .returning();
      if (!claimed) continue; // another process took it, or a staff retry finished it
      const [charge] = await db.select().from(payments).where(eq(payments.id, row.refundOf!)).limit(1);
      const result = await gateway.refundCard({
        chargeKey: charge!.idempotencyKey,
        amountCents: row.amountCents,
        idempotencyKey: row.idempotencyKey,
        now: backend.now(),
      });
      const done = await db.transaction(async (tx) => {
        await lockOrder(tx, row.orderNumber);
        const order = await findOrderRow(tx, row.orderNumber);
        if (!order) return false;
        const summaryBefore = await getPaymentSummary(backend, order, tx);
        const { finished, after } = await settleRefundClaim(backend, tx, row, result, row.createdAt);
        if (!finished) return false; // a staff retry under the same key settled it meanwhile
        await audit(tx, {
          order,
          refund: finished,
          outcome: result.status,
          ...(result.status === 'refused' ? { reason: result.reason } : {}),
          before: summaryBefore,
          after,
        });
        return true;
      });
      if (!done) continue;
      logger.warn(
        { orderNumber: row.orderNumber, paymentId: row.id, outcome: result.status },
        'payments: settled a refund the gateway had not answered',
      );
      settled += 1;
    } catch (error) {
      logger.error(
        { err: error, orderNumber: row.orderNumber, paymentId: row.id },
        'payments: an interrupted refund could not be settled yet',
      );
    }
  }
  return settled;
}
