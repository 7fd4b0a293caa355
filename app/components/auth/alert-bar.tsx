import type { ReactNode } from 'react';
import { ALERT_TYPES, type AlertType } from '~/lib/messages';

// The alert bar of seed 000 §4.6: expired, resent, wrongInput, success, warning,
// internalError and error. Any other type hides the bar.

const STYLES: Record<AlertType, string> = {
  expired: 'border-amber-700 bg-amber-50 text-amber-900',
  warning: 'border-amber-700 bg-amber-50 text-amber-900',
  resent: 'border-green-700 bg-green-50 text-green-900',
  success: 'border-green-700 bg-green-50 text-green-900',
  wrongInput: 'border-red-700 bg-red-50 text-red-900',
  internalError: 'border-red-700 bg-red-50 text-red-900',
  error: 'border-red-700 bg-red-50 text-red-900',
};

const URGENT: ReadonlySet<string> = new Set(['wrongInput', 'internalError', 'error', 'expired', 'warning']);

export function isAlertType(type: unknown): type is AlertType {
  return typeof type === 'string' && (ALERT_TYPES as readonly string[]).includes(type);
}

export function AlertBar({
  type,
  children,
  id,
}: {
  type: string | null | undefined;
  children: ReactNode;
  id?: string;
}) {
  if (!isAlertType(type)) return null;
  return (
    <div
      id={id}
      role={URGENT.has(type) ? 'alert' : 'status'}
      data-alert={type}
      className={`mb-4 rounded-tenant border-l-4 p-3 text-sm ${STYLES[type]}`}
    >
      {children}
    </div>
  );
}

/** The alerts a step left for this page (a flash in the flow cookie, or the action's answer). */
export function Notices({
  notices,
  children,
}: {
  notices: ReadonlyArray<{ type: string; message: string }> | undefined;
  children?: ReactNode;
}) {
  if (!notices?.length) return null;
  return (
    <>
      {notices.map((notice) => (
        <AlertBar key={`${notice.type}:${notice.message}`} type={notice.type}>
          {notice.message}
          {notice.type === 'expired' ? children : null}
        </AlertBar>
      ))}
    </>
  );
}
