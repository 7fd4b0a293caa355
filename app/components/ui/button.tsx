import type { ReactNode } from 'react';

// The kit's buttons: one look per variant, and the submit button with its loading state
// (seed 000 §4.6): while the form is being sent it is disabled, says so to assistive
// technology (aria-busy) and shows a spinner. Without JavaScript the browser sends the form
// and the button simply stays as it is until the next page arrives.

const base =
  'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-tenant px-5 py-2.5 font-semibold disabled:cursor-not-allowed disabled:opacity-60';

export const primaryButton = `${base} bg-primary text-primary-contrast hover:opacity-90`;
export const secondaryButton = `${base} border border-current text-ink hover:bg-black/5`;
export const linkButton = 'cursor-pointer font-semibold text-primary underline';
export { textLink } from './text-link';

export type ButtonVariant = 'primary' | 'secondary';

export function buttonClass(variant: ButtonVariant = 'primary', fullWidth = false): string {
  const look = variant === 'primary' ? primaryButton : secondaryButton;
  return fullWidth ? `${look} w-full` : look;
}

export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
      data-testid="spinner"
    />
  );
}

/** A submit button; while loading it is disabled and shows a spinner. With a value it posts `name=value` (name defaults to intent). */
export function SubmitButton({
  children,
  loading = false,
  disabled = false,
  name = 'intent',
  value,
  variant = 'primary',
  fullWidth = false,
  form,
  testId,
}: {
  children: ReactNode;
  loading?: boolean;
  disabled?: boolean;
  name?: string;
  value?: string;
  variant?: ButtonVariant;
  fullWidth?: boolean;
  /** The id of the form it submits, when it sits outside it. */
  form?: string;
  testId?: string;
}) {
  return (
    <button
      type="submit"
      name={value !== undefined ? name : undefined}
      value={value}
      form={form}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClass(variant, fullWidth)}
      data-testid={testId}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
