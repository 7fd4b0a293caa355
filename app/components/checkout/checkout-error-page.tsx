import { Link, isRouteErrorResponse, useLocation, useRouteError } from '@remix-run/react';
import { RouteErrorBoundary, errorStatus } from '~/components/route-error-boundary';
import { CHECKOUT_MESSAGES, checkoutMessage } from '~/lib/checkout/messages';
import { isRecord } from '~/lib/shared/guards';
import { formatPhone, phoneHref } from '~/lib/shared/tenant/text';
import { useRootData } from '~/root';

function errorMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  return isRecord(error.data) && typeof error.data.message === 'string' ? error.data.message : null;
}

/**
 * A checkout page that failed to load (the layout's error boundary, loaded when an error shows,
 * decision 060). An upstream failure (5xx) comes with the seed's cart message and the dealer's
 * phone, a way to try again and a way back to shopping; the header and footer stay around it.
 * Not-found and other statuses use the shell's error pages.
 */
export function CheckoutErrorPage() {
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
