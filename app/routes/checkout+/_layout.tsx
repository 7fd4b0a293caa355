import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, Outlet, isRouteErrorResponse, useLoaderData, useLocation, useRouteError } from '@remix-run/react';
import { HoldTimer } from '~/components/checkout/hold-timer';
import { StepIndicator } from '~/components/checkout/step-indicator';
import { CheckoutInactivity } from '~/components/checkout/inactivity-countdown';
import { OrderSummaryIsland } from '~/components/checkout/order-summary-island';
import { RouteErrorBoundary, errorStatus } from '~/components/route-error-boundary';
import { NoticeBanner } from '~/components/vehicles/notice-banner';
import { getCart } from '~/lib/checkout/cart.server';
import { CHECKOUT_MESSAGES, checkoutMessage } from '~/lib/checkout/messages';
import { checkoutMeta } from '~/lib/checkout/meta';
import { stepIndicatorItems, stepOfPath } from '~/lib/checkout/steps';
import { isFinancingDeclined } from '~/lib/shared/financing-decision';
import { noteActivity } from '~/lib/inactivity.server';
import type { CheckoutStep } from '~/lib/contract/checkout';
import { takeNotice } from '~/lib/search/notice.server';
import { formatPhone, phoneHref } from '~/lib/shared/tenant/text';
import { useRootData } from '~/root';
import { isRecord } from '~/lib/shared/guards';

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
            <OrderSummaryIsland
              summary={loaded.summary}
              vehicle={loaded.vehicle}
              changes={loaded.summaryChanges}
              acknowledgeRedirectTo={here}
              parties={loaded.parties}
              tradeIn={loaded.tradeIn}
              fulfillment={loaded.fulfillment}
            />
          </aside>
        ) : null}
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => checkoutMeta(args, 'Checkout');

function errorMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  return isRecord(error.data) && typeof error.data.message === 'string' ? error.data.message : null;
}

/**
 * A checkout page that failed to load. An upstream failure (5xx) comes with the seed's cart
 * message and the dealer's phone, a way to try again and a way back to shopping; the header
 * and footer stay around it. Not-found and other statuses use the shell's error pages.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  const location = useLocation();
  const status = errorStatus(error);
  if (status === 404 || !root) return <RouteErrorBoundary />;
  const message =
    errorMessage(error) ??
    (status >= 500 ? checkoutMessage('cartLoadFailure', root.tenant) : CHECKOUT_MESSAGES.general);
  return (
    <main
      className="mx-auto flex w-full max-w-2xl flex-col items-center gap-4 px-4 py-16 text-center"
      data-testid="checkout-error"
    >
      <h1 className="text-2xl font-bold">Checkout</h1>
      <p role="alert">{message}</p>
      <p>
        Call us at{' '}
        <a href={phoneHref(root.tenant)} className="font-semibold text-primary underline">
          {formatPhone(root.tenant.dealerPhone.number)}
        </a>
      </p>
      <div className="flex flex-wrap justify-center gap-4">
        <a
          href={`${location.pathname}${location.search}`}
          className="inline-flex min-h-11 items-center rounded-tenant bg-primary px-6 py-3 font-semibold text-primary-contrast"
        >
          Try again
        </a>
        <Link to="/search" className="inline-flex min-h-11 items-center font-semibold text-primary underline">
          Shop vehicles
        </Link>
      </div>
    </main>
  );
}
