import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type AppLoadContext,
} from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { StartPurchaseForm } from '~/components/checkout/start-purchase-form';
import { ApiError } from '~/lib/api.server';
import {
  cartErrorMessage,
  createCart,
  getCheckoutContext,
  isCheckoutError,
  isHeldForShopper,
} from '~/lib/checkout/cart.server';
import { allowedDealTypes, pickDealType, purchaseTypesForVehicle } from '~/lib/checkout/deal-terms';
import { checkoutMessage } from '~/lib/checkout/messages';
import { checkoutMeta } from '~/lib/checkout/meta';
import { creditTierSchema } from '~/lib/contract/checkout';
import { normalizeVin } from '~/lib/contract/inventory-query';
import { formatMiles, formatUsd } from '~/lib/shared/money';
import { vehicleName, vehiclePath } from '~/lib/search/card-model';
import { getVehicle } from '~/lib/search/inventory.server';

// /checkout/<vin>. POST starts a purchase: the API creates the cart and holds the vehicle for
// this shopper, and the shopper lands on the Shopping Cart. When another shopper holds it (409
// vehicleHeld) or it is sold or removed, the shopper is told so here. GET shows the vehicle
// with the same form (a link someone followed, or the page after a refused start).

type StartFailure = { reason: 'held' | 'unavailable' | 'error'; message: string };

async function loadVehicle(request: Request, loadContext: AppLoadContext, vinParam: string | undefined) {
  const vin = normalizeVin(vinParam ?? '');
  if (!vin) throw data(null, { status: 404 });
  const context = await getCheckoutContext(request, loadContext);
  const vehicle = await getVehicle(context.api, vin, undefined);
  if (!vehicle) throw data(null, { status: 404 });
  return {
    context,
    vehicle,
    ...purchaseTypesForVehicle(context.tenant.contracting, { year: vehicle.year, priceCents: vehicle.price * 100 }),
  };
}

export async function loader({ request, params, context: loadContext }: LoaderFunctionArgs) {
  const { context, vehicle, dealTypes, note } = await loadVehicle(request, loadContext, params.vin);
  // The shopper's own hold: back to their cart rather than "another customer".
  if (vehicle.status === 'PendingSale' && (await isHeldForShopper(request, loadContext, vehicle.vin))) {
    throw redirect('/checkout/cart');
  }
  const failure: StartFailure | null =
    vehicle.status === 'PendingSale'
      ? { reason: 'held', message: checkoutMessage('vehicleHeld', context.tenant) }
      : vehicle.status === 'Sold'
        ? { reason: 'unavailable', message: checkoutMessage('vehicleUnavailable', context.tenant) }
        : null;
  return data({
    vehicle: {
      vin: vehicle.vin,
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      trim: vehicle.trim,
      type: vehicle.type,
      mileage: vehicle.mileage,
      price: vehicle.price,
    },
    dealTypes,
    purchaseTypeNote: note,
    failure,
  });
}

function readCents(value: FormDataEntryValue | null): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

export async function action({ request, params, context: loadContext }: ActionFunctionArgs) {
  const vin = normalizeVin(params.vin ?? '');
  if (!vin) throw data(null, { status: 404 });
  const context = await getCheckoutContext(request, loadContext);
  const form = await request.formData();
  const dealType = pickDealType(form.get('dealType'), allowedDealTypes(context.tenant.contracting));
  if (!dealType) throw data(null, { status: 404 });
  // The calculator's terms belong to the purchase type it priced (an older form without
  // `calculatorDealType` carried finance terms only); its credit tier applies to any.
  const calculatorDealType = form.get('calculatorDealType');
  const termsApply = calculatorDealType === null ? dealType === 'Finance' : calculatorDealType === dealType;
  const downPaymentCents =
    dealType === 'Cash' || (calculatorDealType !== null && !termsApply)
      ? undefined
      : readCents(form.get('downPaymentCents'));
  const termMonths = dealType !== 'Cash' && termsApply ? readCents(form.get('termMonths')) : undefined;
  const annualMiles = dealType === 'Lease' && termsApply ? readCents(form.get('annualMiles')) : undefined;
  const tier = creditTierSchema.safeParse(form.get('creditTier'));
  try {
    await createCart(context, {
      vin,
      dealType,
      downPaymentCents,
      termMonths,
      ...(annualMiles !== undefined ? { annualMiles } : {}),
      ...(tier.success && dealType !== 'Cash' ? { creditTier: tier.data } : {}),
      // The vehicle page priced taxes and fees with the shopper's zip: the cart does too.
      ...(context.shopperZip ? { zip: context.shopperZip } : {}),
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'error.vehicle.notFound') throw data(null, { status: 404 });
    const reason: StartFailure['reason'] = isCheckoutError(error, 'vehicleHeld')
      ? 'held'
      : isCheckoutError(error, 'vehicleUnavailable')
        ? 'unavailable'
        : 'error';
    const status = error instanceof ApiError && error.status < 500 ? error.status : 503;
    const message = cartErrorMessage(error, context.tenant, 'submitFailure');
    return data({ failure: { reason, message } satisfies StartFailure }, { status });
  }
  return redirect('/checkout/cart');
}

export default function StartPurchase() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const failure = acted?.failure ?? loaded.failure;
  const { vehicle } = loaded;
  const name = `${vehicleName(vehicle)} ${vehicle.trim}`;
  return (
    <section aria-labelledby="start-heading" className="max-w-xl space-y-4">
      <h1 id="start-heading" className="text-2xl font-bold">
        Buy the {name}
      </h1>
      <p>
        <span className="text-xl font-bold">{formatUsd(vehicle.price * 100)}</span>
        {vehicle.type !== 'NEW' ? <span className="text-gray-700"> · {formatMiles(vehicle.mileage)}</span> : null}
      </p>
      {failure ? (
        <div
          role="alert"
          className="rounded-tenant border-l-4 border-red-700 bg-red-50 p-3 text-red-900"
          data-testid="start-failure"
          data-reason={failure.reason}
        >
          <p className="font-semibold">{failure.message}</p>
        </div>
      ) : null}
      {failure && failure.reason !== 'error' ? (
        <p className="flex flex-wrap gap-4">
          <Link to={vehiclePath(vehicle.vin)} className="font-semibold text-primary underline">
            Back to the vehicle
          </Link>
          <Link to="/search" className="font-semibold text-primary underline">
            Shop other vehicles
          </Link>
        </p>
      ) : (
        <StartPurchaseForm vin={vehicle.vin} dealTypes={loaded.dealTypes} note={loaded.purchaseTypeNote ?? undefined} />
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => checkoutMeta(args, 'Start purchase');
