import { searchQueryToParams, type SearchQuery } from '~/lib/contract/inventory-query';
import { SEARCH_PATH } from './actions';

// A link to the search page with a query, apart from the filters' module (filters.ts): the
// vehicle page links to its make's and its similar vehicles' searches without the filters' code
// (issue 17, decision 051).

/** Where the other filters' links point: the same query with some values replaced. */
export function searchHref(query: SearchQuery, overrides: Partial<SearchQuery> = {}): string {
  // Any change of filter starts again from the first page (and drops the page's keyset cursor).
  const params = searchQueryToParams(query, { page: 1, after: undefined, before: undefined, ...overrides });
  const text = params.toString();
  return text ? `${SEARCH_PATH}?${text}` : SEARCH_PATH;
}
