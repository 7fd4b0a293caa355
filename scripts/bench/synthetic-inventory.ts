// A plain, deterministic inventory for the bench when the project's seed (server/db/seed.ts)
// is not there yet. It only has to look like a dealer's stock to the query planner: a few
// dozen makes, a handful of models each, prices that follow the body style and the age,
// four dealer zips, and the usual share of sold, pending and deleted rows.
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { vehicles } from '../../server/db/schema';

type ModelSpec = { make: string; model: string; body: string; base: number; trims: string[] };

const MODELS: ModelSpec[] = [
  ['Toyota', 'Camry', 'sedan', 28000],
  ['Toyota', 'Corolla', 'sedan', 22000],
  ['Toyota', 'RAV4', 'suv', 31000],
  ['Toyota', 'Highlander', 'suv', 40000],
  ['Toyota', 'Tacoma', 'truck', 34000],
  ['Toyota', 'Sienna', 'minivan', 39000],
  ['Honda', 'Accord', 'sedan', 29000],
  ['Honda', 'Civic', 'sedan', 24000],
  ['Honda', 'CR-V', 'suv', 32000],
  ['Honda', 'Pilot', 'suv', 41000],
  ['Honda', 'Odyssey', 'minivan', 38000],
  ['Honda', 'Fit', 'hatchback', 18000],
  ['Ford', 'F-150', 'truck', 45000],
  ['Ford', 'Escape', 'suv', 29000],
  ['Ford', 'Explorer', 'suv', 38000],
  ['Ford', 'Mustang', 'coupe', 33000],
  ['Ford', 'Bronco', 'suv', 42000],
  ['Chevrolet', 'Silverado', 'truck', 44000],
  ['Chevrolet', 'Equinox', 'suv', 28000],
  ['Chevrolet', 'Malibu', 'sedan', 25000],
  ['Chevrolet', 'Tahoe', 'suv', 58000],
  ['Chevrolet', 'Camaro', 'convertible', 36000],
  ['Nissan', 'Altima', 'sedan', 26000],
  ['Nissan', 'Rogue', 'suv', 29000],
  ['Nissan', 'Frontier', 'truck', 32000],
  ['Hyundai', 'Elantra', 'sedan', 22000],
  ['Hyundai', 'Tucson', 'suv', 29000],
  ['Hyundai', 'Santa Fe', 'suv', 33000],
  ['Kia', 'Telluride', 'suv', 38000],
  ['Kia', 'Soul', 'hatchback', 21000],
  ['Kia', 'Carnival', 'minivan', 36000],
  ['Subaru', 'Outback', 'wagon', 31000],
  ['Subaru', 'Forester', 'suv', 29000],
  ['Mazda', 'CX-5', 'suv', 30000],
  ['Mazda', 'MX-5 Miata', 'convertible', 30000],
  ['Volkswagen', 'Golf', 'hatchback', 25000],
  ['Volkswagen', 'Jetta', 'sedan', 23000],
  ['Volkswagen', 'Atlas', 'suv', 39000],
  ['BMW', '3 Series', 'sedan', 45000],
  ['BMW', 'X5', 'suv', 65000],
  ['Mercedes-Benz', 'C-Class', 'sedan', 47000],
  ['Mercedes-Benz', 'GLE', 'suv', 62000],
  ['Audi', 'A4', 'sedan', 42000],
  ['Audi', 'Q5', 'suv', 46000],
  ['Lexus', 'RX', 'suv', 50000],
  ['Lexus', 'ES', 'sedan', 44000],
  ['Jeep', 'Wrangler', 'suv', 36000],
  ['Jeep', 'Grand Cherokee', 'suv', 42000],
  ['Ram', '1500', 'truck', 46000],
  ['GMC', 'Sierra', 'truck', 47000],
  ['Tesla', 'Model 3', 'sedan', 42000],
  ['Tesla', 'Model Y', 'suv', 48000],
  ['Volvo', 'V60', 'wagon', 45000],
  ['Porsche', '911', 'coupe', 115000],
].map(([make, model, body, base]) => ({
  make: make as string,
  model: model as string,
  body: body as string,
  base: base as number,
  trims: ['Base', 'Sport', 'Limited', 'Touring'],
}));

const COLOURS = ['white', 'black', 'silver', 'gray', 'red', 'blue', 'green', 'brown', 'beige', 'orange', 'yellow'];
const COLOUR_WEIGHTS = [24, 20, 15, 14, 8, 9, 3, 2, 2, 2, 1];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** Mulberry32: small and deterministic, enough for fake stock. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted(random: () => number, weights: number[]): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let target = random() * total;
  for (let i = 0; i < weights.length; i++) {
    target -= weights[i]!;
    if (target < 0) return i;
  }
  return weights.length - 1;
}

export type SyntheticOptions = { tenantId: string; count: number; dealerZips?: string[]; seed?: number };

/** Inserts `count` vehicles for one tenant in batches; answers how many it inserted. */
export async function insertSyntheticInventory(db: Db, options: SyntheticOptions): Promise<number> {
  const random = createRandom(options.seed ?? 20_260_101);
  const zips = options.dealerZips ?? ['78701', '78758', '78664', '78130'];
  const thisYear = new Date().getUTCFullYear();
  const batchSize = 1000;
  let inserted = 0;
  while (inserted < options.count) {
    const rows: (typeof vehicles.$inferInsert)[] = [];
    const size = Math.min(batchSize, options.count - inserted);
    for (let i = 0; i < size; i++) {
      const serial = inserted + i;
      const spec = MODELS[Math.floor(random() * MODELS.length)]!;
      const age = Math.min(14, Math.floor(Math.abs(random() + random() + random() - 1.5) * 6));
      const year = thisYear + 1 - age;
      const type = age <= 1 && random() < 0.7 ? 'NEW' : age <= 5 && random() < 0.3 ? 'CPO' : age <= 1 ? 'CPO' : 'USED';
      const mileage =
        type === 'NEW' ? Math.floor(random() * 40) : Math.floor((age + random()) * (9000 + random() * 6000));
      const trimIndex = Math.floor(random() * spec.trims.length);
      const msrp = Math.round(spec.base * (1 + trimIndex * 0.08) * (0.9 + random() * 0.2));
      const depreciation = type === 'NEW' ? 1 : Math.max(0.18, 0.85 ** age - mileage / 900_000);
      const incentives = type === 'NEW' && random() < 0.4 ? 500 * Math.ceil(random() * 6) : 0;
      const price = Math.max(4000, Math.round((msrp * depreciation - incentives) / 100) * 100 - 5);
      const statusRoll = random();
      const status =
        statusRoll < 0.9 ? 'Available' : statusRoll < 0.93 ? 'PendingSale' : statusRoll < 0.98 ? 'Sold' : 'Deleted';
      const primary = COLOURS[weighted(random, COLOUR_WEIGHTS)]!;
      const guideRoll = random();
      let vin = '';
      for (let c = 0; c < 11; c++) vin += VIN_CHARS[Math.floor(random() * VIN_CHARS.length)];
      vin += String(serial).padStart(6, '0');
      rows.push({
        tenantId: options.tenantId,
        vin,
        year,
        make: spec.make,
        model: spec.model,
        trim: spec.trims[trimIndex]!,
        bodyStyle: spec.body,
        primaryColor: primary,
        secondaryColor: random() < 0.08 ? 'black' : null,
        mileage,
        type,
        msrpCents: msrp * 100,
        incentivesCents: incentives * 100,
        priceCents: price * 100,
        priceGuide: guideRoll < 0.1 ? 'GREAT_PRICE' : guideRoll < 0.3 ? 'GOOD_PRICE' : null,
        dealerZip: zips[Math.floor(random() * zips.length)]!,
        status,
        drivetrain: spec.body === 'truck' || spec.body === 'suv' ? 'AWD' : 'FWD',
        engine: '2.5L I4',
        transmission: 'Automatic',
        fuelType: spec.make === 'Tesla' ? 'Electric' : 'Gasoline',
        mpgCity: spec.make === 'Tesla' ? null : 20 + Math.floor(random() * 15),
        mpgHighway: spec.make === 'Tesla' ? null : 28 + Math.floor(random() * 12),
        seats: spec.body === 'minivan' ? 8 : spec.body === 'coupe' || spec.body === 'convertible' ? 4 : 5,
        features: ['Bluetooth', 'Backup camera'],
        createdAt: new Date(Date.UTC(thisYear, 0, 1) - Math.floor(random() * 180 * 86_400_000)),
      });
    }
    await db.insert(vehicles).values(rows);
    inserted += size;
  }
  await db.execute(sql`analyze vehicles`);
  return inserted;
}
