import type { PaymentRecord, PaymentSummary } from '~/lib/contract/tracker';
import { formatUsdAmount as formatUsd } from '~/lib/shared/money';

// The payment step's texts, without zod: the step's page shows them before its forms (and their
// schemas, ./payment-forms.ts) have loaded (decision 053). Its loader words the summary and the
// payments (paymentSummaryView), so the page carries no money formatting (decision 057).

/** Seed 002 §8, payment failed. */
export const PAYMENT_FAILED_MESSAGE =
  'We encountered an issue processing your payment. Please try again or try using another payment method.';
/** Seed 002 §9. */
export const BANK_DELAY_MESSAGE = 'Bank payments may take up to 3 business days to show.';

/** 'Card ending 4242', 'Bank account' when the last four digits are not known (never 'ending null'). */
export function paymentName(payment: Pick<PaymentRecord, 'method' | 'cardLast4'>): string {
  if (payment.method === 'DEALERSHIP') return 'At the dealership';
  const name = payment.method === 'CARD' ? 'Card' : payment.method === 'ACH' ? 'Bank account' : 'Deposit';
  return payment.cardLast4 && payment.method !== 'DEPOSIT' ? `${name} ending ${payment.cardLast4}` : name;
}

const STATUS_LABEL: Record<string, string> = {
  CAPTURED: 'Paid',
  HOLD: 'On hold',
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  FAILED: 'Declined',
  REFUNDED: 'Refunded',
};

type PaymentNotice = { kind: 'success' | 'info'; title: string; text?: string; testId?: string };

/** What a payment just made says (`paid`: the method, from the page's address after a payment). */
function paidNotice(paid: string | null): PaymentNotice | null {
  if (paid === 'card')
    return { kind: 'success', title: 'Thank you: your payment went through', testId: 'payment-result' };
  if (paid === 'bank')
    return {
      kind: 'success',
      title: 'Your bank transfer has started',
      text: BANK_DELAY_MESSAGE,
      testId: 'payment-result',
    };
  return null;
}

/**
 * The summary's amounts and each payment, in words, with the notices of the page: a payment
 * just made, and nothing left to pay (or on its way).
 */
export function paymentSummaryView(summary: PaymentSummary, paid: string | null) {
  return {
    paidNotice: paidNotice(paid),
    dueNotice:
      summary.amountDueCents > 0
        ? null
        : summary.pendingCents > 0
          ? { kind: 'info' as const, title: 'Your payment is on its way', text: BANK_DELAY_MESSAGE }
          : { kind: 'info' as const, title: 'Nothing is due', text: 'There is nothing left to pay on this order.' },
    totalLabel: summary.dealType === 'Cash' ? 'Total price' : 'Down payment',
    total: formatUsd(summary.totalDueCents),
    paid: formatUsd(summary.capturedCents),
    pending: summary.pendingCents > 0 ? formatUsd(summary.pendingCents) : null,
    due: formatUsd(summary.amountDueCents),
    payments: summary.payments.map((payment) => ({
      id: payment.id,
      status: payment.status,
      text: `${paymentName(payment)}: ${formatUsd(payment.amountCents)} — ${STATUS_LABEL[payment.status] ?? payment.status}`,
    })),
  };
}
