// The Overview's payment methods and their names, with nothing else: the method links load them
// with the page, the texts with their amounts (./payment-texts.ts) come with the loader's data or
// the payment forms (decision 060).

export const PAYMENT_METHODS = ['bank', 'card', 'deposit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank: 'Bank account (ACH)',
  card: 'Credit card',
  deposit: 'Refundable deposit',
};
