import { z } from 'zod';
import { DEPOSIT_CENTS, type OrderSummary, type PlaceOrderRequest } from '~/lib/contract/checkout';
import { emailSchema } from '~/lib/shared/validation/fields';
import {
  ACH_LIMIT_CENTS,
  CARD_LIMIT_CENTS,
  bankFormFields,
  cardFormFields,
  isExpired,
  parseExpiry,
  passesLuhn,
} from '~/lib/shared/validation/payment';
import { PAYMENT_FAILED_MESSAGE } from '~/lib/tracker/payment-forms';
import { CHECKOUT_PAYMENT_MESSAGES, PAYMENT_METHODS, type PaymentMethod } from './payment-texts';

// The Overview step's payment forms (seed 002 §2-3, §5, §8-9; seed 001 §9): bank account (ACH),
// credit card and refundable deposit. One zod schema per form, used as HTML constraints, on blur
// in the browser and on the server. Pure logic only, so the rules are unit-tested on their own.

export { PAYMENT_FAILED_MESSAGE };
export * from './payment-texts';

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

/** The ACH limit of seed 001 §9, the same at checkout as in the tracker: $6,500 at a time. */
export function bankAllowedFor(amountCents: number): boolean {
  return amountCents <= ACH_LIMIT_CENTS;
}

/**
 * Methods the shopper may choose for this amount: the card and the bank only up to their limits, the deposit
 * only when at least the deposit is due (otherwise the whole amount is the smaller payment).
 */
export function availableMethods(dueTodayCents: number): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => {
    if (method === 'card') return cardAllowedFor(dueTodayCents);
    if (method === 'bank') return bankAllowedFor(dueTodayCents);
    if (method === 'deposit') return dueTodayCents >= DEPOSIT_CENTS;
    return true;
  });
}

// The card and bank rules themselves live in app/lib/shared/validation/payment.ts (issue 12 point 4).
export { isExpired, parseExpiry, passesLuhn };

/** '•••• 4242': the only form a card or account number is ever shown in. */
export function maskedLast4(last4: string | null): string {
  return last4 ? `•••• ${last4}` : '';
}

const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

function cardFields(now: Date) {
  return {
    idempotencyKey,
    email: emailSchema,
    ...cardFormFields(now),
    country: z.literal('US', { error: CHECKOUT_PAYMENT_MESSAGES.country }),
  };
}

/** The card form (seed 002 §3): refused above the card limit, whatever the browser sent. */
export function cardPaymentSchema(dueTodayCents: number, now: Date = new Date()) {
  return z.object({ intent: z.literal('card'), ...cardFields(now) }).check((context) => {
    if (!cardAllowedFor(dueTodayCents)) {
      context.issues.push({
        code: 'custom',
        message: CHECKOUT_PAYMENT_MESSAGES.cardCapped,
        input: context.value,
        path: [],
      });
    }
  });
}

/** The deposit is taken on a card, so it asks for the same fields. */
export function depositPaymentSchema(now: Date = new Date()) {
  return z.object({ intent: z.literal('deposit'), ...cardFields(now) });
}

/** Bank account by ACH, refused above the ACH limit, whatever the browser sent. */
export function bankPaymentSchema(dueTodayCents: number) {
  return z.object({ intent: z.literal('bank'), idempotencyKey, ...bankFormFields }).check((context) => {
    if (!bankAllowedFor(dueTodayCents)) {
      context.issues.push({
        code: 'custom',
        message: CHECKOUT_PAYMENT_MESSAGES.achCapped,
        input: context.value,
        path: [],
      });
    }
  });
}

export function paymentSchemaFor(method: PaymentMethod, dueTodayCents: number, now: Date = new Date()) {
  if (method === 'card') return cardPaymentSchema(dueTodayCents, now);
  if (method === 'deposit') return depositPaymentSchema(now);
  return bankPaymentSchema(dueTodayCents);
}

export type CardPayment = z.output<ReturnType<typeof cardPaymentSchema>>;
export type DepositPayment = z.output<ReturnType<typeof depositPaymentSchema>>;
export type BankPayment = z.output<ReturnType<typeof bankPaymentSchema>>;

/** The commerce API's place-order body for a valid form; the idempotency key travels as a header. */
export function placeOrderBody(
  value: CardPayment | DepositPayment | BankPayment,
  dueTodayCents: number,
): PlaceOrderRequest {
  if (value.intent === 'bank') {
    const { accountHolder, routingNumber, accountNumber, accountType } = value;
    return {
      method: 'ACH',
      amountCents: dueTodayCents,
      bank: { accountHolder, routingNumber, accountNumber, accountType },
    };
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
