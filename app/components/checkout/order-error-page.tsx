import { Link, isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { DealerPhoneMessage } from '~/components/checkout/dealer-phone-message';
import { Notice } from '~/components/ui/alert-bar';
import { primaryButton } from '~/components/ui/button';

/**
 * The error page of the receipt and confirmation: the message the loader chose, and a way home.
 * The routes load it only when an error shows (decision 063), with the alert bar it brings.
 */
export function OrderErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) &&
    error.data &&
    typeof error.data === 'object' &&
    'message' in error.data &&
    typeof error.data.message === 'string'
      ? error.data.message
      : 'Oops! Something went wrong. Please try again.';
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">
        {isRouteErrorResponse(error) && error.status === 404 ? "We can't find that order" : 'Something went wrong'}
      </h1>
      <Notice kind="error">
        <DealerPhoneMessage message={message} />
      </Notice>
      <p>
        <Link to="/" className={primaryButton}>
          Go to Homepage
        </Link>
      </p>
    </div>
  );
}
