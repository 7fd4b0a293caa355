import type { FormConstraint } from '~/lib/shared/validation/form-constraints';
import type { Cart, CreditApplicationStep } from '~/lib/contract/checkout';

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

/** Where a step's Back goes: the step before it that the application asks for, or nowhere from the first. */
export function previousStepPath(page: Pick<StepPageData, 'step' | 'steps'>): string | null {
  const previous = page.steps[page.steps.indexOf(page.step) - 1];
  return previous ? applicationStepPath(previous) : null;
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
  /** The step form's HTML constraints, read from its schema on the server (decision 088: no zod in the browser). */
  constraint: FormConstraint;
};
