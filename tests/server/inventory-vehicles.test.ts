import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '~/lib/contract/common';
import {
  COMPARE_LIMIT,
  compareResponseSchema,
  similarVehiclesResponseSchema,
  vehicleResponseSchema,
} from '~/lib/contract/inventory';
import { startHarness, type Harness } from './harness';
import { getJson, insertDefaultStock, insertNorthsideStock, insertVehicle } from './inventory-fixtures';

let harness: Harness;
let stock: Awaited<ReturnType<typeof insertDefaultStock>>;
let northside: Awaited<ReturnType<typeof insertNorthsideStock>>;

beforeAll(async () => {
  harness = await startHarness();
  stock = await insertDefaultStock(harness.database);
  northside = await insertNorthsideStock(harness.database);
});
afterAll(async () => {
  await harness.close();
});

function expectNotFound(result: { status: number; body: unknown }) {
  expect(result.status).toBe(404);
  expect(apiErrorBodySchema.parse(result.body).error.code).toBe('error.vehicle.notFound');
}

describe('GET /api/inventory/vehicles/{vin}', () => {
  it('answers the details: gallery, specs, price details, dealer and availability', async () => {
    const { status, body } = await getJson(harness, `/api/inventory/vehicles/${stock.rav4Limited.vin}?zip=78758`);
    expect(status).toBe(200);
    const { data } = vehicleResponseSchema.parse(body);
    expect(data).toMatchObject({
      vin: stock.rav4Limited.vin,
      status: 'PendingSale',
      price: 38_000,
      priceDetails: { msrp: 40_000, incentivesTotal: 1_000, price: 38_000, savings: 2_000 },
      specs: { bodyStyle: 'suv', drivetrain: 'FWD', engine: '2.5L I4', seats: 5, exteriorColor: 'red with black' },
      dealer: { zip: '78701', city: 'Austin', state: 'TX' },
      // No photos: the drawn views, in the vehicle's make and colours.
      gallery: [
        {
          url: '/media/vehicles/suv/red-black/toyota/side.svg',
          alt: expect.stringMatching(/, red with black, side view, drawing$/),
        },
        {
          url: '/media/vehicles/suv/red-black/toyota/front.svg',
          alt: expect.stringMatching(/front three-quarter view/),
        },
        { url: '/media/vehicles/suv/red-black/toyota/rear.svg', alt: expect.stringMatching(/rear view/) },
        {
          url: '/media/vehicles/suv/red-black/toyota/interior.svg',
          alt: expect.stringMatching(/, interior, drawing$/),
        },
      ],
    });
    expect(data.distance).toBeGreaterThan(0);
    expect(data.distance).toBeLessThan(20);
  });

  it('finds a VIN typed in lower case', async () => {
    const { status } = await getJson(harness, `/api/inventory/vehicles/${stock.camryLe.vin.toLowerCase()}`);
    expect(status).toBe(200);
  });

  it('shows a sold vehicle with its sold state', async () => {
    const { status, body } = await getJson(harness, `/api/inventory/vehicles/${stock.civicSold.vin}`);
    expect(status).toBe(200);
    expect(vehicleResponseSchema.parse(body).data.status).toBe('Sold');
  });

  it.each([
    ['a deleted vehicle', () => stock.corollaDeleted.vin],
    ['another tenant’s vehicle', () => northside.outback.vin],
    ['a vehicle older than the tenant’s age limit', () => stock.broncoTooOld.vin],
    ['a vehicle past the tenant’s mileage limit', () => stock.tacomaTooFar.vin],
    ['an unknown VIN', () => '1FTEW1EP599999999'],
    ['something that is not a VIN', () => 'not-a-vin'],
  ])('answers 404 for %s', async (_name, vin) => {
    expectNotFound(await getJson(harness, `/api/inventory/vehicles/${vin()}`));
  });
});

describe('GET /api/inventory/vehicles/{vin}/similar', () => {
  it('answers listed vehicles of the same body style within the price band, closest price first, never itself', async () => {
    // An SUV at $30,000: the band is $22,500 to $37,500.
    const { status, body } = await getJson(harness, `/api/inventory/vehicles/${stock.crv.vin}/similar`);
    expect(status).toBe(200);
    const { data } = similarVehiclesResponseSchema.parse(body);
    expect(data.map((card) => card.vin)).toEqual([stock.rav4Xle.vin]);
  });

  it('leaves out sold and deleted vehicles, and answers for a sold vehicle too', async () => {
    const sedan = await insertVehicle(harness.database, {
      make: 'Mazda',
      model: 'Mazda3',
      priceCents: 2_150_000,
      status: 'Sold',
    });
    const { status, body } = await getJson(harness, `/api/inventory/vehicles/${sedan.vin}/similar`);
    expect(status).toBe(200);
    const vins = similarVehiclesResponseSchema.parse(body).data.map((card) => card.vin);
    // Sedans from $16,125 to $26,875, closest first: Accord $22,000, Camry LE $24,000.
    expect(vins).toEqual([stock.accord.vin, stock.camryLe.vin]);
    expect(vins).not.toContain(stock.civicSold.vin);
    expect(vins).not.toContain(stock.corollaDeleted.vin);
  });

  it('answers 404 for a deleted or unknown vehicle', async () => {
    expectNotFound(await getJson(harness, `/api/inventory/vehicles/${stock.corollaDeleted.vin}/similar`));
    expectNotFound(await getJson(harness, `/api/inventory/vehicles/${northside.outback.vin}/similar`));
    expectNotFound(await getJson(harness, `/api/inventory/vehicles/${stock.broncoTooOld.vin}/similar`));
  });
});

describe('GET /api/inventory/compare', () => {
  async function compare(query: string) {
    const { status, body } = await getJson(harness, `/api/inventory/compare?${query}`);
    expect(status).toBe(200);
    return compareResponseSchema.parse(body).data;
  }

  it('answers the vehicles side by side in the order asked', async () => {
    const result = await compare(`vin=${stock.f150.vin}&vin=${stock.camryLe.vin}`);
    expect(result.limit).toBe(COMPARE_LIMIT);
    expect(result.vehicles.map((vehicle) => vehicle.vin)).toEqual([stock.f150.vin, stock.camryLe.vin]);
    expect(result.vehicles[0]!.specs.bodyStyle).toBe('truck');
    expect(result).toMatchObject({ unavailable: [], ignored: [] });
  });

  it(`compares at most ${COMPARE_LIMIT} and says which were left out`, async () => {
    const five = [stock.f150, stock.camryLe, stock.accord, stock.crv, stock.mustang].map((vehicle) => vehicle.vin);
    const result = await compare(`vin=${five.join(',')}&vin=${five[0]}&vin=nonsense`);
    expect(result.vehicles.map((vehicle) => vehicle.vin)).toEqual(five.slice(0, 4));
    expect(result.ignored).toEqual([five[4], five[0], 'nonsense']);
  });

  it('says which vehicles are no longer available: sold ones still show, gone ones do not', async () => {
    const result = await compare(
      [stock.camryLe.vin, stock.civicSold.vin, stock.corollaDeleted.vin, northside.outback.vin]
        .map((vin) => `vin=${vin}`)
        .join('&'),
    );
    expect(result.vehicles.map((vehicle) => [vehicle.vin, vehicle.status])).toEqual([
      [stock.camryLe.vin, 'Available'],
      [stock.civicSold.vin, 'Sold'],
    ]);
    expect(result.unavailable).toEqual([
      { vin: stock.civicSold.vin, reason: 'Sold' },
      { vin: stock.corollaDeleted.vin, reason: 'NotFound' },
      { vin: northside.outback.vin, reason: 'NotFound' },
    ]);
  });

  it('treats vehicles outside the tenant’s mileage or age limits as gone', async () => {
    const result = await compare(
      [stock.camryLe.vin, stock.broncoTooOld.vin, stock.tacomaTooFar.vin].map((vin) => `vin=${vin}`).join('&'),
    );
    expect(result.vehicles.map((vehicle) => vehicle.vin)).toEqual([stock.camryLe.vin]);
    expect(result.unavailable).toEqual([
      { vin: stock.broncoTooOld.vin, reason: 'NotFound' },
      { vin: stock.tacomaTooFar.vin, reason: 'NotFound' },
    ]);
  });

  it('answers an empty comparison when nothing is asked', async () => {
    expect(await compare('')).toEqual({ limit: COMPARE_LIMIT, vehicles: [], unavailable: [], ignored: [] });
  });
});
