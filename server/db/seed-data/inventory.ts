// Turns the catalogue into a dealer's inventory: pure and deterministic (same tenant, count,
// serial offset, date and seed give the same vehicles), so it can be tested without a database.
// A vehicle's model was sold in its model year and its trim offered then (catalogue.ts); a used
// one is priced down its segment's depreciation curve and has about its age times its
// segment's yearly miles (depreciation.ts). See docs/decisions/036-plausible-demo-inventory.md.

import type { Tenant } from '../../../app/lib/shared/tenant/schema';
import { COLORS, type BodyStyle, type ColorName } from '../../../app/lib/shared/vehicle-art';
import {
  CATALOGUE,
  GENERIC_FEATURES,
  modelSoldIn,
  trimOfferedIn,
  type CatalogueModel,
  type CatalogueTrim,
  type PowertrainSpec,
  type Segment,
} from './catalogue';
import {
  ANNUAL_MILES_SPREAD,
  CPO_MILEAGE_LIMIT,
  DEPRECIATION,
  HIGHEST_MILEAGE,
  LOWEST_PRICE,
  mileageYears,
  PRICE_SPREAD,
  residualValue,
  USED_CEILING,
} from './depreciation';
import { createRandom } from './random';
import { buildVin, VIN_CHARACTERS } from './vin';
import { dealerZips } from './zips';

export type VehicleType = 'NEW' | 'CPO' | 'USED';
export type VehicleStatus = 'Available' | 'PendingSale' | 'Sold';

/** One row of the vehicles table, as the seed writes it. */
export type SeedVehicle = {
  id: string;
  tenantId: string;
  vin: string;
  year: number;
  make: string;
  model: string;
  trim: string;
  bodyStyle: BodyStyle;
  primaryColor: ColorName;
  secondaryColor: ColorName | null;
  mileage: number;
  type: VehicleType;
  msrpCents: number;
  incentivesCents: number;
  priceCents: number;
  priceGuide: 'GOOD_PRICE' | 'GREAT_PRICE' | null;
  dealerZip: string;
  status: VehicleStatus;
  drivetrain: string;
  engine: string;
  transmission: string;
  fuelType: string;
  mpgCity: number | null;
  mpgHighway: number | null;
  seats: number;
  features: string[];
  createdAt: Date;
};

export type InventoryOptions = {
  tenant: Pick<Tenant, 'id' | 'address' | 'inventory'>;
  count: number;
  /** VIN serial of the first vehicle; the seed gives each tenant its own range so VINs never repeat. */
  firstSerial: number;
  now: Date;
  seed?: string;
};

/** Shares of the inventory by type, and of vehicles already sold or on hold. */
export const INVENTORY_MIX = {
  NEW: 0.45,
  CPO: 0.2,
  USED: 0.35,
  sold: 0.03,
  pendingSale: 0.02,
  secondaryColor: 0.15,
} as const;

/** The first model year with 17-character VINs. */
const FIRST_VIN_YEAR = 1981;
const NEW_MILEAGE_LIMIT = 50;

// How often each paint colour leaves the factory (rough US shares).
type SeedPaint = Exclude<ColorName, 'other'>;
const COLOR_WEIGHTS: Record<SeedPaint, number> = {
  white: 24,
  black: 20,
  gray: 18,
  silver: 12,
  blue: 9,
  red: 9,
  green: 2,
  brown: 2,
  beige: 1.5,
  orange: 1,
  yellow: 0.5,
};
// Only a dealer's feed has paints no family fits ("other"); the demo seed paints families.
const PAINT = (Object.keys(COLORS) as ColorName[]).filter((color): color is SeedPaint => color !== 'other');
const ROOF_COLORS: readonly ColorName[] = ['black', 'white', 'silver', 'gray'];

const NEW_INCENTIVES = [500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000];
const CPO_INCENTIVES = [500, 750, 1000];

/** The current model year and the next one, which dealers start selling in the summer before. */
export function modelYears(now: Date): { current: number; next: number } {
  const current = now.getUTCFullYear();
  return { current, next: current + 1 };
}

function isElectrified(spec: Partial<PowertrainSpec>): boolean {
  return spec.fuelType !== undefined && spec.fuelType !== 'Gasoline' && spec.fuelType !== 'Diesel';
}

/**
 * The trims a model offered in a model year (none when it was not sold then): the catalogue's
 * years per trim, and an electrified trim only from 2019 and not in the model's legacy years.
 */
export function trimsFor(model: CatalogueModel, year: number): readonly CatalogueTrim[] {
  const legacy = model.legacy !== undefined && year <= model.legacy.until;
  return model.trims.filter(
    (trim) => trimOfferedIn(model, trim, year) && (!isElectrified(trim) || (!legacy && year >= 2019)),
  );
}

function clamp(value: number, [low, high]: readonly [number, number]): number {
  return Math.min(high, Math.max(low, value));
}

/** Each model's value retention against its segment's average, within PRICE_SPREAD.model. */
const RELATIVE_RETENTION = new Map<CatalogueModel, number>(
  CATALOGUE.map((model) => {
    const peers = CATALOGUE.filter((peer) => peer.segment === model.segment);
    const average = peers.reduce((sum, peer) => sum + peer.retention, 0) / peers.length;
    return [model, clamp(model.retention / average, PRICE_SPREAD.model)];
  }),
);

function powertrainFor(model: CatalogueModel, trim: CatalogueTrim, year: number): PowertrainSpec {
  if (model.legacy !== undefined && year <= model.legacy.until) {
    // Today's trim engines did not exist back then: the legacy powertrain applies to every trim.
    const legacy = model.legacy;
    return {
      engine: legacy.engine ?? model.engine,
      transmission: legacy.transmission ?? model.transmission,
      drivetrain: trim.drivetrain ?? legacy.drivetrain ?? model.drivetrain,
      fuelType: legacy.fuelType ?? model.fuelType,
      mpg: legacy.mpg !== undefined ? legacy.mpg : model.mpg,
    };
  }
  return {
    engine: trim.engine ?? model.engine,
    transmission: trim.transmission ?? model.transmission,
    drivetrain: trim.drivetrain ?? model.drivetrain,
    fuelType: trim.fuelType ?? model.fuelType,
    mpg: trim.mpg !== undefined ? trim.mpg : model.mpg,
  };
}

/**
 * Five VIN descriptor characters that stay the same for a model and trim: the demo world's
 * vehicle descriptor section, which the sandbox trade-in look-ups decode (server/trade-in).
 */
export function descriptorFor(model: CatalogueModel, trimName: string): string {
  const random = createRandom(`vds/${model.make}/${model.model}/${trimName}`);
  let descriptor = '';
  for (let i = 0; i < 5; i++) descriptor += random.pick([...VIN_CHARACTERS]);
  return descriptor;
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/** Listing prices end in 95 or 995 the way dealers write them. */
function listingPrice(dollars: number): number {
  if (dollars >= 5000) return roundTo(dollars, 100) - 5;
  return Math.max(500, roundTo(dollars, 50));
}

type ModelPool = { models: readonly CatalogueModel[]; total: number };

export function generateInventory(options: InventoryOptions): SeedVehicle[] {
  const { tenant, count, now } = options;
  const random = createRandom(`${options.seed ?? 'showroom'}/inventory/${tenant.id}`);
  const { current, next } = modelYears(now);
  const oldestYear = Math.max(FIRST_VIN_YEAR, current - tenant.inventory.ageLimit);
  const maxAge = current - oldestYear;
  const mileageCeiling = tenant.inventory.mileageLimit - 1;
  const zips = dealerZips(tenant.address.zip);
  const descriptors = new Map<string, string>();

  const pools = new Map<string, ModelPool>();
  function poolFor(year: number, stillOnSale: boolean): ModelPool {
    const key = `${year}/${stillOnSale}`;
    let pool = pools.get(key);
    if (!pool) {
      const models = CATALOGUE.filter(
        (model) =>
          modelSoldIn(model, year) && (!stillOnSale || model.years[1] === null) && trimsFor(model, year).length > 0,
      );
      // FIRST_VIN_YEAR and later always have models (the tests check every year back to it).
      if (models.length === 0) throw new Error(`The catalogue has no model for model year ${year}`);
      pool = { models, total: models.reduce((sum, model) => sum + model.popularity, 0) };
      pools.set(key, pool);
    }
    return pool;
  }
  function pickModel(pool: ModelPool): CatalogueModel {
    let target = random.next() * pool.total;
    for (const model of pool.models) {
      target -= model.popularity;
      if (target < 0) return model;
    }
    return pool.models[pool.models.length - 1]!;
  }

  function pickAge(type: VehicleType): number {
    if (type === 'NEW') return random.chance(0.3) ? -1 : 0;
    if (type === 'CPO') {
      const ceiling = Math.min(6, maxAge);
      return Math.max(
        1,
        Math.min(
          ceiling,
          random.weighted([1, 2, 3, 4, 5, 6], (age) => [0.8, 1.3, 1.4, 1.1, 0.8, 0.5][age - 1]!),
        ),
      );
    }
    const youngest = Math.min(7, maxAge);
    if (random.chance(0.02) && maxAge > 15) return random.int(15, maxAge);
    // Most used cars on a lot are 7-15 years old, with a long tail.
    const age = youngest + Math.floor(-Math.log(1 - random.next()) * 4.5);
    return Math.max(1, Math.min(maxAge, age));
  }

  function pickType(): VehicleType {
    const roll = random.next();
    if (roll < INVENTORY_MIX.NEW) return 'NEW';
    if (roll < INVENTORY_MIX.NEW + INVENTORY_MIX.CPO) return 'CPO';
    return 'USED';
  }

  /** About the age times the segment's yearly miles, varied by owner, within the limits of the lot. */
  function pickMileage(type: VehicleType, age: number, segment: Segment): number {
    if (type === 'NEW') return Math.min(NEW_MILEAGE_LIMIT - 1, 2 + Math.floor(random.next() ** 2 * 47));
    const perYear = DEPRECIATION[segment].annualMiles * clamp(1 + random.normal() * 0.3, ANNUAL_MILES_SPREAD);
    const limit = Math.min(mileageCeiling, type === 'CPO' ? CPO_MILEAGE_LIMIT : HIGHEST_MILEAGE);
    const variance = random.next();
    let miles = perYear * mileageYears(age);
    // Over the lot's limit: the dealer keeps the lower-mileage ones (70-100% of the limit).
    if (miles > limit) miles = limit * (0.7 + 0.3 * variance);
    return Math.max(1_500, Math.round(miles));
  }

  function pickFeatures(
    model: CatalogueModel,
    trim: CatalogueTrim,
    trimIndex: number,
    trimCount: number,
    year: number,
  ): string[] {
    const position = trimCount <= 1 ? 0 : trimIndex / (trimCount - 1);
    const level = position < 0.34 ? 0 : position < 0.67 ? 1 : 2;
    const odds = { base: 0.9, mid: [0.25, 0.8, 0.95][level]!, top: [0.05, 0.3, 0.75][level]! };
    const features = new Set<string>();
    for (const group of ['base', 'mid', 'top'] as const) {
      for (const feature of GENERIC_FEATURES[group]) {
        if (feature.since <= year && random.chance(odds[group])) features.add(feature.name);
      }
    }
    for (const feature of model.features) features.add(feature);
    for (const feature of trim.features ?? []) features.add(feature);
    return [...features];
  }

  const vehicles: SeedVehicle[] = [];
  for (let i = 0; i < count; i++) {
    const type = pickType();
    const age = pickAge(type);
    const year = age < 0 ? next : current - age;
    // A model year that is still selling new means a model still in the line-up.
    const model = pickModel(poolFor(year, type === 'NEW'));
    const trims = trimsFor(model, year);
    const trimIndex = Math.floor(random.next() ** 1.4 * trims.length);
    const trim = trims[trimIndex]!;
    const spec = powertrainFor(model, trim, year);
    const mileage = pickMileage(type, Math.max(age, 0), model.segment);

    // Sticker price: the trim's range today, scaled by about 2.5% a model year.
    const stickerToday = random.float(trim.msrp[0], trim.msrp[1]);
    const msrp = roundTo(stickerToday * 1.025 ** (year - current), 5);

    let incentives = 0;
    if (type === 'NEW' && random.chance(0.7)) {
      incentives = random.pick(NEW_INCENTIVES.filter((amount) => amount <= msrp * 0.08));
    } else if (type === 'CPO' && random.chance(0.12)) {
      incentives = random.pick(CPO_INCENTIVES);
    }

    let market: number;
    let spread: number;
    if (type === 'NEW') {
      market = msrp - incentives;
      spread = 1 - 0.005 + random.normal() * 0.015;
    } else {
      // Down the segment's curve, moved by the model's retention and by miles above or below the usual.
      const expectedMiles = mileageYears(Math.max(age, 1)) * DEPRECIATION[model.segment].annualMiles;
      const mileageFactor = clamp(1 - (0.15 * (mileage - expectedMiles)) / expectedMiles, PRICE_SPREAD.mileage);
      const value =
        msrp * residualValue(model.segment, age, model.collectible) * RELATIVE_RETENTION.get(model)! * mileageFactor;
      market = Math.max(LOWEST_PRICE, value - incentives);
      spread = 1 + random.normal() * 0.03;
    }
    spread = type === 'NEW' ? Math.min(1.02, Math.max(0.94, spread)) : clamp(spread, PRICE_SPREAD.dealer);
    // Online, a new car is not advertised above its sticker, and a used one is well below it.
    const price =
      type === 'NEW'
        ? Math.min(msrp, listingPrice(market * spread))
        : Math.max(LOWEST_PRICE, Math.min(listingPrice(market * spread), listingPrice(msrp * USED_CEILING - 100)));
    const priceGuide = spread < 0.96 ? 'GREAT_PRICE' : spread < 0.985 ? 'GOOD_PRICE' : null;

    const primaryColor = random.weighted(PAINT, (color) => COLOR_WEIGHTS[color]);
    const secondaryColor = random.chance(INVENTORY_MIX.secondaryColor)
      ? random.pick(ROOF_COLORS.filter((color) => color !== primaryColor))
      : null;

    const statusRoll = random.next();
    const status: VehicleStatus =
      statusRoll < INVENTORY_MIX.sold
        ? 'Sold'
        : statusRoll < INVENTORY_MIX.sold + INVENTORY_MIX.pendingSale
          ? 'PendingSale'
          : 'Available';

    const descriptorKey = `${model.make}/${model.model}/${trim.name}`;
    let descriptor = descriptors.get(descriptorKey);
    if (!descriptor) {
      descriptor = descriptorFor(model, trim.name);
      descriptors.set(descriptorKey, descriptor);
    }
    const listedDaysAgo = type === 'NEW' ? random.float(0, 60) : random.float(0, 120);

    vehicles.push({
      id: random.uuid(),
      tenantId: tenant.id,
      vin: buildVin({ wmi: model.wmi, descriptor, year, plant: model.plant, serial: options.firstSerial + i }),
      year,
      make: model.make,
      model: model.model,
      trim: trim.name,
      bodyStyle: trim.bodyStyle ?? model.bodyStyle,
      primaryColor,
      secondaryColor,
      mileage,
      type,
      msrpCents: msrp * 100,
      incentivesCents: incentives * 100,
      priceCents: price * 100,
      priceGuide,
      dealerZip: random.chance(0.55) ? zips[0]! : random.pick(zips),
      status,
      drivetrain: spec.drivetrain,
      engine: spec.engine,
      transmission: spec.transmission,
      fuelType: spec.fuelType,
      mpgCity: spec.mpg?.[0] ?? null,
      mpgHighway: spec.mpg?.[1] ?? null,
      seats: trim.seats ?? model.seats,
      features: pickFeatures(model, trim, trimIndex, trims.length, year),
      createdAt: new Date(Math.floor((now.getTime() - listedDaysAgo * 86_400_000) / 1000) * 1000),
    });
  }
  return vehicles;
}

/** Splits a total evenly: the first `total % parts` shares get one more. */
export function shareOut(total: number, parts: number): number[] {
  if (parts <= 0) return [];
  const base = Math.floor(total / parts);
  const extra = total % parts;
  return Array.from({ length: parts }, (_, index) => base + (index < extra ? 1 : 0));
}
