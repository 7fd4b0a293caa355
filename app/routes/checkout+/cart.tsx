import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { ApiError } from '~/lib/api.server';
import {
  cartErrorMessage,
  chooseProtection,
  ensureShopperCart,
  getCart,
  removeVehicle,
  updateCart,
  type CartContext,
} from '~/lib/checkout/cart.server';
import { allowedDealTypes, getTermsSetup } from '~/lib/checkout/deal-terms';
import { downPaymentAfterSwitch, getCartTermsSetup, readCartTermsFormWithNote } from '~/lib/checkout/deal-terms.server';
import { flashNotice } from '~/lib/search/notice.server';
import { CART_INTENTS, CART_TEXTS, type CartActionData, type CartIntent as Intent } from '~/lib/checkout/cart-page';
import { CHECKOUT_MESSAGES, checkoutMessage } from '~/lib/checkout/messages';
import { checkoutMeta } from '~/lib/checkout/meta';
import { planIdsAfterRemoving } from '~/lib/checkout/protection';
import { nextStep, stepPath } from '~/lib/checkout/steps';
import type { Cart } from '~/lib/contract/checkout';
import { dealTypeSchema } from '~/lib/contract/orders';
import { primaryButton } from '~/components/ui/button';
import { requireActiveSession } from '~/lib/inactivity.server';
import { isOneOf } from '~/lib/shared/guards';
import { CartContents } from '~/components/checkout/cart-contents';
import type { SavedOffer } from '~/lib/checkout/cart-page';
import { listOffers } from '~/lib/trade-in/flow.server';
import { formatUsd } from '~/lib/shared/money';

// Shopping Cart, the first checkout step (seed 002 §2): the vehicle and its price, the purchase
// type (switch with a confirmation), the down payment and terms, the deal's problems with the
// seed's messages, the add-ons (the chosen protection, removable), and the empty and
// unavailable carts. Several forms post here with an `intent`; each success redirects back
// (or on to Coverage), so a reload never posts twice.

function availabilityProblem(cart: Cart, tenant: CartContext['tenant']): string | null {
  const vehicle = cart.vehicle;
  if (!vehicle) return null;
  if (vehicle.availability === 'PendingSale') return checkoutMessage('vehicleHeld', tenant);
  if (vehicle.availability === 'Sold' || vehicle.availability === 'Deleted')
    return checkoutMessage('vehicleUnavailable', tenant);
  return null;
}

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await getCart(request, loadContext);
  const { cart, tenant } = context;
  // The empty cart's sentence comes with the data: the seed's messages stay out of the page's code.
  if (!cart?.vehicle) return data({ state: 'empty' as const, message: CHECKOUT_MESSAGES.emptyCart });
  const unavailable = availabilityProblem(cart, tenant);
  // The account page says a saved offer can be applied from the cart (issue 31): the offers are
  // listed here too. A failed list shows none rather than failing the cart.
  const savedOffers: SavedOffer[] =
    context.shopper && !cart.tradeIn && !unavailable
      ? (await listOffers(context.api).catch(() => []))
          .filter((offer) => (offer.status === 'available' || offer.status === 'proposed') && offer.offerCents !== null)
          .map((offer) => ({
            id: offer.id,
            title: `${offer.year} ${offer.make} ${offer.model} ${offer.trim}`,
            value: formatUsd(offer.offerCents ?? 0),
          }))
      : [];
  return data({
    savedOffers,
    state: unavailable ? ('unavailable' as const) : ('ready' as const),
    unavailable,
    cart,
    vehicle: cart.vehicle,
    allowed: allowedDealTypes(tenant.contracting),
    setup: unavailable ? getTermsSetup(cart.vehicle.priceCents, cart.dealType) : await getCartTermsSetup(context, cart),
    // No summary and no problem to fix: the API cannot price this deal (a lease past the residual).
    noSummary:
      cart.summary || cart.problems.length > 0
        ? null
        : checkoutMessage(cart.dealType === 'Lease' ? 'leaseUnavailable' : 'paymentsUnavailable', tenant),
  });
}

function isIntent(value: unknown): value is Intent {
  return isOneOf(CART_INTENTS, value);
}

function failure(
  context: CartContext | Awaited<ReturnType<typeof getCart>>,
  intent: Intent,
  error: unknown,
  fallback: 'submitFailure' | 'purchaseSwitch' = 'submitFailure',
) {
  const status = error instanceof ApiError && error.status < 500 ? error.status : 503;
  // A 409/422 from the API carries a message for the shopper; a 5xx gets the seed's message with the phone.
  const message =
    fallback === 'purchaseSwitch' && !(error instanceof ApiError && error.status === 422)
      ? checkoutMessage('purchaseSwitch', context.tenant)
      : cartErrorMessage(error, context.tenant, fallback);
  // The API's 422 on the terms is about the down payment and term (seed 002 §5): a field message.
  const field =
    error instanceof ApiError && error.status === 422 && (intent === 'update-terms' || intent === 'continue')
      ? ('downPayment' as const)
      : undefined;
  return data<CartActionData>(
    { intent, error: message, field },
    {
      status,
    },
  );
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  // Session inactivity (issue 14): an idle shopper signs in again before the cart changes.
  await requireActiveSession(request, loadContext, '/checkout/cart');
  const form = await request.formData();
  const intent = form.get('intent');
  if (!isIntent(intent)) throw data(null, { status: 400 });
  const context = await getCart(request, loadContext);
  const { cart, tenant } = context;
  if (!cart?.vehicle) return redirect('/checkout/cart');
  const back = redirect('/checkout/cart');

  if (intent === 'remove-vehicle') {
    try {
      await removeVehicle(context, cart.id);
    } catch (error) {
      return failure(context, intent, error);
    }
    return back;
  }

  if (intent === 'switch-type') {
    const parsed = dealTypeSchema.safeParse(form.get('dealType'));
    if (!parsed.success || !allowedDealTypes(tenant.contracting).includes(parsed.data))
      throw data(null, { status: 400 });
    const to = parsed.data;
    if (to === cart.dealType) return back;
    if (form.get('confirmed') !== 'yes') return data<CartActionData>({ intent, confirmSwitch: to });
    try {
      const downPaymentCents = downPaymentAfterSwitch(cart, await getCartTermsSetup(context, cart, to));
      await updateCart(
        context,
        cart.id,
        downPaymentCents === undefined ? { dealType: to } : { dealType: to, downPaymentCents },
      );
    } catch (error) {
      return failure(context, intent, error, 'purchaseSwitch');
    }
    return back;
  }

  if (intent === 'remove-plan') {
    const planId = form.get('planId');
    if (typeof planId !== 'string' || !cart.protection.plans.some((plan) => plan.id === planId)) return back;
    try {
      const owned = await ensureShopperCart({ ...context, cart });
      await chooseProtection(owned, cart.id, {
        planIds: planIdsAfterRemoving(cart.protection.plans, planId),
        declined: false,
      });
    } catch (error) {
      return failure(context, intent, error);
    }
    return back;
  }

  // update-terms and continue: the terms typed in the form are saved either way, so nothing
  // the shopper typed is lost when they press Continue without updating first.
  const next = nextStep('cart', cart.dealType) ?? 'coverage';
  let note: string | null;
  try {
    const { terms, downPaymentNote } = await readCartTermsFormWithNote(context, cart, form);
    note = downPaymentNote;
    // A down payment is never changed silently (issue 18): an adjusted amount is saved and the
    // shopper stays on the cart to read why, even after Continue.
    if (intent === 'continue' && !note) {
      // A deal the lender would not finance (cart.problems) stays on the cart, its message
      // beside the down payment: the terms are saved, the step is not completed.
      const saved = Object.keys(terms).length > 0 ? await updateCart(context, cart.id, terms) : cart;
      const problem = saved.problems[0];
      if (problem)
        return data<CartActionData>({ intent, error: problem.message, field: 'downPayment' }, { status: 422 });
      await updateCart(context, cart.id, { completeStep: 'cart', step: next });
    } else if (Object.keys(terms).length > 0) {
      await updateCart(context, cart.id, terms);
    }
  } catch (error) {
    return failure(context, intent, error);
  }
  if (note) {
    await flashNotice(request, loadContext, { kind: 'info', message: note });
    return redirect('/checkout/cart');
  }
  return intent === 'continue' ? redirect(stepPath(next)) : back;
}

function EmptyCart({ message }: { message: string }) {
  return (
    <section aria-labelledby="cart-heading" className="space-y-3" data-testid="empty-cart">
      <h1 id="cart-heading" className="text-2xl font-bold">
        {CART_TEXTS.heading}
      </h1>
      <p className="text-lg font-semibold">{message}</p>
      <p>{CART_TEXTS.emptyHint}</p>
      <Link to="/search" className={primaryButton}>
        {CART_TEXTS.shop}
      </Link>
    </section>
  );
}

export default function ShoppingCart() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return loaded.state === 'empty' ? (
    <EmptyCart message={loaded.message} />
  ) : (
    <CartContents page={loaded} acted={acted} />
  );
}

export const meta: MetaFunction<typeof loader> = (args) => checkoutMeta(args, CART_TEXTS.heading);
