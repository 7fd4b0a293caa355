import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '~/lib/contract/common';
import { favoritesCountResponseSchema, favoritesListResponseSchema } from '~/lib/contract/favorites';
import { favoriteToggleResponseSchema, favoriteVehiclesResponseSchema } from '~/lib/contract/inventory';
import { favorites, vehicles } from '#server/db/schema';
import { apiHeaders, insertShopper, startHarness, type Harness } from './harness';
import { getJson, insertDefaultStock, insertNorthsideStock, insertVehicle, signIn } from './inventory-fixtures';

let harness: Harness;
let stock: Awaited<ReturnType<typeof insertDefaultStock>>;
let northside: Awaited<ReturnType<typeof insertNorthsideStock>>;
let token: string;
let otherToken: string;

beforeAll(async () => {
  harness = await startHarness();
  stock = await insertDefaultStock(harness.database);
  northside = await insertNorthsideStock(harness.database);
  await insertShopper(harness.database, 'default', 'saver@shop.test');
  await insertShopper(harness.database, 'default', 'other@shop.test');
  token = await signIn(harness, 'default', 'saver@shop.test');
  otherToken = await signIn(harness, 'default', 'other@shop.test');
});
afterAll(async () => {
  await harness.close();
});

/** `as: null` calls signed out. */
async function call(method: 'POST' | 'DELETE', vin: string, as: string | null = token) {
  const response = await fetch(`${harness.url}/api/favorites/${vin}`, {
    method,
    headers: apiHeaders('default', as ?? undefined),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

function expectError(result: { status: number; body: unknown }, status: number, code: string) {
  expect(result.status).toBe(status);
  expect(apiErrorBodySchema.parse(result.body).error.code).toBe(code);
}

async function favoriteVins(as = token): Promise<string[]> {
  const { status, body } = await getJson(harness, '/api/favorites/vehicles', 'default', as);
  expect(status).toBe(200);
  return favoriteVehiclesResponseSchema.parse(body).data.map((card) => card.vin);
}

describe('favourites need sign-in', () => {
  it.each([
    ['POST', () => call('POST', stock.camryLe.vin, null)],
    ['DELETE', () => call('DELETE', stock.camryLe.vin, null)],
    ['GET vehicles', () => getJson(harness, '/api/favorites/vehicles')],
    ['GET count', () => getJson(harness, '/api/favorites/count')],
  ])('%s without a token is 401', async (_name, request) => {
    expectError(await request(), 401, 'error.auth.unauthenticated');
  });

  it('does not accept a token on another tenant', async () => {
    const response = await fetch(`${harness.url}/api/favorites/${northside.outback.vin}`, {
      method: 'POST',
      headers: apiHeaders('northside', token),
    });
    expect(response.status).toBe(401);
  });
});

describe('POST and DELETE /api/favorites/{vin}', () => {
  it('saves a favourite once, however often it is posted, and answers the new count', async () => {
    const first = await call('POST', stock.camryLe.vin);
    expect(first.status).toBe(200);
    expect(favoriteToggleResponseSchema.parse(first.body).data).toEqual({
      vin: stock.camryLe.vin,
      favorite: true,
      count: 1,
    });
    const again = await call('POST', stock.camryLe.vin.toLowerCase());
    expect(favoriteToggleResponseSchema.parse(again.body).data.count).toBe(1);

    const count = await getJson(harness, '/api/favorites/count', 'default', token);
    expect(favoritesCountResponseSchema.parse(count.body).data.count).toBe(1);
    const list = await getJson(harness, '/api/favorites', 'default', token);
    expect(favoritesListResponseSchema.parse(list.body).data.vins).toEqual([stock.camryLe.vin]);
    expect(await favoriteVins(otherToken)).toEqual([]);
  });

  it('saves a Sale Pending vehicle', async () => {
    const result = await call('POST', stock.rav4Limited.vin);
    expect(favoriteToggleResponseSchema.parse(result.body).data).toMatchObject({ favorite: true, count: 2 });
    expect(await favoriteVins()).toEqual([stock.rav4Limited.vin, stock.camryLe.vin]);
  });

  it('refuses a sold vehicle with 409 error.favorite.sold', async () => {
    expectError(await call('POST', stock.civicSold.vin), 409, 'error.favorite.sold');
    expect(await favoriteVins()).not.toContain(stock.civicSold.vin);
  });

  it.each([
    ['a deleted vehicle', () => stock.corollaDeleted.vin],
    ['another tenant’s vehicle', () => northside.outback.vin],
    ['a vehicle older than the tenant’s age limit', () => stock.broncoTooOld.vin],
    ['a vehicle past the tenant’s mileage limit', () => stock.tacomaTooFar.vin],
    ['an unknown VIN', () => '1FTEW1EP599999999'],
    ['something that is not a VIN', () => 'count-me-in'],
  ])('answers 404 error.vehicle.notFound for %s', async (_name, vin) => {
    expectError(await call('POST', vin()), 404, 'error.vehicle.notFound');
  });

  it('removes a favourite, and removing it again is fine', async () => {
    const removed = await call('DELETE', stock.rav4Limited.vin);
    expect(favoriteToggleResponseSchema.parse(removed.body).data).toEqual({
      vin: stock.rav4Limited.vin,
      favorite: false,
      count: 1,
    });
    const again = await call('DELETE', stock.rav4Limited.vin);
    expect(again.status).toBe(200);
    expect(await favoriteVins()).toEqual([stock.camryLe.vin]);
  });
});

describe('favourites over time', () => {
  it('keeps a favourite that sells, shown as sold, and lets it be removed', async () => {
    const vehicle = await insertVehicle(harness.database, { make: 'Kia', model: 'Soul', priceCents: 1_800_000 });
    await call('POST', vehicle.vin);
    await harness.database.db.update(vehicles).set({ status: 'Sold' }).where(eq(vehicles.id, vehicle.id));
    const { body } = await getJson(harness, '/api/favorites/vehicles', 'default', token);
    const cards = favoriteVehiclesResponseSchema.parse(body).data;
    expect(cards.find((card) => card.vin === vehicle.vin)?.status).toBe('Sold');
    const removed = await call('DELETE', vehicle.vin);
    expect(favoriteToggleResponseSchema.parse(removed.body).data.favorite).toBe(false);
  });

  it("shows saved cards with their distance from the shopper's zip", async () => {
    const vehicle = await insertVehicle(harness.database, { make: 'Kia', model: 'Seltos', priceCents: 2_200_000 });
    await call('POST', vehicle.vin);
    const near = await getJson(harness, '/api/favorites/vehicles?zip=78701', 'default', token);
    const card = favoriteVehiclesResponseSchema.parse(near.body).data.find((item) => item.vin === vehicle.vin);
    expect(card?.distance).toEqual(expect.any(Number));
    const none = await getJson(harness, '/api/favorites/vehicles', 'default', token);
    expect(
      favoriteVehiclesResponseSchema.parse(none.body).data.find((item) => item.vin === vehicle.vin)?.distance,
    ).toBeNull();
    await call('DELETE', vehicle.vin);
  });

  it('drops a favourite whose vehicle is deleted from the list and the count', async () => {
    const vehicle = await insertVehicle(harness.database, { make: 'Kia', model: 'Niro', priceCents: 2_600_000 });
    const added = await call('POST', vehicle.vin);
    const before = favoriteToggleResponseSchema.parse(added.body).data.count;
    await harness.database.db.update(vehicles).set({ status: 'Deleted' }).where(eq(vehicles.id, vehicle.id));
    expect(await favoriteVins()).not.toContain(vehicle.vin);
    const count = await getJson(harness, '/api/favorites/count', 'default', token);
    expect(favoritesCountResponseSchema.parse(count.body).data.count).toBe(before - 1);
    // Removing it still works, so a stale heart in an open tab can be cleared.
    expect((await call('DELETE', vehicle.vin)).status).toBe(200);
  });

  it('drops a favourite whose vehicle goes past the tenant’s mileage limit', async () => {
    const vehicle = await insertVehicle(harness.database, { make: 'Kia', model: 'Rio', priceCents: 1_200_000 });
    await call('POST', vehicle.vin);
    expect(await favoriteVins()).toContain(vehicle.vin);
    await harness.database.db.update(vehicles).set({ mileage: 900_001 }).where(eq(vehicles.id, vehicle.id));
    expect(await favoriteVins()).not.toContain(vehicle.vin);
    expect((await call('DELETE', vehicle.vin)).status).toBe(200);
  });

  it('stops at the favourites limit with 409 error.favorite.limitReached', async () => {
    const shopper = await insertShopper(harness.database, 'default', 'collector@shop.test');
    const collector = await signIn(harness, 'default', 'collector@shop.test');
    const rows = [];
    for (let i = 0; i < 101; i++)
      rows.push(await insertVehicle(harness.database, { make: 'Kia', model: 'K5', priceCents: 2_000_000 + i }));
    await harness.database.db
      .insert(favorites)
      .values(rows.slice(0, 100).map((row) => ({ userId: shopper.id, vehicleId: row.id })));
    expectError(await call('POST', rows[100]!.vin, collector), 409, 'error.favorite.limitReached');
    // Saving one already saved is not a new favourite.
    expect((await call('POST', rows[0]!.vin, collector)).status).toBe(200);
  });
});
