import type { MetaFunction } from '@remix-run/node';
import { titledMeta } from '~/lib/meta';

// /progress/id-verification/incomplete: where the ID capture on the shopper's phone ends. The
// phone is often not signed in and does not know the order, so this page needs neither.

export const meta: MetaFunction = ({ matches }) =>
  titledMeta(matches, 'Your ID check is not complete', [{ name: 'robots', content: 'noindex' }]);

export default function IdVerificationIncompleteWithoutOrder() {
  return (
    <main
      className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-16 text-center"
      data-testid="id-verification-result"
    >
      <h1 className="text-3xl font-bold">Your ID check is not complete</h1>
      <p>
        We could not finish checking your ID. Go back to your order on the device you started on to try again, or call
        us.
      </p>
    </main>
  );
}
