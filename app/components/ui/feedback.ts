import { trackAlert } from '~/lib/analytics/track';
import { severityOf, type FeedbackType } from './feedback-role';

// What the toast, the snackbar and the alert bar share (seed 000 §4.6, §8-9): their timings,
// the auto-dismiss timer, the severity of each alert type and the analytics an alert sends.

/** Seed 000 §8-9: a toast hides after 10 seconds. */
export const TOAST_AUTO_HIDE_MS = 10_000;
/** Seed 000 §8-9: a snackbar hides after 8 seconds, unless it has a call to action. */
export const SNACKBAR_AUTO_HIDE_MS = 8_000;

export { roleOf, type FeedbackType } from './feedback-role';

/**
 * Seed 000 §8-9: an error alert sends `error-alert`, any alert saying "oops" `alert-oops`
 * (through app/lib/analytics's trackAlert). Answers the event sent, if any.
 */
export function reportAlert(type: FeedbackType, message: string): string | null {
  return trackAlert({ severity: severityOf(type), message: message.trim(), type });
}

/**
 * The auto-dismiss timer: `start` runs it (again from the full time), `stop` cancels it.
 * Clicking elsewhere is not a way to close: only the time running out or the close button.
 */
export function createAutoDismiss(ms: number | null, onDismiss: () => void) {
  let handle: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    if (handle !== null) clearTimeout(handle);
    handle = null;
  };
  return {
    start() {
      stop();
      if (ms === null) return;
      handle = setTimeout(() => {
        handle = null;
        onDismiss();
      }, ms);
    },
    stop,
    get running() {
      return handle !== null;
    },
  };
}

/** A snackbar with a call to action stays until the shopper acts or closes it. */
export function snackbarAutoHideMs(hasAction: boolean): number | null {
  return hasAction ? null : SNACKBAR_AUTO_HIDE_MS;
}
