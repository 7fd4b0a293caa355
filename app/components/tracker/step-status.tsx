import { STEP_APPEARANCE, STEP_STATUS_LABEL, type StepStatus } from '~/lib/tracker/steps';

// How a step status looks (seed 000 §4.1): disabled, active, active, completed, active with a
// warning. The label says it in words too, so colour is never the only signal. The step list's
// round markers are in ./step-marker.tsx, with the side's islands (decision 057).

export const BADGE_CLASS: Record<ReturnType<typeof appearanceOf>, string> = {
  disabled: 'border-gray-400 bg-gray-100 text-gray-700',
  active: 'border-primary bg-primary text-primary-contrast',
  completed: 'border-green-800 bg-green-50 text-green-900',
  warning: 'border-amber-700 bg-amber-50 text-amber-900',
};

export function appearanceOf(status: StepStatus) {
  return STEP_APPEARANCE[status];
}

/** The status in words: Not Ready, Get Started, In Progress, Completed or Needs Attention. */
export function StepStatusBadge({ status }: { status: StepStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-3 py-0.5 text-sm font-semibold ${BADGE_CLASS[appearanceOf(status)]}`}
      data-testid="step-status"
      data-status={status}
    >
      {STEP_STATUS_LABEL[status]}
    </span>
  );
}
