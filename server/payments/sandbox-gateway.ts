import { createHash } from 'node:crypto';
import { and, eq, inArray, sum } from 'drizzle-orm';
import {
  isExpired,
  isValidAccountNumber,
  isValidRoutingNumber,
  passesLuhn,
} from '../../app/lib/shared/validation/payment';
import type { Db } from '../db/client';
import { sandboxGatewayAnswers } from '../db/schema';
import type {
  BankTransferResult,
  CardChargeResult,
  DeclineReason,
  GatewayRecord,
  PaymentGateway,
  RefundResult,
} from './gateway';

// The built-in payment processor. It moves no money; it answers like a processor's test mode:
//
//   4242 4242 4242 4242, 5555 5555 5555 4444   approved
//   4000 0000 0000 0002                         declined
//   4000 0000 0000 9995                         declined: insufficient funds
//   any other number                            declined (only test numbers are accepted)
//   an expiry in the past                       declined: expired
//   bank transfer: a valid routing number       pending (settles in up to 3 business days);
//                  account 000000000000         declined
//
// Answers are kept per idempotency key in the database (sandbox_gateway_answers), like a real
// processor keeps them on its side: a retry, or the reconciliation after a crash, gets the
// first answer back, also after a restart and from another process. The first answer under a
// key is one conditional insert, so two racing calls cannot both charge.
//
// A refund is a row of its own (kind refund, its charge's key): it gives back part or all of an
// approved card charge, never more than the charge less its refunds (the charge's row is locked
// while they are summed, so racing refunds queue), and once per refund key.

export const SANDBOX_CARDS = {
  approved: '4242424242424242',
  approvedMastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

const CARD_OUTCOMES = new Map<string, 'approved' | DeclineReason>([
  [SANDBOX_CARDS.approved, 'approved'],
  [SANDBOX_CARDS.approvedMastercard, 'approved'],
  [SANDBOX_CARDS.declined, 'declined'],
  [SANDBOX_CARDS.insufficientFunds, 'insufficientFunds'],
]);

type AnswerRow = typeof sandboxGatewayAnswers.$inferSelect;

function reference(idempotencyKey: string): string {
  return `sbx_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20)}`;
}

function toRecord(row: AnswerRow): GatewayRecord {
  return { kind: row.kind, amountCents: row.amountCents, status: row.status, last4: row.last4 };
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';

  constructor(private readonly db: Db) {}

  /** Stores the answer unless the key has one already; answers whichever came first. */
  private async answer(values: typeof sandboxGatewayAnswers.$inferInsert): Promise<AnswerRow> {
    const [inserted] = await this.db
      .insert(sandboxGatewayAnswers)
      .values(values)
      .onConflictDoNothing({ target: sandboxGatewayAnswers.idempotencyKey })
      .returning();
    if (inserted) return inserted;
    const [first] = await this.db
      .select()
      .from(sandboxGatewayAnswers)
      .where(eq(sandboxGatewayAnswers.idempotencyKey, values.idempotencyKey))
      .limit(1);
    return first!;
  }

  async chargeCard(input: Parameters<PaymentGateway['chargeCard']>[0]): Promise<CardChargeResult> {
    const { card, now } = input;
    const last4 = card.number.slice(-4);
    let outcome: 'approved' | DeclineReason;
    if (!passesLuhn(card.number)) outcome = 'invalidNumber';
    else if (isExpired(card, now)) outcome = 'expired';
    else outcome = CARD_OUTCOMES.get(card.number) ?? 'declined';
    const row = await this.answer({
      idempotencyKey: input.idempotencyKey,
      kind: 'card',
      amountCents: input.amountCents,
      status: outcome === 'approved' ? 'approved' : 'declined',
      reason: outcome === 'approved' ? null : outcome,
      last4,
      reference: outcome === 'approved' ? reference(input.idempotencyKey) : null,
    });
    if (row.status === 'approved')
      return {
        status: 'approved',
        last4: row.last4 ?? last4,
        reference: row.reference ?? reference(input.idempotencyKey),
      };
    return {
      status: 'declined',
      last4: row.last4 ?? last4,
      reason: row.status === 'voided' ? 'voided' : ((row.reason as DeclineReason | null) ?? 'declined'),
    };
  }

  async startBankTransfer(input: Parameters<PaymentGateway['startBankTransfer']>[0]): Promise<BankTransferResult> {
    const { bank } = input;
    const last4 = bank.accountNumber.slice(-4);
    const valid = isValidRoutingNumber(bank.routingNumber) && isValidAccountNumber(bank.accountNumber);
    const row = await this.answer({
      idempotencyKey: input.idempotencyKey,
      kind: 'bank',
      amountCents: input.amountCents,
      status: valid ? 'pending' : 'declined',
      reason: valid ? null : 'invalidAccount',
      last4,
      reference: valid ? reference(input.idempotencyKey) : null,
    });
    if (row.status === 'pending' || row.status === 'approved')
      return {
        status: 'pending',
        last4: row.last4 ?? last4,
        reference: row.reference ?? reference(input.idempotencyKey),
      };
    return {
      status: 'declined',
      last4: row.last4 ?? last4,
      reason: row.status === 'voided' ? 'voided' : 'invalidAccount',
    };
  }

  async refundCard(input: Parameters<PaymentGateway['refundCard']>[0]): Promise<RefundResult> {
    return this.db.transaction(async (tx) => {
      // The charge's row is locked first: refunds of one charge (and retries of one key) queue.
      const [charge] = await tx
        .select()
        .from(sandboxGatewayAnswers)
        .where(eq(sandboxGatewayAnswers.idempotencyKey, input.chargeKey))
        .for('update')
        .limit(1);
      const [earlier] = await tx
        .select()
        .from(sandboxGatewayAnswers)
        .where(eq(sandboxGatewayAnswers.idempotencyKey, input.idempotencyKey))
        .limit(1);
      if (earlier) {
        if (
          earlier.kind !== 'refund' ||
          earlier.chargeKey !== input.chargeKey ||
          earlier.amountCents !== input.amountCents
        )
          return { status: 'refused', reason: 'keyReused' };
        return { status: 'refunded', amountCents: earlier.amountCents, reference: earlier.reference ?? '' };
      }
      if (!charge || charge.kind !== 'card' || charge.status !== 'approved')
        return { status: 'refused', reason: 'notCaptured' };
      const [refunded] = await tx
        .select({ cents: sum(sandboxGatewayAnswers.amountCents).mapWith(Number) })
        .from(sandboxGatewayAnswers)
        .where(and(eq(sandboxGatewayAnswers.chargeKey, input.chargeKey), eq(sandboxGatewayAnswers.kind, 'refund')));
      if (input.amountCents < 1 || (refunded?.cents ?? 0) + input.amountCents > charge.amountCents)
        return { status: 'refused', reason: 'moreThanCaptured' };
      const [row] = await tx
        .insert(sandboxGatewayAnswers)
        .values({
          idempotencyKey: input.idempotencyKey,
          kind: 'refund',
          amountCents: input.amountCents,
          status: 'refunded',
          last4: charge.last4,
          reference: reference(input.idempotencyKey),
          chargeKey: input.chargeKey,
          createdAt: input.now,
        })
        .onConflictDoNothing({ target: sandboxGatewayAnswers.idempotencyKey })
        .returning();
      // The key was taken meanwhile by a call for another charge.
      if (!row) return { status: 'refused', reason: 'keyReused' };
      return { status: 'refunded', amountCents: row.amountCents, reference: row.reference! };
    });
  }

  async lookup(idempotencyKey: string, options: { seal?: boolean; now?: Date } = {}): Promise<GatewayRecord | null> {
    if (options.seal) {
      const [sealed] = await this.db
        .insert(sandboxGatewayAnswers)
        .values({
          idempotencyKey,
          kind: 'card',
          amountCents: 0,
          status: 'voided',
          reason: 'sealed',
          voidedAt: options.now ?? new Date(),
        })
        .onConflictDoNothing({ target: sandboxGatewayAnswers.idempotencyKey })
        .returning({ key: sandboxGatewayAnswers.idempotencyKey });
      if (sealed) return null;
    }
    const [row] = await this.db
      .select()
      .from(sandboxGatewayAnswers)
      .where(eq(sandboxGatewayAnswers.idempotencyKey, idempotencyKey))
      .limit(1);
    if (!row || (row.status === 'voided' && row.reason === 'sealed')) return null;
    return toRecord(row);
  }

  async void(idempotencyKey: string, now: Date): Promise<GatewayRecord | null> {
    const before = await this.lookup(idempotencyKey, { seal: true, now });
    if (!before || before.status === 'voided' || before.status === 'declined') return before;
    await this.db
      .update(sandboxGatewayAnswers)
      .set({ status: 'voided', voidedAt: now })
      .where(
        and(
          eq(sandboxGatewayAnswers.idempotencyKey, idempotencyKey),
          inArray(sandboxGatewayAnswers.status, ['approved', 'pending']),
        ),
      );
    return before;
  }
}
