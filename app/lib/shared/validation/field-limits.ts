// The numbers and placeholders of the kit's text field: the limits of seed 002 §5 for the
// account fields (./messages.ts) and the applicant fields (./applicant-messages.ts), both of
// which re-export them. On their own so that a page with a text field, whose masks and counter
// read them, does not load every field's messages.

export const FIELD_LIMITS = {
  firstName: { min: 2, max: 15 },
  middleName: { min: 1, max: 15 },
  lastName: { min: 2, max: 25 },
  emailMax: 60,
  phoneDigits: 10,
  passwordMin: 8,
  /** Not in the seed: a ceiling so nobody makes the server hash a megabyte. */
  passwordMax: 128,
  codeDigits: 6,
} as const;

export const APPLICANT_LIMITS = {
  streetNumberMax: 6,
  streetNameMax: 35,
  streetLineMin: 2,
  streetLineMax: 60,
  addressLine2Max: 16,
  cityMin: 2,
  /** Not in the seed: the longest US city name is about 40 characters. */
  cityMax: 50,
  countyMin: 2,
  countyMax: 25,
  zipDigits: 5,
  ssnDigits: 9,
  occupationMax: 26,
  employerMax: 25,
  /** Not in the seed: income sources are free text when 'Other' is chosen. */
  incomeSourceMax: 25,
  incomeMin: 1,
  incomeMax: 999_999,
  /** Not in the seed: a monthly rent or mortgage payment above this is a typing slip. */
  housingExpenseMax: 99_999,
  minimumAge: 18,
  /** Date of birth (and any start date) fewer than this many years back. */
  maximumYearsBack: 100,
  /** Seed 002 §9: previous employer under 2 years in the current job; 2 years of housing history. */
  historyYears: 2,
  /** Previous addresses asked for to cover the housing history. */
  previousAddressesMax: 3,
} as const;

/** Seed 002 §5 "Text with max length": shown under the field as the shopper types. */
export function charactersRemaining(value: string, max: number): string {
  const left = Math.max(0, max - value.length);
  return `${left} ${left === 1 ? 'character' : 'characters'} remaining`;
}

export const APPLICANT_PLACEHOLDERS = {
  date: 'MM/DD/YYYY',
  ssn: '999-99-9999',
  zip: '5-digit Zip code',
  phone: '(999) 999 - 9999',
} as const;
