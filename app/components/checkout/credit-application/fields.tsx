import { getInputProps, getSelectProps, useField, type FieldMetadata } from '@conform-to/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FieldError } from '~/components/auth/field-error';
import { inputClass, labelClass } from '~/components/tracker/step-ui';
import { formatPhoneInput } from '~/lib/shared/validation/fields';
import { maskZipInput } from '~/lib/shared/validation/address';
import { APPLICANT_PLACEHOLDERS, charactersRemaining } from '~/lib/shared/validation/applicant-messages';
import { maskUsDate } from '~/lib/shared/validation/dates';
import { maskSsnInput } from '~/lib/shared/validation/ssn';
import { describedBy, trimOnBlur } from '~/components/form-events';

// The credit application's fields, addressed by name ('coBuyer.address.zip') inside the step's
// FormProvider. Each wires its label, aria-invalid and aria-describedby to its error and keeps
// the error's space. Errors show once a field has been left (conform validates on blur) or the
// form was sent. Masks shape what is typed when JavaScript runs; the server parses any typing.

type Mask = 'phone' | 'ssn' | 'date' | 'zip' | 'money';

const MASKS: Record<Mask, (value: string) => string> = {
  phone: formatPhoneInput,
  ssn: maskSsnInput,
  date: maskUsDate,
  zip: maskZipInput,
  money: (value) => value.replace(/[^\d$,.]/g, ''),
};

const MASK_INPUT: Record<Mask, { inputMode: 'numeric' | 'tel' | 'decimal'; maxLength: number; placeholder?: string }> =
  {
    phone: { inputMode: 'tel', maxLength: 16, placeholder: APPLICANT_PLACEHOLDERS.phone },
    ssn: { inputMode: 'numeric', maxLength: 11, placeholder: APPLICANT_PLACEHOLDERS.ssn },
    date: { inputMode: 'numeric', maxLength: 10, placeholder: APPLICANT_PLACEHOLDERS.date },
    zip: { inputMode: 'numeric', maxLength: 5, placeholder: APPLICANT_PLACEHOLDERS.zip },
    money: { inputMode: 'decimal', maxLength: 12 },
  };

type TextFieldProps = {
  name: string;
  label: string;
  mask?: Mask;
  /** Shows 'N characters remaining' and refuses input beyond it (seed 002 §5). */
  maxLength?: number;
  counter?: boolean;
  autoComplete?: string;
  placeholder?: string;
  hint?: ReactNode;
  type?: 'text' | 'email';
  /** SSN and date of birth: never filled from a reply or saved answers, never remembered by the browser. */
  secret?: boolean;
  /** Overrides the schema's `required` (a date of birth on file may be left blank). */
  required?: boolean;
};

export function TextField({
  name,
  label,
  mask,
  maxLength,
  counter = false,
  autoComplete,
  placeholder,
  hint,
  type = 'text',
  secret = false,
  required,
}: TextFieldProps) {
  const [meta] = useField<string>(name);
  const { key, ...props } = getInputProps(meta as FieldMetadata<string>, { type });
  const initial = secret ? undefined : typeof props.defaultValue === 'string' ? props.defaultValue : undefined;
  const [length, setLength] = useState(initial?.length ?? 0);
  const masked = mask ? MASK_INPUT[mask] : null;
  const limit = maxLength ?? masked?.maxLength;
  const hintId = hint ? `${meta.id}-hint` : null;
  const counterId = counter && maxLength ? `${meta.id}-counter` : null;
  function onInput(event: FormEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    if (mask) {
      const next = MASKS[mask](input.value);
      if (next !== input.value) input.value = next;
    }
    setLength(input.value.length);
  }
  const errors = meta.errors;
  return (
    <div>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <input
        key={key}
        {...props}
        required={required ?? props.required}
        defaultValue={secret ? undefined : mask === 'phone' && initial ? formatPhoneInput(initial) : initial}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(errors?.length ? meta.errorId : null, hintId, counterId)}
        maxLength={limit}
        inputMode={masked?.inputMode}
        placeholder={placeholder ?? masked?.placeholder}
        autoComplete={secret ? 'off' : autoComplete}
        onInput={onInput}
        onBlur={trimOnBlur}
        className={inputClass}
      />
      {hintId ? (
        <p id={hintId} className="mt-1 text-sm">
          {hint}
        </p>
      ) : null}
      {counterId && maxLength ? (
        <p id={counterId} className="mt-1 text-xs text-gray-700">
          {charactersRemaining('x'.repeat(length), maxLength)}
        </p>
      ) : null}
      <FieldError id={meta.errorId} errors={errors} />
    </div>
  );
}

export type Option = readonly [value: string, label: string];

export function SelectField({
  name,
  label,
  options,
  autoComplete,
}: {
  name: string;
  label: string;
  options: readonly Option[];
  autoComplete?: string;
}) {
  const [meta] = useField<string>(name);
  const { key, ...props } = getSelectProps(meta as FieldMetadata<string>);
  return (
    <div>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <select
        key={key}
        {...props}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={meta.errors?.length ? meta.errorId : undefined}
        autoComplete={autoComplete}
        className={inputClass}
      >
        <option value="">Select</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** Radio buttons in a fieldset whose legend is the question. */
export function RadioField({ name, legend, options }: { name: string; legend: string; options: readonly Option[] }) {
  const [meta] = useField<string>(name);
  const current = typeof meta.initialValue === 'string' ? meta.initialValue : undefined;
  return (
    <fieldset
      aria-describedby={meta.errors?.length ? meta.errorId : undefined}
      aria-invalid={meta.errors?.length ? true : undefined}
    >
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-4">
        {options.map(([value, text]) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={meta.name}
              value={value}
              defaultChecked={current === value}
              form={meta.formId}
              className="size-4"
            />
            {text}
          </label>
        ))}
      </div>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

export function CheckboxField({
  name,
  children,
  onToggle,
}: {
  name: string;
  children: ReactNode;
  onToggle?: (checked: boolean) => void;
}) {
  const [meta] = useField<boolean>(name);
  const { key, ...props } = getInputProps(meta as FieldMetadata<boolean>, { type: 'checkbox' });
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          key={key}
          {...props}
          aria-invalid={meta.errors?.length ? true : undefined}
          aria-describedby={meta.errors?.length ? meta.errorId : undefined}
          onChange={(event) => onToggle?.(event.currentTarget.checked)}
          className="mt-1 size-4 shrink-0"
        />
        <label htmlFor={meta.id} className="text-sm">
          {children}
        </label>
      </div>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A group of fields with a heading-like legend. */
export function Section({ legend, children, testId }: { legend: string; children: ReactNode; testId?: string }) {
  return (
    <fieldset className="flex flex-col gap-1 rounded-tenant border border-gray-300 p-4" data-testid={testId}>
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}
