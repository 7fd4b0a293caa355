import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { PaymentMethodChoice } from '~/components/checkout/payment/payment-method-choice';
import { overviewAction, overviewLoader } from './overview.server';
import { checkoutMeta } from '~/lib/checkout/meta';
import { textLink } from '~/components/ui/button';
import { PaymentForm } from '~/components/checkout/payment/payment-forms';
import { PaymentsUnavailableNotice, PlacementError } from '~/components/checkout/payment/placement-error';
import { OrderSummary } from '~/components/checkout/order-summary';

// Overview (seed 002 §2): the order as it will be placed, the payment method (bank account by
// ACH, credit card up to the card limit, refundable deposit) and Place order.

export function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  return overviewLoader(request, loadContext);
}

export function action({ request, context: loadContext }: ActionFunctionArgs) {
  return overviewAction(request, loadContext);
}

/**
 * Remix skips the loaders after a 4xx/5xx action; this page wants them: a refused payment
 * gets a fresh idempotency key (a new attempt) and the cart as it is now.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === 'POST' ? true : defaultShouldRevalidate;

export default function CheckoutOverview() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const method = reply?.method ?? page.method;
  const lastResult = reply?.method === method ? reply.result : undefined;
  const problem = reply?.method === method ? reply.problem : null;
  // After a post the form starts again from the server's reply, with the new key that came with
  // it, so the card number and CVC are typed again, with JavaScript as without. The key comes
  // with the reply, not with the data reloaded after it: that reload must not wipe what the
  // shopper types meanwhile.
  const idempotencyKey = reply?.idempotencyKey ?? page.idempotencyKey;
  const formKey = `${method}-${reply ? reply.idempotencyKey : 'new'}`;
  const decision = page.decision;

  return (
    <div className="flex flex-col gap-6" data-testid="checkout-overview">
      <h1 className="text-2xl font-bold">Review and place your order</h1>
      {page.placementFailed && !reply ? <PlacementError message={page.placementFailed} problem="orderSave" /> : null}
      {page.summary ? (
        <OrderSummary
          summary={page.summary}
          vehicle={page.vehicle}
          changes={page.summaryChanges}
          acknowledgeRedirectTo="/checkout/overview"
          parties={page.parties}
          fulfillment={page.fulfillment}
          lines={page.lines}
          heading="Your order"
          headingLevel={2}
        />
      ) : (
        <PaymentsUnavailableNotice message={page.paymentsUnavailable} />
      )}
      {decision && decision.status !== 'DECLINED' ? (
        <section aria-labelledby="financing-heading" className="flex flex-col gap-1" data-testid="overview-financing">
          <h2 id="financing-heading" className="text-lg font-semibold">
            {decision.status === 'PENDING' ? 'Approved for financing: lender review pending' : 'Your financing'}
          </h2>
          {decision.lenderName ? <p>Lender: {decision.lenderName}</p> : null}
          {page.financingTerms ? <p>{page.financingTerms}</p> : null}
        </section>
      ) : null}
      {page.fulfillment ? (
        <p data-testid="overview-fulfillment">
          {page.fulfillment.method === 'pickup' ? 'Pickup' : 'Delivery'} near {page.fulfillment.zip}.{' '}
          <Link to="/checkout/order-details" className={textLink}>
            Change
          </Link>
        </p>
      ) : null}
      {page.dueTodayCents !== null ? (
        <section aria-labelledby="payment-heading" className="flex flex-col gap-4">
          <h2 id="payment-heading" className="text-lg font-semibold">
            Payment method
          </h2>
          <p>
            Due today: <strong data-testid="due-today">{page.dueToday}</strong>
          </p>
          {page.cardCapped ? (
            <p className="text-sm" data-testid="card-capped">
              {page.cardCapped}
            </p>
          ) : null}
          {page.bankCapped ? (
            <p className="text-sm" data-testid="bank-capped">
              {page.bankCapped}
            </p>
          ) : null}
          <PaymentMethodChoice method={method} methods={page.methods} />
          {/* Props the same between renders (strings, numbers, the reply's result), so the island
              keeps the server's form until it hydrates. */}
          <PaymentForm
            key={formKey}
            method={method}
            idempotencyKey={idempotencyKey}
            dueTodayCents={page.dueTodayCents}
            constraint={page.constraints[method] ?? {}}
            lastResult={lastResult}
            problem={problem}
          />
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Overview');
