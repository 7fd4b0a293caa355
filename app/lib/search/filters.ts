import { SEARCH_SORTS, type SearchQuery, type SearchSort } from '~/lib/contract/inventory-query';
import { formatMiles, formatUsd, formatWholeNumber } from '~/lib/shared/money';

// The search page's filters as the shopper sees them: labels, the options of each control, the
// chips of the filters in force and the links that change one thing. Pure: the query itself is
// parsed (leniently) by the contract's parseSearchQuery, on the page and in the API alike.

import { SEARCH_PATH } from './actions';
import { searchHref } from './search-href';
import { BODY_STYLE_LABELS, TYPE_LABELS } from './vehicle-labels';

export { SEARCH_PATH };

export function colorLabel(color: string): string {
  return color.charAt(0).toUpperCase() + color.slice(1);
}

/** Price (High to Low) first: the default (seed 001 §5). Distance only makes sense with a zip. */
export const SORT_LABELS: Record<SearchSort, string> = {
  'price-desc': 'Price (High to Low)',
  'price-asc': 'Price (Low to High)',
  'mileage-asc': 'Mileage (Low to High)',
  'year-desc': 'Year (Newest to Oldest)',
  'distance-asc': 'Distance (Nearest first)',
  newest: 'Recently Listed',
};

export function getSortOptions(hasZip: boolean): { value: SearchSort; label: string }[] {
  return SEARCH_SORTS.filter((sort) => hasZip || sort !== 'distance-asc').map((value) => ({
    value,
    label: SORT_LABELS[value],
  }));
}

/** Choices of the "mileage up to" filter, in miles. */
export const MILEAGE_OPTIONS = [10_000, 30_000, 50_000, 75_000, 100_000, 150_000] as const;
/** Choices of the "within" filter, in miles from the shopper's zip. */
export const DISTANCE_OPTIONS = [25, 50, 100, 250, 500, 1_000] as const;

/** A page's link; the next and previous links pass the keyset cursor that reads it (`after`/`before`). */
export function pageHref(query: SearchQuery, page: number, cursor: { after?: string; before?: string } = {}): string {
  return searchHref(query, { page, ...cursor });
}

export type ActiveFilter = { key: string; label: string; removeHref: string };

function without<T>(list: readonly T[], value: T): T[] {
  return list.filter((item) => item !== value);
}

function rangeLabel(min: number | undefined, max: number | undefined, format: (value: number) => string): string {
  if (min !== undefined && max !== undefined) return min === max ? format(min) : `${format(min)} – ${format(max)}`;
  if (min !== undefined) return `${format(min)} and up`;
  return `Up to ${format(max!)}`;
}

/** One chip per filter in force, each with the link that removes just that filter. */
export function getActiveFilters(query: SearchQuery): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  if (query.make)
    chips.push({
      key: 'make',
      label: query.make,
      removeHref: searchHref(query, { make: undefined, model: undefined, trim: undefined }),
    });
  if (query.model)
    chips.push({
      key: 'model',
      label: query.model,
      removeHref: searchHref(query, { model: undefined, trim: undefined }),
    });
  if (query.trim) chips.push({ key: 'trim', label: query.trim, removeHref: searchHref(query, { trim: undefined }) });
  if (query.yearMin !== undefined || query.yearMax !== undefined) {
    chips.push({
      key: 'year',
      label: rangeLabel(query.yearMin, query.yearMax, String),
      removeHref: searchHref(query, { yearMin: undefined, yearMax: undefined }),
    });
  }
  if (query.priceMin !== undefined || query.priceMax !== undefined) {
    chips.push({
      key: 'price',
      label: rangeLabel(query.priceMin, query.priceMax, (dollars) => formatUsd(dollars * 100)),
      removeHref: searchHref(query, { priceMin: undefined, priceMax: undefined }),
    });
  }
  if (query.mileageMax !== undefined) {
    chips.push({
      key: 'mileage',
      label: `Up to ${formatMiles(query.mileageMax)}`,
      removeHref: searchHref(query, { mileageMax: undefined }),
    });
  }
  for (const type of query.type)
    chips.push({
      key: `type-${type}`,
      label: TYPE_LABELS[type],
      removeHref: searchHref(query, { type: without(query.type, type) }),
    });
  for (const body of query.bodyStyle) {
    chips.push({
      key: `body-${body}`,
      label: BODY_STYLE_LABELS[body],
      removeHref: searchHref(query, { bodyStyle: without(query.bodyStyle, body) }),
    });
  }
  for (const color of query.color)
    chips.push({
      key: `color-${color}`,
      label: colorLabel(color),
      removeHref: searchHref(query, { color: without(query.color, color) }),
    });
  if (query.distance !== undefined && query.zip) {
    chips.push({
      key: 'distance',
      label: `Within ${formatMiles(query.distance)} of ${query.zip}`,
      removeHref: searchHref(query, { distance: undefined }),
    });
  }
  return chips;
}

/** The link that drops every filter but keeps the sort (and the zip the URL named, if any). */
export function clearFiltersHref(query: SearchQuery): string {
  return searchHref({ type: [], bodyStyle: [], color: [], sort: query.sort, page: 1, zip: query.zip });
}

export type PageItem = { kind: 'page'; page: number; current: boolean } | { kind: 'gap'; key: string };

/**
 * The page links of the pagination: the first and last pages, and the pages around the current
 * one, with a gap where pages are left out ("1 … 4 5 6 … 20").
 */
export function getPageItems(current: number, totalPages: number, around = 1): PageItem[] {
  if (totalPages <= 1) return [];
  const pages = new Set<number>([1, totalPages]);
  for (let page = current - around; page <= current + around; page += 1)
    if (page >= 1 && page <= totalPages) pages.add(page);
  // A gap of a single page is shown as that page: "1 2 3", never "1 … 3".
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push({ kind: 'page', page: previous + 1, current: previous + 1 === current });
    else if (page - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page, current: page === current });
    previous = page;
  }
  return items;
}

/** What the result count says: '1 vehicle', '2,480 vehicles'. */
export function formatResultCount(total: number): string {
  return `${formatWholeNumber(total)} ${total === 1 ? 'vehicle' : 'vehicles'}`;
}

/** True when any filter other than the sort and the page is in force. */
export function hasActiveFilters(query: SearchQuery): boolean {
  return getActiveFilters(query).length > 0;
}
