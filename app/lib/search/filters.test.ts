import { describe, expect, it } from 'vitest';
import { parseSearchQuery, type SearchQuery } from '~/lib/contract/inventory';
import {
  clearFiltersHref,
  formatResultCount,
  getActiveFilters,
  getPageItems,
  getSortOptions,
  pageHref,
} from './filters';
import { searchHref } from './search-href';

const base: SearchQuery = { type: [], bodyStyle: [], color: [], sort: 'price-desc', page: 1 };

function pages(current: number, total: number): string {
  return getPageItems(current, total)
    .map((item) => (item.kind === 'gap' ? '…' : item.current ? `[${item.page}]` : String(item.page)))
    .join(' ');
}

describe('search links', () => {
  it('leaves the defaults (sort Price (High to Low), page 1) out of the URL', () => {
    expect(searchHref(base)).toBe('/search');
    expect(searchHref({ ...base, make: 'Honda', page: 3 })).toBe('/search?make=Honda');
    expect(pageHref({ ...base, make: 'Honda', sort: 'price-asc' }, 2)).toBe('/search?make=Honda&sort=price-asc&page=2');
  });

  it('reads back what it writes', () => {
    const query: SearchQuery = {
      ...base,
      make: 'Ford',
      model: 'F-150',
      type: ['NEW', 'CPO'],
      bodyStyle: ['truck'],
      priceMax: 40_000,
      sort: 'mileage-asc',
      page: 2,
    };
    const href = pageHref(query, 2);
    expect(parseSearchQuery(new URL(href, 'http://x').searchParams)).toEqual(query);
  });

  it('offers the distance sort only with a zip', () => {
    expect(getSortOptions(false).map((option) => option.value)).not.toContain('distance-asc');
    expect(getSortOptions(true)[0]).toEqual({ value: 'price-desc', label: 'Price (High to Low)' });
  });
});

describe('active filter chips', () => {
  it('has one chip per filter, each removing only itself (and what depends on it)', () => {
    const query: SearchQuery = {
      ...base,
      make: 'Honda',
      model: 'Civic',
      type: ['NEW', 'USED'],
      priceMin: 10_000,
      priceMax: 20_000,
      mileageMax: 50_000,
      zip: '78701',
      distance: 50,
    };
    const chips = getActiveFilters(query);
    expect(chips.map((chip) => chip.label)).toEqual([
      'Honda',
      'Civic',
      '$10,000 – $20,000',
      'Up to 50,000 mi',
      'New',
      'Used',
      'Within 50 mi of 78701',
    ]);
    const make = chips.find((chip) => chip.key === 'make')!;
    // The model goes with its make.
    expect(make.removeHref).toBe(
      '/search?priceMin=10000&priceMax=20000&mileageMax=50000&zip=78701&distance=50&type=NEW&type=USED',
    );
    const used = chips.find((chip) => chip.key === 'type-USED')!;
    expect(used.removeHref).toContain('type=NEW');
    expect(used.removeHref).not.toContain('type=USED');
  });

  it('names open-ended ranges', () => {
    expect(getActiveFilters({ ...base, yearMin: 2020 }).map((chip) => chip.label)).toEqual(['2020 and up']);
    expect(getActiveFilters({ ...base, priceMax: 30_000 }).map((chip) => chip.label)).toEqual(['Up to $30,000']);
  });

  it('clears every filter but keeps the sort', () => {
    expect(clearFiltersHref({ ...base, make: 'Honda', color: ['red'], sort: 'year-desc', page: 4 })).toBe(
      '/search?sort=year-desc',
    );
  });
});

describe('pagination items', () => {
  it('shows the first, last and neighbouring pages with gaps', () => {
    expect(pages(1, 1)).toBe('');
    expect(pages(1, 3)).toBe('[1] 2 3');
    expect(pages(5, 10)).toBe('1 … 4 [5] 6 … 10');
    expect(pages(3, 10)).toBe('1 2 [3] 4 … 10');
    expect(pages(10, 10)).toBe('1 … 9 [10]');
  });
});

describe('result count', () => {
  it('says vehicle or vehicles, with thousands separators', () => {
    expect(formatResultCount(0)).toBe('0 vehicles');
    expect(formatResultCount(1)).toBe('1 vehicle');
    expect(formatResultCount(100_000)).toBe('100,000 vehicles');
  });
});
