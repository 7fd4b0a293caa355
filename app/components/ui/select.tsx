import type { ReactNode } from 'react';
import { FieldError, describedBy, inputClass, labelClass, type FieldErrors } from './field';
import type { ChoiceOption } from './choice';
import { controlProps, type FieldLike } from './server-form';

// The kit's select: a native <select> (it works without JavaScript and on every phone), with
// an empty first option, its label and its error (space kept).

export function Select({
  meta,
  id,
  name,
  label,
  options,
  placeholder = 'Select',
  defaultValue,
  errors,
  autoComplete,
  disabled,
  onValueChange,
  testId,
}: {
  meta?: FieldLike;
  /** Without conform. */
  id?: string;
  name?: string;
  label: ReactNode;
  options: readonly ChoiceOption[];
  /** The empty first option's text; null for a select that always has a value. */
  placeholder?: string | null;
  defaultValue?: string;
  errors?: FieldErrors;
  autoComplete?: string;
  disabled?: boolean;
  onValueChange?: (value: string) => void;
  testId?: string;
}) {
  const conform = meta ? controlProps(meta) : null;
  const selectId = conform?.id ?? id ?? name ?? 'select';
  const errorId = meta?.errorId ?? `${selectId}-error`;
  const shown = errors !== undefined ? errors : meta?.errors;
  const invalid = Boolean(typeof shown === 'string' ? shown : shown?.length);
  const initial = defaultValue ?? (meta?.initialValue === undefined ? '' : String(meta.initialValue));
  return (
    <div data-testid={testId}>
      <label htmlFor={selectId} className={labelClass}>
        {label}
      </label>
      <select
        key={conform?.key}
        id={selectId}
        name={conform?.name ?? name ?? selectId}
        form={conform?.form}
        required={conform?.required}
        defaultValue={initial}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(invalid && errorId)}
        autoComplete={autoComplete}
        onChange={onValueChange ? (event) => onValueChange(event.currentTarget.value) : undefined}
        className={inputClass}
      >
        {placeholder === null ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} errors={shown} />
    </div>
  );
}
