import type { AlertSeverity } from '~/lib/analytics/track';

// The alert types, their severities and roles, free of the analytics code: the shell's
// pre-qualification reminder renders the toast's box with them on every page (issue 17).

/** The alert bar's types (seed 000 §4.6) and the plain severities. */
export const FEEDBACK_TYPES = [
  'expired',
  'resent',
  'wrongInput',
  'success',
  'warning',
  'internalError',
  'error',
  'info',
] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

const SEVERITY: Record<FeedbackType, AlertSeverity> = {
  expired: 'warning',
  warning: 'warning',
  resent: 'success',
  success: 'success',
  info: 'info',
  wrongInput: 'error',
  internalError: 'error',
  error: 'error',
};

export function severityOf(type: FeedbackType): AlertSeverity {
  return SEVERITY[type];
}

/** Errors and warnings interrupt (role alert); the rest wait their turn (role status). */
export function roleOf(type: FeedbackType): 'alert' | 'status' {
  const severity = severityOf(type);
  return severity === 'error' || severity === 'warning' ? 'alert' : 'status';
}
