import { formatTerm, formatUsd, formatUsdWithCents } from '~/lib/shared/money';
import type { BuyBoxPayment } from '~/lib/search/payment-calculator';
import type { PublicTenant } from '~/lib/shared/tenant/schema';
import { PaymentBlock, PAYMENT_TEXTS } from './payment-block';

// The payment under the vehicle page's price: whatever the calculator prices for the shopper's
// choices (issue 31 point 2), so a lease or a 60-month loan picked there is what the buy box says.

export const BUY_BOX_PAYMENT_TEXTS = {
  lease: (termMonths: number, dueAtSigningCents: number) =>
    `Lease · ${formatTerm(termMonths)} · ${formatUsd(dueAtSigningCents)} due at signing`,
  cash: 'Cash price with taxes and fees',
} as const;

type BuyBoxPaymentViewProps = {
  payment: BuyBoxPayment;
  tenant: Pick<PublicTenant, 'dealerPhone'>;
  vehicleName: string;
};

export function BuyBoxPaymentView({ payment, tenant, vehicleName }: BuyBoxPaymentViewProps) {
  if (payment.kind === 'finance')
    return <PaymentBlock block={payment.block} tenant={tenant} vehicleName={vehicleName} />;
  if (payment.kind === 'lease') {
    return (
      <div data-testid="payment-block" data-payment="lease">
        <div className="flex flex-wrap items-baseline gap-x-1">
          <span className="text-sm font-semibold">{PAYMENT_TEXTS.estimated}</span>
          <span className="text-lg font-bold" data-testid="payment-monthly">
            {formatUsdWithCents(payment.monthlyPaymentCents)}
          </span>
          <span className="text-sm">/mo</span>
        </div>
        <p className="text-xs text-gray-700">
          {BUY_BOX_PAYMENT_TEXTS.lease(payment.termMonths, payment.dueAtSigningCents)}
        </p>
      </div>
    );
  }
  return (
    <div data-testid="payment-block" data-payment="cash">
      <span className="text-sm font-semibold">{PAYMENT_TEXTS.estimated} </span>
      <span className="text-lg font-bold" data-testid="payment-total">
        {formatUsdWithCents(payment.totalCents)}
      </span>
      <p className="text-xs text-gray-700">{BUY_BOX_PAYMENT_TEXTS.cash}</p>
    </div>
  );
}

/** The monthly figure a payment carries, for the phone's buy bar; null for cash or no payment. */
export function monthlyOf(payment: BuyBoxPayment | null): { cents: number; estimated: boolean } | null {
  if (!payment) return null;
  if (payment.kind === 'lease') return { cents: payment.monthlyPaymentCents, estimated: true };
  if (payment.kind !== 'finance') return null;
  const { block } = payment;
  return block.kind === 'estimated' || block.kind === 'personalized'
    ? { cents: block.terms.monthlyPaymentCents, estimated: block.kind === 'estimated' }
    : null;
}
