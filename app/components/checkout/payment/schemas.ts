import { z } from 'zod';
import { DEPOSIT_CENTS, type OrderSummary, type PlaceOrderRequest } from '~/lib/contract/checkout';
import { CARD_LIMIT_CENTS } from '~/lib/contract/tracker';
import { formatUsd } from '~/lib/money';
import { emailSchema } from '~/lib/validation/fields';
import { PAYMENT_FAILED_MESSAGE, PAYMENT_FIELD_MESSAGES } from '~/components/tracker/payment-forms';

// The Overview step's payment forms (seed 002 §2-3, §5, §8-9; seed 001 §9): bank account (ACH),
// credit card and refundable deposit. One zod schema per form, used as HTML constraints, on blur
// in the browser and on the server. Pure logic only, so the rules are unit-tested on their own.

export const PAYMENT_METHODS = ['bank', 'card', 'deposit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank: 'Bank account (ACH)',
  card: 'Credit card',
  deposit: 'Refundable deposit',
};

export { PAYMENT_FAILED_MESSAGE };

export const CHECKOUT_PAYMENT_MESSAGES = {
  /** Seed 002 §5: card payments are capped; larger down payments go by bank link. */
  cardCapped: `Credit card payments are capped at ${formatUsd(CARD_LIMIT_CENTS)}; larger down payments must be paid by bank link (ACH).`,
  /** Seed 002 §9. */
  depositRefundable: `Hold your vehicle with a ${formatUsd(DEPOSIT_CENTS)} deposit on a card. Deposits are refundable in full; the rest is paid later in your order tracker.`,
  bankDelay: 'Bank payments may take up to 3 business days to show.',
  country: 'Card payments are accepted from the United States only',
  email: 'Enter the email for your receipt',
} as const;

/** The form field names that are never sent back to the browser after a post. */
export const SECRET_PAYMENT_FIELDS = ['cardNumber', 'cvc', 'routingNumber', 'accountNumber'];

/** What the shopper pays when the order is placed, by purchase type (seed 002 §3). */
export function amountDueTodayCents(summary: OrderSummary): number {
  if (summary.dealType === 'Finance') return summary.finance.dueTodayCents;
  if (summary.dealType === 'Lease') return summary.lease.dueAtSigningCents;
  return summary.cash.dueTodayCents;
}

/** The card limit of seed 001 §9: a card pays up to $7,000 today; more goes by bank. */
export function cardAllowedFor(amountCents: number): boolean {
  return amountCents <= CARD_LIMIT_CENTS;
}

/** What the chosen method charges today: the whole amount due, or the deposit. */
export function chargeFor(method: PaymentMethod, dueTodayCents: number): number {
  return method === 'deposit' ? DEPOSIT_CENTS : dueTodayCents;
}

/**
 * Methods the shopper may choose for this amount: the card only up to the limit, the deposit
 * only when at least the deposit is due (otherwise the whole amount is the smaller payment).
 */
export function availableMethods(dueTodayCents: number): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => {
    if (method === 'card') return cardAllowedFor(dueTodayCents);
    if (method === 'deposit') return dueTodayCents >= DEPOSIT_CENTS;
    return true;
  });
}

/**
 * 'MM/YY' (spaces around the slash allowed) to a month and a four-digit year, or null. Years are
 * 20YY: a card is valid for a few years at most.
 */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(text.trim());
  if (!match) return null;
  return { expMonth: Number(match[1]), expYear: 2000 + Number(match[2]) };
}

/** A card is good through the last day of its expiry month. */
export function isExpired(expiry: { expMonth: number; expYear: number }, now: Date): boolean {
  return Date.UTC(expiry.expYear, expiry.expMonth, 1) <= now.getTime();
}

/** The Luhn check every card number passes; it catches a mistyped digit before the gateway does. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Digits of a card number as typed with spaces or dashes ('4242 4242 …'). */
export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** '•••• 4242': the only form a card or account number is ever shown in. */
export function maskedLast4(last4: string | null): string {
  return last4 ? `•••• ${last4}` : '';
}

const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

function text(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });
}

function cardFields(now: Date) {
  return {
    idempotencyKey,
    email: emailSchema,
    cardNumber: z
      .string({ error: PAYMENT_FIELD_MESSAGES.cardNumber })
      .transform(cardDigits)
      .refine((digits) => /^\d{12,19}$/.test(digits) && passesLuhn(digits), { error: PAYMENT_FIELD_MESSAGES.cardNumber }),
    expiry: z
      .string({ error: PAYMENT_FIELD_MESSAGES.expiry })
      .transform((value, context) => {
        const expiry = parseExpiry(value);
        if (!expiry) {
          context.addIssue({ code: 'custom', message: PAYMENT_FIELD_MESSAGES.expiry });
          return z.NEVER;
        }
        if (isExpired(expiry, now)) {
          context.addIssue({ code: 'custom', message: PAYMENT_FIELD_MESSAGES.expired });
          return z.NEVER;
        }
        return expiry;
      }),
    cvc: z.string({ error: PAYMENT_FIELD_MESSAGES.cvc }).trim().regex(/^\d{3,4}$/, { error: PAYMENT_FIELD_MESSAGES.cvc }),
    cardName: text(PAYMENT_FIELD_MESSAGES.cardName, 80),
    country: z.literal('US', { error: CHECKOUT_PAYMENT_MESSAGES.country }),
    postalCode: z.string({ error: PAYMENT_FIELD_MESSAGES.postalCode }).trim().regex(/^\d{5}$/, { error: PAYMENT_FIELD_MESSAGES.postalCode }),
  };
}

/** The card form (seed 002 §3): refused above the card limit, whatever the browser sent. */
export function cardPaymentSchema(dueTodayCents: number, now: Date = new Date()) {
  return z
    .object({ intent: z.literal('card'), ...cardFields(now) })
    .check((context) => {
      if (!cardAllowedFor(dueTodayCents)) {
        context.issues.push({ code: 'custom', message: CHECKOUT_PAYMENT_MESSAGES.cardCapped, input: context.value, path: [] });
      }
    });
}

/** The deposit is taken on a card, so it asks for the same fields. */
export function depositPaymentSchema(now: Date = new Date()) {
  return z.object({ intent: z.literal('deposit'), ...cardFields(now) });
}

/** Bank account by ACH (no cap: larger down payments come this way). */
export const bankPaymentSchema = z.object({
  intent: z.literal('bank'),
  idempotencyKey,
  accountHolder: text(PAYMENT_FIELD_MESSAGES.accountHolder, 80),
  routingNumber: z.string({ error: PAYMENT_FIELD_MESSAGES.routingNumber }).trim().regex(/^\d{9}$/, { error: PAYMENT_FIELD_MESSAGES.routingNumber }),
  accountNumber: z.string({ error: PAYMENT_FIELD_MESSAGES.accountNumber }).trim().regex(/^\d{4,17}$/, { error: PAYMENT_FIELD_MESSAGES.accountNumber }),
  accountType: z.enum(['checking', 'savings'], { error: PAYMENT_FIELD_MESSAGES.accountType }),
});

export function paymentSchemaFor(method: PaymentMethod, dueTodayCents: number, now: Date = new Date()) {
  if (method === 'card') return cardPaymentSchema(dueTodayCents, now);
  if (method === 'deposit') return depositPaymentSchema(now);
  return bankPaymentSchema;
}

export type CardPayment = z.output<ReturnType<typeof cardPaymentSchema>>;
export type DepositPayment = z.output<ReturnType<typeof depositPaymentSchema>>;
export type BankPayment = z.output<typeof bankPaymentSchema>;

/** The commerce API's place-order body for a valid form; the idempotency key travels as a header. */
export function placeOrderBody(value: CardPayment | DepositPayment | BankPayment, dueTodayCents: number): PlaceOrderRequest {
  if (value.intent === 'bank') {
    const { accountHolder, routingNumber, accountNumber, accountType } = value;
    return { method: 'ACH', amountCents: dueTodayCents, bank: { accountHolder, routingNumber, accountNumber, accountType } };
  }
  const card = {
    email: value.email,
    number: value.cardNumber,
    expMonth: value.expiry.expMonth,
    expYear: value.expiry.expYear,
    cvc: value.cvc,
    name: value.cardName,
    country: value.country,
    postalCode: value.postalCode,
  };
  if (value.intent === 'deposit') return { method: 'DEPOSIT', amountCents: DEPOSIT_CENTS, card };
  return { method: 'CARD', amountCents: dueTodayCents, card };
}
