import type { AppraisalRequest, TradeInOutcome, TradeInReason } from '../../app/lib/contract/trade-in';
import { OFFER_TIME_ZONE, reviewReadyAt } from './offer-hours';
import { findModel, offerCents, type Condition } from './valuation';
import { localDate } from '../../app/lib/shared/dealer-time';
import { CATALOGUE, modelSoldIn, trimOfferedIn } from '../db/seed-data/catalogue';
import { descriptorFor } from '../db/seed-data/inventory';
import { buildVin } from '../db/seed-data/vin';

// The appraisal partner seam: the built-in backend asks an Appraiser for an offer; the
// sandbox below answers from the valuation model, and a real partner plugs in behind the same
// interface. The sandbox's outcome follows the answers, so tests reach each one:
// - denied:     the shopper is not an owner on the title;
// - ineligible: a car the catalogue does not know, older than 20 model years (collectibles
//               excepted) or past 200,000 miles;
// - review:     rough condition, past 150,000 miles, or an offer of $75,000 or more;
// - instant:    everything else.

export type AppraisalInput = AppraisalRequest & { year: number; make: string };
export type AppraiserAnswer = {
  outcome: TradeInOutcome;
  offerCents: number | null;
  reasons: TradeInReason[];
  readyAt: Date | null;
};

/** What a registry look-up finds for a plate: the registered car's VIN and what it is. */
export type PlateRecord = { vin: string; year: number; make: string; model: string; trim: string };

export interface Appraiser {
  appraise(input: AppraisalInput, now: Date): Promise<AppraiserAnswer>;
  /** The car registered with this plate in this state, or null when none is. */
  lookupPlate(plate: string, state: string, now: Date): Promise<PlateRecord | null>;
}

/** Plates are written with spaces and hyphens; a registry compares letters and digits only. */
export function normalizePlate(plate: string): string {
  return plate.replace(/[\s-]/g, '').toUpperCase();
}

/** The model years a registered car of the sandbox registry may be: the last eight. */
const REGISTRY_YEARS = 8;
/** Registry VINs use serials the seeded inventory (numbered from 0) never reaches. */
const REGISTRY_FIRST_SERIAL = 500_000;

/**
 * The sandbox plate registry, deterministic as a real one: a plate and state stand for one car,
 * picked from a hash of the two (a model sold in one of the last eight model years, a trim
 * offered on it that year), with the VIN such a car carries in this demo world (the model's
 * manufacturer code and plant, the model and trim's descriptor, the year's code, a check
 * digit), so the VIN decodes to that very model. Plates with "000" in them are not registered.
 */
export function sandboxPlateRecord(plate: string, state: string, now: Date): PlateRecord | null {
  const normalized = normalizePlate(plate);
  if (!/^[A-Z0-9]{2,8}$/.test(normalized) || normalized.includes('000')) return null;
  let hash = 7;
  for (const character of `${normalized}|${state}`) hash = (hash * 33 + character.charCodeAt(0)) % 2_147_483_647;
  const current = currentModelYear(now);
  const cars = CATALOGUE.flatMap((model) =>
    Array.from({ length: REGISTRY_YEARS }, (_, index) => current - 1 - index)
      .filter((year) => year >= 1980 && modelSoldIn(model, year))
      .map((year) => ({ model, year })),
  );
  const car = cars[hash % cars.length];
  if (!car) return null;
  const trims = car.model.trims.filter((trim) => trimOfferedIn(car.model, trim, car.year));
  const trim = trims[Math.floor(hash / cars.length) % trims.length];
  if (!trim) return null;
  const vin = buildVin({
    wmi: car.model.wmi,
    descriptor: descriptorFor(car.model, trim.name),
    year: car.year,
    plant: car.model.plant,
    serial: REGISTRY_FIRST_SERIAL + (hash % 500_000),
  });
  return { vin, year: car.year, make: car.model.make, model: car.model.model, trim: trim.name };
}

export const MAX_AGE_YEARS = 20;
export const INELIGIBLE_MILES = 200_000;
export const REVIEW_MILES = 150_000;
export const REVIEW_VALUE_CENTS = 7_500_000;

export function currentModelYear(now: Date): number {
  return Number(localDate(now, OFFER_TIME_ZONE).slice(0, 4));
}

export class SandboxAppraiser implements Appraiser {
  async lookupPlate(plate: string, state: string, now: Date): Promise<PlateRecord | null> {
    return sandboxPlateRecord(plate, state, now);
  }

  async appraise(input: AppraisalInput, now: Date): Promise<AppraiserAnswer> {
    const none = (outcome: TradeInOutcome, reasons: TradeInReason[]): AppraiserAnswer => ({
      outcome,
      offerCents: null,
      reasons,
      readyAt: null,
    });
    if (!input.onTitle) return none('denied', ['notOnTitle']);
    const currentYear = currentModelYear(now);
    const model = findModel(input.make, input.model);
    const value = offerCents(
      { ...input, condition: input.condition as Condition, state: input.registrationState },
      currentYear,
    );
    if (!model || value === null) return none('ineligible', ['unknownVehicle']);
    if (currentYear - input.year > MAX_AGE_YEARS && !model.collectible) return none('ineligible', ['tooOld']);
    if (input.mileage > INELIGIBLE_MILES) return none('ineligible', ['tooManyMiles']);
    const reasons: TradeInReason[] = [];
    if (input.condition === 'Rough') reasons.push('condition');
    if (input.mileage > REVIEW_MILES) reasons.push('highMileage');
    if (value >= REVIEW_VALUE_CENTS) reasons.push('highValue');
    if (reasons.length > 0) return { outcome: 'review', offerCents: value, reasons, readyAt: reviewReadyAt(now) };
    return { outcome: 'instant', offerCents: value, reasons: [], readyAt: null };
  }
}
