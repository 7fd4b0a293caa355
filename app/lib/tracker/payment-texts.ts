import type { PaymentRecord } from '~/lib/contract/tracker';

// The payment step's texts, without zod: the step's page shows them before its forms (and their
// schemas, ./payment-forms.ts) have loaded (decision 053).

/** Seed 002 §8, payment failed. */
export const PAYMENT_FAILED_MESSAGE =
  'We encountered an issue processing your payment. Please try again or try using another payment method.';
/** Seed 002 §9. */
export const BANK_DELAY_MESSAGE = 'Bank payments may take up to 3 business days to show.';

/** 'Card ending 4242', 'Bank account' when the last four digits are not known (never 'ending null'). */
export function paymentName(payment: Pick<PaymentRecord, 'method' | 'cardLast4'>): string {
  const name = payment.method === 'CARD' ? 'Card' : payment.method === 'ACH' ? 'Bank account' : 'Deposit';
  return payment.cardLast4 && payment.method !== 'DEPOSIT' ? `${name} ending ${payment.cardLast4}` : name;
}
