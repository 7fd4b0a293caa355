import { useRef, type ReactNode } from 'react';
import { useHydrated } from '~/components/hydrated';
import { useAlertAnalytics } from './alert-bar';
import { roleOf, TOAST_AUTO_HIDE_MS, type FeedbackType } from './feedback';
import { useAutoDismiss } from './use-auto-dismiss';

// The toast of seed 000 §8-9: one at a time, hides after 10 seconds or with its close button,
// never by clicking elsewhere. Announced to screen readers. Without JavaScript it renders
// inline where it is placed and stays (there is no timer and nothing to close it with).

export function Toast({
  type = 'info',
  children,
  onClose,
  testId = 'toast',
}: {
  type?: FeedbackType;
  children: ReactNode;
  onClose?: () => void;
  testId?: string;
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDivElement>(null);
  const { open, close } = useAutoDismiss(TOAST_AUTO_HIDE_MS, onClose);
  useAlertAnalytics(type, ref, open);
  if (!open) return null;
  return (
    <div
      ref={ref}
      role={roleOf(type)}
      data-testid={testId}
      data-toast={type}
      className={`${hydrated ? 'fixed bottom-4 right-4 z-50 max-w-sm shadow-lg' : 'my-3'} flex items-start gap-3 rounded-tenant border border-gray-400 bg-white px-4 py-3 text-sm text-gray-900`}
    >
      <div className="flex-1">{children}</div>
      {hydrated ? (
        <button type="button" onClick={close} className="cursor-pointer px-1 font-bold" aria-label="Close notification">
          ×
        </button>
      ) : null}
    </div>
  );
}
