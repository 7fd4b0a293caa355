// What the payment step needs from a payment processor. The built-in backend uses the sandbox
// (sandbox-gateway.ts); a real processor gets its own class behind the same interface. The
// card number and CVC pass through here to the processor and nowhere else: what comes back,
// and what the backend keeps, is the last four digits.

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

export type DeclineReason = 'declined' | 'insufficientFunds' | 'expired' | 'invalidNumber';

export type CardChargeResult =
  | { status: 'approved'; last4: string; reference: string }
  | { status: 'declined'; last4: string; reason: DeclineReason };

export type BankTransferResult =
  | { status: 'pending'; last4: string; reference: string }
  | { status: 'declined'; last4: string; reason: 'invalidAccount' };

export interface PaymentGateway {
  readonly name: string;
  /**
   * Charges a card once per idempotency key: the same key again answers the first result and
   * does not charge twice.
   */
  chargeCard(input: { amountCents: number; card: CardDetails; idempotencyKey: string; now: Date }): Promise<CardChargeResult>;
  /** Starts a bank transfer (ACH); it settles in up to 3 business days. Idempotent like chargeCard. */
  startBankTransfer(input: { amountCents: number; bank: BankDetails; idempotencyKey: string }): Promise<BankTransferResult>;
}

/** Luhn's check digit test, which every card number passes. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}
