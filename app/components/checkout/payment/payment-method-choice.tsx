import { Link } from '@remix-run/react';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '~/lib/checkout/payment-texts';

// The Overview's payment method choice (seed 002 §2-3): a set of links (?method=…), so it works
// without JavaScript. With it, the chosen form renders in the browser after the link: `onIntent`
// (a pointer over a link, or the focus on one) lets the page start the forms' code first
// (decision 056).

/** The method links: one per method; the card is left out above the card limit, with the reason. */
export function PaymentMethodChoice({
  method,
  methods,
  onIntent,
}: {
  method: PaymentMethod;
  methods: PaymentMethod[];
  onIntent?: () => void;
}) {
  return (
    <nav aria-label="Payment method" className="flex flex-wrap gap-2">
      {PAYMENT_METHODS.filter((candidate) => methods.includes(candidate)).map((candidate) => (
        <Link
          key={candidate}
          to={`?method=${candidate}`}
          replace
          preventScrollReset
          onPointerEnter={onIntent}
          onFocus={onIntent}
          aria-current={method === candidate ? 'page' : undefined}
          className={`rounded-tenant border px-4 py-2 font-semibold ${method === candidate ? 'border-primary bg-primary text-primary-contrast' : 'border-black/30 hover:bg-black/5'}`}
          data-testid={`method-${candidate}`}
        >
          {PAYMENT_METHOD_LABELS[candidate]}
        </Link>
      ))}
    </nav>
  );
}
