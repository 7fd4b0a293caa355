// What the payment step needs from a payment processor. The built-in backend uses the sandbox
// (sandbox-gateway.ts); a real processor gets its own class behind the same interface. The
// card number and CVC pass through here to the processor and nowhere else: what comes back,
// and what the backend keeps, is the last four digits.
//
// Every call carries an idempotency key. Reconciliation (decision 011) relies on two more
// calls a real processor offers too: looking up what was done under a key, and voiding it
// (a refund of a charge, the cancellation of a transfer, or a refusal of any later call under
// the key when nothing was done yet).

export { passesLuhn } from '../../app/lib/shared/validation/payment';

export type CardDetails = {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
  postalCode: string;
};

export type BankDetails = {
  accountHolder: string;
  routingNumber: string;
  accountNumber: string;
  accountType: 'checking' | 'savings';
};

export type DeclineReason = 'declined' | 'insufficientFunds' | 'expired' | 'invalidNumber' | 'voided';

export type CardChargeResult =
  | { status: 'approved'; last4: string; reference: string }
  | { status: 'declined'; last4: string; reason: DeclineReason };

export type BankTransferResult =
  | { status: 'pending'; last4: string; reference: string }
  | { status: 'declined'; last4: string; reason: 'invalidAccount' | 'voided' };

/** A refund's answer: refused when the charge was not captured, or the refunds would exceed it. */
export type RefundResult =
  | { status: 'refunded'; amountCents: number; reference: string }
  | { status: 'refused'; reason: 'notCaptured' | 'moreThanCaptured' | 'keyReused' };

/** What the processor did under a key: money taken (approved, pending), refused, voided, or refunded. */
export type GatewayRecord = {
  kind: 'card' | 'bank' | 'refund';
  amountCents: number;
  status: 'approved' | 'pending' | 'declined' | 'voided' | 'refunded';
  last4: string | null;
};

export interface PaymentGateway {
  readonly name: string;
  /**
   * Charges a card once per idempotency key: the same key again answers the first result and
   * does not charge twice. A key voided before answers declined (voided).
   */
  chargeCard(input: {
    amountCents: number;
    card: CardDetails;
    idempotencyKey: string;
    now: Date;
  }): Promise<CardChargeResult>;
  /** Starts a bank transfer (ACH); it settles in up to 3 business days. Idempotent like chargeCard. */
  startBankTransfer(input: {
    amountCents: number;
    bank: BankDetails;
    idempotencyKey: string;
  }): Promise<BankTransferResult>;
  /**
   * Gives back part or all of a captured card charge (the charge's own idempotency key), once
   * per refund key: the same key again answers the first result. Refused for a charge that was
   * not captured (declined, voided, a bank transfer, unknown), for more than the charge less
   * its earlier refunds, and for a key used before for anything else.
   */
  refundCard(input: {
    chargeKey: string;
    amountCents: number;
    idempotencyKey: string;
    now: Date;
  }): Promise<RefundResult>;
  /**
   * What was done under this key, or null when the processor never heard of it. With `seal`,
   * a key never used is voided in the same step, so a request still on its way cannot charge
   * under it afterwards: the answer is final.
   */
  lookup(idempotencyKey: string, options?: { seal?: boolean; now?: Date }): Promise<GatewayRecord | null>;
  /**
   * Voids the key: a charge is refunded, a transfer cancelled, and a key never used is
   * refused from now on. Answers the record as it was before the void (null: nothing was done).
   */
  void(idempotencyKey: string, now: Date): Promise<GatewayRecord | null>;
}
