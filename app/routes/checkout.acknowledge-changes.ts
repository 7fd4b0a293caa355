import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { acknowledgeChanges, cartErrorMessage, checkoutHeaders, getCart } from '~/lib/checkout/cart.server';
import { safeRedirect } from '~/lib/safe-redirect';
import { flashNotice } from '~/lib/search/notice.server';

// The "Got it" of the changed figures in the order summary (issue 12 item 2): a plain form
// (JavaScript or not) that records the acknowledgement on the cart and goes back to the page it
// came from, where the notes are gone until a figure moves again.

export async function loader() {
  // Nothing to show: the notes live in the order summary.
  return redirect('/checkout');
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const redirectTo = form.get('redirectTo');
  const back = safeRedirect(redirectTo, '/checkout/cart');
  const context = await getCart(request);
  const { cart, tenant } = context;
  if (!cart?.vehicle) return redirect('/checkout/cart', { headers: checkoutHeaders(context) });
  try {
    await acknowledgeChanges(context, cart.id);
  } catch (error) {
    const message = cartErrorMessage(error, tenant, 'general');
    const headers = checkoutHeaders(context, { 'set-cookie': await flashNotice(request, { kind: 'error', message }) });
    return redirect(back, { headers });
  }
  return redirect(back, { headers: checkoutHeaders(context) });
}
