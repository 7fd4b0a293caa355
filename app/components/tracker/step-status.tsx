import { STEP_APPEARANCE, STEP_STATUS_LABEL, type StepStatus } from '~/lib/tracker/steps';

// How a step status looks (seed 000 §4.1): disabled, active, active, completed, active with a
// warning. The label says it in words too, so colour is never the only signal.

const BADGE_CLASS: Record<ReturnType<typeof appearanceOf>, string> = {
  disabled: 'border-gray-400 bg-gray-100 text-gray-700',
  active: 'border-primary bg-primary text-primary-contrast',
  completed: 'border-green-800 bg-green-50 text-green-900',
  warning: 'border-amber-700 bg-amber-50 text-amber-900',
};

function appearanceOf(status: StepStatus) {
  return STEP_APPEARANCE[status];
}

/** The round marker in the step list: the step's number, a tick or an exclamation mark. */
export function StepMarker({ status, number }: { status: StepStatus; number: number }) {
  const appearance = appearanceOf(status);
  return (
    <span
      aria-hidden="true"
      className={`flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${BADGE_CLASS[appearance]}`}
    >
      {appearance === 'completed' ? (
        <svg
          viewBox="0 0 24 24"
          width="16"
          height="16"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
      ) : appearance === 'warning' ? (
        '!'
      ) : (
        number
      )}
    </span>
  );
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
