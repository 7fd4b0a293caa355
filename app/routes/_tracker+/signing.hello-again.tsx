import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { signingEntryRedirect } from '~/lib/tracker-data.server';
import { titledMeta } from '~/lib/meta';

// /signing/hello-again: a shopper coming back to a contract. With ?orderNumber= it goes to
// that order's signing page; without, it points to the orders.

export async function loader({ request }: LoaderFunctionArgs) {
  const orderNumber = new URL(request.url).searchParams.get('orderNumber');
  if (orderNumber) throw await signingEntryRedirect(request, orderNumber, 'hello-again');
  return null;
}

export const meta: MetaFunction = ({ matches }) =>
  titledMeta(matches, 'Hello again', [{ name: 'robots', content: 'noindex' }]);

export default function SigningHelloAgainEntry() {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Hello again</h1>
      <p>Open your order to carry on signing your contract.</p>
      <Link to="/account/orders" className="font-semibold text-primary underline">
        Go to your orders
      </Link>
    </main>
  );
}
