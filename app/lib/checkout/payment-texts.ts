import { DEPOSIT_CENTS } from '~/lib/contract/checkout-constants';
import { formatUsd } from '~/lib/shared/money';
import { ACH_LIMIT_CENTS, CARD_LIMIT_CENTS } from '~/lib/shared/validation/payment-limits';

// The Overview's payment methods and texts, without zod: the page shows them before its payment
// forms (an island, decision 056) and their schemas (./payment-schemas.ts) have loaded.

export { PAYMENT_METHODS, type PaymentMethod } from './payment-methods';

export const CHECKOUT_PAYMENT_MESSAGES = {
  /** Seed 002 §5: card payments are capped; larger down payments go by bank link. */
  cardCapped: `Credit card payments are capped at ${formatUsd(CARD_LIMIT_CENTS)}; larger down payments must be paid by bank link (ACH).`,
  /** The same ACH limit as the tracker's payment step (seed 001 §9). */
  achCapped: `Bank payments (ACH) are capped at ${formatUsd(ACH_LIMIT_CENTS)} at a time; pay the refundable deposit today and the rest in your order tracker.`,
  /** Seed 002 §9. */
  depositRefundable: `Hold your vehicle with a ${formatUsd(DEPOSIT_CENTS)} deposit on a card. Deposits are refundable in full; the rest is paid later in your order tracker.`,
  bankDelay: 'Bank payments may take up to 3 business days to show.',
  country: 'Card payments are accepted from the United States only',
  email: 'Enter the email for your receipt',
} as const;
