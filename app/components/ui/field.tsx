import {
  useCallback,
  useEffect,
  useState,
  type FormEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { APPLICANT_PLACEHOLDERS, charactersRemaining } from '~/lib/shared/validation/field-limits';
import { formatPhoneInput, maskSsnInput, maskUsDate, maskZipInput } from '~/lib/shared/validation/masks';
import { FieldError, firstError, type FieldErrors } from './field-error';
import { controlProps, type FieldLike } from './server-form';

export { FieldError, type FieldErrors } from './field-error';

// The kit's one text field: a label, the input, a hint, a character counter and the error
// under it, whose space is kept so the page does not jump when one appears. The input wires
// aria-invalid and aria-describedby to the error (and to the hint and counter). It takes a
// conform field (`meta={fields.email}`) or, for forms without conform, an id, a name and the
// errors. Masks shape what is typed when JavaScript runs; without it the field is a plain
// input and the server parses whatever was typed.

export const inputClass =
  'mt-1 block w-full rounded-tenant border border-gray-500 bg-white px-3 py-2 text-gray-900 aria-[invalid=true]:border-red-700 read-only:bg-gray-100 disabled:cursor-not-allowed disabled:bg-gray-100';
export const labelClass = 'block text-sm font-medium';
export const hintClass = 'mt-1 text-sm';

/** An `aria-describedby` value from the ids that apply, or nothing. */
export function describedBy(...ids: Array<string | false | undefined | null>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

/** Text inputs are trimmed on blur (seed 000 §5, seed 002 §5); the input event lets conform see the new value. */
export function trimOnBlur(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) {
  const input = event.currentTarget;
  const trimmed = input.value.trim();
  if (trimmed !== input.value) {
    input.value = trimmed;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

export type Mask = 'phone' | 'ssn' | 'date' | 'zip' | 'money' | 'code';

const MASKS: Record<Mask, (value: string) => string> = {
  phone: formatPhoneInput,
  ssn: maskSsnInput,
  date: maskUsDate,
  zip: maskZipInput,
  money: (value) => value.replace(/[^\d$,.]/g, ''),
  code: (value) => value.replace(/\D/g, ''),
};

const MASK_INPUT: Record<
  Mask,
  { inputMode: 'numeric' | 'tel' | 'decimal'; maxLength: number; placeholder?: string; pattern?: string }
> = {
  phone: { inputMode: 'tel', maxLength: 16, placeholder: APPLICANT_PLACEHOLDERS.phone },
  ssn: { inputMode: 'numeric', maxLength: 11, placeholder: APPLICANT_PLACEHOLDERS.ssn },
  date: { inputMode: 'numeric', maxLength: 10, placeholder: APPLICANT_PLACEHOLDERS.date },
  zip: { inputMode: 'numeric', maxLength: 5, placeholder: APPLICANT_PLACEHOLDERS.zip },
  money: { inputMode: 'decimal', maxLength: 12 },
  code: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' },
};

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'type' | 'defaultValue' | 'value' | 'children' | 'className' | 'form' | 'onInput'
>;

export type FieldProps = NativeProps & {
  /** The form's field (./server-form.tsx, or conform's); gives the id, name, form, constraints, errors and the value to show. */
  meta?: FieldLike;
  /** Without conform: the input's id and name (the name defaults to the id). */
  id?: string;
  name?: string;
  defaultValue?: string;
  label: ReactNode;
  /** Shown under the input and read with it. */
  hint?: ReactNode;
  /** Overrides the conform field's errors (or gives them, without conform). */
  errors?: FieldErrors;
  type?: 'text' | 'email' | 'tel' | 'password' | 'date' | 'number' | 'search';
  mask?: Mask;
  /** Shows 'N characters remaining' under the input (needs maxLength). */
  counter?: boolean;
  /** SSN and date of birth: never filled from a reply or saved answers, never remembered by the browser. */
  secret?: boolean;
  /** Trims on blur (default for text-like fields, never for passwords). */
  trim?: boolean;
  /** More ids the input is described by (a checklist the caller renders in `children`). */
  describedById?: string | false;
  /** A multi-line field (a textarea with this many rows). */
  rows?: number;
  /** Extra classes for the input (e.g. letter spacing). */
  inputClassName?: string;
  /** Told what the field holds after each keystroke (after the mask). */
  onValueInput?: (value: string) => void;
  /** Rendered between the input and the error (a live checklist). */
  children?: ReactNode;
  testId?: string;
};

/** Takes the conform field's input props, or the plain ones, so both kinds of form share one field. */
function baseInputProps(
  meta: FieldProps['meta'],
  type: NonNullable<FieldProps['type']>,
  plain: { id?: string; name?: string; defaultValue?: string },
  multiline: boolean,
) {
  if (meta) {
    const { key, ...control } = controlProps(meta);
    const defaultValue = typeof meta.initialValue === 'string' ? meta.initialValue : undefined;
    const lengths = { minLength: meta.minLength, maxLength: meta.maxLength };
    const props = multiline
      ? { ...control, ...lengths, defaultValue }
      : {
          ...control,
          ...lengths,
          type,
          min: meta.min,
          max: meta.max,
          step: meta.step,
          pattern: meta.pattern,
          defaultValue,
        };
    const errors: FieldErrors = meta.errors;
    return { key, props, errorId: meta.errorId, errors };
  }
  const id = plain.id ?? plain.name ?? 'field';
  const errors: FieldErrors = undefined;
  return {
    key: undefined,
    props: { id, name: plain.name ?? id, type: multiline ? undefined : type, defaultValue: plain.defaultValue },
    errorId: `${id}-error`,
    errors,
  };
}

export function Field({
  meta,
  id,
  name,
  defaultValue,
  label,
  hint,
  errors,
  type = 'text',
  mask,
  counter = false,
  secret = false,
  trim,
  describedById,
  rows,
  inputClassName,
  children,
  testId,
  maxLength,
  placeholder,
  inputMode,
  autoComplete,
  pattern,
  onValueInput,
  onBlur,
  ...native
}: FieldProps) {
  const base = baseInputProps(meta, type, { id, name, defaultValue }, rows !== undefined);
  const inputId = String(base.props.id);
  const shownErrors = errors !== undefined ? errors : base.errors;
  const error = firstError(shownErrors);
  const masked = mask ? MASK_INPUT[mask] : null;
  const initial = typeof base.props.defaultValue === 'string' ? base.props.defaultValue : undefined;
  const shownInitial = secret ? undefined : mask && initial ? MASKS[mask](initial) : initial;
  const [length, setLength] = useState(shownInitial?.length ?? 0);
  // A form reset (a sent lead clears its fields) puts a new, empty input in the old one's place
  // without an input event: after each render the counter follows the field's value (issue 35
  // point 7: it kept counting what was sent).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render on purpose: a reset changes none of its inputs; it sets state only when the count differs
  useEffect(() => {
    if (!counter) return;
    const input = document.getElementById(inputId);
    if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) {
      if (input.value.length !== length) setLength(input.value.length);
    }
  });
  const limit = maxLength ?? masked?.maxLength;
  const hintId = hint ? `${inputId}-hint` : null;
  const counterId = counter && limit ? `${inputId}-counter` : null;
  const trims = trim ?? type !== 'password';
  function handleInput(event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const input = event.currentTarget;
    if (mask) {
      const next = MASKS[mask](input.value);
      if (next !== input.value) input.value = next;
    }
    if (counterId) setLength(input.value.length);
    onValueInput?.(input.value);
  }
  const listensToInput = Boolean(mask || counterId || onValueInput);
  // A form that hydrates late (an island, decisions 047 and 049) may already hold what the shopper
  // typed into the server's HTML: once the field is live, the counter counts that and the mask
  // shapes it, as if it had been typed now.
  const adoptTyped = useCallback(
    (input: HTMLInputElement | HTMLTextAreaElement | null) => {
      if (!input || !listensToInput || input.readOnly) return;
      if (mask) {
        const next = MASKS[mask](input.value);
        if (next !== input.value) input.value = next;
      }
      if (counterId) setLength(input.value.length);
    },
    [listensToInput, mask, counterId],
  );
  const ariaInvalid = error ? true : undefined;
  const ariaDescribedBy = describedBy(error ? base.errorId : null, hintId, counterId, describedById);
  const className = inputClassName ? `${inputClass} ${inputClassName}` : inputClass;
  return (
    <div data-testid={testId}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      {rows !== undefined ? (
        <textarea
          key={base.key}
          {...base.props}
          ref={adoptTyped}
          rows={rows}
          defaultValue={shownInitial}
          required={native.required ?? ('required' in base.props ? base.props.required : undefined)}
          disabled={native.disabled}
          readOnly={native.readOnly}
          aria-invalid={ariaInvalid}
          aria-describedby={ariaDescribedBy}
          maxLength={limit}
          placeholder={placeholder}
          onInput={listensToInput ? handleInput : undefined}
          className={className}
        />
      ) : (
        <input
          key={base.key}
          {...base.props}
          {...native}
          ref={adoptTyped}
          defaultValue={shownInitial}
          aria-invalid={ariaInvalid}
          aria-describedby={ariaDescribedBy}
          maxLength={limit}
          inputMode={inputMode ?? masked?.inputMode}
          placeholder={placeholder ?? masked?.placeholder}
          pattern={pattern ?? masked?.pattern}
          autoComplete={secret ? 'off' : autoComplete}
          onInput={listensToInput ? handleInput : undefined}
          onBlur={(event) => {
            if (trims && !native.readOnly) trimOnBlur(event);
            onBlur?.(event);
          }}
          className={className}
        />
      )}
      {hintId ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {counterId && limit ? (
        <p id={counterId} className="mt-1 text-sm text-gray-700" aria-live="polite" data-testid="characters-remaining">
          {charactersRemaining('x'.repeat(length), limit)}
        </p>
      ) : null}
      {children}
      <FieldError id={base.errorId} errors={shownErrors} />
    </div>
  );
}
