import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { paidTodayLabel } from '~/components/checkout/receipt';
import { fetchCurrentCart } from '~/lib/checkout/cart.server';
import { checkoutMeta } from '~/lib/checkout/meta';
import type { Cart, Receipt } from '~/lib/contract/checkout';
import type { DealStatusCode } from '~/lib/contract/orders';
import { formatUsdWithCents } from '~/lib/shared/money';
import { requireReceipt } from './receipt.$orderNumber.server';
import { primaryButton, textLink } from '~/components/ui/button';

/** A page without script: every action on it is a link or a form post (decision 073). */
export const handle = { scripts: false };

// After the order-creation wait (seed 002 §4 Order): 'order received', or 'application
// received' while the lender's review is pending; the thank-you, the steps left, and the way to
// the tracker and the receipt.

/** The steps left after placing (seed 002 §4 Order). */
export const REMAINING_STEPS = [
  'Verify your ID',
  'Upload your documents',
  'Sign your contract',
  'Make your payment',
  'Schedule delivery or pickup',
] as const;

/** Deal statuses that mean the lender has not finished its review (seed 001 §4). */
const LENDER_REVIEW: ReadonlySet<DealStatusCode> = new Set(['DPEN', 'APEN', 'LNSEL', 'LTIM']);

export type ConfirmationKind = 'order' | 'application';

/** The placement's own answer when this browser's cart made the order, else the deal status. */
export function confirmationKind(
  receipt: Pick<Receipt, 'orderNumber' | 'dealStatus' | 'dealType'>,
  cart: Pick<Cart, 'placement'> | null,
): ConfirmationKind {
  if (cart?.placement.orderNumber === receipt.orderNumber) {
    if (cart.placement.status === 'APPLICATION_RECEIVED') return 'application';
    if (cart.placement.status === 'ORDER_RECEIVED') return 'order';
  }
  return receipt.dealType !== 'Cash' && receipt.dealStatus && LENDER_REVIEW.has(receipt.dealStatus)
    ? 'application'
    : 'order';
}

export async function loader({ request, params, context: loadContext }: LoaderFunctionArgs) {
  const { context, receipt } = await requireReceipt(request, loadContext, params.orderNumber);
  // The cart only refines the wording: when it cannot be read, the deal status decides.
  const cart = await fetchCurrentCart(context).catch(() => null);
  // "Paid today" or "Pending" comes with the data, so the receipt's code stays off the page (decision 063).
  const paidLabel = receipt.payment ? paidTodayLabel(receipt.payment) : null;
  return data(
    { kind: confirmationKind(receipt, cart), receipt, paidLabel, firstName: context.shopper?.firstName ?? null },
    { headers: { 'cache-control': 'private, no-store' } },
  );
}

export default function CheckoutConfirmation() {
  const { kind, receipt, paidLabel, firstName } = useLoaderData<typeof loader>();
  const { vehicle } = receipt;
  const tracker = `/progress/${encodeURIComponent(receipt.orderNumber)}`;
  return (
    <article className="mx-auto flex max-w-2xl flex-col gap-5" data-testid="confirmation" data-kind={kind}>
      <h1 className="text-2xl font-bold">{kind === 'application' ? 'Application received' : 'Order received'}</h1>
      <p className="text-lg">
        Thank you{firstName ? `, ${firstName}` : ''}!{' '}
        {kind === 'application' ? 'We have your order and your credit application.' : 'We have your order.'}
      </p>
      {kind === 'application' ? (
        <p data-testid="lender-review">
          Your lender is reviewing your application. We'll let you know as soon as they have finished.
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt>Order number</dt>
        <dd className="font-semibold" data-testid="order-number">
          {receipt.orderNumber}
        </dd>
        <dt>Vehicle</dt>
        <dd>
          {vehicle.year} {vehicle.make} {vehicle.model} {vehicle.trim}
        </dd>
        {receipt.payment ? (
          <>
            <dt>{paidLabel}</dt>
            <dd data-testid="paid-today">{formatUsdWithCents(receipt.payment.amountCents)}</dd>
          </>
        ) : null}
      </dl>
      <section aria-labelledby="next-steps">
        <h2 id="next-steps" className="mb-2 text-lg font-semibold">
          What happens next
        </h2>
        <ol className="list-decimal pl-6" data-testid="remaining-steps">
          {REMAINING_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="mt-2">Your order tracker walks you through each step.</p>
      </section>
      <div className="flex flex-wrap items-center gap-4">
        <Link to={tracker} className={primaryButton}>
          Go to your order tracker
        </Link>
        <Link to={`/checkout/receipt/${encodeURIComponent(receipt.orderNumber)}`} className={textLink}>
          View your receipt
        </Link>
      </div>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = (args) =>
  checkoutMeta(args, args.data?.kind === 'application' ? 'Application received' : 'Order received');

export { OrderErrorBoundary as ErrorBoundary } from '~/components/checkout/order-error-page';
