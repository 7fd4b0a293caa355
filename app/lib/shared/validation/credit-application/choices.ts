import { APPLICANT_LIMITS as L } from '../applicant-messages';
import { isWithinYears, parseUsDate } from '../dates';

// The choices and the history rule of the credit application's steps (seed 002 §2), apart from
// the schemas in ./index.ts: the step forms render them in the browser, which loads no zod
// (decision 088: the server is the validator).

export const MARITAL_STATUSES = ['Married', 'Unmarried', 'Separated'] as const;
export const EMPLOYMENT_STATUSES = [
  'Employed',
  'Self-employed',
  'Military',
  'Retired',
  'Student',
  'Unemployed',
  'Other',
] as const;
/** Statuses with an employer, an occupation and a start date. */
export const EMPLOYED_STATUSES: readonly string[] = ['Employed', 'Self-employed', 'Military'];
export const INCOME_SOURCES = [
  'Employment',
  'Self-employment',
  'Military pay',
  'Retirement or pension',
  'Social Security',
  'Disability',
  'Investments',
  'Alimony or child support',
  'Other',
] as const;
export const ADDITIONAL_INCOME_SOURCES = [
  'Second job',
  'Rental income',
  'Investments',
  'Retirement or pension',
  'Social Security',
  'Alimony or child support',
  'Other',
] as const;
export const HOUSING_STATUSES = ['Own', 'Rent'] as const;

/** How many previous addresses the history needs so far: one more while the earliest start is under 2 years back. */
export function previousAddressesNeeded(
  residenceStartDate: string | undefined,
  previousStarts: readonly (string | undefined)[],
): number {
  if (!residenceStartDate || !isWithinYears(residenceStartDate, L.historyYears)) return 0;
  let needed = 1;
  for (const start of previousStarts) {
    if (start && parseUsDate(start) && isWithinYears(start, L.historyYears) && needed < L.previousAddressesMax)
      needed += 1;
    else break;
  }
  return needed;
}
