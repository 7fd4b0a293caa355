// The tracker's work steps, their statuses and what the page calls them (seed 000 §3.4, §4.1;
// seed 002 §4; commerce-api.md "What the tracker page shows").
import { entriesOf } from '../shared/guards';

export const WORK_STEPS = [
  'VERIFY_INSURANCE',
  'VERIFY_ID',
  'UPLOAD_DOCUMENTS',
  'DEAL_REVIEW',
  'FINANCE_DECISION',
  'SIGN_CONTRACT',
  'PAYMENT_DETAILS',
  'SCHEDULE_DELIVERY',
] as const;
export type WorkStep = (typeof WORK_STEPS)[number];

export const STEP_STATUSES = ['NOT_READY', 'READY', 'IN_PROGRESS', 'COMPLETED', 'NEEDS_ATTENTION'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** How a status looks in the step list (seed 000 §4.1). */
export type StepAppearance = 'disabled' | 'active' | 'completed' | 'warning';

export const STEP_APPEARANCE: Record<StepStatus, StepAppearance> = {
  NOT_READY: 'disabled',
  READY: 'active',
  IN_PROGRESS: 'active',
  COMPLETED: 'completed',
  NEEDS_ATTENTION: 'warning',
};

/** The post-purchase labels of seed 002 §4. */
export const STEP_STATUS_LABEL: Record<StepStatus, string> = {
  NOT_READY: 'Not Ready',
  READY: 'Get Started',
  IN_PROGRESS: 'In Progress',
  COMPLETED: 'Completed',
  NEEDS_ATTENTION: 'Needs Attention',
};

export const STEP_TITLE: Record<WorkStep, string> = {
  VERIFY_INSURANCE: 'Verify insurance',
  VERIFY_ID: 'Verify your ID',
  UPLOAD_DOCUMENTS: 'Upload documents',
  DEAL_REVIEW: 'Review your deal',
  FINANCE_DECISION: 'Finance decision',
  SIGN_CONTRACT: 'Sign your contract',
  PAYMENT_DETAILS: 'Payment',
  SCHEDULE_DELIVERY: 'Schedule delivery or pickup',
};

/** The path segment under /progress/{orderNumber}/; SCHEDULE_DELIVERY lives at /fulfillment/{orderNumber}. */
export const STEP_SEGMENT: Record<Exclude<WorkStep, 'SCHEDULE_DELIVERY'>, string> = {
  VERIFY_INSURANCE: 'insurance-verification',
  VERIFY_ID: 'id-verification',
  UPLOAD_DOCUMENTS: 'doc-upload',
  DEAL_REVIEW: 'deal-review',
  FINANCE_DECISION: 'finance-decision',
  SIGN_CONTRACT: 'signing',
  PAYMENT_DETAILS: 'payment',
};

/** The pages below a step's own page (seed 000 §2.1). */
export const STEP_SUB_PAGES: Partial<Record<WorkStep, readonly string[]>> = {
  VERIFY_ID: ['complete', 'incomplete', 'next-steps'],
  UPLOAD_DOCUMENTS: ['summary'],
  FINANCE_DECISION: ['accepted', 'declined', 'pending'],
  SIGN_CONTRACT: ['review', 'hello-again', 'thank-you', 'contract-ready'],
};

/** The page of a step for this order. */
export function stepPath(orderNumber: string, step: WorkStep, subPage?: string): string {
  const order = encodeURIComponent(orderNumber);
  if (step === 'SCHEDULE_DELIVERY') return `/fulfillment/${order}`;
  return `/progress/${order}/${STEP_SEGMENT[step]}${subPage ? `/${subPage}` : ''}`;
}

/** The scheduling page (SCHEDULE_DELIVERY) with its query: the method, a change of appointment. */
export function fulfillmentPath(orderNumber: string, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query)}` : '';
  return `${stepPath(orderNumber, 'SCHEDULE_DELIVERY')}${search}`;
}

/** The step a path segment under /progress/{orderNumber}/ names, if any. */
export function stepForSegment(segment: string): Exclude<WorkStep, 'SCHEDULE_DELIVERY'> | null {
  for (const [step, name] of entriesOf(STEP_SEGMENT)) {
    if (name === segment) return step;
  }
  return null;
}
