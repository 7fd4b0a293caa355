import { useEffect, useRef, type ReactNode } from 'react';
import { FEEDBACK_TYPES, roleOf, severityOf, type FeedbackType } from './feedback-role';
import { alertEventName } from '~/lib/analytics/alert-event';
import { isOneOf } from '~/lib/shared/guards';

// The alert bar of seed 000 §4.6, inline in the page (so it reads the same without JavaScript):
// announced to screen readers (role alert for errors and warnings, status otherwise); an error
// alert, or one that says "oops", sends its analytics event once it is shown. The analytics code
// (feedback.ts, track.ts) is imported only for an alert that sends one (decision 052).

const STYLES: Record<FeedbackType, string> = {
  expired: 'border-amber-700 bg-amber-50 text-amber-950',
  warning: 'border-amber-700 bg-amber-50 text-amber-950',
  resent: 'border-green-800 bg-green-50 text-green-950',
  success: 'border-green-800 bg-green-50 text-green-950',
  info: 'border-primary bg-black/5',
  wrongInput: 'border-red-700 bg-red-50 text-red-900',
  internalError: 'border-red-700 bg-red-50 text-red-900',
  error: 'border-red-700 bg-red-50 text-red-900',
};

export function isFeedbackType(type: unknown): type is FeedbackType {
  return isOneOf(FEEDBACK_TYPES, type);
}

/** Sends the alert's analytics event once per message shown. */
export function useAlertAnalytics(type: FeedbackType, ref: React.RefObject<HTMLElement | null>, active = true) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const text = ref.current?.textContent ?? '';
    if (!active || !text || sent.current === text) return;
    sent.current = text;
    if (alertEventName(severityOf(type), text.trim()) === null) return;
    void import('./feedback').then(({ reportAlert }) => reportAlert(type, text));
  });
}

export function AlertBar({
  type,
  title,
  children,
  id,
  testId,
  kind,
}: {
  type: FeedbackType;
  title?: string;
  children?: ReactNode;
  id?: string;
  testId?: string;
  /** A notice in a page's flow (Notice): no margins of its own, body text size, `data-kind`. */
  kind?: NoticeKind;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useAlertAnalytics(type, ref);
  return (
    <div
      ref={ref}
      id={id}
      role={roleOf(type)}
      data-alert={type}
      data-kind={kind}
      data-testid={testId}
      className={`rounded-tenant border-l-4 px-4 py-3 ${kind ? '' : 'my-3 text-sm'} ${STYLES[type]}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : ''}>{children}</div> : null}
    </div>
  );
}

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';

/** A message box in a page's flow: the alert bar of one plain severity. */
export function Notice({
  kind,
  title,
  children,
  testId,
}: {
  kind: NoticeKind;
  title?: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <AlertBar type={kind} kind={kind} title={title} testId={testId}>
      {children}
    </AlertBar>
  );
}

/** The alerts a step left for this page (a flash in the flow cookie, or the action's answer); unknown types are not shown. */
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
      {notices.map((notice) =>
        isFeedbackType(notice.type) ? (
          <AlertBar key={`${notice.type}:${notice.message}`} type={notice.type}>
            {notice.message}
            {notice.type === 'expired' ? children : null}
          </AlertBar>
        ) : null,
      )}
    </>
  );
}
