import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { AVAILABILITY_TEXTS } from '~/components/vehicles/availability';
import { colourName } from '~/components/vehicles/colour-swatch';
import { NoticeBanner } from '~/components/vehicles/notice-banner';
import { RemovalSnackbar } from '~/components/vehicles/removal-snackbar';
import { REDIRECT_FIELD, submitThroughFetcher } from '~/components/vehicles/no-js-form';
import { useCurrentPath } from '~/components/vehicles/use-current-path';
import { ApiError } from '~/lib/api.server';
import { COMPARE_LIMIT, COMPARE_MESSAGES, readCompareList } from '~/lib/compare';
import { getCreditScore } from '~/lib/checkout-credit.server';
import { getCompareList, saveCompareList } from '~/lib/compare.server';
import type { CompareResult, VehicleDetail } from '~/lib/contract/inventory';
import { getRequestFlags } from '~/lib/flags/flags.server';
import { logger } from '~/lib/shared/logger.server';
import { brandFromMatches, mergeMeta, parentMeta } from '~/lib/meta';
import { formatApr, formatMiles, formatTerm, formatUsd } from '~/lib/shared/money';
import { RESOURCE_PATHS } from '~/lib/search/actions';
import { toCardModel, vehicleName, vehiclePath, type CardModel } from '~/lib/search/card-model';
import { BODY_STYLE_LABELS, TYPE_LABELS } from '~/lib/search/vehicle-labels';
import { compareVehicles, getShoppingContext } from '~/lib/search/inventory.server';
import { takeNotice } from '~/lib/search/notice.server';
import { getShopperPricingPlace } from '~/lib/search/zip.server';
import { useRootData } from '~/root';
import { isOneOf, keysOf } from '~/lib/shared/guards';
import { VehicleGrid } from '~/components/vehicles/vehicle-grid';

// The side-by-side comparison (/compare). The vehicles come from the compare cookie, or from
// the URL (/compare?vin=…&vin=…) for a shared link. At most COMPARE_LIMIT; vehicles that can
// no longer be bought are named in a message, and ones gone from the stock leave the list.

type CompareVehicle = CardModel & Pick<VehicleDetail, 'specs' | 'features'>;

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const fromUrl = url.searchParams.has('vin');
  const shopping = await getShoppingContext(request);
  // The shopper's soft pull (issue 3) starts now and runs beside the comparison below; it
  // never rejects (any failure is null), so it can wait unobserved for a moment.
  const creditScorePromise = getCreditScore(request, shopping);
  const [cookieVins, flags, notice] = await Promise.all([
    getCompareList(request),
    getRequestFlags(request, shopping.tenant),
    takeNotice(request, loadContext),
  ]);
  const vins = fromUrl ? readCompareList(url.searchParams.getAll('vin')) : cookieVins;

  let failed = false;
  async function loadComparison(): Promise<CompareResult | null> {
    if (vins.length === 0) return null;
    try {
      return await compareVehicles(shopping.api, vins, shopping.zip);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      logger.error({ err: error }, 'comparison could not be loaded');
      failed = true;
      return null;
    }
  }
  const [result, creditScore, place] = await Promise.all([
    loadComparison(),
    creditScorePromise,
    getShopperPricingPlace(shopping.session),
  ]);
  // Vehicles gone from the inventory leave the shopper's list (sold ones stay, shown as sold).
  const gone = new Set(result?.unavailable.filter((item) => item.reason === 'NotFound').map((item) => item.vin));
  if (!fromUrl && gone.size > 0)
    await saveCompareList(
      request,
      loadContext,
      cookieVins.filter((vin) => !gone.has(vin)),
    );

  const currentYear = new Date().getUTCFullYear();
  const vehicles: CompareVehicle[] = (result?.vehicles ?? []).map((vehicle) => ({
    ...toCardModel(vehicle, currentYear, creditScore, place),
    specs: vehicle.specs,
    features: vehicle.features,
  }));
  return data({
    vehicles,
    unavailable: result?.unavailable ?? [],
    failed,
    fromUrl,
    compare: cookieVins.filter((vin) => !gone.has(vin)),
    showPriceGuide: flags['price-guide-badge'] === true,
    notice,
  });
}

function RemoveButton({ vin, name }: { vin: string; name: string }) {
  const redirectTo = useCurrentPath();
  const fetcher = useFetcher({ key: `compare:${vin}` });
  return (
    <form
      method="post"
      action={RESOURCE_PATHS.compare}
      onSubmit={(event) => submitThroughFetcher(fetcher, event)}
      className="relative z-10 border-t border-black/10 p-2"
    >
      <input type="hidden" name="vin" value={vin} />
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name={REDIRECT_FIELD} value={redirectTo} />
      <button type="submit" className="cursor-pointer px-2 py-2 text-sm font-semibold underline">
        Remove<span className="sr-only"> {name}</span> from comparison
      </button>
    </form>
  );
}

function ClearButton() {
  const redirectTo = useCurrentPath();
  const fetcher = useFetcher({ key: 'compare:clear' });
  return (
    <form method="post" action={RESOURCE_PATHS.compare} onSubmit={(event) => submitThroughFetcher(fetcher, event)}>
      <input type="hidden" name="intent" value="clear" />
      <input type="hidden" name={REDIRECT_FIELD} value={redirectTo} />
      <button
        type="submit"
        className="cursor-pointer rounded-tenant border border-primary px-4 py-2 font-semibold text-primary"
      >
        Clear comparison
      </button>
    </form>
  );
}

function paymentText(vehicle: CardModel): string {
  const block = vehicle.payment;
  if (block.kind === 'estimated' || block.kind === 'personalized') {
    const { terms } = block;
    const prefix = block.kind === 'estimated' ? 'Est. ' : '';
    return `${prefix}${formatUsd(terms.monthlyPaymentCents)}/mo · ${formatApr(terms.aprPercent)} APR · ${formatTerm(terms.termMonths)}`;
  }
  return 'Payment not available';
}

/**
 * The cards and the table share one scrolling box and one set of columns (a label column, then
 * one equal column per vehicle, at least a card's 260 px), so each card sits above its column;
 * on a phone the box scrolls sideways and says so (issue 18). The label column is 10rem wide
 * from the md breakpoint and none on a phone, where each value shows its label above it instead
 * (issue 35 point 7: a blank column took 160 of 375 px, and the labels scrolled away). The width
 * is a CSS variable set by breakpoint on the scroller, so the inline grid and widths follow it.
 */
const LABEL_COLUMN = 'var(--compare-label)';
const LABEL_COLUMN_WIDTHS = '[--compare-label:0px] md:[--compare-label:10rem]';
const CARD_MIN = '276px'; // the card's 260 px and its column's padding

function compareMinWidth(count: number): string {
  return `calc(${LABEL_COLUMN} + ${count} * ${CARD_MIN})`;
}

function SpecTable({ vehicles }: { vehicles: CompareVehicle[] }) {
  const rows: { label: string; value: (vehicle: CompareVehicle) => string }[] = [
    { label: 'Price', value: (vehicle) => (vehicle.status === 'Sold' ? 'Sold' : formatUsd(vehicle.price * 100)) },
    { label: 'Payment', value: (vehicle) => (vehicle.status === 'Sold' ? '—' : paymentText(vehicle)) },
    { label: 'Availability', value: (vehicle) => AVAILABILITY_TEXTS[vehicle.status].label },
    { label: 'Condition', value: (vehicle) => TYPE_LABELS[vehicle.type] },
    { label: 'Mileage', value: (vehicle) => formatMiles(vehicle.mileage) },
    { label: 'Trim', value: (vehicle) => vehicle.trim },
    {
      label: 'Body style',
      value: (vehicle) =>
        isOneOf(keysOf(BODY_STYLE_LABELS), vehicle.bodyStyle)
          ? BODY_STYLE_LABELS[vehicle.bodyStyle]
          : vehicle.bodyStyle,
    },
    { label: 'Exterior colour', value: (vehicle) => colourName(vehicle.primaryColor, vehicle.secondaryColor) },
    { label: 'Drivetrain', value: (vehicle) => vehicle.specs.drivetrain },
    { label: 'Engine', value: (vehicle) => vehicle.specs.engine },
    { label: 'Transmission', value: (vehicle) => vehicle.specs.transmission },
    { label: 'Fuel', value: (vehicle) => vehicle.specs.fuelType },
    {
      label: 'MPG (city / highway)',
      value: (vehicle) =>
        vehicle.specs.mpgCity !== null && vehicle.specs.mpgHighway !== null
          ? `${vehicle.specs.mpgCity} / ${vehicle.specs.mpgHighway}`
          : '—',
    },
    { label: 'Seats', value: (vehicle) => String(vehicle.specs.seats) },
    {
      label: 'Distance',
      value: (vehicle) => (vehicle.distance !== null ? `${formatMiles(vehicle.distance)} away` : '—'),
    },
    { label: 'Features', value: (vehicle) => (vehicle.features.length ? vehicle.features.join(', ') : '—') },
  ];
  return (
    <div className="mt-8">
      <table className="w-full table-fixed border-collapse text-left text-sm" data-testid="compare-table">
        <caption className="sr-only">Specifications side by side</caption>
        <colgroup>
          <col style={{ width: LABEL_COLUMN }} />
          {vehicles.map((vehicle) => (
            <col key={vehicle.vin} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <td className="p-0" />
            {vehicles.map((vehicle) => (
              <th key={vehicle.vin} scope="col" className="border-b-2 border-black/20 p-2 align-bottom text-base">
                <Link to={vehiclePath(vehicle.vin)} className="text-primary underline">
                  {vehicleName(vehicle)}
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-black/10">
              {/* On a phone the row header keeps the table's meaning for screen readers only;
                  each cell shows the label, hidden from them so it is not read twice. */}
              <th scope="row" className="p-0 font-semibold text-gray-700 md:p-2">
                <span className="sr-only md:not-sr-only">{row.label}</span>
              </th>
              {vehicles.map((vehicle) => (
                <td key={vehicle.vin} className="p-2 align-top">
                  <span aria-hidden="true" className="block text-xs font-semibold text-gray-700 md:hidden">
                    {row.label}
                  </span>
                  {row.value(vehicle)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function Compare() {
  const loaded = useLoaderData<typeof loader>();
  const root = useRootData();
  if (!root) return null;
  const { vehicles, unavailable } = loaded;
  return (
    <main className="mx-auto w-full max-w-[1440px] flex-1 px-4 py-6 desktop:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold md:text-3xl">Compare vehicles</h1>
          <p className="mt-1 text-gray-700" data-testid="compare-count">
            {vehicles.length} of {COMPARE_LIMIT} vehicles. You can compare up to {COMPARE_LIMIT} at a time.
          </p>
        </div>
        {loaded.compare.length > 0 && !loaded.fromUrl ? <ClearButton /> : null}
      </div>

      <div className="mt-4 space-y-3">
        <NoticeBanner notice={loaded.notice} />
        <RemovalSnackbar list="compare" notice={loaded.notice} />
        {loaded.failed ? <NoticeBanner notice={{ kind: 'error', message: COMPARE_MESSAGES.requestError }} /> : null}
        {unavailable.length > 0 ? (
          <div
            role="status"
            className="rounded-tenant border-l-4 border-accent bg-surface px-4 py-3"
            data-testid="compare-unavailable"
          >
            <p className="font-semibold">{COMPARE_MESSAGES.unavailable}</p>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {unavailable.map((item) => (
                <li key={item.vin}>
                  VIN {item.vin}:{' '}
                  {item.reason === 'Sold'
                    ? 'sold'
                    : loaded.fromUrl
                      ? 'no longer listed'
                      : 'no longer listed, removed from your comparison'}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      {vehicles.length === 0 ? (
        <div
          className="mt-6 rounded-tenant border border-dashed border-gray-400 p-8 text-center"
          data-testid="compare-empty"
        >
          <h2 className="text-xl font-bold">No vehicles to compare yet</h2>
          <p className="mt-2">Tick Compare on up to {COMPARE_LIMIT} vehicles to see them side by side.</p>
          <Link
            to="/search"
            className="mt-4 inline-block rounded-tenant bg-primary px-4 py-2 font-semibold text-primary-contrast"
          >
            Shop vehicles
          </Link>
        </div>
      ) : (
        <>
          {vehicles.length > 1 ? (
            <p className="mt-4 text-sm text-gray-700 md:hidden" data-testid="compare-scroll-hint">
              Swipe sideways to see every vehicle.
            </p>
          ) : null}
          <div className={`mt-6 overflow-x-auto pb-2 ${LABEL_COLUMN_WIDTHS}`} data-testid="compare-scroller">
            <div style={{ minWidth: compareMinWidth(vehicles.length) }}>
              <VehicleGrid
                columns={{
                  className: 'grid [&>li:first-child]:col-start-2 [&>li]:px-2',
                  style: { gridTemplateColumns: `${LABEL_COLUMN} repeat(${vehicles.length}, minmax(0, 1fr))` },
                }}
                vehicles={vehicles}
                tenant={root.tenant}
                showPriceGuide={loaded.showPriceGuide}
                favorites={null}
                compare={loaded.fromUrl ? null : loaded.compare}
                headingLevel={2}
                label="Vehicles in the comparison"
                after={(vehicle) =>
                  vehicle.status === 'Sold' && !loaded.fromUrl ? (
                    <RemoveButton vin={vehicle.vin} name={vehicleName(vehicle)} />
                  ) : null
                }
              />
              <SpecTable vehicles={vehicles} />
            </div>
          </div>
          {vehicles.length === 1 ? (
            <p className="mt-4">
              Add another vehicle to compare:{' '}
              <Link to="/search" className="font-semibold text-primary underline">
                shop vehicles
              </Link>
              .
            </p>
          ) : null}
        </>
      )}
    </main>
  );
}

// The comparison has no page type of its own: the search page's texts, with its own title.
export const meta: MetaFunction = ({ matches }) => {
  const brand = brandFromMatches(matches);
  return mergeMeta(parentMeta(matches), [
    { title: brand ? `Compare Vehicles | ${brand}` : 'Compare Vehicles' },
    { name: 'robots', content: 'noindex' },
  ]);
};

export const ErrorBoundary = RouteErrorBoundary;
