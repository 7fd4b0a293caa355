import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Notice } from '~/components/ui/alert-bar';
import { SubmitButton, primaryButton, secondaryButton } from '~/components/ui/button';
import { cartErrorMessage, extendHold, requireCart, updateCart, type CartContext } from '~/lib/checkout/cart.server';
import { allowedDealTypes } from '~/lib/checkout/deal-terms';
import { checkoutMeta } from '~/lib/checkout/meta';
import { isFinancingDeclined } from '~/lib/shared/financing-decision';
import { logger } from '~/lib/shared/logger.server';
import { formatPhone, phoneHref } from '~/lib/shared/tenant/text';
import { useRootData } from '~/root';

// The declined page (seed 002 §2, §4 Loan decision): reached when the lender declines the
// application, or when the shopper declines an approval after its confirmation. The hold ended
// with the financing (the server released it), so no timer shows here. The ways on (issue 18):
// pay cash for the same vehicle (when the dealer sells for cash), shop another vehicle, call the
// dealer, or go back to the homepage.

function declinedCart(context: CartContext): boolean {
  return context.cart.dealType !== 'Cash' && isFinancingDeclined(context.cart);
}

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await requireCart(request, loadContext);
  const { decision } = context.cart;
  const headers = { 'cache-control': 'no-store' };
  if (!decision || !declinedCart(context)) throw redirect('/checkout/decision', { headers });
  const byShopper = decision.status === 'APPROVED' && decision.shopperAnswer === 'declined';
  const canPayCash = Boolean(context.cart.vehicle) && allowedDealTypes(context.tenant.contracting).includes('Cash');
  return data({ byShopper, lenderName: decision.lenderName, canPayCash }, { headers });
}

/** Pay cash instead: the same vehicle as a cash purchase, held again, back to the cart. */
export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get('intent') !== 'pay-cash') throw data(null, { status: 400 });
  const context = await requireCart(request, loadContext);
  const headers = { 'cache-control': 'no-store' };
  const { cart, tenant } = context;
  if (!declinedCart(context)) return redirect('/checkout/decision', { headers });
  if (!cart.vehicle || !allowedDealTypes(tenant.contracting).includes('Cash'))
    throw data(null, { status: 400, headers });
  try {
    await updateCart(context, cart.id, { dealType: 'Cash' });
    await extendHold(context, cart.id);
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.warn('checkout: switching a declined cart to cash failed');
    return data({ error: cartErrorMessage(error, tenant) }, { status: 409, headers });
  }
  return redirect('/checkout/cart', { headers });
}

export default function CheckoutDecisionDeclined() {
  const { byShopper, lenderName, canPayCash } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const root = useRootData();
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
      <p>The vehicle is no longer reserved for you. What would you like to do next?</p>
      {reply?.error ? <Notice kind="error">{reply.error}</Notice> : null}
      <div className="flex flex-wrap items-center gap-3" data-testid="declined-next-actions">
        {canPayCash ? (
          <Form method="post">
            <SubmitButton value="pay-cash" loading={navigation.state !== 'idle' && navigation.formMethod === 'POST'}>
              Pay cash instead
            </SubmitButton>
          </Form>
        ) : null}
        <Link to="/search" className={canPayCash ? secondaryButton : primaryButton}>
          Try another vehicle
        </Link>
        {root ? (
          <a href={phoneHref(root.tenant)} className={secondaryButton}>
            Call us at {formatPhone(root.tenant.dealerPhone.number)}
          </a>
        ) : null}
        <Link to="/" className="font-semibold text-primary underline">
          Back to homepage
        </Link>
      </div>
    </div>
  );
}

export const meta: MetaFunction = (args) => checkoutMeta(args, 'Financing declined');
