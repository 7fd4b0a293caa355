import { useState } from 'react';
import { island } from '~/components/ui/island';
import type { SearchFacets } from '~/lib/contract/inventory';
import type { SearchQuery } from '~/lib/contract/inventory-query';

// The search page's filters and sort (./search-filters) load their code on the shopper's first
// interaction with them (decision 061, as the forms of decision 049): until then they are the
// server's GET form, which works as without JavaScript (the phone's Filters toggle opens it by
// CSS, Apply and Sort submit it). What the shopper changed in it meanwhile is applied once the
// code is here. The form (`data-search-filters`) and the sort (`data-sort-select`) share one chunk.

export const SearchFiltersIsland = island(() => import('./search-filters').then((module) => module.SearchFilters), {
  hydrateOn: '[data-search-filters]',
});

export const SortSelectIsland = island(() => import('./search-filters').then((module) => module.SortSelect), {
  hydrateOn: '[data-sort-select]',
});

type FiltersProps = {
  query: SearchQuery;
  facets: SearchFacets;
  zip: string;
  urlZip?: string;
  currentYear: number;
};

/**
 * The filters' props, the same object while their content is: a revalidation (a vehicle saved,
 * a comparison) brings equal loader data in new objects, and a new prop makes React render an
 * island not yet hydrated in the browser, dropping the server's form until its code comes.
 */
export function useStableFiltersProps(props: FiltersProps): FiltersProps {
  const key = JSON.stringify(props);
  const [stable, setStable] = useState({ key, props });
  if (stable.key !== key) {
    setStable({ key, props });
    return props;
  }
  return stable.props;
}
