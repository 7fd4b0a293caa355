// Vehicle identification numbers as North America defines them (49 CFR 565): 17 characters,
// no I, O or Q, a check digit in position 9 and the model year coded in position 10. Shared by
// the seed generator, the trade-in appraiser and the storefront's VIN field.

export const VIN_CHARACTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

// Position 10 cycles through these every 30 years: 1980 = A … 2000 = Y, 2001 = 1 … 2009 = 9, 2010 = A again.
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

function characterValue(character: string): number {
  if (character >= '0' && character <= '9') return character.charCodeAt(0) - 48;
  const value = TRANSLITERATION[character];
  if (value === undefined) throw new Error(`"${character}" cannot appear in a VIN`);
  return value;
}

/** The check digit (0-9 or X) for a 17-character VIN; position 9 is ignored (its weight is 0). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += characterValue(vin[i]!) * WEIGHTS[i]!;
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

export function modelYearCode(year: number): string {
  if (year < 1980 || year > 2039) throw new Error(`model year ${year} has no VIN code in the 1980-2039 cycles`);
  return YEAR_CODES[(year - 1980) % 30]!;
}

/**
 * The model year a VIN's 10th character stands for: of the years in the 30-year cycles that
 * share the code, the latest one not after `latestYear` (next year's models are on sale).
 */
export function decodeModelYear(vin: string, latestYear: number): number | null {
  const index = YEAR_CODES.indexOf(vin[9] ?? '');
  if (index < 0) return null;
  let year = 1980 + index;
  while (year + 30 <= latestYear) year += 30;
  return year <= latestYear ? year : null;
}

export const VIN_SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;

export function isValidVin(vin: string): boolean {
  return VIN_SHAPE.test(vin) && vin[8] === vinCheckDigit(vin);
}

/** Upper case without spaces or dashes, as shoppers copy VINs from a card or a windscreen. */
export function normalizeVin(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}
