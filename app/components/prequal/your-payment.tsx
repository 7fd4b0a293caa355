import { Link } from '@remix-run/react';
import { prequalHrefFor } from '~/lib/prequal-refresh';
import { textLink } from '~/components/ui/text-link';

// The vehicle page's own payment (issue 14), before the shopper has pre-qualified: the way to
// pre-qualify. Once pre-qualified, their payment at their tier is the one under the price (the
// buy box), and this section is left out. The calculator beside it stays an estimate.

export function YourPayment({ vin }: { vin: string }) {
  return (
    <section
      aria-labelledby="your-payment-heading"
      className="rounded-tenant border border-black/15 p-4"
      data-testid="your-payment"
    >
      <h2 id="your-payment-heading" className="font-bold">
        Your payment
      </h2>
      <p className="mt-2 text-sm">
        <Link to={prequalHrefFor(vin)} className={textLink}>
          Get pre-qualified
        </Link>{' '}
        to see your own monthly payment, APR and term. It does not affect your credit score.
      </p>
    </section>
  );
}
