import { Link, useLocation, useRevalidator } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';

// Small pieces the step actions share: buttons, notices, fields with their errors, a progress
// bar and polling. Fields wire aria-invalid and aria-describedby to their error and keep its
// space, so the page does not jump when one appears.

export const primaryButton =
  'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-tenant bg-primary px-5 py-2.5 font-semibold text-primary-contrast hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton =
  'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-tenant border border-current px-5 py-2.5 font-semibold text-ink hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-60';
export const textLink = 'font-semibold text-primary underline';
export const inputClass =
  'mt-1 block w-full rounded-tenant border border-gray-500 bg-white px-3 py-2 text-gray-900 aria-[invalid=true]:border-red-700';
export const labelClass = 'block text-sm font-medium';

export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
    />
  );
}

/** A submit button; while busy it is disabled and shows a spinner. */
export function SubmitButton({
  children,
  busy = false,
  name = 'intent',
  value,
  variant = 'primary',
  disabled = false,
}: {
  children: ReactNode;
  busy?: boolean;
  name?: string;
  value?: string;
  variant?: 'primary' | 'secondary';
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      name={value ? name : undefined}
      value={value}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className={variant === 'primary' ? primaryButton : secondaryButton}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';

const NOTICE_CLASS: Record<NoticeKind, string> = {
  success: 'border-green-800 bg-green-50 text-green-950',
  info: 'border-primary bg-black/5',
  warning: 'border-amber-700 bg-amber-50 text-amber-950',
  error: 'border-red-700 bg-red-50 text-red-900',
};

/** A message box; errors are announced (role alert), the others politely (role status). */
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
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-tenant border-l-4 px-4 py-3 ${NOTICE_CLASS[kind]}`}
      data-testid={testId}
      data-kind={kind}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : ''}>{children}</div> : null}
    </div>
  );
}

/** The error under a field (its space kept when empty). */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return (
    <p id={id} className="min-h-5 text-sm text-red-800">
      {error ?? ''}
    </p>
  );
}

type InputProps = {
  id: string;
  name: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  defaultValue?: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'number';
  inputMode?: 'numeric' | 'decimal' | 'text';
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  min?: string;
  max?: string;
  required?: boolean;
  pattern?: string;
  onChange?: (value: string) => void;
};

export function TextInput(props: InputProps) {
  const errorId = `${props.id}-error`;
  const hintId = props.hint ? `${props.id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        min={props.min}
        max={props.max}
        required={props.required}
        pattern={props.pattern}
        defaultValue={props.defaultValue}
        onChange={props.onChange ? (event) => props.onChange?.(event.currentTarget.value) : undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={[props.error ? errorId : null, hintId].filter(Boolean).join(' ') || undefined}
        className={inputClass}
      />
      {props.hint ? (
        <p id={hintId} className="mt-1 text-sm text-gray-700">
          {props.hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={props.error} />
    </div>
  );
}

/** An indeterminate or measured progress bar with its label. */
export function ProgressBar({
  label,
  value,
  max = 100,
  testId,
}: {
  label: string;
  value?: number;
  max?: number;
  testId?: string;
}) {
  const measured = value !== undefined;
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <span className="text-sm font-medium" id={`${testId ?? 'progress'}-label`}>
        {label}
      </span>
      <div
        role="progressbar"
        aria-labelledby={`${testId ?? 'progress'}-label`}
        aria-valuemin={measured ? 0 : undefined}
        aria-valuemax={measured ? max : undefined}
        aria-valuenow={measured ? Math.round(value) : undefined}
        className="h-2 w-full overflow-hidden rounded-full bg-black/10"
      >
        <div
          className={`h-full rounded-full bg-primary ${measured ? 'transition-[width]' : 'w-1/3 animate-pulse'}`}
          style={measured ? { width: `${Math.min(100, (value / max) * 100)}%` } : undefined}
        />
      </div>
    </div>
  );
}

/**
 * Reloads the page's data every `intervalMs` while `active` (and the tab is visible): the
 * JavaScript half of "check again". Without JavaScript the page shows a link instead.
 */
export function usePolling(active: boolean, intervalMs: number): void {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && state === 'idle') revalidate();
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [active, intervalMs, revalidate, state]);
}

/**
 * The same promise without JavaScript (issue 18): a meta refresh that only a browser without
 * scripting reads (inside <noscript>), at the interval the page polls at with JavaScript.
 */
export function NoScriptRefresh({ intervalMs }: { intervalMs: number }) {
  const location = useLocation();
  // The page's own address, so the refresh is a GET: a bare refresh of a page a form post
  // rendered would post the form again (and restart what it started).
  const url = `${location.pathname}${location.search}`;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${Math.max(1, Math.round(intervalMs / 1000))};url=${url}`} />
    </noscript>
  );
}

/** "Check again": a plain link to this page, for browsers that do not poll. */
export function CheckAgainLink({ to, children = 'Check again' }: { to: string; children?: ReactNode }) {
  return (
    <Link to={to} className={textLink} reloadDocument>
      {children}
    </Link>
  );
}

/** One implementation of money formatting (app/lib/shared/money.ts); the tracker shows amounts due to the cent. */
export { formatUsdAmount as formatUsd } from '~/lib/shared/money';
