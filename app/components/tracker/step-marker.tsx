import type { StepStatus } from '~/lib/tracker/steps';
import { BADGE_CLASS, appearanceOf } from './step-status';

// The step list's round marker, for the side list and the mobile step menu: both islands, so
// the step page's JavaScript does not carry it (decision 057).

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
