import type { LoaderFunctionArgs } from '@remix-run/node';
import { normalizeVin } from '~/lib/contract/inventory-query';
import { getShoppingContext, getVehicle } from '~/lib/search/inventory.server';
import type { PaymentEstimateData } from '~/lib/search/actions';
import { vehicleCalculator } from '~/lib/search/payment-estimate.server';
import { getShopperPricingPlace } from '~/lib/search/zip.server';
import { isWithinTenantLimits } from '~/lib/shared/tenant/limits';

// The vehicle page calculator's question (decision 103): the figures for the choices in the
// query (the calculator form's own fields, and the VIN), priced here with the shopper's zip as
// the page's loader prices them, so the browser carries no pricing code. `asked` numbers the
// question and comes back with the answer. A vehicle gone (sold since, out of the tenant's
// limits) answers no estimate: the calculator keeps what it showed.

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const asked = Number(params.get('asked')) || 0;
  const vin = normalizeVin(params.get('vin') ?? '');
  const shopping = await getShoppingContext(request);
  const [vehicle, place] = await Promise.all([
    vin ? getVehicle(shopping.api, vin, shopping.zip) : null,
    getShopperPricingPlace(shopping.session),
  ]);
  const calculator =
    vehicle && isWithinTenantLimits(shopping.tenant.inventory, vehicle)
      ? vehicleCalculator(shopping.tenant, vehicle, params, place).calculator
      : null;
  return Response.json({ asked, estimate: calculator?.estimate ?? null } satisfies PaymentEstimateData, {
    headers: { 'Cache-Control': 'no-store' },
  });
}
