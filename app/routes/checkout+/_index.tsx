import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { getCart } from '~/lib/checkout/cart.server';
import { resumeStep, stepPath } from '~/lib/checkout/steps';

// /checkout: back to where the shopper left off (seed 002 §2, issue item 1: the step saved on
// the cart, on any device), or to the Shopping Cart, which shows an empty cart.

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await getCart(request, loadContext);
  const { cart } = context;
  if (!cart?.vehicle) return redirect('/checkout/cart');
  const { placement } = cart;
  if (placement.status === 'CREATING') return redirect('/checkout/placing');
  if ((placement.status === 'ORDER_RECEIVED' || placement.status === 'APPLICATION_RECEIVED') && placement.orderNumber) {
    return redirect(`/checkout/confirmation/${encodeURIComponent(placement.orderNumber)}`);
  }
  return redirect(stepPath(resumeStep(cart)));
}
