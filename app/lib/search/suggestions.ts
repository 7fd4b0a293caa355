import type { Suggestion } from '~/lib/contract/inventory';
import { searchQueryToParams, type SearchQuery } from '~/lib/contract/inventory-query';
import { SEARCH_PATH } from './actions';

// A suggestion stands for a search: its make, model, trim and years become the filters.

/** What the suggestions endpoint (routes/resources.suggestions) answers; `q` tells a late answer from the awaited one. */
export type SuggestionsData = { q: string; suggestions: Suggestion[] };

export function suggestionToQuery(suggestion: Suggestion): SearchQuery {
  return {
    make: suggestion.make,
    model: suggestion.model,
    trim: suggestion.trim,
    yearMin: suggestion.yearMin,
    yearMax: suggestion.yearMax,
    type: [],
    bodyStyle: [],
    color: [],
    sort: 'price-desc',
    page: 1,
  };
}

export function suggestionHref(suggestion: Suggestion): string {
  const params = searchQueryToParams(suggestionToQuery(suggestion));
  const text = params.toString();
  return text ? `${SEARCH_PATH}?${text}` : SEARCH_PATH;
}

/** Seed 000 §5: a blank or whitespace-only keyword is not submitted. */
export function isBlankKeyword(text: string | null | undefined): boolean {
  return !text || text.trim() === '';
}

/** Where the box sends a shopper for typed keywords when no suggestion stands for them. */
export function keywordHref(text: string): string {
  return `${SEARCH_PATH}?${new URLSearchParams({ q: text.trim() })}`;
}
