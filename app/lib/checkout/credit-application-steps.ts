import type { Cart, CreditApplicationStep } from '~/lib/contract/checkout';
import { isRecord } from '~/lib/shared/guards';

// The credit application's own steps (seed 002 §2, in order) and their pages.

export const APPLICATION_STEP_ORDER: readonly CreditApplicationStep[] = [
  'personal',
  'spouse',
  'employment',
  'housing',
  'ssn',
  'review',
  'terms',
];

export const APPLICATION_STEP_LABELS: Record<CreditApplicationStep, string> = {
  personal: 'Personal information',
  spouse: 'Spouse details',
  employment: 'Employment',
  housing: 'Housing',
  ssn: 'Social Security number',
  review: 'Review',
  terms: 'Terms and conditions',
};

/** Before the first save the API has not said whether spouse and SSN are asked for: neither is, until it does. */
export const DEFAULT_APPLICATION_STEPS: readonly CreditApplicationStep[] = [
  'personal',
  'employment',
  'housing',
  'review',
  'terms',
];

export function applicationStepsOf(cart: Pick<Cart, 'creditApplication'>): CreditApplicationStep[] {
  const steps = cart.creditApplication?.steps;
  return steps && steps.length > 0 ? [...steps] : [...DEFAULT_APPLICATION_STEPS];
}

export function applicationStepPath(step: CreditApplicationStep): string {
  return `/checkout/credit-application/${step}`;
}

export type StepPageData = {
  step: CreditApplicationStep;
  steps: CreditApplicationStep[];
  number: number;
  total: number;
  /** This step's saved answers (never the SSN or date of birth: `hasSsn`, `hasDateOfBirth` instead). */
  answers: Record<string, unknown>;
  allAnswers: Record<string, Record<string, unknown>>;
  completed: CreditApplicationStep[];
  /** Opened from the review's edit link: saving goes back to the review. */
  editing: boolean;
  shopperEmail: string | null;
  tenantPhone: string;
};

/**
 * Secrets already on file (SSN, date of birth) are never sent back, so a step edited later has
 * those fields blank. Left blank, they keep what is on file: the API fills them in again. For
 * the checks here (the browser's and the storefront's), a blank date of birth on file stands in
 * as a valid placeholder, removed again before the answers are sent.
 */
export const DATE_OF_BIRTH_ON_FILE = '01/01/1970';

/** Which date-of-birth fields of the personal step are on file, by form name. */
export function secretsOnFile(answers: Record<string, unknown>): string[] {
  const names: string[] = [];
  if (answers.hasDateOfBirth) names.push('dateOfBirth');
  const coBuyer = answers.coBuyer;
  if (isRecord(coBuyer) && coBuyer.hasDateOfBirth) names.push('coBuyer.dateOfBirth');
  return names;
}

/** The form data with blank on-file dates of birth replaced by the placeholder. */
export function fillSecretsOnFile(formData: FormData, onFile: readonly string[]): FormData {
  if (onFile.length === 0) return formData;
  const copy = new FormData();
  for (const [name, value] of formData.entries()) copy.append(name, value);
  for (const name of onFile) {
    const value = copy.get(name);
    if (value === null || (typeof value === 'string' && value.trim() === '')) copy.set(name, DATE_OF_BIRTH_ON_FILE);
  }
  return copy;
}
