import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '~/lib/contract/common';
import { searchResponseSchema, type SearchResult } from '~/lib/contract/inventory';
import { vehicles } from '#server/db/schema';
import { clearInventoryCaches } from '#server/inventory/cache';
import { startHarness, type Harness } from './harness';
import { THIS_YEAR, getJson, insertDefaultStock, insertNorthsideStock, insertVehicle } from './inventory-fixtures';

let harness: Harness;
let stock: Awaited<ReturnType<typeof insertDefaultStock>>;
let northside: Awaited<ReturnType<typeof insertNorthsideStock>>;
/** Lakeview holds 50 vehicles for paging: many share a price, to prove the pages are stable. */
const lakeviewVins: { vin: string; priceCents: number; mileage: number; type: 'NEW' | 'CPO' | 'USED' }[] = [];

beforeAll(async () => {
  harness = await startHarness();
  stock = await insertDefaultStock(harness.database);
  northside = await insertNorthsideStock(harness.database);
  for (let i = 0; i < 50; i++) {
    const type = i % 5 === 0 ? 'NEW' : i % 3 === 0 ? 'CPO' : 'USED';
    const row = await insertVehicle(harness.database, {
      tenantId: 'lakeview',
      make: ['Kia', 'Mazda', 'Subaru'][i % 3]!,
      model: ['Soul', 'CX-5', 'Outback'][i % 3]!,
      priceCents: 1_500_000 + (i % 7) * 100_000,
      type,
      mileage: type === 'NEW' ? i : 1_000 * ((i * 37) % 50),
      dealerZip: ['53703', '53711', '60601'][i % 3]!,
    });
    lakeviewVins.push({ vin: row.vin, priceCents: row.priceCents, mileage: row.mileage, type });
  }
});
afterAll(async () => {
  await harness.close();
});

async function search(query = '', tenantId = 'default'): Promise<SearchResult> {
  const { status, body } = await getJson(harness, `/api/inventory/search${query ? `?${query}` : ''}`, tenantId);
  expect(status).toBe(200);
  return searchResponseSchema.parse(body).data;
}

const vinsOf = (result: SearchResult) => result.vehicles.map((vehicle) => vehicle.vin);

describe('GET /api/inventory/search: the default listing', () => {
  it('lists Available and Sale Pending vehicles, Price (High to Low), with card data in whole dollars', async () => {
    const result = await search();
    expect(result.total).toBe(8);
    expect(result.sort).toBe('price-desc');
    expect(result.vehicles.map((vehicle) => vehicle.price)).toEqual([
      38_000, 35_000, 33_000, 31_000, 30_000, 29_500, 24_000, 22_000,
    ]);
    expect(result.vehicles[0]).toEqual({
      vin: stock.rav4Limited.vin,
      year: THIS_YEAR,
      make: 'Toyota',
      model: 'RAV4',
      trim: 'Limited',
      mileage: 10,
      type: 'NEW',
      msrp: 40_000,
      incentivesTotal: 1_000,
      price: 38_000,
      status: 'PendingSale',
      primaryColor: 'red',
      secondaryColor: 'black',
      bodyStyle: 'suv',
      imageUrl: '/media/vehicles/suv/red-black/toyota/side.svg',
      // No dealer photo stored: the card shows the drawn art.
      photo: null,
      distance: null,
      priceGuide: null,
      dealerZip: '78701',
    });
    expect(result.vehicles.find((vehicle) => vehicle.vin === stock.rav4Xle.vin)?.priceGuide).toBe('GREAT_PRICE');
  });

  it('never lists sold or deleted vehicles, nor those outside the tenant inventory limits', async () => {
    const vins = vinsOf(await search());
    for (const hidden of [stock.civicSold, stock.corollaDeleted, stock.broncoTooOld, stock.tacomaTooFar]) {
      expect(vins).not.toContain(hidden.vin);
    }
  });

  it('keeps tenants apart', async () => {
    const north = await search('', 'northside');
    expect(vinsOf(north)).toEqual([northside.outback.vin]);
    expect(vinsOf(await search())).not.toContain(northside.outback.vin);
    expect(vinsOf(await search('make=Subaru'))).toEqual([]);
  });

  it('needs a known tenant', async () => {
    const { status, body } = await getJson(harness, '/api/inventory/search', 'nobody');
    expect(status).toBe(400);
    expect(apiErrorBodySchema.parse(body).error.code).toBe('error.tenant.unknown');
  });
});

describe('GET /api/inventory/search: filters', () => {
  it.each([
    ['make (any case, answered in the stock spelling)', 'make=toyota', 4, { make: 'Toyota' }],
    ['make and model', 'make=Toyota&model=rav4', 2, { make: 'Toyota', model: 'RAV4' }],
    ['make, model and trim', 'make=Toyota&model=RAV4&trim=limited', 1, { trim: 'Limited' }],
    ['a year range', 'yearMin=2022&yearMax=2023', 3, { yearMin: 2022, yearMax: 2023 }],
    ['a year range given backwards', 'yearMin=2023&yearMax=2022', 3, { yearMin: 2022, yearMax: 2023 }],
    ['a price range in dollars', 'priceMin=30000&priceMax=35000', 4, { priceMin: 30_000, priceMax: 35_000 }],
    ['a price written like money', 'priceMax=%2430%2C000', 4, { priceMax: 30_000 }],
    ['a mileage maximum', 'mileageMax=20000', 3, { mileageMax: 20_000 }],
    ['one type', 'type=NEW', 1, { type: ['NEW'] }],
    ['repeated types', 'type=USED&type=CPO', 7, { type: ['USED', 'CPO'] }],
    ['comma-separated types in lower case', 'type=used,cpo', 7, { type: ['USED', 'CPO'] }],
    ['a body style in any case', 'bodyStyle=SUV', 3, { bodyStyle: ['suv'] }],
    ['a colour', 'color=red', 2, { color: ['red'] }],
    ['a distance from the shopper zip', 'zip=78701&distance=25', 6, { zip: '78701', distance: 25 }],
  ])('filters by %s', async (_name, query, total, applied) => {
    const result = await search(query);
    expect(result.total).toBe(result.vehicles.length);
    expect(result.total).toBe(total);
    expect(result.query).toMatchObject(applied);
  });

  it('checks every listed vehicle against the filters it was given', async () => {
    const result = await search('make=Toyota&bodyStyle=suv&priceMax=40000&type=NEW&type=USED');
    expect(vinsOf(result).sort()).toEqual([stock.rav4Limited.vin, stock.rav4Xle.vin].sort());
  });

  it('gives each card its distance once a zip is known, and sorts by it', async () => {
    const result = await search('zip=78701&sort=distance-asc');
    expect(result.total).toBe(8);
    const distances = result.vehicles.map((vehicle) => vehicle.distance!);
    expect(distances.every((miles) => Number.isInteger(miles))).toBe(true);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(result.vehicles.slice(0, 3).map((vehicle) => [vehicle.dealerZip, vehicle.distance, vehicle.price])).toEqual([
      ['78701', 0, 38_000],
      ['78701', 0, 31_000],
      ['78701', 0, 24_000],
    ]);
    const dallas = result.vehicles.find((vehicle) => vehicle.dealerZip === '75201')!;
    expect(dallas.distance).toBeGreaterThan(150);
    expect(dallas.distance).toBeLessThan(200);
  });

  it('answers an empty page with zero counts when nothing matches', async () => {
    const result = await search('make=Lamborghini');
    expect(result).toMatchObject({ vehicles: [], total: 0, page: 1, totalPages: 0 });
    expect(result.facets.make).toContainEqual({ value: 'Lamborghini', count: 0 });
    expect(result.facets.year).toBeNull();
    expect(result.facets.price).toBeNull();
  });

  it('finds nothing within a distance no dealer is in', async () => {
    const result = await search('zip=10001&distance=50');
    expect(result.total).toBe(0);
    expect(result.vehicles).toEqual([]);
  });
});

describe('GET /api/inventory/search: bad values are dropped, never a 500', () => {
  it.each([
    'make=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    `make=${'x'.repeat(61)}`,
    'model=Camry',
    'type=SPACESHIP',
    'bodyStyle=boat',
    'color=plaid',
    'sort=random',
    'sort=distance-asc',
    'page=-3',
    'page=abc',
    'page=1e9',
    'zip=abcde',
    'zip=00000',
    'zip=00000&distance=10&sort=distance-asc',
    'distance=10',
    'yearMin=19x5',
    'yearMin=1800&yearMax=3000',
    'priceMin=-5&priceMax=-1',
    'mileageMax=lots',
    'priceMin[a]=1&make[]=Ford&type[0]=NEW',
    'make=&model=&type=&color=',
  ])('%s', async (query) => {
    const result = await search(query);
    expect(result.total).toBe(8);
    expect(result.sort).toBe('price-desc');
    expect(result.query).toMatchObject({ type: [], bodyStyle: [], color: [], page: 1 });
    expect(result.query.make).toBeUndefined();
    expect(result.query.zip).toBeUndefined();
  });

  it('a malformed percent-encoding is a bad request (400 with the contract error), not a 500', async () => {
    // Issue 10: malformed URLs answer 400; the query cannot even be read.
    const { status, body } = await getJson(harness, '/api/inventory/search?%E0%A4%A=1', 'default');
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: expect.any(String) } });
  });

  it('keeps the good values next to the bad ones', async () => {
    const result = await search('make=Ford&type=NEW&type=BOAT&type=USED&color=plaid&priceMax=oops');
    expect(result.total).toBe(2);
    expect(result.query).toMatchObject({ make: 'Ford', type: ['NEW', 'USED'], color: [] });
    expect(result.query.priceMax).toBeUndefined();
  });

  it('clamps numbers to their range', async () => {
    const result = await search('priceMax=999999999&mileageMax=5000000');
    expect(result.query).toMatchObject({ priceMax: 10_000_000, mileageMax: 900_000 });
    expect(result.total).toBe(8);
  });
});

describe('GET /api/inventory/search: facets', () => {
  it('counts every value over the whole listing', async () => {
    const { facets } = await search();
    expect(facets.make).toEqual([
      { value: 'Ford', count: 2 },
      { value: 'Honda', count: 2 },
      { value: 'Toyota', count: 4 },
    ]);
    expect(facets.model).toEqual([]);
    expect(facets.bodyStyle).toEqual([
      { value: 'sedan', count: 3 },
      { value: 'suv', count: 3 },
      { value: 'truck', count: 1 },
      { value: 'coupe', count: 1 },
    ]);
    expect(facets.type).toEqual([
      { value: 'NEW', count: 1 },
      { value: 'CPO', count: 1 },
      { value: 'USED', count: 6 },
    ]);
    expect(facets.color).toEqual([
      { value: 'white', count: 2 },
      { value: 'black', count: 1 },
      { value: 'silver', count: 1 },
      { value: 'gray', count: 1 },
      { value: 'red', count: 2 },
      { value: 'blue', count: 1 },
    ]);
    expect(facets.year).toEqual({ min: 2019, max: THIS_YEAR });
    expect(facets.price).toEqual({ min: 22_000, max: 38_000 });
  });

  it('counts each facet under the other filters, and models for the chosen make', async () => {
    const result = await search('make=Toyota&bodyStyle=suv');
    expect(result.total).toBe(2);
    // Other makes with SUVs stay visible, with their own counts.
    expect(result.facets.make).toEqual([
      { value: 'Honda', count: 1 },
      { value: 'Toyota', count: 2 },
    ]);
    expect(result.facets.model).toEqual([{ value: 'RAV4', count: 2 }]);
    expect(result.facets.bodyStyle).toEqual([
      { value: 'sedan', count: 2 },
      { value: 'suv', count: 2 },
    ]);
    expect(result.facets.type).toEqual([
      { value: 'NEW', count: 1 },
      { value: 'USED', count: 1 },
    ]);
    expect(result.facets.price).toEqual({ min: 29_500, max: 38_000 });
  });

  it('lists a chosen value even when nothing matches it', async () => {
    const result = await search('make=Toyota&bodyStyle=truck');
    expect(result.total).toBe(0);
    expect(result.facets.bodyStyle).toContainEqual({ value: 'truck', count: 0 });
  });

  it('counts the range filters in', async () => {
    const result = await search('priceMax=30000');
    expect(result.total).toBe(4);
    expect(result.facets.make).toEqual([
      { value: 'Honda', count: 2 },
      { value: 'Toyota', count: 2 },
    ]);
  });

  it('follows the stock after the short cache is cleared', async () => {
    const extra = await insertVehicle(harness.database, { make: 'Kia', model: 'Soul', priceCents: 1_000_000 });
    const result = await search();
    expect(result.total).toBe(9);
    expect(result.facets.make).toContainEqual({ value: 'Kia', count: 1 });
    await harness.database.db.update(vehicles).set({ status: 'Deleted' }).where(eq(vehicles.id, extra.id));
    clearInventoryCaches();
    expect((await search()).total).toBe(8);
  });
});

describe('GET /api/inventory/search: sorting and pages', () => {
  it.each([
    ['price-asc', (result: SearchResult) => result.vehicles.map((v) => v.price), 'asc'],
    ['mileage-asc', (result: SearchResult) => result.vehicles.map((v) => v.mileage), 'asc'],
    ['year-desc', (result: SearchResult) => result.vehicles.map((v) => v.year), 'desc'],
  ] as const)('sorts by %s', async (sort, values, direction) => {
    const result = await search(`sort=${sort}`);
    expect(result.sort).toBe(sort);
    const got = values(result);
    const sorted = [...got].sort((a, b) => (direction === 'asc' ? a - b : b - a));
    expect(got).toEqual(sorted);
    expect(result.total).toBe(8);
  });

  it('sorts by newest listing', async () => {
    const result = await search('sort=newest');
    expect(result.vehicles[0]!.vin).toBe(stock.mustang.vin);
  });

  it('pages through 24 at a time without repeating or losing a vehicle, even with equal prices', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => search(`page=${page}`, 'lakeview')));
    expect(pages.map((page) => page.vehicles.length)).toEqual([24, 24, 2]);
    expect(pages.map((page) => [page.page, page.totalPages, page.total, page.pageSize])).toEqual([
      [1, 3, 50, 24],
      [2, 3, 50, 24],
      [3, 3, 50, 24],
    ]);
    const seen = pages.flatMap(vinsOf);
    expect(new Set(seen).size).toBe(50);
    const prices = pages.flatMap((page) => page.vehicles.map((vehicle) => vehicle.price));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('shows the last page for a page past the end', async () => {
    const result = await search('page=99', 'lakeview');
    expect(result.page).toBe(3);
    expect(result.vehicles).toHaveLength(2);
  });

  it('sorts by mileage across types and pages exactly like a full sort would', async () => {
    const expected = [...lakeviewVins].sort((a, b) => a.mileage - b.mileage);
    const pages = await Promise.all([1, 2, 3].map((page) => search(`sort=mileage-asc&page=${page}`, 'lakeview')));
    const mileages = pages.flatMap((page) => page.vehicles.map((vehicle) => vehicle.mileage));
    expect(mileages).toEqual(expected.map((vehicle) => vehicle.mileage));
    expect(new Set(pages.flatMap(vinsOf)).size).toBe(50);

    const used = await search('sort=mileage-asc&type=USED&type=CPO', 'lakeview');
    const expectedUsed = expected.filter((vehicle) => vehicle.type !== 'NEW');
    expect(used.total).toBe(expectedUsed.length);
    expect(used.vehicles.map((vehicle) => vehicle.mileage)).toEqual(
      expectedUsed.slice(0, 24).map((vehicle) => vehicle.mileage),
    );
  });

  it('sorts by distance across pages, nearest dealer first', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => search(`zip=53703&sort=distance-asc&page=${page}`, 'lakeview')),
    );
    const cards = pages.flatMap((page) => page.vehicles);
    expect(new Set(cards.map((card) => card.vin)).size).toBe(50);
    const distances = cards.map((card) => card.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(cards[0]!.dealerZip).toBe('53703');
    expect(cards.at(-1)!.dealerZip).toBe('60601');
  });
});

describe('GET /api/inventory/search: keyset pages (next and previous by cursor)', () => {
  it.each(['price-desc', 'price-asc', 'mileage-asc', 'year-desc', 'newest', 'distance-asc'] as const)(
    'walks %s forwards and back by cursor, page for page the same as by number',
    async (sort) => {
      const base = `zip=53703&sort=${sort}`;
      const byNumber = await Promise.all([1, 2, 3].map((page) => search(`${base}&page=${page}`, 'lakeview')));
      expect(byNumber.map((result) => result.vehicles.length)).toEqual([24, 24, 2]);
      // The last page read backwards from the end gives what a front-to-back read would.
      const all = (await search(`${base}&page=1`, 'lakeview')).total;
      expect(all).toBe(50);

      const forwards = [await search(base, 'lakeview')];
      for (const page of [2, 3]) {
        const cursor = forwards.at(-1)!.cursors?.next;
        expect(cursor).toBeTruthy();
        forwards.push(await search(`${base}&page=${page}&after=${cursor}`, 'lakeview'));
      }
      expect(forwards.map(vinsOf)).toEqual(byNumber.map(vinsOf));
      expect(forwards[2]!.cursors?.next).toBeUndefined();
      expect(forwards[0]!.cursors?.previous).toBeUndefined();

      const backwards = [forwards[2]!];
      for (const page of [2, 1]) {
        const cursor = backwards.at(-1)!.cursors?.previous;
        expect(cursor).toBeTruthy();
        backwards.push(await search(`${base}&page=${page}&before=${cursor}`, 'lakeview'));
      }
      expect(backwards.map(vinsOf)).toEqual([...byNumber].reverse().map(vinsOf));
    },
  );

  it('ignores a cursor of another sort or one it cannot read, and reads the page by number', async () => {
    const first = await search('page=1', 'lakeview');
    const second = await search('page=2', 'lakeview');
    const foreign = (await search('sort=price-asc', 'lakeview')).cursors!.next!;
    expect(vinsOf(await search(`page=2&after=${foreign}`, 'lakeview'))).toEqual(vinsOf(second));
    const forged = Buffer.from(JSON.stringify(['price-desc', '1; drop table vehicles', 'x'])).toString('base64url');
    expect(vinsOf(await search(`page=2&after=${forged}`, 'lakeview'))).toEqual(vinsOf(second));
    expect(vinsOf(await search('page=1&before=not-a-cursor!', 'lakeview'))).toEqual(vinsOf(first));
  });
});
