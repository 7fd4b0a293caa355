import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useHydrated } from '~/components/hydrated';
import { ReceiptDetails } from '~/components/checkout/receipt';
import { checkoutMeta } from '~/lib/checkout/meta';
import { requireReceipt } from './receipt.$orderNumber.server';
import { secondaryButton, textLink } from '~/components/ui/button';

/** A page without script: every action on it is a link or a form post (decision 073). */
export const handle = { scripts: false };

// The order receipt (seed 002 §2-3), printable: the browser's print prints just the receipt.

export async function loader({ request, params, context: loadContext }: LoaderFunctionArgs) {
  const { receipt } = await requireReceipt(request, loadContext, params.orderNumber);
  return data({ receipt }, { headers: { 'cache-control': 'private, no-store' } });
}

export default function CheckoutReceipt() {
  const { receipt } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return (
    <article className="mx-auto flex max-w-2xl flex-col gap-4" data-testid="receipt" aria-labelledby="receipt-heading">
      <h1 id="receipt-heading" className="text-2xl font-bold">
        Order receipt
      </h1>
      <ReceiptDetails receipt={receipt} />
      <div className="flex flex-wrap items-center gap-4 print:hidden">
        {hydrated ? (
          <button type="button" className={secondaryButton} onClick={() => window.print()}>
            Print receipt
          </button>
        ) : (
          <p className="text-sm text-gray-700">Use your browser's Print command to print this receipt.</p>
        )}
        <Link to={`/progress/${encodeURIComponent(receipt.orderNumber)}`} className={textLink}>
          Track your order
        </Link>
      </div>
    </article>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Order receipt');

export { OrderErrorBoundary as ErrorBoundary } from '~/components/checkout/order-error-page';
