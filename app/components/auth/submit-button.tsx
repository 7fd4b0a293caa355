import type { ReactNode } from 'react';

/** A submit button; while loading it is disabled and shows a spinner (seed 000 §4.6). */
export function SubmitButton({
  children,
  disabled = false,
  loading = false,
  name,
  value,
  variant = 'primary',
}: {
  children: ReactNode;
  disabled?: boolean;
  loading?: boolean;
  name?: string;
  value?: string;
  variant?: 'primary' | 'secondary';
}) {
  const look =
    variant === 'primary' ? 'bg-primary text-primary-contrast' : 'border border-current bg-transparent text-ink';
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`inline-flex w-full cursor-pointer items-center justify-center gap-2 rounded-tenant px-4 py-2.5 font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${look}`}
    >
      {loading ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          data-testid="spinner"
        />
      ) : null}
      {children}
    </button>
  );
}
