// Building VINs for the seed; the rules (check digit, model-year code) are in app/lib/shared/vin.ts.

import { VIN_SHAPE, modelYearCode, vinCheckDigit } from '../../../app/lib/shared/vin';

export { VIN_CHARACTERS, isValidVin, modelYearCode, vinCheckDigit } from '../../../app/lib/shared/vin';

/**
 * Builds a VIN from its parts: the manufacturer (WMI, 3 characters), the vehicle
 * descriptor (5), the model year, the plant (1) and a serial number (at most 6 digits).
 */
export function buildVin(parts: {
  wmi: string;
  descriptor: string;
  year: number;
  plant: string;
  serial: number;
}): string {
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
