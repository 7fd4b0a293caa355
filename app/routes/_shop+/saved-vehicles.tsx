import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { NoticeBanner } from '~/components/vehicles/notice-banner';
import { RemovalSnackbar } from '~/components/vehicles/removal-snackbar';
import { REDIRECT_FIELD, submitThroughFetcher } from '~/components/vehicles/no-js-form';
import { useCurrentPath } from '~/components/vehicles/use-current-path';
import { requireShopper } from '~/lib/auth.server';
import { getCreditScore } from '~/lib/checkout-credit.server';
import { getCompareList } from '~/lib/compare.server';
import { getRequestFlags } from '~/lib/flags/flags.server';
import { pageMeta } from '~/lib/meta';
import { REMOVAL_FIELD, RESOURCE_PATHS } from '~/lib/search/actions';
import { toCardModel, vehicleName, type CardModel } from '~/lib/search/card-model';
import { getFavoriteVehicles, getShoppingContext } from '~/lib/search/inventory.server';
import { takeNotice } from '~/lib/search/notice.server';
import { getShopperPricingPlace } from '~/lib/search/zip.server';
import { useRootData } from '~/root';
import { CompareTray } from '~/components/vehicles/compare-tray';
import { VehicleGrid } from '~/components/vehicles/vehicle-grid';

// The shopper's saved vehicles (seed 002 §6: saving and seeing saved vehicles need sign-in).
// A saved vehicle that has sold since shows as sold, with a Remove button of its own (a sold
// card has no footer, so no heart).

export const handle = { pageType: 'savedVehicles' };

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const shopping = await getShoppingContext(request);
  if (!shopping.favoritesEnabled) throw data(null, { status: 404 });
  await requireShopper(request);
  const currentYear = new Date().getUTCFullYear();
  const [vehicles, flags, compare, notice, creditScore, place] = await Promise.all([
    getFavoriteVehicles(shopping.api, shopping.zip),
    getRequestFlags(request, shopping.tenant),
    getCompareList(request),
    takeNotice(request, loadContext),
    getCreditScore(request, shopping),
    getShopperPricingPlace(shopping.session),
  ]);
  return data({
    vehicles: vehicles.map((card) => toCardModel(card, currentYear, creditScore, place)),
    compare,
    showPriceGuide: flags['price-guide-badge'] === true,
    notice,
  });
}

function RemoveSold({ vehicle }: { vehicle: CardModel }) {
  const redirectTo = useCurrentPath();
  const fetcher = useFetcher({ key: `favorite:${vehicle.vin}` });
  return (
    <form
      method="post"
      action={RESOURCE_PATHS.favorites}
      onSubmit={(event) => submitThroughFetcher(fetcher, event)}
      className="relative z-10 border-t border-black/10 p-2"
    >
      <input type="hidden" name="vin" value={vehicle.vin} />
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name={REDIRECT_FIELD} value={redirectTo} />
      {/* A sold vehicle cannot be saved again: its removal is confirmed without Undo. */}
      <input type="hidden" name={REMOVAL_FIELD} value="plain" />
      <button
        type="submit"
        className="cursor-pointer px-2 py-2 text-sm font-semibold underline"
        disabled={fetcher.state !== 'idle'}
      >
        Remove<span className="sr-only"> {vehicleName(vehicle)}</span> from saved vehicles
      </button>
    </form>
  );
}

export default function SavedVehicles() {
  const loaded = useLoaderData<typeof loader>();
  const root = useRootData();
  if (!root) return null;
  const saved = loaded.vehicles.map((vehicle) => vehicle.vin);
  return (
    <main className="mx-auto w-full max-w-[1440px] flex-1 px-4 py-6 desktop:px-8">
      <h1 className="text-2xl font-bold md:text-3xl">Saved vehicles</h1>
      <p className="mt-1 text-gray-700" data-testid="saved-count">
        {loaded.vehicles.length === 1 ? '1 saved vehicle' : `${loaded.vehicles.length} saved vehicles`}
      </p>
      <div className="mt-3">
        <NoticeBanner notice={loaded.notice} />
        <RemovalSnackbar list="favorite" notice={loaded.notice} />
      </div>
      <div className="mt-6">
        {loaded.vehicles.length === 0 ? (
          <div
            className="rounded-tenant border border-dashed border-gray-400 p-8 text-center"
            data-testid="saved-empty"
          >
            <h2 className="text-xl font-bold">You have not saved any vehicles yet</h2>
            <p className="mt-2">Tap the heart on a vehicle to keep it here.</p>
            <Link
              to="/search"
              className="mt-4 inline-block rounded-tenant bg-primary px-4 py-2 font-semibold text-primary-contrast"
            >
              Shop vehicles
            </Link>
          </div>
        ) : (
          <VehicleGrid
            vehicles={loaded.vehicles}
            tenant={root.tenant}
            showPriceGuide={loaded.showPriceGuide}
            favorites={saved}
            compare={loaded.compare}
            headingLevel={2}
            label="Saved vehicles"
            after={(vehicle) => (vehicle.status === 'Sold' ? <RemoveSold vehicle={vehicle} /> : null)}
          />
        )}
      </div>
      {loaded.compare.length > 0 ? <CompareTray vins={loaded.compare} /> : null}
    </main>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'savedVehicles');

export const ErrorBoundary = RouteErrorBoundary;
