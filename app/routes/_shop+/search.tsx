import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useNavigation } from '@remix-run/react';
import { ActiveFilters } from '~/components/search/active-filters';
import { Pagination } from '~/components/search/pagination';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { NoticeBanner } from '~/components/vehicles/notice-banner';
import { getCreditScore } from '~/lib/checkout-credit.server';
import { getCompareList } from '~/lib/compare.server';
import type { SearchFacets } from '~/lib/contract/inventory';
import { DEFAULT_SEARCH_SORT, parseSearchQuery, searchQueryToParams } from '~/lib/contract/inventory-query';
import { getRequestFlags } from '~/lib/flags/flags.server';
import { pageMeta } from '~/lib/meta';
import { toCardModel } from '~/lib/search/card-model';
import { getShopperPricingPlace } from '~/lib/search/zip.server';
import { SEARCH_PATH, clearFiltersHref, formatResultCount, hasActiveFilters, pageHref } from '~/lib/search/filters';
import { getFavoriteVins, getShoppingContext, getSuggestions, searchVehicles } from '~/lib/search/inventory.server';
import { takeNotice } from '~/lib/search/notice.server';
import { readKeywordFilters } from '~/lib/search/keywords';
import { suggestionHref, suggestionToQuery } from '~/lib/search/suggestions';
import { ZIP_MESSAGES } from '~/lib/search/zip-rules';
import { useRootData } from '~/root';
import { CompareTray } from '~/components/vehicles/compare-tray';
import { SearchBox } from '~/components/search/search-box';
import { SearchFilters, SortSelect, useStableFiltersProps } from '~/components/search/search-filters';
import { ZipEditor } from '~/components/search/zip-editor';
import { VehicleGrid } from '~/components/vehicles/vehicle-grid';

// Search results (/search): filters, sort and page are URL parameters read leniently by the
// contract's parser (a bad value is dropped, never a 500), the inventory API counts the facets,
// and every control is a link or a GET form, so the page works without JavaScript.

export const handle = { pageType: 'search' };

const NO_FACETS: SearchFacets = { make: [], model: [], bodyStyle: [], type: [], color: [], year: null, price: null };

/**
 * The URL without empty parameters: a filters form posted without JavaScript sends every
 * field, and `?make=&model=&…` reads better as nothing. Null when it is already clean.
 */
function cleanedSearch(url: URL): string | null {
  const params = new URLSearchParams();
  let changed = false;
  for (const [key, value] of url.searchParams) {
    if (value.trim() === '' || (key === 'sort' && value === DEFAULT_SEARCH_SORT)) changed = true;
    else params.append(key, value);
  }
  if (!changed) return null;
  const text = params.toString();
  return text ? `${url.pathname}?${text}` : url.pathname;
}

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const cleaned = cleanedSearch(url);
  if (cleaned) throw redirect(cleaned);

  const shopping = await getShoppingContext(request);
  // Keywords from a search box without JavaScript: the first suggestion stands for them
  // (seed 000 §4.5); keywords nothing matches get the empty state.
  const keywords = url.searchParams.get('q')?.trim() || null;
  if (keywords) {
    // Colours, body styles, conditions and years are filters (issue 18); the other words name
    // the make and model. A year typed as a filter wins over the suggestion's own years.
    const { filters, rest, found } = readKeywordFilters(keywords);
    const words = found ? rest : keywords;
    const [first] = words ? await getSuggestions(shopping.api, words).catch(() => []) : [];
    if (found && (first || !rest)) {
      const base = first ? suggestionToQuery(first) : suggestionToQuery({ title: '', make: '' });
      const query = {
        ...base,
        ...filters,
        yearMin: filters.yearMin ?? base.yearMin,
        yearMax: filters.yearMax ?? base.yearMax,
      };
      throw redirect(`${SEARCH_PATH}?${searchQueryToParams(query)}`);
    }
    if (first && !found) throw redirect(suggestionHref(first));
  }

  const zipParam = url.searchParams.get('zip')?.trim();
  const urlZip = zipParam && /^\d{5}$/.test(zipParam) ? zipParam : undefined;
  const params = new URLSearchParams(url.searchParams);
  params.delete('q');
  params.set('zip', urlZip ?? shopping.zip);
  const requested = parseSearchQuery(params);

  const [result, favoriteVins, flags, compare, notice, creditScore, place] = await Promise.all([
    keywords ? null : searchVehicles(shopping.api, requested),
    getFavoriteVins(shopping),
    getRequestFlags(request, shopping.tenant),
    getCompareList(request),
    takeNotice(request, loadContext),
    // The shopper's soft pull turns the estimates into their own payments (issue 3).
    keywords ? null : getCreditScore(request, shopping),
    // Cards price at the shopper's zip, as the vehicle page and the cart do (decision 105).
    getShopperPricingPlace(shopping.session),
  ]);

  // A page past the end (an old link, a hand-edited URL) shows the last page instead.
  if (result && result.totalPages > 0 && result.page > result.totalPages) {
    throw redirect(pageHref({ ...result.query, zip: urlZip }, result.totalPages));
  }

  const applied = result?.query ?? requested;
  const currentYear = new Date().getUTCFullYear();
  return data({
    keywords,
    // Links carry the zip only when the URL named one; otherwise it comes from the session.
    query: { ...applied, zip: urlZip && applied.zip === urlZip ? urlZip : undefined },
    vehicles: result ? result.vehicles.map((card) => toCardModel(card, currentYear, creditScore, place)) : [],
    total: result?.total ?? 0,
    page: result?.page ?? 1,
    totalPages: result?.totalPages ?? 0,
    cursors: result?.cursors ?? {},
    facets: result?.facets ?? NO_FACETS,
    zip: urlZip ?? shopping.zip,
    urlZip: urlZip ?? null,
    zipUnknown: Boolean(result && requested.zip && !result.query.zip),
    favorites: shopping.favoritesEnabled ? (favoriteVins ?? []) : null,
    compare,
    showPriceGuide: flags['price-guide-badge'] === true,
    notice,
    currentYear,
  });
}

function EmptyState({
  keywords,
  filtered,
  clearHref,
}: {
  keywords: string | null;
  filtered: boolean;
  clearHref: string;
}) {
  return (
    <div className="rounded-tenant border border-dashed border-gray-400 p-8 text-center" data-testid="search-empty">
      <h2 className="text-xl font-bold">
        {keywords ? `No vehicles match “${keywords}”` : 'No vehicles match your search'}
      </h2>
      <p className="mt-2">
        {keywords
          ? 'Try a make or a model, like “Honda” or “Civic”.'
          : 'Try removing a filter or widening a range to see more vehicles.'}
      </p>
      {filtered || keywords ? (
        <Link
          to={keywords ? SEARCH_PATH : clearHref}
          className="mt-4 inline-block rounded-tenant bg-primary px-4 py-2 font-semibold text-primary-contrast"
        >
          {keywords ? 'See all vehicles' : 'Clear all filters'}
        </Link>
      ) : null}
    </div>
  );
}

export default function Search() {
  const loaded = useLoaderData<typeof loader>();
  const root = useRootData();
  const navigation = useNavigation();
  const filters = useStableFiltersProps({
    query: loaded.query,
    facets: loaded.facets,
    zip: loaded.zip,
    urlZip: loaded.urlZip ?? undefined,
    currentYear: loaded.currentYear,
  });
  if (!root) return null;
  const { query, vehicles, total, page, totalPages, cursors, keywords } = loaded;
  const filtered = hasActiveFilters(query);
  const busy = navigation.state === 'loading' && navigation.location.pathname === SEARCH_PATH;

  return (
    <main className="mx-auto w-full max-w-[1440px] flex-1 px-4 py-6 desktop:px-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-2xl font-bold md:text-3xl">Shop vehicles</h1>
          <ZipEditor zip={loaded.zip} className="mt-2" />
          {loaded.zipUnknown ? <p className="mt-1 text-sm font-semibold text-red-800">{ZIP_MESSAGES.unknown}</p> : null}
        </div>
        <SearchBox id="search-page-box" defaultValue={keywords ?? ''} className="w-full md:max-w-xl" />
      </div>

      <div className="mt-6 grid gap-6 md:grid-cols-[260px_minmax(0,1fr)] lg:grid-cols-[280px_minmax(0,1fr)]">
        <SearchFilters {...filters} />

        <section aria-labelledby="results-heading" className="min-w-0" aria-busy={busy || undefined}>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="results-heading" className="text-lg font-bold" aria-live="polite" data-testid="result-count">
              {formatResultCount(total)}
            </h2>
            <SortSelect current={query.sort} hasZip={Boolean(loaded.zip)} />
          </div>
          <div className="mt-3 space-y-3">
            <NoticeBanner notice={loaded.notice} />
            <ActiveFilters query={query} />
          </div>
          <div className={`mt-4 transition-opacity ${busy ? 'opacity-60' : ''}`}>
            {vehicles.length === 0 ? (
              <EmptyState keywords={keywords} filtered={filtered} clearHref={clearFiltersHref(query)} />
            ) : (
              <VehicleGrid
                vehicles={vehicles}
                tenant={root.tenant}
                showPriceGuide={loaded.showPriceGuide}
                favorites={loaded.favorites}
                compare={loaded.compare}
                label="Search results"
              />
            )}
          </div>
          <Pagination query={query} page={page} totalPages={totalPages} cursors={cursors} />
        </section>
      </div>
      {loaded.compare.length > 0 ? <CompareTray vins={loaded.compare} /> : null}
    </main>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'search');

export const ErrorBoundary = RouteErrorBoundary;
