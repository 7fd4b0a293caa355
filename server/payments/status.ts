import type { PaymentSummary } from '../../app/lib/contract/tracker';

/**
 * The order's payment status from its money against what is due (the table in service.ts,
 * decision 011): the only way an order's payment status is made, by a tracker payment, a
 * checkout placement and the seed alike, so a step never reads Completed while money is due.
 */
export function orderPaymentStatus(
  dealType: 'Cash' | 'Finance' | 'Lease',
  summary: Pick<PaymentSummary, 'totalDueCents' | 'capturedCents' | 'pendingCents'> & {
    payments: ReadonlyArray<{ status: string; amountCents: number; createdAt: string }>;
  },
): string {
  const paid = dealType === 'Cash' ? 'FULLY_PAID' : 'DOWNPAYMENT_PAID';
  if (summary.capturedCents >= summary.totalDueCents) return paid;
  const latest = [...summary.payments].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  if (!latest || latest.status === 'FAILED') return 'PAYMENT_FAILED';
  if (summary.pendingCents > 0) return 'PAYMENT_PENDING';
  const held = summary.payments
    .filter((row) => row.status === 'HOLD')
    .reduce((total, row) => total + row.amountCents, 0);
  if (held > 0 && held === summary.capturedCents) return 'PAYMENT_HOLD';
  return 'PAYMENT_PENDING';
}
