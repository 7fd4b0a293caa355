import { Link } from '@remix-run/react';
import { DealerPhoneMessage } from '~/components/checkout/dealer-phone-message';
import { Notice } from '~/components/ui/alert-bar';
import { textLink } from '~/components/ui/button';

// The form-level error of a failed placement on the Overview (seed 002 §8): above the payment
// form, and above the page when the order could not be saved. Not part of the payment forms'
// island (decision 056), since the page shows it too; the page loads this module only when it
// shows one of its notices (decision 060).

export type PlacementProblemView =
  'paymentDeclined' | 'cardLimit' | 'paymentsUnavailable' | 'orderSave' | 'holdExpired' | 'invalid' | 'submitFailure';

/** The form-level error of a failed placement, with the way forward the seed gives for it. */
export function PlacementError({ message, problem }: { message: string; problem: PlacementProblemView | null }) {
  return (
    <Notice kind="error" testId="placement-error">
      <p>{problem === 'submitFailure' ? <DealerPhoneMessage message={message} /> : message}</p>
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
