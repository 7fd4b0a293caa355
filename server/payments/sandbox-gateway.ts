import { createHash } from 'node:crypto';
import {
  isValidRoutingNumber,
  passesLuhn,
  type BankTransferResult,
  type CardChargeResult,
  type DeclineReason,
  type PaymentGateway,
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
// Answers are remembered per idempotency key, so a retry gets the first answer back.

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

const REMEMBERED = 10_000;

function reference(idempotencyKey: string): string {
  return `sbx_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20)}`;
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  private readonly answers = new Map<string, CardChargeResult | BankTransferResult>();

  private remember<T extends CardChargeResult | BankTransferResult>(key: string, answer: T): T {
    if (this.answers.size >= REMEMBERED) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, answer);
    return answer;
  }

  async chargeCard(input: Parameters<PaymentGateway['chargeCard']>[0]): Promise<CardChargeResult> {
    const known = this.answers.get(input.idempotencyKey);
    if (known) return known as CardChargeResult;
    const { card, now } = input;
    const last4 = card.number.slice(-4);
    const endOfExpiryMonth = Date.UTC(card.expYear, card.expMonth, 1);
    let outcome: 'approved' | DeclineReason;
    if (!passesLuhn(card.number)) outcome = 'invalidNumber';
    else if (endOfExpiryMonth <= now.getTime()) outcome = 'expired';
    else outcome = CARD_OUTCOMES.get(card.number) ?? 'declined';
    const answer: CardChargeResult =
      outcome === 'approved' ? { status: 'approved', last4, reference: reference(input.idempotencyKey) } : { status: 'declined', last4, reason: outcome };
    return this.remember(input.idempotencyKey, answer);
  }

  async startBankTransfer(input: Parameters<PaymentGateway['startBankTransfer']>[0]): Promise<BankTransferResult> {
    const known = this.answers.get(input.idempotencyKey);
    if (known) return known as BankTransferResult;
    const { bank } = input;
    const last4 = bank.accountNumber.slice(-4);
    const valid = isValidRoutingNumber(bank.routingNumber) && !/^0+$/.test(bank.accountNumber);
    const answer: BankTransferResult = valid
      ? { status: 'pending', last4, reference: reference(input.idempotencyKey) }
      : { status: 'declined', last4, reason: 'invalidAccount' };
    return this.remember(input.idempotencyKey, answer);
  }
}
