import type { StepStatus, WorkStep } from './steps';

export type StepState = { step: WorkStep; status: StepStatus };

/** Where the tracker opens when no step is asked for (seed 000 §4.2). */
export const DEFAULT_ACTIVE_STEP: WorkStep = 'VERIFY_ID';

/** The first step neither COMPLETED nor NOT_READY; otherwise the last completed step; else VERIFY_ID. */
export function getActiveStep(steps: readonly StepState[]): WorkStep {
  const open = steps.find((item) => item.status !== 'COMPLETED' && item.status !== 'NOT_READY');
  if (open) return open.step;
  const completed = steps.filter((item) => item.status === 'COMPLETED');
  return completed.at(-1)?.step ?? DEFAULT_ACTIVE_STEP;
}
