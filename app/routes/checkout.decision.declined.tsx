import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { primaryButton } from '~/components/tracker/step-ui';
import { requireCart } from '~/lib/checkout/cart.server';
import { checkoutMeta } from '~/lib/checkout/meta';

// The declined page (seed 002 §2, §4 Loan decision): reached when the lender declines the
// application, or when the shopper declines an approval after its confirmation. Its one way
// on is the back-to-homepage link.

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await requireCart(request, loadContext);
  const { decision } = context.cart;
  const headers = { 'cache-control': 'no-store' };
  if (!decision) throw redirect('/checkout/decision', { headers });
  const byShopper = decision.status === 'APPROVED' && decision.shopperAnswer === 'declined';
  if (!byShopper && decision.status !== 'DECLINED') throw redirect('/checkout/decision', { headers });
  return data({ byShopper, lenderName: decision.lenderName }, { headers });
}

export default function CheckoutDecisionDeclined() {
  const { byShopper, lenderName } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-4" data-testid="decision-declined">
      <h1 className="text-2xl font-bold">
        {byShopper ? 'You declined the financing offer' : "We couldn't approve your financing"}
      </h1>
      {byShopper ? (
        <p>
          You declined the terms{lenderName ? ` from ${lenderName}` : ''}. Your order will not go ahead with this
          financing.
        </p>
      ) : (
        <p>
          {lenderName ?? 'The lender'} was not able to approve your credit application this time. Questions? Our team is
          happy to talk through your options.
        </p>
      )}
      <p>
        <Link to="/" className={primaryButton}>
          Back to homepage
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Financing declined');
