import type { AlertSeverity } from './track';

/**
 * Seed 000 §8 and seed 001 §8: the event an alert sends, if any: `error-alert` for an error,
 * `alert-oops` for any other alert whose message says "oops". Apart from track.ts, so the alert
 * bar can tell without loading the analytics code (decision 052).
 */
export function alertEventName(severity: AlertSeverity, message: string): 'error-alert' | 'alert-oops' | null {
  return severity === 'error' ? 'error-alert' : /oops/i.test(message) ? 'alert-oops' : null;
}
