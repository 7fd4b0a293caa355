import type { StepState } from './active-step';
import { STEP_SUB_PAGES, stepForSegment, stepPath, type WorkStep } from './steps';

// Which step a tracker URL asks for, and where to send the shopper instead when that step
// cannot be shown (seed 000 §2.2: unknown paths and not-ready steps go to the active step).

export type TrackerLocation =
  { kind: 'base' } | { kind: 'step'; step: WorkStep; subPage: string | null } | { kind: 'unknown' };

function segmentsOf(pathname: string): string[] {
  return pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** Reads /progress/{orderNumber}[/step[/sub-page]] and /fulfillment/{orderNumber}. */
export function parseTrackerPath(pathname: string, orderNumber: string): TrackerLocation {
  const [area, order, segment, subPage, ...rest] = segmentsOf(pathname);
  if (order !== orderNumber) return { kind: 'unknown' };
  if (area === 'fulfillment')
    return segment === undefined ? { kind: 'step', step: 'SCHEDULE_DELIVERY', subPage: null } : { kind: 'unknown' };
  if (area !== 'progress') return { kind: 'unknown' };
  if (segment === undefined) return { kind: 'base' };
  const step = stepForSegment(segment);
  if (!step || rest.length > 0) return { kind: 'unknown' };
  if (subPage === undefined) return { kind: 'step', step, subPage: null };
  return STEP_SUB_PAGES[step]?.includes(subPage) ? { kind: 'step', step, subPage } : { kind: 'unknown' };
}

export type RedirectInput = { orderNumber: string; steps: readonly StepState[]; activeStep: WorkStep };

/** Null when the page can be shown; otherwise the active step's page. */
export function getTrackerRedirect(
  location: TrackerLocation,
  { orderNumber, steps, activeStep }: RedirectInput,
): string | null {
  const target = stepPath(orderNumber, activeStep);
  if (location.kind !== 'step') return target;
  const state = steps.find((item) => item.step === location.step);
  if (!state || state.status === 'NOT_READY') return target;
  const needs = location.subPage ? OUTCOME_PAGES[location.step]?.[location.subPage] : undefined;
  if (needs && state.status !== needs) return target;
  return null;
}

/**
 * Outcome pages that only tell the truth in one status (issue 18): "You accepted your finance
 * offer" on an undecided deal would not, so it goes to the active step instead.
 */
const OUTCOME_PAGES: Partial<Record<WorkStep, Record<string, StepState['status']>>> = {
  FINANCE_DECISION: { accepted: 'COMPLETED', declined: 'NEEDS_ATTENTION' },
};

/** Keeps `forceFlag` on a redirect, so a forced flag still holds on the page it lands on. */
export function keepForcedFlags(path: string, from: URL | string): string {
  const forced = new URL(from, 'http://localhost').searchParams.getAll('forceFlag');
  if (forced.length === 0) return path;
  const query = new URLSearchParams(forced.map((value) => ['forceFlag', value]));
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
