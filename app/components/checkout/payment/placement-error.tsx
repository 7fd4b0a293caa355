import { Link, useRouteLoaderData } from '@remix-run/react';
import { Notice } from '~/components/ui/alert-bar';
import { textLink } from '~/components/ui/button';
import type { ShellData } from '~/lib/shell.server';
import { formatPhone, phoneHref } from '~/lib/shared/tenant/text';

// The form-level error of a failed placement on the Overview (seed 002 §8): above the payment
// form, and above the page when the order could not be saved. Not part of the payment forms'
// island (decision 056), since the page shows it too; the page loads this module only when it
// shows one of its notices (decision 060).

export type PlacementProblemView =
  'paymentDeclined' | 'cardLimit' | 'paymentsUnavailable' | 'orderSave' | 'holdExpired' | 'invalid' | 'submitFailure';

/** The tenant's phone, from the root loader, as the tel: link of the submit-failure message. */
function SubmitFailure({ message }: { message: string }) {
  const tenant = useRouteLoaderData<ShellData>('root')?.tenant;
  if (!tenant) return <>{message}</>;
  const phone = formatPhone(tenant.dealerPhone.number);
  const at = message.indexOf(phone);
  if (at === -1) return <>{message}</>;
  return (
    <>
      {message.slice(0, at)}
      <a href={phoneHref(tenant)} className="font-semibold underline">
        {phone}
      </a>
      {message.slice(at + phone.length)}
    </>
  );
}

/** The form-level error of a failed placement, with the way forward the seed gives for it. */
export function PlacementError({ message, problem }: { message: string; problem: PlacementProblemView | null }) {
  return (
    <Notice kind="error" testId="placement-error">
      <p>{problem === 'submitFailure' ? <SubmitFailure message={message} /> : message}</p>
      {problem === 'orderSave' ? (
        <p className="mt-1">Check your details below and select Place order to try again.</p>
      ) : null}
      {problem === 'holdExpired' ? (
        <p className="mt-1">
          <Link to="/checkout/cart" className={textLink}>
            Go to your cart
          </Link>{' '}
          to hold the vehicle again.
        </p>
      ) : null}
    </Notice>
  );
}

/** The Overview's notice when the API cannot price the deal (no summary, no payment). */
export function PaymentsUnavailableNotice({ message }: { message: string | null }) {
  return <Notice kind="error">{message}</Notice>;
}
