import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { acknowledgeChanges, cartErrorMessage, getCart } from '~/lib/checkout/cart.server';
import { safeRedirect } from '~/lib/safe-redirect';
import { flashNotice } from '~/lib/search/notice.server';

// The "Got it" of the changed figures in the order summary (issue 12 item 2): a plain form
// (JavaScript or not) that records the acknowledgement on the cart and goes back to the page it
// came from, where the notes are gone until a figure moves again.

export async function loader() {
  // Nothing to show: the notes live in the order summary.
  return redirect('/checkout');
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  const redirectTo = form.get('redirectTo');
  const back = safeRedirect(redirectTo, '/checkout/cart');
  const context = await getCart(request, loadContext);
  const { cart, tenant } = context;
  if (!cart?.vehicle) return redirect('/checkout/cart');
  try {
    await acknowledgeChanges(context, cart.id);
  } catch (error) {
    const message = cartErrorMessage(error, tenant, 'general');
    await flashNotice(request, loadContext, { kind: 'error', message });
    return redirect(back);
  }
  return redirect(back);
}
