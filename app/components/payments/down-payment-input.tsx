import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { formatUsd, parseCurrencyInput } from '~/lib/shared/money';
import {
  DOWN_PAYMENT_DEBOUNCE_MS,
  clampDownPayment,
  describeDownPaymentAdjustment,
  formatDownPaymentText,
  getDownPaymentBounds,
  getDownPaymentHelperText,
  getInitialDownPayment,
  type DownPaymentVariant,
} from '~/lib/shared/payments/down-payment';
import { useHydrated } from '../hydrated';
import {
  DollarPrefix,
  FieldMessages,
  currencyInputClass,
  getDescribedBy,
  useCaretRestore,
} from '~/components/ui/currency-input';
import { normalizeCurrencyText } from '~/components/ui/currency-text';
import { useDebouncer } from './debounce';
import { downPaymentReducer, getDownPaymentKeyAction, getInitialDownPaymentState } from './down-payment-state';

/** Whether a mouse button, finger or pen is down anywhere on the page right now. */
function usePressing() {
  const pressing = useRef(false);
  useEffect(() => {
    const down = () => {
      pressing.current = true;
    };
    const up = () => {
      pressing.current = false;
    };
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', up, true);
    return () => {
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
      window.removeEventListener('pointercancel', up, true);
    };
  }, []);
  return pressing;
}

export type DownPaymentInputProps = {
  /** Suggested amounts in cents, lowest first: the first is the minimum, the last the maximum. */
  optionsCents: readonly number[];
  /** Default $2,500 (seed 001 §9), pulled inside the options' range. */
  defaultValueCents?: number;
  variant?: DownPaymentVariant;
  name?: string;
  label?: string;
  id?: string;
  errors?: readonly string[];
  /**
   * Told the clamped amount in cents 1000 ms after typing pauses (seed 000 §9), at once when a
   * suggestion is picked or the field loses focus, and only when the amount changed.
   */
  onValueChange?: (cents: number) => void;
  debounceMs?: number;
  className?: string;
};

const optionClass =
  'cursor-pointer px-3 py-2 tabular-nums aria-selected:bg-primary aria-selected:text-primary-contrast';

/**
 * The down-payment field. Without JavaScript it is a plain `<input name="downPayment">` with
 * the suggestions as a native datalist, and the action clamps what arrives with
 * parseDownPaymentField. With JavaScript it becomes a combobox (WAI-ARIA pattern, focus stays
 * in the field): the suggestions open on focus and close on a pick or on blur, the amount is
 * formatted as it is typed, capped at the maximum, and settled on blur.
 *
 * The component owns its text after the first render; to move it from outside (a new
 * suggestion from the server), remount it with a new `key`.
 */
export function DownPaymentInput({
  optionsCents,
  defaultValueCents,
  variant = 'finance',
  name = 'downPayment',
  label = 'Down payment',
  id,
  errors,
  onValueChange,
  debounceMs = DOWN_PAYMENT_DEBOUNCE_MS,
  className,
}: DownPaymentInputProps) {
  const bounds = getDownPaymentBounds(optionsCents);
  const hydrated = useHydrated();
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const ids = { helperId: `${inputId}-helper`, errorId: `${inputId}-error` };
  const listboxId = `${inputId}-options`;
  const optionId = (index: number) => `${listboxId}-${index}`;

  const [state, dispatch] = useReducer(downPaymentReducer, undefined, () =>
    getInitialDownPaymentState(getInitialDownPayment(bounds, defaultValueCents)),
  );
  const { inputRef, pendingCaret } = useCaretRestore();
  const listRef = useRef<HTMLUListElement>(null);

  /** Why the amount used is not the one typed: shown beside the helper text, never a silent change. */
  const [note, setNote] = useState<string | null>(null);
  const reported = useRef(clampDownPayment(state.text, bounds));
  function report(cents: number) {
    if (cents === reported.current) return;
    reported.current = cents;
    onValueChange?.(cents);
  }
  const debouncer = useDebouncer(report, debounceMs);

  function select(cents: number) {
    setNote(null);
    dispatch({ type: 'select', cents });
    debouncer.cancel();
    report(clampDownPayment(cents, bounds));
  }

  // Hydrated late (the vehicle page's calculator is an island, decision 047), the field may hold
  // what the shopper typed before its code arrived: that text is theirs, taken as if typed now.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed === undefined || typed === state.text) return;
    const next = normalizeCurrencyText(typed, inputRef.current?.selectionStart ?? typed.length, {
      maxCents: bounds.maxCents,
    });
    pendingCaret.current = next.caret;
    dispatch({ type: 'input', text: next.text });
    debouncer.schedule(clampDownPayment(next.text, bounds));
    // Once, on the first render's DOM.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only what the server's field held at hydration
  }, []);

  useEffect(() => {
    if (state.activeIndex < 0) return;
    listRef.current?.children[state.activeIndex]?.scrollIntoView({ block: 'nearest' });
  }, [state.activeIndex]);

  const pressing = usePressing();
  function afterPress(run: () => void) {
    if (!pressing.current) {
      run();
      return;
    }
    const done = () => {
      window.removeEventListener('pointerup', done, true);
      window.removeEventListener('pointercancel', done, true);
      // The click follows the release in the same task: close after it has landed.
      setTimeout(run, 0);
    };
    window.addEventListener('pointerup', done, true);
    window.addEventListener('pointercancel', done, true);
  }

  const error = errors?.[0];
  const helperText = getDownPaymentHelperText(bounds, variant);

  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="relative mt-1">
        <DollarPrefix />
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={state.text}
          aria-invalid={error ? true : undefined}
          aria-describedby={getDescribedBy(ids, true, Boolean(error))}
          className={currencyInputClass}
          {...(hydrated
            ? {
                role: 'combobox',
                'aria-expanded': state.open,
                'aria-controls': listboxId,
                'aria-autocomplete': 'none' as const,
                'aria-activedescendant': state.open && state.activeIndex >= 0 ? optionId(state.activeIndex) : undefined,
              }
            : { list: `${listboxId}-native` })}
          onFocus={() => dispatch({ type: 'focus', optionsCents })}
          onChange={(event) => {
            const input = event.currentTarget;
            // Cents may be typed ('2,500.75' is dollars and cents, never 250,075); the amount
            // settles on whole dollars on blur, and any change is explained (issue 18).
            const next = normalizeCurrencyText(input.value, input.selectionStart ?? input.value.length, {
              maxCents: bounds.maxCents,
            });
            const typedCents = parseCurrencyInput(input.value);
            setNote(
              typedCents !== null && typedCents > bounds.maxCents
                ? describeDownPaymentAdjustment(input.value, bounds, variant)
                : null,
            );
            pendingCaret.current = next.caret;
            dispatch({ type: 'input', text: next.text });
            debouncer.schedule(clampDownPayment(next.text, bounds));
          }}
          onBlur={() => {
            const adjusted = describeDownPaymentAdjustment(state.text, bounds, variant);
            if (adjusted) setNote(adjusted);
            debouncer.cancel();
            // Empty text clamps to the minimum, the same amount the blur shows.
            report(clampDownPayment(state.text, bounds));
            // The list takes room in the form (it never covers the form's button): closed while a
            // press is still down, the button it pushed down would move from under the pointer
            // and the press would click nothing. So it closes once the press has landed.
            afterPress(() => dispatch({ type: 'blur', bounds }));
          }}
          onKeyDown={(event) => {
            const action = getDownPaymentKeyAction(event, state, optionsCents);
            if (!action) return;
            event.preventDefault();
            if (action.type === 'select') select(action.cents);
            else dispatch(action);
          }}
        />
        {hydrated ? (
          <ul
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-label="Suggested down payments"
            hidden={!state.open}
            // In the flow of the form, not over it: the suggestions push the fields and the
            // "Update payment" button down and never cover or intercept them (issue 31 point 4).
            className="mt-1 max-h-60 overflow-y-auto rounded-tenant border border-black/20 bg-surface py-1 text-ink shadow-lg"
          >
            {optionsCents.map((cents, index) => (
              <li
                key={`${index}-${cents}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === state.activeIndex}
                className={optionClass}
                // Keep focus in the field, so picking does not blur it first and reset the text.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => select(cents)}
              >
                {formatUsd(cents)}
              </li>
            ))}
          </ul>
        ) : (
          <datalist id={`${listboxId}-native`}>
            {optionsCents.map((cents, index) => (
              <option key={`${index}-${cents}`} value={formatDownPaymentText(cents)} />
            ))}
          </datalist>
        )}
      </div>
      <FieldMessages {...ids} helperText={helperText} error={error} />
      <p role="status" className="text-sm" data-testid="down-payment-note">
        {note}
      </p>
    </div>
  );
}
