import { useEffect, useId, useLayoutEffect, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { formatCurrencyInputValue, parseCurrencyInput } from '~/lib/shared/money';
import { CAPPED_CURRENCY_LIMIT_CENTS, getCurrencyTextOnBlur, normalizeCurrencyText } from './currency-text';

export const currencyInputClass =
  'block h-11 w-full rounded-tenant border border-black/30 bg-surface pl-7 pr-3 text-base text-ink tabular-nums aria-[invalid=true]:border-red-700';

/** The '$' drawn inside the field; the label already says the field is an amount. */
export function DollarPrefix() {
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute inset-y-0 left-3 flex h-11 items-center text-ink/70"
    >
      $
    </span>
  );
}

/**
 * Helper text and the first error under a field. Both lines keep their height when empty, so
 * an error appearing, or a helper text changing, does not push the page down.
 */
export function FieldMessages({
  helperId,
  helperText,
  errorId,
  error,
}: {
  helperId: string;
  helperText?: ReactNode;
  errorId: string;
  error?: string;
}) {
  return (
    <>
      <p id={helperId} className="mt-1 min-h-5 text-sm text-ink/70">
        {helperText}
      </p>
      <p id={errorId} className="min-h-5 text-sm text-red-700">
        {error}
      </p>
    </>
  );
}

export function getDescribedBy(ids: { helperId: string; errorId: string }, hasHelper: boolean, hasError: boolean) {
  return [hasHelper ? ids.helperId : null, hasError ? ids.errorId : null].filter(Boolean).join(' ') || undefined;
}

/**
 * Puts the caret where normalizeCurrencyText says after React writes the reformatted value, or
 * it would jump to the end each time a separator appears.
 */
// The caret only ever moves in the browser; on the server the layout effect would only warn.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

export function useCaretRestore() {
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  useBrowserLayoutEffect(() => {
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (caret !== null && inputRef.current && document.activeElement === inputRef.current) {
      inputRef.current.setSelectionRange(caret, caret);
    }
  });
  return { inputRef, pendingCaret };
}

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'max' | 'inputMode' | 'name' | 'id'
>;

export type CurrencyInputProps = NativeInputProps & {
  label: string;
  name: string;
  id?: string;
  /** Default 0 (seed 000 §5). */
  defaultValueCents?: number;
  /** The field refuses to go above this. */
  maxCents?: number;
  /** No decimals. */
  wholeDollars?: boolean;
  /** Caps the amount at $999,999 (seed 000 §9), below any lower maxCents. */
  capped?: boolean;
  helperText?: ReactNode;
  errors?: readonly string[];
  /** Called with the amount in cents on each change (null while empty) and on blur. */
  onValueChange?: (cents: number | null) => void;
  className?: string;
};

/**
 * The seed's currency input: a '$' prefix, thousands separators as you type, default 0, an
 * optional maximum, a whole-dollar and a capped variant. Without JavaScript it is a plain text
 * field whose value ('2,500.50', '$2500') the action reads with parseCurrencyInput.
 */
export function CurrencyInput({
  label,
  name,
  id,
  defaultValueCents = 0,
  maxCents,
  wholeDollars = false,
  capped = false,
  helperText,
  errors,
  onValueChange,
  className,
  onBlur,
  ...inputProps
}: CurrencyInputProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const ids = { helperId: `${inputId}-helper`, errorId: `${inputId}-error` };
  const limit = capped ? Math.min(maxCents ?? CAPPED_CURRENCY_LIMIT_CENTS, CAPPED_CURRENCY_LIMIT_CENTS) : maxCents;
  const options = { wholeDollars, maxCents: limit };
  // Uncontrolled: the field's text is the browser's, so nothing React renders (hydration, a
  // revalidation, a parent's state) ever puts the server's amount back over what the shopper
  // typed, even typed before the page's code arrived. Each change is formatted in place.
  const initialText = formatCurrencyInputValue(
    limit === undefined ? defaultValueCents : Math.min(defaultValueCents, limit),
    { wholeDollars },
  );
  const error = errors?.[0];

  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="relative mt-1">
        <DollarPrefix />
        <input
          {...inputProps}
          id={inputId}
          name={name}
          type="text"
          inputMode={wholeDollars ? 'numeric' : 'decimal'}
          autoComplete="off"
          defaultValue={initialText}
          aria-invalid={error ? true : undefined}
          aria-describedby={getDescribedBy(ids, Boolean(helperText), Boolean(error))}
          className={currencyInputClass}
          onChange={(event) => {
            const input = event.currentTarget;
            const next = normalizeCurrencyText(input.value, input.selectionStart ?? input.value.length, options);
            if (next.text !== input.value) {
              input.value = next.text;
              if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
            }
            onValueChange?.(parseCurrencyInput(next.text));
          }}
          onBlur={(event) => {
            const input = event.currentTarget;
            const settled = getCurrencyTextOnBlur(input.value, options);
            if (settled !== input.value) input.value = settled;
            onValueChange?.(parseCurrencyInput(settled));
            onBlur?.(event);
          }}
        />
      </div>
      <FieldMessages {...ids} helperText={helperText} error={error} />
    </div>
  );
}
