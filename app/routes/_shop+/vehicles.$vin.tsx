import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Await, Link, useLoaderData } from '@remix-run/react';
import { Fragment, Suspense, useCallback, useState } from 'react';
import { StartPurchaseForm } from '~/components/checkout/start-purchase-form';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { Availability } from '~/components/vehicles/availability';
import { ColourSwatch } from '~/components/vehicles/colour-swatch';
import { NoticeBanner } from '~/components/vehicles/notice-banner';
import { YourPayment } from '~/components/prequal/your-payment';
import { getCreditScore } from '~/lib/checkout-credit.server';
import { isHeldForShopper } from '~/lib/checkout/cart.server';
import { getCompareList } from '~/lib/compare.server';
import { normalizeVin } from '~/lib/contract/inventory-query';
import { getRequestFlags } from '~/lib/flags/flags.server';
import { brandFromMatches, pageMeta } from '~/lib/meta';
import { formatMiles, formatUsd } from '~/lib/shared/money';
import { getCardPayment, toCardModel, vehicleName, vehiclePath } from '~/lib/search/card-model';
import { searchHref } from '~/lib/search/search-href';
import { getFavoriteVins, getShoppingContext, getSimilarVehicles, getVehicle } from '~/lib/search/inventory.server';
import { takeNotice } from '~/lib/search/notice.server';
import { getShopperPricingPlace } from '~/lib/search/zip.server';
import { sameCalculatorInput } from '~/lib/search/calculator-choices';
import type { BuyBoxPayment, CalculatorEstimate } from '~/lib/search/payment-calculator';
import { vehicleCalculator } from '~/lib/search/payment-estimate.server';
import { priceBreakdownRows, vehicleSpecRows } from '~/lib/search/vehicle-page.server';
import { isWithinTenantLimits } from '~/lib/shared/tenant/limits';
import { formatPhone, phoneHref } from '~/lib/shared/tenant/text';
import { useRootData } from '~/root';
import { AskAboutVehicle } from '~/components/leads/ask-about-vehicle';
import { ZipEditor } from '~/components/search/zip-editor';
import { BuyBar } from '~/components/vehicles/buy-bar';
import { BuyBoxPaymentView, monthlyOf } from '~/components/vehicles/buy-box-payment';
import { PaymentCalculator } from '~/components/vehicles/payment-calculator';
import { VehicleActions } from '~/components/vehicles/vehicle-actions';
import { VehicleGallery } from '~/components/vehicles/vehicle-gallery';
import { VehicleGrid } from '~/components/vehicles/vehicle-grid';

// Vehicle details (/vehicles/<vin>): pictures, specs, price details, a payment calculator, the
// vehicle's availability, similar vehicles and the way to start buying it. The vehicle and the
// price are awaited; similar vehicles stream in afterwards, and their failure shows nothing.

export const handle = { pageType: 'vehicleDetails' };

/** Where the Start purchase form posts (app/routes/checkout.$vin.tsx). */
export function checkoutPath(vin: string): string {
  return `/checkout/${encodeURIComponent(vin)}`;
}

export const VEHICLE_PAGE_TEXTS = {
  startPurchase: 'Start purchase',
  similar: 'Similar vehicles',
  soldNoSave: 'Sold vehicles cannot be saved.',
  pendingNoPurchase: 'You can save this vehicle and check back: it goes back on sale if the order does not go ahead.',
  ownHold: 'This vehicle is on hold for you while you check out.',
  continuePurchase: 'Continue your purchase',
  noFinancing: 'Online payment estimates are not available for this vehicle.',
  adjustPayment: 'Adjust payment',
  priceBreakdown: 'Price breakdown',
} as const;

const PENDING = Symbol('pending');

/** How the price breakdown's figures are set: a saving and incentives stand out. */
const BREAKDOWN_VALUE_CLASS = {
  plain: 'text-right',
  saving: 'text-right font-semibold',
  incentives: 'text-right font-semibold text-green-800',
} as const;

/** The promise's value if it has settled by the next turn of the event loop, else PENDING. */
function settledNow<T>(promise: Promise<T>): Promise<T | typeof PENDING> {
  return Promise.race([promise, new Promise<typeof PENDING>((resolve) => setImmediate(() => resolve(PENDING)))]);
}

export async function loader({ request, params, context: loadContext }: LoaderFunctionArgs) {
  const raw = params.vin ?? '';
  const vin = normalizeVin(raw);
  if (!vin) throw data(null, { status: 404 });
  const url = new URL(request.url);
  // One address per vehicle: a VIN typed in lower case goes to its canonical page.
  if (vin !== raw) throw redirect(`${vehiclePath(vin)}${url.search}`, 301);

  const shopping = await getShoppingContext(request);
  const currentYear = new Date().getUTCFullYear();
  // Started now, awaited by the component: similar vehicles never hold the page back. Their
  // cards carry the shopper's personalised payment when their soft pull is still valid.
  const creditScore = getCreditScore(request, shopping);
  // The zip the shopper gave (not the dealer's, which only measures distances): taxes and fees
  // follow its state, as the cart's do, so the cart opens on the same figures (issue 31 point 2),
  // and the similar vehicles' cards price at it too (decision 105).
  const pricingPlace = getShopperPricingPlace(shopping.session);
  const similar = Promise.all([getSimilarVehicles(shopping.api, vin, shopping.zip), creditScore, pricingPlace])
    .then(([cards, score, where]) =>
      cards && cards.length > 0 ? cards.map((card) => toCardModel(card, currentYear, score, where)) : null,
    )
    .catch(() => null);
  const [vehicle, favoriteVins, flags, compare, notice, score, place] = await Promise.all([
    getVehicle(shopping.api, vin, shopping.zip),
    getFavoriteVins(shopping),
    getRequestFlags(request, shopping.tenant),
    getCompareList(request),
    takeNotice(request, loadContext),
    creditScore,
    pricingPlace,
  ]);
  // Outside the tenant's mileage or age limits: not this tenant's to sell (the backend says so too).
  if (!vehicle || !isWithinTenantLimits(shopping.tenant.inventory, vehicle)) throw data(null, { status: 404 });
  // A vehicle on hold may be on hold for this very shopper: then the page offers to go on.
  const ownHold = vehicle.status === 'PendingSale' ? await isHeldForShopper(request, loadContext, vin) : false;
  // Similar vehicles usually arrive with the vehicle: then they are sent with the page (which
  // also serves a browser without JavaScript, where a streamed part never shows); otherwise
  // they stream in after it.
  const similarNow = await settledNow(similar);

  // The purchase types, and the calculator's figures for the choices its form sent (or the defaults).
  const { dealTypes, note, calculator } = vehicleCalculator(
    shopping.tenant,
    vehicle,
    url.searchParams,
    place,
    currentYear,
  );
  const favorites = shopping.favoritesEnabled ? (favoriteVins ?? []) : null;
  // Issue 14: the pre-qualified shopper's own payment for this vehicle (at the default terms).
  const yourPayment = calculator && score !== null ? getCardPayment(vehicle, currentYear, score, place) : null;
  // The payment under the price (it links to the calculator), worked out here for the first
  // paint and the page without JavaScript: the calculator's choices when its form sent them,
  // else the shopper's own payment, else the calculator's defaults (issue 31 point 2).
  const chosenInUrl = url.searchParams.has('dealType');
  const buyBoxPayment: BuyBoxPayment | null =
    yourPayment && !chosenInUrl
      ? { kind: 'finance', block: yourPayment }
      : (calculator?.estimate.buyBoxPayment ?? null);
  return data({
    vehicle,
    // Worded here, so the page's JavaScript only lists them (decision 103).
    specRows: vehicleSpecRows(vehicle),
    priceRows: priceBreakdownRows(vehicle),
    // The make's vehicles (the breadcrumb, and the way on when similar vehicles are missing),
    // made here so that the page's JavaScript does without the search query's code (decision 062).
    makeHref: searchHref({ make: vehicle.make, type: [], bodyStyle: [], color: [], sort: 'price-desc', page: 1 }),
    calculator,
    buyBoxPayment,
    similar: similarNow === PENDING ? similar : similarNow,
    favorites,
    compare,
    zip: shopping.zip,
    showPriceGuide: flags['price-guide-badge'] === true,
    notice,
    dealTypes,
    // Said here, so the page's JavaScript does without the deal-terms module's pricing code.
    purchaseTypeNote: note,
    ownHold,
    yourPayment,
  });
}

function SpecList({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl
      className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr_auto_1fr]"
      data-testid="vehicle-specs"
    >
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-gray-700">{term}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function VehicleDetails() {
  const loaded = useLoaderData<typeof loader>();
  // The calculator's answers, as the shopper changes its choices, go into the buy box and the
  // Start purchase form (issue 12 item 2); kept per vehicle so another vehicle's page starts afresh.
  const [chosen, setChosen] = useState<{ vin: string; estimate: CalculatorEstimate } | null>(null);
  const current = chosen && chosen.vin === loaded.vehicle.vin ? chosen.estimate : null;
  const calculatorInput = current?.input ?? loaded.calculator?.estimate.input;
  const currentVin = loaded.vehicle.vin;
  const onCalculatorChange = useCallback(
    (estimate: CalculatorEstimate) => setChosen({ vin: currentVin, estimate }),
    [currentVin],
  );
  const root = useRootData();
  if (!root) return null;
  const { vehicle } = loaded;
  const { tenant } = root;
  const name = vehicleName(vehicle);
  const details = vehicle.priceDetails;
  const sold = vehicle.status === 'Sold';
  const path = vehiclePath(vehicle.vin);
  // The calculator's choices once the shopper changes them in the browser; until then (and
  // without JavaScript) the loader's figure, which may be the shopper's own payment.
  const initialInput = loaded.calculator?.estimate.input;
  const changed = current && initialInput && !sameCalculatorInput(current.input, initialInput);
  const payment: BuyBoxPayment | null = changed ? current.buyBoxPayment : loaded.buyBoxPayment;

  return (
    <main
      className={`mx-auto w-full max-w-[1440px] flex-1 px-4 py-4 laptop:py-6 desktop:px-8 ${vehicle.status === 'Available' ? 'pb-24 laptop:pb-6' : ''}`}
    >
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/search" className="text-primary underline">
              Shop vehicles
            </Link>{' '}
            /
          </li>
          <li>
            <Link to={loaded.makeHref} className="text-primary underline">
              {vehicle.make}
            </Link>{' '}
            /
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>

      {loaded.notice ? (
        <div className="mt-3">
          <NoticeBanner notice={loaded.notice} />
        </div>
      ) : null}

      {/*
        One column on phones, in reading order: the pictures, then the title, price, payment and
        Start purchase (the first screen at 390 px), then specifications and the calculator.
        From laptop width the buy box is a sticky column on the right; the grid places it there
        without changing the order screen readers read (docs/decisions/017-inventory.md).
      */}
      <div className="mt-3 grid gap-4 laptop:mt-4 laptop:grid-cols-[minmax(0,3fr)_minmax(320px,2fr)] laptop:gap-8">
        <div className="min-w-0 laptop:col-start-1 laptop:row-start-1">
          <VehicleGallery pictures={vehicle.gallery} />
        </div>

        <aside
          className="space-y-4 laptop:sticky laptop:top-4 laptop:col-start-2 laptop:row-span-2 laptop:row-start-1 laptop:self-start"
          aria-label="Price and availability"
          data-testid="buy-box"
        >
          <div>
            <h1 className="text-2xl font-bold md:text-3xl">{name}</h1>
            <p className="mt-1 flex items-center gap-2 text-gray-700">
              <ColourSwatch primary={vehicle.primaryColor} secondary={vehicle.secondaryColor} />
              {vehicle.trim}
              {vehicle.type !== 'NEW' ? ` · ${formatMiles(vehicle.mileage)}` : null}
            </p>
          </div>

          <section aria-labelledby="price-heading" data-testid="price-details">
            <h2 id="price-heading" className="sr-only">
              Price details
            </h2>
            <p className="text-2xl font-bold md:text-3xl" data-testid="vehicle-price">
              {formatUsd(details.price * 100)}
            </p>
            {loaded.showPriceGuide && vehicle.priceGuide ? (
              <p className="mt-1 text-sm font-bold text-green-800" data-testid="price-guide-badge">
                {vehicle.priceGuide === 'GREAT_PRICE' ? 'Great Price' : 'Good Price'}
              </p>
            ) : null}
            {payment ? (
              <div
                className="mt-2 flex flex-wrap items-end justify-between gap-x-4 gap-y-1"
                data-testid="vehicle-payment"
              >
                <BuyBoxPaymentView payment={payment} tenant={tenant} vehicleName={name} />
                <a href="#payment-calculator" className="text-sm font-semibold text-primary underline">
                  {VEHICLE_PAGE_TEXTS.adjustPayment}
                </a>
              </div>
            ) : null}
          </section>

          <div id="purchase" className="scroll-mt-4 space-y-3" data-testid="purchase">
            {vehicle.status === 'Available' ? (
              <StartPurchaseForm
                vin={vehicle.vin}
                dealTypes={loaded.dealTypes}
                note={loaded.purchaseTypeNote ?? undefined}
                calculator={calculatorInput}
              />
            ) : null}
            <Availability status={vehicle.status} heldForYou={loaded.ownHold} />
            {vehicle.status === 'PendingSale' && loaded.ownHold ? (
              <p className="text-sm" data-testid="own-hold">
                {VEHICLE_PAGE_TEXTS.ownHold}{' '}
                <Link to="/checkout" className="font-semibold text-primary underline">
                  {VEHICLE_PAGE_TEXTS.continuePurchase}
                </Link>
              </p>
            ) : vehicle.status === 'PendingSale' ? (
              <p className="text-sm">{VEHICLE_PAGE_TEXTS.pendingNoPurchase}</p>
            ) : sold ? (
              <a href="#similar-vehicles" className="inline-block font-semibold text-primary underline">
                See Similar Vehicles
              </a>
            ) : null}
            {sold ? (
              <div className="flex flex-wrap items-center gap-3">
                {loaded.favorites ? <p className="text-sm">{VEHICLE_PAGE_TEXTS.soldNoSave}</p> : null}
              </div>
            ) : (
              <VehicleActions
                vin={vehicle.vin}
                vehicleName={name}
                compared={loaded.compare.includes(vehicle.vin)}
                saved={loaded.favorites ? loaded.favorites.includes(vehicle.vin) : null}
              />
            )}
            {vehicle.distance !== null ? (
              <p className="text-sm text-gray-700">
                {formatMiles(vehicle.distance)} away
                {vehicle.dealer.city ? ` · at our ${vehicle.dealer.city}, ${vehicle.dealer.state} location` : ''}
              </p>
            ) : null}
            <ZipEditor zip={loaded.zip} />
          </div>

          {sold || loaded.yourPayment ? null : <YourPayment vin={vehicle.vin} />}

          <section aria-labelledby="breakdown-heading" data-testid="price-breakdown">
            <h2 id="breakdown-heading" className="font-bold">
              {VEHICLE_PAGE_TEXTS.priceBreakdown}
            </h2>
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-y-1 text-sm">
              {/* Seed 001 §2, worded by the loader: MSRP and what it saves, or incentives, or nothing. */}
              {loaded.priceRows.map((row) => (
                <Fragment key={row.term}>
                  <dt>{row.term}</dt>
                  <dd
                    className={BREAKDOWN_VALUE_CLASS[row.kind ?? 'plain']}
                    data-testid={row.kind === 'incentives' ? 'vehicle-incentives' : undefined}
                  >
                    {row.value}
                  </dd>
                </Fragment>
              ))}
              <dt className="font-bold">Price</dt>
              <dd className="text-right font-bold">{formatUsd(details.price * 100)}</dd>
            </dl>
            <p className="mt-2 text-xs text-gray-700">Price excludes taxes, title, registration and fees.</p>
          </section>
        </aside>

        <div className="min-w-0 space-y-8 laptop:col-start-1 laptop:row-start-2">
          <section aria-labelledby="specs-heading">
            <h2 id="specs-heading" className="text-xl font-bold">
              Specifications
            </h2>
            <div className="mt-3">
              <SpecList rows={loaded.specRows} />
            </div>
            {vehicle.features.length > 0 ? (
              <>
                <h3 className="mt-6 font-bold">Features</h3>
                <ul className="mt-2 grid list-disc gap-x-8 gap-y-1 pl-5 text-sm sm:grid-cols-2">
                  {vehicle.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>

          {loaded.calculator ? (
            <PaymentCalculator
              vin={vehicle.vin}
              vehicleName={name}
              dealTypes={loaded.calculator.dealTypes}
              options={loaded.calculator.options}
              estimate={loaded.calculator.estimate}
              tenant={tenant}
              action={path}
              onEstimateChange={onCalculatorChange}
            />
          ) : sold ? null : (
            <section aria-labelledby="calculator-heading" className="rounded-tenant border border-black/15 p-4">
              <h2 id="calculator-heading" className="text-xl font-bold">
                Estimate your payment
              </h2>
              <p className="mt-2">
                {VEHICLE_PAGE_TEXTS.noFinancing} Call{' '}
                <a href={phoneHref(tenant)} className="font-semibold underline">
                  {formatPhone(tenant.dealerPhone.number)}
                </a>{' '}
                and we will help.
              </p>
            </section>
          )}
          <AskAboutVehicle vin={vehicle.vin} />
        </div>
      </div>

      <Suspense fallback={<SimilarPlaceholder moreHref={loaded.makeHref} make={vehicle.make} />}>
        <Await resolve={loaded.similar} errorElement={null}>
          {(similar) =>
            similar ? (
              <section id="similar-vehicles" aria-labelledby="similar-heading" className="mt-12">
                <h2 id="similar-heading" className="text-2xl font-bold">
                  {VEHICLE_PAGE_TEXTS.similar}
                </h2>
                <div className="mt-4">
                  <VehicleGrid
                    vehicles={similar}
                    tenant={tenant}
                    showPriceGuide={loaded.showPriceGuide}
                    favorites={loaded.favorites}
                    compare={loaded.compare}
                    eagerImages={0}
                  />
                </div>
              </section>
            ) : !sold ? null : (
              // A sold vehicle's 'See Similar Vehicles' links here: the anchor stays, with a way on.
              <section id="similar-vehicles" aria-labelledby="similar-heading" className="mt-12">
                <h2 id="similar-heading" className="text-2xl font-bold">
                  {VEHICLE_PAGE_TEXTS.similar}
                </h2>
                <p className="mt-2">
                  <Link to={loaded.makeHref} className="font-semibold text-primary underline">
                    Shop more {vehicle.make} vehicles
                  </Link>
                </p>
              </section>
            )
          }
        </Await>
      </Suspense>

      {vehicle.status === 'Available' ? (
        // Where the bar is: the bottom of the screen, phones only (decisions 062 and 064).
        <div className="fixed inset-x-0 bottom-0 laptop:hidden">
          <BuyBar
            priceCents={details.price * 100}
            monthly={monthlyOf(payment)}
            targetId="purchase"
            buttonSelector='[data-testid="start-purchase"]'
          />
        </div>
      ) : null}
    </main>
  );
}

/**
 * While similar vehicles stream in. A browser without JavaScript never sees streamed parts, so
 * it gets a link to more vehicles like this one instead (the noscript).
 */
function SimilarPlaceholder({ moreHref, make }: { moreHref: string; make: string }) {
  return (
    <>
      <noscript>
        <section id="similar-vehicles" aria-labelledby="similar-heading" className="mt-12">
          <h2 id="similar-heading" className="text-2xl font-bold">
            {VEHICLE_PAGE_TEXTS.similar}
          </h2>
          <p className="mt-2">
            <a href={moreHref} className="font-semibold text-primary underline">
              Shop more {make} vehicles
            </a>
          </p>
        </section>
      </noscript>
      <div aria-hidden="true" className="mt-12 [html:not([data-hydrated])_&]:hidden">
        <div className="h-8 w-56 animate-pulse rounded bg-black/10" />
        <div className="mt-4 grid grid-cols-[repeat(auto-fill,minmax(260px,1fr))] gap-4">
          {[0, 1, 2].map((index) => (
            <div key={index} className="h-80 animate-pulse rounded-tenant bg-black/5" />
          ))}
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => {
  const vehicle = args.data?.vehicle;
  // No vehicle (a 404): the tenant's not-found texts, titled for a vehicle (issue 35 point 7).
  if (!vehicle) {
    const brand = brandFromMatches(args.matches);
    const title = brand ? `Vehicle Not Found | ${brand}` : 'Vehicle Not Found';
    return pageMeta(args, 'notFound', { canonical: null }).map((tag) => {
      if ('title' in tag) return { title };
      if ('property' in tag && tag.property === 'og:title') return { ...tag, content: title };
      return tag;
    });
  }
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.trim}`;
  const values = { year: vehicle.year, make: vehicle.make, model: vehicle.model, trim: vehicle.trim, vin: vehicle.vin };
  // The tenant's title names the page type; the vehicle's own name goes in front of it.
  return pageMeta(args, 'vehicleDetails', { values, canonical: vehiclePath(vehicle.vin) }).map((tag) => {
    if ('title' in tag) return { title: `${name} | ${String(tag.title)}` };
    if ('property' in tag && tag.property === 'og:title')
      return { ...tag, content: `${name} | ${String(tag.content)}` };
    if ('name' in tag && tag.name === 'description')
      return { ...tag, content: `${name}, ${formatUsd(vehicle.price * 100)}. ${String(tag.content)}` };
    return tag;
  });
};

export const ErrorBoundary = RouteErrorBoundary;
