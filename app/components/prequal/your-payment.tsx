import { Link } from '@remix-run/react';
import type { CardPaymentBlock } from '~/lib/shared/payments/card-payment-block';
import { prequalHrefFor } from '~/lib/prequal-refresh';
import type { PublicTenant } from '~/lib/shared/tenant/schema';
import { textLink } from '~/components/ui/text-link';
import { PaymentBlock } from '~/components/vehicles/payment-block';

// The vehicle page's own payment (issue 14): once pre-qualified, the shopper's monthly payment,
// APR and term at their tier (marked lender qualified, not 'Est.'), or the seed's no-payment
// state; before that, the way to pre-qualify. The calculator beside it stays an estimate.

export function YourPayment({
  block,
  vin,
  vehicleName,
  tenant,
}: {
  block: CardPaymentBlock | null;
  vin: string;
  vehicleName: string;
  tenant: Pick<PublicTenant, 'dealerPhone'>;
}) {
  return (
    <section
      aria-labelledby="your-payment-heading"
      className="rounded-tenant border border-black/15 p-4"
      data-testid="your-payment"
    >
      <h2 id="your-payment-heading" className="font-bold">
        Your payment
      </h2>
      {block ? (
        <div className="mt-2">
          <PaymentBlock block={block} tenant={tenant} vehicleName={vehicleName} />
        </div>
      ) : (
        <p className="mt-2 text-sm">
          <Link to={prequalHrefFor(vin)} className={textLink}>
            Get pre-qualified
          </Link>{' '}
          to see your own monthly payment, APR and term. It does not affect your credit score.
        </p>
      )}
    </section>
  );
}
