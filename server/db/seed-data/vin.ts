// Vehicle identification numbers as North America defines them (49 CFR 565): 17 characters,
// no I, O or Q, a check digit in position 9 and the model year coded in position 10.

export const VIN_CHARACTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
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

const VIN_SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;

export function isValidVin(vin: string): boolean {
  return VIN_SHAPE.test(vin) && vin[8] === vinCheckDigit(vin);
}

/**
 * Builds a VIN from its parts: the manufacturer (WMI, 3 characters), the vehicle
 * descriptor (5), the model year, the plant (1) and a serial number (at most 6 digits).
 */
export function buildVin(parts: { wmi: string; descriptor: string; year: number; plant: string; serial: number }): string {
  if (parts.wmi.length !== 3 || parts.descriptor.length !== 5 || parts.plant.length !== 1) {
    throw new Error('a VIN needs a 3-character WMI, a 5-character descriptor and a 1-character plant code');
  }
  if (!Number.isInteger(parts.serial) || parts.serial < 0 || parts.serial > 999_999) {
    throw new Error(`VIN serial ${parts.serial} does not fit in six digits`);
  }
  const draft = `${parts.wmi}${parts.descriptor}0${modelYearCode(parts.year)}${parts.plant}${String(parts.serial).padStart(6, '0')}`;
  const vin = `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
  if (!VIN_SHAPE.test(vin)) throw new Error(`${vin} contains characters a VIN cannot`);
  return vin;
}
