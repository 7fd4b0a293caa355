import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Outlet, useLoaderData, useLocation } from '@remix-run/react';
import { HoldTimer } from '~/components/checkout/hold-timer';
import { CheckoutInactivity } from '~/components/checkout/inactivity-countdown';
import { NoticeBanner } from '~/components/vehicles/notice-banner';
import { getCart } from '~/lib/checkout/cart.server';
import { checkoutMeta } from '~/lib/checkout/meta';
import { stepIndicatorItems, stepOfPath } from '~/lib/checkout/steps';
import { isFinancingDeclined } from '~/lib/shared/financing-decision';
import { noteActivity } from '~/lib/inactivity.server';
import type { CheckoutStep } from '~/lib/contract/checkout';
import { takeNotice } from '~/lib/search/notice.server';
import { OrderSummary } from '~/components/checkout/order-summary';
import { StepIndicator } from '~/components/checkout/step-indicator';

// The checkout's frame (seed 002 §2): the step indicator (Shopping Cart, Coverage, Account,
// Order Details, Credit Application, Overview; cash carts skip the credit application), the
// hold timer, and the order summary beside the step's page. The cart is read here for the
// frame; each step's own loader reads it again for its page (and redirects when it has to).

export const handle = { pageType: 'checkout' };

/** The step a checkout page belongs to, for the indicator; null for pages after the order (confirmation, receipt). */
function indicatorStep(pathname: string): CheckoutStep | null {
  if (/^\/checkout\/(confirmation|receipt)(\/|$)/.test(pathname)) return null;
  if (/^\/checkout\/decision(\/|$)/.test(pathname)) return 'credit-application';
  if (/^\/checkout\/placing(\/|$)/.test(pathname)) return 'overview';
  // Other pages under /checkout (the start page of a VIN) are not steps.
  return stepOfPath(pathname);
}

/** Pages that print the summary themselves, or have no cart beside them any more. */
function showsOwnSummary(pathname: string): boolean {
  return /^\/checkout\/(overview|placing|confirmation|receipt)(\/|$)/.test(pathname);
}

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [context, notice] = await Promise.all([getCart(request, loadContext), takeNotice(request, loadContext)]);
  const { cart } = context;
  const step = indicatorStep(url.pathname);
  const active = cart?.vehicle && cart.placement.status === 'NOT_PLACED' ? cart : null;
  // Session inactivity (issue 14): every checkout page load is activity.
  await noteActivity(request, loadContext);
  return data({
    steps: active && step ? stepIndicatorItems(active, step) : null,
    // A lapsed hold stays on show (with Keep holding) while nobody else has taken the vehicle;
    // a declined financing released it, so no timer then (issue 18).
    hold:
      step && active?.hold && active.vehicle?.availability === 'Available' && !isFinancingDeclined(active)
        ? active.hold
        : null,
    summary: active && step && !showsOwnSummary(url.pathname) ? active.summary : null,
    summaryChanges: active?.summaryChanges ?? [],
    lines: active?.lines ?? null,
    vehicle: active?.vehicle ?? null,
    tradeIn: active?.tradeIn ?? null,
    fulfillment: active?.fulfillment ?? null,
    parties: active?.parties ?? null,
    notice,
  });
}

export default function CheckoutLayout() {
  const loaded = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <main className="mx-auto w-full max-w-[1440px] flex-1 px-4 py-6 desktop:px-8" data-testid="checkout">
      <CheckoutInactivity />
      {loaded.steps ? <StepIndicator items={loaded.steps} /> : null}
      <div className="mt-4 space-y-3">
        <NoticeBanner notice={loaded.notice} />
        {loaded.hold ? <HoldTimer hold={loaded.hold} redirectTo={here} /> : null}
      </div>
      <div className={`mt-6 grid gap-8 ${loaded.summary ? 'laptop:grid-cols-[minmax(0,2fr)_minmax(300px,1fr)]' : ''}`}>
        <div className="min-w-0">
          <Outlet />
        </div>
        {loaded.summary ? (
          <aside aria-label="Your order" className="laptop:sticky laptop:top-4 laptop:self-start">
            <OrderSummary
              summary={loaded.summary}
              vehicle={loaded.vehicle}
              changes={loaded.summaryChanges}
              acknowledgeRedirectTo={here}
              parties={loaded.parties}
              tradeIn={loaded.tradeIn}
              fulfillment={loaded.fulfillment}
              lines={loaded.lines}
            />
          </aside>
        ) : null}
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => checkoutMeta(args, 'Checkout');

export { CheckoutErrorPage as ErrorBoundary } from '~/components/checkout/checkout-error-page';
