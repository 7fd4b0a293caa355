import type { MetaFunction } from '@remix-run/node';
import { titledMeta } from '~/lib/meta';

// /progress/id-verification/complete: where the ID capture on the shopper's phone ends. The
// phone is often not signed in and does not know the order, so this page needs neither.

export const meta: MetaFunction = ({ matches }) =>
  titledMeta(matches, 'Your ID check is complete', [{ name: 'robots', content: 'noindex' }]);

export default function IdVerificationCompleteWithoutOrder() {
  return (
    <main
      className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-16 text-center"
      data-testid="id-verification-result"
    >
      <h1 className="text-3xl font-bold">Your ID check is complete</h1>
      <p>Thank you. You can close this page and carry on with your order on the device you started on.</p>
    </main>
  );
}
