import { Form, Link, useNavigation } from '@remix-run/react';
import { useMemo } from 'react';
import { useHydrated } from '~/components/hydrated';
import { PurchaseTypeSwitch } from '~/components/checkout/purchase-type-switch';
import { CartTradeIn } from '~/components/trade-in/cart-trade-in';
import { primaryButton, secondaryButton, linkButton } from '~/components/ui/button';
import {
  CART_TEXTS,
  type CartActionData,
  type CartIntent as Intent,
  type CartPageData,
} from '~/lib/checkout/cart-page';
import type { TermsSetup } from '~/lib/checkout/deal-terms';
import type { Cart } from '~/lib/contract/checkout';
import { vehiclePath } from '~/lib/search/card-model';
import { formatMiles, formatMonthlyPayment, formatUsd } from '~/lib/shared/money';
import { DealTermsFields } from '~/components/checkout/deal-terms-fields';

// The Shopping Cart's contents (seed 002 §2) as the server's HTML (decision 060): the route
// shows them as an island whose code loads when the shopper reaches for them (a pointer over
// them, a focus or a press in them, decision 047), or when the router is busy (a post, a
// navigation). Until then every form in them posts as without JavaScript.

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
    <DealTermsFields
      setup={setup}
      downPaymentCents={cart.downPaymentCents}
      termMonths={cart.termMonths}
      annualMiles={cart.annualMiles}
      downPaymentErrors={downPaymentErrors}
      idPrefix="cart"
    />
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

/**
 * The cart with a vehicle in it, ready or no longer available: the vehicle, the purchase type,
 * the terms, the trade-in and the add-ons, with their forms.
 */
export function CartContents({ page: loaded, acted }: { page: CartPageData; acted: CartActionData | undefined }) {
  const navigation = useNavigation();
  // Marks the contents live once hydrated: the route holds a form sent before that (CART_LIVE).
  const live = useHydrated() ? '' : undefined;
  const { cart, vehicle } = loaded;
  const errorFor = (intent: Intent) => (acted && acted.intent === intent && acted.error ? acted.error : null);

  if (loaded.state === 'unavailable') {
    return (
      <section
        aria-labelledby="cart-heading"
        className="space-y-4"
        data-testid="unavailable-cart"
        data-cart-live={live}
      >
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
    <div className="space-y-8" data-cart-live={live}>
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

      <CartTradeIn tradeIn={cart.tradeIn} dealType={cart.dealType} savedOffers={loaded.savedOffers ?? []} />

      <AddOns protection={cart.protection} error={errorFor('remove-plan')} />
    </div>
  );
}
