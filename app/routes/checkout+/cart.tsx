import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { PurchaseTypeSwitch } from '~/components/checkout/purchase-type-switch';
import { CartTradeIn } from '~/components/trade-in/cart-trade-in';
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
import { allowedDealTypes, getTermsSetup, type TermsSetup } from '~/lib/checkout/deal-terms';
import { downPaymentAfterSwitch, getCartTermsSetup, readCartTermsFormWithNote } from '~/lib/checkout/deal-terms.server';
import { flashNotice } from '~/lib/search/notice.server';
import { CHECKOUT_MESSAGES, checkoutMessage } from '~/lib/checkout/messages';
import { checkoutMeta } from '~/lib/checkout/meta';
import { planIdsAfterRemoving } from '~/lib/checkout/protection';
import { nextStep, stepPath } from '~/lib/checkout/steps';
import type { Cart } from '~/lib/contract/checkout';
import { CHECKOUT_STEP_LABELS } from '~/lib/contract/checkout-constants';
import { dealTypeSchema, type DealType } from '~/lib/contract/orders';
import { formatMiles, formatMonthlyPayment, formatUsd } from '~/lib/shared/money';
import { vehiclePath } from '~/lib/search/card-model';
import { primaryButton, secondaryButton, linkButton } from '~/components/ui/button';
import { requireActiveSession } from '~/lib/inactivity.server';
import { isOneOf } from '~/lib/shared/guards';
import { island } from '~/components/ui/island';
import { useMemo } from 'react';

// Shopping Cart, the first checkout step (seed 002 §2): the vehicle and its price, the purchase
// type (switch with a confirmation), the down payment and terms, the deal's problems with the
// seed's messages, the add-ons (the chosen protection, removable), and the empty and
// unavailable carts. Several forms post here with an `intent`; each success redirects back
// (or on to Coverage), so a reload never posts twice.

export const CART_TEXTS = {
  heading: CHECKOUT_STEP_LABELS.cart,
  empty: CHECKOUT_MESSAGES.emptyCart,
  emptyHint: 'Find a vehicle you love and start your purchase from its page.',
  shop: 'Shop vehicles',
  price: 'Price',
  termsHeading: 'Your payment',
  update: 'Update payment',
  addOnsHeading: 'Add-ons',
  noAddOns: 'No add-ons yet. You can add vehicle protection in the next step.',
  declined: 'You declined vehicle protection.',
  remove: 'Remove',
  removeVehicle: 'Remove vehicle from cart',
  continue: `Continue to ${CHECKOUT_STEP_LABELS.coverage}`,
  seeVehicle: 'See vehicle details',
  similar: 'Shop similar vehicles',
} as const;

const INTENTS = ['switch-type', 'update-terms', 'continue', 'remove-plan', 'remove-vehicle'] as const;
type Intent = (typeof INTENTS)[number];

export type CartActionData =
  | { intent: 'switch-type'; confirmSwitch: DealType; error?: undefined; field?: undefined }
  | { intent: Intent; error: string; confirmSwitch?: undefined; field?: 'downPayment' };

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
  if (!cart?.vehicle) return data({ state: 'empty' as const });
  const unavailable = availabilityProblem(cart, tenant);
  return data({
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
  return isOneOf(INTENTS, value);
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
      await updateCart(context, cart.id, { ...terms, completeStep: 'cart', step: next });
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

// The down payment, term and miles hydrate on the shopper's first interaction with the terms form
// (decision 049): until then they are the server's fields (a plain input with the suggestions as
// a datalist, two selects) and the payment shown is the server's.
const DealTermsIsland = island(
  () => import('~/components/checkout/deal-terms-fields').then((module) => module.DealTermsFields),
  { hydrateOn: '[data-testid="cart-terms"]' },
);

/** The island with stable props: a new error list on every render would make React drop the server's markup. */
function CartTermsFields({
  setup,
  cart,
  error,
}: {
  setup: TermsSetup;
  cart: Pick<Cart, 'downPaymentCents' | 'termMonths' | 'annualMiles'>;
  error: string | null;
}) {
  const downPaymentErrors = useMemo(() => (error ? [error] : undefined), [error]);
  return (
    <DealTermsIsland
      setup={setup}
      downPaymentCents={cart.downPaymentCents}
      termMonths={cart.termMonths}
      annualMiles={cart.annualMiles}
      downPaymentErrors={downPaymentErrors}
      idPrefix="cart"
    />
  );
}

function EmptyCart() {
  return (
    <section aria-labelledby="cart-heading" className="space-y-3" data-testid="empty-cart">
      <h1 id="cart-heading" className="text-2xl font-bold">
        {CART_TEXTS.heading}
      </h1>
      <p className="text-lg font-semibold">{CART_TEXTS.empty}</p>
      <p>{CART_TEXTS.emptyHint}</p>
      <Link to="/search" className={primaryButton}>
        {CART_TEXTS.shop}
      </Link>
    </section>
  );
}

function VehicleLine({ vehicle }: { vehicle: NonNullable<Cart['vehicle']> }) {
  return (
    <div className="flex flex-wrap items-center gap-4" data-testid="cart-vehicle">
      <img
        src={vehicle.imageUrl}
        alt=""
        width={160}
        height={107}
        className="h-27 w-40 shrink-0 rounded-tenant bg-black/5 object-cover"
        decoding="async"
      />
      <div>
        <h2 className="text-xl font-bold">
          {vehicle.year} {vehicle.make} {vehicle.model} <span className="font-normal">{vehicle.trim}</span>
        </h2>
        <p className="text-sm text-gray-700">
          {vehicle.type !== 'NEW' ? `${formatMiles(vehicle.mileage)} · ` : ''}VIN {vehicle.vin}
        </p>
        <p className="mt-1">
          {CART_TEXTS.price}:{' '}
          <span className="font-bold" data-testid="cart-price">
            {formatUsd(vehicle.priceCents)}
          </span>
        </p>
        <Link to={vehiclePath(vehicle.vin)} className="text-sm font-semibold text-primary underline">
          {CART_TEXTS.seeVehicle}
        </Link>
      </div>
    </div>
  );
}

function RemoveVehicleForm() {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="remove-vehicle" />
      <button type="submit" className={linkButton}>
        {CART_TEXTS.removeVehicle}
      </button>
    </Form>
  );
}

function AddOns({ protection, error }: { protection: Cart['protection']; error: string | null }) {
  return (
    <section aria-labelledby="addons-heading" className="space-y-2" data-testid="cart-addons">
      <h2 id="addons-heading" className="text-lg font-bold">
        {CART_TEXTS.addOnsHeading}
      </h2>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {protection.plans.length > 0 ? (
        <ul className="divide-y divide-black/10 rounded-tenant border border-black/15">
          {protection.plans.map((plan) => (
            <li
              key={plan.id}
              className="flex flex-wrap items-center justify-between gap-3 p-3"
              data-testid="cart-addon"
            >
              <div>
                <p className="font-semibold">{plan.name}</p>
                <p className="text-sm text-gray-700">
                  {formatUsd(plan.packagePriceCents)} or {formatMonthlyPayment(plan.monthlyPriceCents)}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-plan" />
                <input type="hidden" name="planId" value={plan.id} />
                <button type="submit" className={linkButton}>
                  {CART_TEXTS.remove}
                  <span className="sr-only"> {plan.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">{protection.status === 'declined' ? CART_TEXTS.declined : CART_TEXTS.noAddOns}</p>
      )}
    </section>
  );
}

export default function ShoppingCart() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const navigation = useNavigation();
  if (loaded.state === 'empty') return <EmptyCart />;
  const { cart, vehicle } = loaded;
  const errorFor = (intent: Intent) => (acted && acted.intent === intent && acted.error ? acted.error : null);

  if (loaded.state === 'unavailable') {
    return (
      <section aria-labelledby="cart-heading" className="space-y-4" data-testid="unavailable-cart">
        <h1 id="cart-heading" className="text-2xl font-bold">
          {CART_TEXTS.heading}
        </h1>
        <VehicleLine vehicle={vehicle} />
        <p
          role="alert"
          className="rounded-tenant border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-900"
          data-testid="unavailable-message"
        >
          {loaded.unavailable}
        </p>
        {errorFor('remove-vehicle') ? (
          <p role="alert" className="text-sm text-red-800">
            {errorFor('remove-vehicle')}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          <Link to={`/search?make=${encodeURIComponent(vehicle.make)}`} className={primaryButton}>
            {CART_TEXTS.similar}
          </Link>
          <RemoveVehicleForm />
        </div>
      </section>
    );
  }

  const submittingTerms =
    navigation.state === 'submitting' &&
    ['update-terms', 'continue'].includes(String(navigation.formData?.get('intent')));
  const termsError = errorFor('update-terms') ?? errorFor('continue');
  const termsFieldError = termsError && acted?.field === 'downPayment' && cart.dealType !== 'Cash' ? termsError : null;
  return (
    <div className="space-y-8">
      <section aria-labelledby="cart-heading" className="space-y-4">
        <h1 id="cart-heading" className="text-2xl font-bold">
          {CART_TEXTS.heading}
        </h1>
        <VehicleLine vehicle={vehicle} />
        <RemoveVehicleForm />
        {errorFor('remove-vehicle') ? (
          <p role="alert" className="text-sm text-red-800">
            {errorFor('remove-vehicle')}
          </p>
        ) : null}
      </section>

      <PurchaseTypeSwitch
        current={cart.dealType}
        allowed={loaded.allowed}
        confirming={acted?.intent === 'switch-type' && acted.confirmSwitch ? acted.confirmSwitch : null}
        error={errorFor('switch-type')}
      />

      {cart.problems.length > 0 ? (
        <ul className="space-y-2" data-testid="cart-problems" aria-label="Problems with your payment">
          {cart.problems.map((problem) => (
            <li
              key={problem.code}
              role="alert"
              className="rounded-tenant border-l-4 border-amber-700 bg-amber-50 p-3 text-sm text-amber-900"
              data-code={problem.code}
            >
              {problem.message}
            </li>
          ))}
        </ul>
      ) : null}

      {loaded.noSummary ? (
        <p
          role="status"
          className="rounded-tenant border-l-4 border-amber-700 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="summary-unavailable"
        >
          {loaded.noSummary}
        </p>
      ) : null}

      <Form
        method="post"
        className="space-y-4"
        aria-labelledby={cart.dealType === 'Cash' ? undefined : 'terms-heading'}
        data-testid="cart-terms"
      >
        {cart.dealType !== 'Cash' ? (
          <>
            <h2 id="terms-heading" className="text-lg font-bold">
              {CART_TEXTS.termsHeading}
            </h2>
            <CartTermsFields setup={loaded.setup} cart={cart} error={termsFieldError} />
          </>
        ) : null}
        {termsError && !termsFieldError ? (
          <p role="alert" className="text-sm text-red-800" data-testid="cart-error">
            {termsError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {cart.dealType !== 'Cash' ? (
            <button
              type="submit"
              name="intent"
              value="update-terms"
              className={secondaryButton}
              disabled={submittingTerms}
            >
              {CART_TEXTS.update}
            </button>
          ) : null}
          <button type="submit" name="intent" value="continue" className={primaryButton} disabled={submittingTerms}>
            {CART_TEXTS.continue}
          </button>
        </div>
      </Form>

      <CartTradeIn tradeIn={cart.tradeIn} dealType={cart.dealType} />

      <AddOns protection={cart.protection} error={errorFor('remove-plan')} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => checkoutMeta(args, CART_TEXTS.heading);
