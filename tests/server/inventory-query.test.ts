import { beforeAll, describe, expect, it } from 'vitest';
import {
  parseSearchQuery,
  searchQuerySchema,
  searchQueryToParams,
  searchQueryToRecord,
} from '~/lib/contract/inventory';
import { buildCatalog } from '#server/inventory/catalog';
import { countFacets, type FacetFilters } from '#server/inventory/facets';
import { parseSnapshot } from '#server/inventory/snapshot';
import { suggestFromCatalog, tokensMatch } from '#server/inventory/suggestions';

const NOW = new Date('2026-06-01T12:00:00Z');
const parse = (query: string) => parseSearchQuery(new URLSearchParams(query), NOW);

describe('parseSearchQuery (the lenient reader both sides share)', () => {
  it('answers the defaults for an empty query', () => {
    expect(parse('')).toEqual({ type: [], bodyStyle: [], color: [], sort: 'price-desc', page: 1 });
  });

  it('reads every filter', () => {
    const query = parse(
      'make=Toyota&model=RAV4&trim=XLE&yearMin=2020&yearMax=2024&priceMin=20000&priceMax=40000&mileageMax=50000' +
        '&type=USED&type=CPO&bodyStyle=suv&color=blue,red&zip=78701&distance=50&sort=distance-asc&page=3',
    );
    expect(query).toEqual({
      make: 'Toyota',
      model: 'RAV4',
      trim: 'XLE',
      yearMin: 2020,
      yearMax: 2024,
      priceMin: 20_000,
      priceMax: 40_000,
      mileageMax: 50_000,
      type: ['USED', 'CPO'],
      bodyStyle: ['suv'],
      color: ['blue', 'red'],
      zip: '78701',
      distance: 50,
      sort: 'distance-asc',
      page: 3,
    });
    expect(searchQuerySchema.parse(query)).toEqual(query);
  });

  it('clamps years to the 50-year inventory age and next model year', () => {
    expect(parse('yearMin=1900&yearMax=2100')).toMatchObject({ yearMin: 1976, yearMax: 2027 });
  });

  it('drops a model without a make and a trim without a model', () => {
    expect(parse('model=Camry&trim=LE')).not.toHaveProperty('model');
    expect(parse('make=Toyota&trim=LE')).not.toHaveProperty('trim');
  });

  it('drops the distance and the distance sort without a zip', () => {
    expect(parse('distance=25&sort=distance-asc')).toEqual(parse(''));
  });

  it('ignores repeated values and reads at most a dozen list parameters', () => {
    expect(parse('type=NEW&type=new&type=NEW').type).toEqual(['NEW']);
    const many = Array.from({ length: 20 }, () => 'color=plaid').join('&') + '&color=red';
    expect(parse(many).color).toEqual([]);
  });

  it('reads a plain object too (as a router hands it)', () => {
    expect(parseSearchQuery({ make: ['Ford', 'Kia'], type: 'new' }, NOW)).toMatchObject({
      make: 'Ford',
      type: ['NEW'],
    });
  });

  it('writes canonical links: defaults left out, lists repeated', () => {
    const query = parse('type=USED,CPO&sort=price-desc&page=1&make=Ford');
    expect(searchQueryToParams(query).toString()).toBe('make=Ford&type=USED&type=CPO');
    expect(searchQueryToParams(query, { page: 2, sort: 'year-desc' }).toString()).toBe(
      'make=Ford&type=USED&type=CPO&sort=year-desc&page=2',
    );
    expect(searchQueryToRecord(query)).toEqual({ make: 'Ford', type: ['USED', 'CPO'] });
    expect(parse(searchQueryToParams(query).toString())).toEqual(query);
  });
});

describe('suggestion matching', () => {
  it('needs each typed word to start a different word', () => {
    expect(tokensMatch(['hon', 'acc'], ['honda', 'accord'])).toBe(true);
    expect(tokensMatch(['acc', 'hon'], ['honda', 'accord'])).toBe(true);
    expect(tokensMatch(['hon', 'hon'], ['honda', 'accord'])).toBe(false);
    expect(tokensMatch(['cord'], ['honda', 'accord'])).toBe(false);
  });

  it('answers in a stable order from a catalogue', () => {
    const catalog = buildCatalog(
      [
        { year: 2022, make: 'Honda', model: 'Accord', trim: 'EX-L', count: 3 },
        { year: 2023, make: 'Honda', model: 'Civic', trim: 'Sport', count: 5 },
        { year: 2023, make: 'Hyundai', model: 'Elantra', trim: 'SE', count: 1 },
      ],
      ['78758', '78701', 'n/a'],
    );
    expect(catalog.dealerZips).toEqual(['78701', '78758']);
    expect(suggestFromCatalog(catalog, 'h').map((s) => s.title)).toEqual([
      'Honda',
      'Hyundai',
      'Honda Civic',
      'Honda Accord',
      'Hyundai Elantra',
      'Honda Civic Sport',
      'Honda Accord EX-L',
      'Hyundai Elantra SE',
    ]);
    expect(suggestFromCatalog(catalog, '2023 h').map((s) => s.title)).toEqual([
      '2023 Honda Civic',
      '2023 Hyundai Elantra',
      '2023 Honda Civic Sport',
      '2023 Hyundai Elantra SE',
    ]);
  });
});

describe('facet counts over the snapshot', () => {
  type Row = {
    year: number;
    price: number;
    mileage: number;
    make: string;
    model: string;
    trim: string;
    body: string;
    type: string;
    color: string;
    zip: string;
  };

  /** A small deterministic generator, so a failure can be replayed. */
  function random(seed: number) {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
  }

  const next = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const catalogue = [
    ['Toyota', 'Camry', 'sedan'],
    ['Toyota', 'RAV4', 'suv'],
    ['Honda', 'Accord', 'sedan'],
    ['Honda', 'CR-V', 'suv'],
    ['Ford', 'F-150', 'truck'],
    ['Kia', 'Soul', 'hatchback'],
  ] as const;
  const rows: Row[] = Array.from({ length: 600 }, () => {
    const [make, model, body] = pick(catalogue);
    return {
      year: 2010 + Math.floor(next() * 16),
      price: 1_000_000 + Math.floor(next() * 5_000_000),
      mileage: Math.floor(next() * 150_000),
      make,
      model,
      trim: pick(['Base', 'Sport', 'Limited']),
      body,
      type: pick(['NEW', 'CPO', 'USED']),
      color: pick(['white', 'black', 'red', 'blue']),
      zip: pick(['78701', '78758', '75201']),
    };
  });
  const text = rows
    .map((row) =>
      [row.year, row.price, row.mileage, row.make, row.model, row.trim, row.body, row.type, row.color, row.zip].join(
        '\u001f',
      ),
    )
    .join('\u001e');
  let snapshot: Awaited<ReturnType<typeof parseSnapshot>>;
  beforeAll(async () => {
    snapshot = await parseSnapshot(text);
  });

  /** The same counts, written the slow and obvious way. */
  function bruteForce(filters: FacetFilters) {
    const inRange = (row: Row) =>
      (filters.yearMin === undefined || row.year >= filters.yearMin) &&
      (filters.yearMax === undefined || row.year <= filters.yearMax) &&
      (filters.priceMin === undefined || row.price >= filters.priceMin * 100 - 50) &&
      (filters.priceMax === undefined || row.price <= filters.priceMax * 100 + 49) &&
      (filters.mileageMax === undefined || row.mileage <= filters.mileageMax) &&
      (filters.dealerZips === null || filters.dealerZips.includes(row.zip));
    const checks = {
      make: (row: Row) =>
        (filters.make === undefined || row.make === filters.make) &&
        (filters.model === undefined || row.model === filters.model) &&
        (filters.trim === undefined || row.trim === filters.trim),
      type: (row: Row) => filters.type.length === 0 || (filters.type as string[]).includes(row.type),
      body: (row: Row) => filters.bodyStyle.length === 0 || (filters.bodyStyle as string[]).includes(row.body),
      color: (row: Row) => filters.color.length === 0 || (filters.color as string[]).includes(row.color),
    };
    const except = (skip: keyof typeof checks) =>
      rows.filter(
        (row) => inRange(row) && Object.entries(checks).every(([name, check]) => name === skip || check(row)),
      );
    const tally = (list: Row[], field: keyof Row) => {
      const counts = new Map<string, number>();
      for (const row of list) counts.set(String(row[field]), (counts.get(String(row[field])) ?? 0) + 1);
      return counts;
    };
    const all = rows.filter((row) => inRange(row) && Object.values(checks).every((check) => check(row)));
    const makeRows = rows.filter((row) => inRange(row) && checks.type(row) && checks.body(row) && checks.color(row));
    return {
      total: all.length,
      make: tally(makeRows, 'make'),
      model: tally(
        makeRows.filter((row) => row.make === filters.make),
        'model',
      ),
      body: tally(except('body'), 'body'),
      type: tally(except('type'), 'type'),
      color: tally(except('color'), 'color'),
    };
  }

  const asMap = (facets: { value: string; count: number }[]) =>
    new Map(facets.filter((f) => f.count > 0).map((f) => [f.value, f.count]));

  it('agrees with a brute-force count for 300 random filter combinations', () => {
    for (let round = 0; round < 300; round++) {
      const [make, model] = next() < 0.5 ? pick(catalogue) : [undefined, undefined];
      const filters: FacetFilters = {
        make,
        model: make && next() < 0.5 ? model : undefined,
        trim: make && next() < 0.2 ? pick(['Base', 'Sport']) : undefined,
        yearMin: next() < 0.3 ? 2012 + Math.floor(next() * 8) : undefined,
        yearMax: next() < 0.3 ? 2018 + Math.floor(next() * 8) : undefined,
        priceMin: next() < 0.3 ? 10_000 + Math.floor(next() * 20_000) : undefined,
        priceMax: next() < 0.3 ? 30_000 + Math.floor(next() * 30_000) : undefined,
        mileageMax: next() < 0.3 ? Math.floor(next() * 150_000) : undefined,
        type: next() < 0.4 ? [pick(['NEW', 'CPO', 'USED'] as const)] : [],
        bodyStyle: next() < 0.4 ? [pick(['sedan', 'suv', 'truck'] as const)] : [],
        color: next() < 0.4 ? [pick(['white', 'red'] as const), pick(['black', 'blue'] as const)] : [],
        dealerZips: next() < 0.3 ? [pick(['78701', '78758', '75201'])] : next() < 0.1 ? [] : null,
      };
      if (filters.model === undefined) filters.trim = undefined;
      const { total, facets } = countFacets(snapshot, filters);
      const expected = bruteForce(filters);
      expect(total, JSON.stringify(filters)).toBe(expected.total);
      expect(asMap(facets.make)).toEqual(expected.make);
      expect(asMap(facets.model)).toEqual(filters.make ? expected.model : new Map());
      expect(asMap(facets.bodyStyle)).toEqual(expected.body);
      expect(asMap(facets.type)).toEqual(expected.type);
      expect(asMap(facets.color)).toEqual(expected.color);
    }
  });

  it('builds the suggestions catalogue and the dealer zips from the same rows', () => {
    expect(snapshot.size).toBe(600);
    expect(snapshot.catalog.dealerZips).toEqual(['75201', '78701', '78758']);
    expect(snapshot.catalog.phrases.find((phrase) => phrase.title === 'Toyota')?.count).toBe(
      rows.filter((row) => row.make === 'Toyota').length,
    );
  });

  it('reads an empty stock', async () => {
    const empty = await parseSnapshot('');
    expect(empty.size).toBe(0);
    expect(countFacets(empty, { type: [], bodyStyle: [], color: [], dealerZips: null }).total).toBe(0);
  });
});
