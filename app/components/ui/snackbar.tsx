import { Link } from '@remix-run/react';
import { useRef, type ReactNode } from 'react';
import { useHydrated } from '~/components/hydrated';
import { useAlertAnalytics } from './alert-bar';
import { roleOf, snackbarAutoHideMs, type FeedbackType } from './feedback';
import { useAutoDismiss } from './use-auto-dismiss';

// The snackbar of seed 000 §8-9: a short message at the bottom of the screen that hides after
// 8 seconds, except when it carries a call to action: then it stays until the shopper acts or
// closes it. Announced to screen readers; without JavaScript it renders inline and stays.

export type SnackbarAction = { label: string; to: string } | { label: string; onClick: () => void };

export function Snackbar({
  type = 'info',
  children,
  action,
  onClose,
  testId = 'snackbar',
}: {
  type?: FeedbackType;
  children: ReactNode;
  action?: SnackbarAction;
  onClose?: () => void;
  testId?: string;
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDivElement>(null);
  const hasAction = Boolean(action);
  const { open, close } = useAutoDismiss(snackbarAutoHideMs(hasAction), onClose);
  useAlertAnalytics(type, ref, open);
  if (!open) return null;
  return (
    <div
      ref={ref}
      role={roleOf(type)}
      data-testid={testId}
      data-snackbar={type}
      className={`${hydrated ? 'fixed bottom-4 left-1/2 z-50 -translate-x-1/2 shadow-lg' : 'my-3'} flex max-w-lg items-center gap-4 rounded-tenant bg-gray-900 px-4 py-3 text-sm text-white`}
    >
      <div className="flex-1">{children}</div>
      {action ? (
        'to' in action ? (
          <Link to={action.to} className="font-semibold text-white underline">
            {action.label}
          </Link>
        ) : (
          <button type="button" onClick={action.onClick} className="cursor-pointer font-semibold text-white underline">
            {action.label}
          </button>
        )
      ) : null}
      {hydrated ? (
        <button type="button" onClick={close} className="cursor-pointer px-1 font-bold" aria-label="Close notification">
          ×
        </button>
      ) : null}
    </div>
  );
}
