import { MethodTab } from '~/components/ui/method-tab';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '~/lib/checkout/payment-methods';

// The Overview's payment method choice (seed 002 §2-3): a set of links (?method=…), so it works
// without JavaScript. With it, the chosen form renders in the browser after the link.

/** The method links: one per method; the card is left out above the card limit, with the reason. */
export function PaymentMethodChoice({ method, methods }: { method: PaymentMethod; methods: PaymentMethod[] }) {
  return (
    <nav aria-label="Payment method" className="flex flex-wrap gap-2">
      {PAYMENT_METHODS.filter((candidate) => methods.includes(candidate)).map((candidate) => (
        <MethodTab
          key={candidate}
          to={`?method=${candidate}`}
          current={method === candidate}
          testId={`method-${candidate}`}
        >
          {PAYMENT_METHOD_LABELS[candidate]}
        </MethodTab>
      ))}
    </nav>
  );
}
