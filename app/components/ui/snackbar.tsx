import { Link } from '@remix-run/react';
import { useRef, type FormEvent, type ReactNode } from 'react';
import { useHydrated } from '~/components/hydrated';
import { useAlertAnalytics } from './alert-bar';
import { roleOf, snackbarAutoHideMs, type FeedbackType } from './feedback';
import { useAutoDismiss } from './use-auto-dismiss';

// The snackbar of seed 000 §8-9: a short message at the bottom of the screen that hides after
// 8 seconds, except when it carries a call to action: then it stays until the shopper acts or
// closes it. Announced to screen readers; without JavaScript it renders inline and stays.

export type SnackbarAction =
  | { label: string; to: string }
  | { label: string; onClick: () => void }
  /**
   * A form post (e.g. Undo): a real form, so it works without JavaScript; with it, `onSubmit`
   * may take the post over (a fetcher).
   */
  | {
      label: string;
      post: { action: string; fields: Readonly<Record<string, string>> };
      onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
    };

const actionClass = 'cursor-pointer font-semibold text-white underline';

function ActionControl({ action }: { action: SnackbarAction }) {
  if ('to' in action)
    return (
      <Link to={action.to} className={actionClass}>
        {action.label}
      </Link>
    );
  if ('onClick' in action)
    return (
      <button type="button" onClick={action.onClick} className={actionClass}>
        {action.label}
      </button>
    );
  return (
    <form method="post" action={action.post.action} onSubmit={action.onSubmit}>
      {Object.entries(action.post.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={actionClass}>
        {action.label}
      </button>
    </form>
  );
}

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
      className={`${hydrated ? 'fixed inset-x-4 bottom-4 z-50 mx-auto w-fit shadow-lg' : 'my-3'} flex max-w-lg items-center gap-4 rounded-tenant bg-gray-900 px-4 py-3 text-sm text-white`}
    >
      <div className="flex-1">{children}</div>
      {action ? <ActionControl action={action} /> : null}
      {hydrated ? (
        <button type="button" onClick={close} className="cursor-pointer px-1 font-bold" aria-label="Close notification">
          ×
        </button>
      ) : null}
    </div>
  );
}
