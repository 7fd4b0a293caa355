import { and, desc, eq } from 'drizzle-orm';
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
import { logger } from '../../app/lib/logger.server';
import type { Db } from '../db/client';
import { payments, signings } from '../db/schema';
import { tenantOf, type StepBackend } from '../orders/backend';
import type { OrderRow } from '../orders/changes';
import { findOrderRow, recordPaymentStatus } from '../orders/progress';
import { getDealTerms } from '../orders/terms';
import type { PaymentGateway } from './gateway';

// The payment step (seed 001 §9, seed 002 §4, §8): a card up to $7,000 through the gateway,
// captured at once; a bank transfer (ACH) up to $6,500, pending until it settles. What the
// order says afterwards:
//
//   everything due captured      → DOWNPAYMENT_PAID (finance, lease) or FULLY_PAID (cash); with
//                                   the contract signed the order is SOLD
//   a transfer pending           → PAYMENT_PENDING
//   something captured, not all  → PAYMENT_CAPTURED
//   nothing but a refusal        → PAYMENT_FAILED
//
// Each attempt is one payments row keyed by `<order>:<idempotency key>`: a retried request
// finds the row and answers it again, so nobody is ever charged twice. Only the last four
// digits of a card or account are stored.

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

async function listPayments(db: Db, orderNumber: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderNumber, orderNumber)).orderBy(desc(payments.createdAt));
}

export async function getPaymentSummary(backend: StepBackend, order: OrderRow): Promise<PaymentSummary> {
  const { db } = backend.platform;
  const [terms, rows] = await Promise.all([getDealTerms(db, order, tenantOf(backend, order.tenantId)), listPayments(db, order.orderNumber)]);
  const sum = (statuses: readonly string[]) => rows.filter((row) => statuses.includes(row.status)).reduce((total, row) => total + row.amountCents, 0);
  const capturedCents = sum(['CAPTURED', 'HOLD']);
  const pendingCents = sum(['PENDING', 'PROCESSING']);
  return {
    orderNumber: order.orderNumber,
    dealType: order.dealType,
    totalDueCents: terms.dueCents,
    capturedCents,
    pendingCents,
    amountDueCents: Math.max(0, terms.dueCents - capturedCents - pendingCents),
    limits: { cardCents: CARD_LIMIT_CENTS, achCents: ACH_LIMIT_CENTS },
    payments: rows.map(toRecord),
  };
}

/** The order's payment status for these sums (see the table above). */
export function orderPaymentStatus(dealType: OrderRow['dealType'], summary: Pick<PaymentSummary, 'totalDueCents' | 'capturedCents' | 'pendingCents'>): string {
  if (summary.totalDueCents > 0 && summary.capturedCents >= summary.totalDueCents) return dealType === 'Cash' ? 'FULLY_PAID' : 'DOWNPAYMENT_PAID';
  if (summary.pendingCents > 0) return 'PAYMENT_PENDING';
  if (summary.capturedCents > 0) return 'PAYMENT_CAPTURED';
  return 'PAYMENT_FAILED';
}

async function isContractSigned(db: Db, orderNumber: string): Promise<boolean> {
  const [row] = await db.select({ buyer: signings.buyerSigned, status: signings.status }).from(signings).where(eq(signings.orderNumber, orderNumber)).limit(1);
  return Boolean(row && (row.buyer || row.status === 'Signed'));
}

/** Writes the order's payment status from its payments, after an attempt. */
async function updateOrderPayment(backend: StepBackend, order: OrderRow): Promise<PaymentSummary> {
  const { db } = backend.platform;
  const summary = await getPaymentSummary(backend, order);
  const status = orderPaymentStatus(order.dealType, summary);
  const fresh = (await findOrderRow(db, order.orderNumber)) ?? order;
  await recordPaymentStatus(
    db,
    fresh,
    { status, settled: status === 'DOWNPAYMENT_PAID' || status === 'FULLY_PAID', contractSigned: await isContractSigned(db, order.orderNumber) },
    backend.now(),
  );
  return summary;
}

type Attempt = { method: 'CARD' | 'ACH'; amountCents: number; idempotencyKey: string; last4: string };

/** The payment step opens once the contract is signed; off-ramp orders have no payment step. */
async function requirePayable(backend: StepBackend, order: OrderRow): Promise<PaymentSummary> {
  if (!(await isContractSigned(backend.platform.db, order.orderNumber))) {
    throw new PaymentError(409, PAYMENT_ERRORS.notReady, 'Payments open once the contract is signed');
  }
  return getPaymentSummary(backend, order);
}

/** The row of an earlier call with the same key, answered again; a different request under the key is refused. */
function replay(row: PaymentRow, attempt: Attempt): PaymentRow {
  if (row.method !== attempt.method || row.amountCents !== attempt.amountCents) {
    throw new PaymentError(409, PAYMENT_ERRORS.idempotencyMismatch, 'This idempotency key was used for another payment');
  }
  if (row.status === 'PROCESSING') throw new PaymentError(409, PAYMENT_ERRORS.inProgress, 'This payment is still being processed');
  return row;
}

/** Records the attempt as PROCESSING, or answers the earlier row under the same key. */
async function claimAttempt(backend: StepBackend, order: OrderRow, attempt: Attempt): Promise<{ row: PaymentRow; fresh: boolean }> {
  const { db } = backend.platform;
  const key = `${order.orderNumber}:${attempt.idempotencyKey}`;
  const [inserted] = await db
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
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  if (inserted) return { row: inserted, fresh: true };
  const [earlier] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.idempotencyKey, key), eq(payments.orderNumber, order.orderNumber)))
    .limit(1);
  if (!earlier) throw new PaymentError(409, PAYMENT_ERRORS.idempotencyMismatch, 'This idempotency key was used for another payment');
  return { row: replay(earlier, attempt), fresh: false };
}

function declined(): PaymentError {
  return new PaymentError(402, PAYMENT_ERRORS.declined, 'The payment was declined');
}

export type PaymentOutcome = { payment: PaymentRecord; summary: PaymentSummary };

function checkAmount(summary: PaymentSummary, amountCents: number, limitCents: number, limitCode: string): void {
  if (amountCents > limitCents) {
    throw new PaymentError(422, limitCode, `This method pays at most $${(limitCents / 100).toLocaleString('en-US')} at a time`);
  }
  if (amountCents > summary.amountDueCents) throw new PaymentError(422, PAYMENT_ERRORS.amountTooHigh, 'The amount is more than what is due');
}

type Started = { outcome: PaymentOutcome } | { claimed: PaymentRow; key: string };

/**
 * The start of every payment: an attempt already made with this key is answered again (a
 * refusal stays a refusal); otherwise the amount is checked against the method's limit and
 * what is due, and the attempt is claimed, so two racing requests never both reach the gateway.
 */
async function startAttempt(backend: StepBackend, order: OrderRow, attempt: Attempt, limitCents: number, limitCode: string): Promise<Started> {
  const { db } = backend.platform;
  const key = `${order.orderNumber}:${attempt.idempotencyKey}`;
  const [earlier] = await db.select().from(payments).where(eq(payments.idempotencyKey, key)).limit(1);
  if (earlier) {
    const row = replay(earlier, attempt);
    if (row.status === 'FAILED') throw declined();
    return { outcome: { payment: toRecord(row), summary: await getPaymentSummary(backend, order) } };
  }
  const summary = await requirePayable(backend, order);
  checkAmount(summary, attempt.amountCents, limitCents, limitCode);
  const claimed = await claimAttempt(backend, order, attempt);
  if (!claimed.fresh) {
    if (claimed.row.status === 'FAILED') throw declined();
    return { outcome: { payment: toRecord(claimed.row), summary } };
  }
  return { claimed: claimed.row, key };
}

export async function payByCard(backend: StepBackend, gateway: PaymentGateway, order: OrderRow, request: CardRequest): Promise<PaymentOutcome> {
  const { db } = backend.platform;
  const attempt: Attempt = { method: 'CARD', amountCents: request.amountCents, idempotencyKey: request.idempotencyKey, last4: request.card.number.slice(-4) };
  const started = await startAttempt(backend, order, attempt, CARD_LIMIT_CENTS, PAYMENT_ERRORS.cardLimit);
  if ('outcome' in started) return started.outcome;
  let status: 'CAPTURED' | 'FAILED';
  let reason: string | null = null;
  try {
    const result = await gateway.chargeCard({ amountCents: request.amountCents, card: request.card, idempotencyKey: started.key, now: backend.now() });
    status = result.status === 'approved' ? 'CAPTURED' : 'FAILED';
    if (result.status === 'declined') reason = result.reason;
  } catch (error) {
    logger.error({ err: error, gateway: gateway.name, orderNumber: order.orderNumber }, 'payments: the card processor failed');
    status = 'FAILED';
    reason = 'processor';
  }
  const [row] = await db.update(payments).set({ status }).where(eq(payments.id, started.claimed.id)).returning();
  const after = await updateOrderPayment(backend, order);
  if (status === 'FAILED') {
    logger.info({ orderNumber: order.orderNumber, reason }, 'payments: card declined');
    throw new PaymentError(402, reason === 'insufficientFunds' ? PAYMENT_ERRORS.insufficientFunds : PAYMENT_ERRORS.declined, 'The card was declined');
  }
  return { payment: toRecord(row!), summary: after };
}

export async function payByBank(backend: StepBackend, gateway: PaymentGateway, order: OrderRow, request: BankRequest): Promise<PaymentOutcome> {
  const { db } = backend.platform;
  const attempt: Attempt = { method: 'ACH', amountCents: request.amountCents, idempotencyKey: request.idempotencyKey, last4: request.bank.accountNumber.slice(-4) };
  const started = await startAttempt(backend, order, attempt, ACH_LIMIT_CENTS, PAYMENT_ERRORS.achLimit);
  if ('outcome' in started) return started.outcome;
  let status: 'PENDING' | 'FAILED';
  try {
    const result = await gateway.startBankTransfer({ amountCents: request.amountCents, bank: request.bank, idempotencyKey: started.key });
    status = result.status === 'pending' ? 'PENDING' : 'FAILED';
  } catch (error) {
    logger.error({ err: error, gateway: gateway.name, orderNumber: order.orderNumber }, 'payments: the bank transfer failed to start');
    status = 'FAILED';
  }
  const [row] = await db.update(payments).set({ status }).where(eq(payments.id, started.claimed.id)).returning();
  const after = await updateOrderPayment(backend, order);
  if (status === 'FAILED') throw new PaymentError(402, PAYMENT_ERRORS.declined, 'The bank transfer was declined');
  return { payment: toRecord(row!), summary: after };
}
