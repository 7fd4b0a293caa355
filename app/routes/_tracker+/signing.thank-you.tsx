import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { signingEntryRedirect } from '~/lib/tracker-data.server';
import { titledMeta } from '~/lib/meta';

// /signing/thank-you: where signing ends. With ?orderNumber= it shows that order's signing
// step; without, a plain thank-you.

export async function loader({ request }: LoaderFunctionArgs) {
  const orderNumber = new URL(request.url).searchParams.get('orderNumber');
  if (orderNumber) throw await signingEntryRedirect(request, orderNumber, 'thank-you');
  return null;
}

export const meta: MetaFunction = ({ matches }) =>
  titledMeta(matches, 'Thank you for signing', [{ name: 'robots', content: 'noindex' }]);

export default function SigningThankYouEntry() {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Thank you for signing</h1>
      <p>We have your signature. Your order’s progress page shows what comes next.</p>
      <Link to="/account/orders" className="font-semibold text-primary underline">
        Go to your orders
      </Link>
    </main>
  );
}
