import type { ReactNode } from 'react';
import { FieldError, describedBy, labelClass, type FieldErrors } from './field';
import { controlProps, type FieldLike } from './server-form';

// The kit's checkbox and radio group: native inputs, so they work the same without
// JavaScript; each wires aria-invalid and aria-describedby to its error, whose space is kept.

function firstOf(errors: FieldErrors): boolean {
  return Boolean(typeof errors === 'string' ? errors : errors?.length);
}

export function Checkbox({
  meta,
  id,
  name,
  value,
  defaultChecked,
  errors,
  disabled,
  children,
  onToggle,
  showError = true,
  testId,
}: {
  meta?: FieldLike;
  /** Without conform. */
  id?: string;
  name?: string;
  value?: string;
  defaultChecked?: boolean;
  errors?: FieldErrors;
  disabled?: boolean;
  children: ReactNode;
  onToggle?: (checked: boolean) => void;
  /** Keep the error line under the box (default); off where the form shows the error elsewhere. */
  showError?: boolean;
  testId?: string;
}) {
  const conform = meta ? { ...controlProps(meta), value: 'on', defaultChecked: meta.initialValue === 'on' } : null;
  const inputId = meta?.id ?? id ?? name ?? 'checkbox';
  const errorId = meta?.errorId ?? `${inputId}-error`;
  const shown = errors !== undefined ? errors : meta?.errors;
  const invalid = firstOf(shown);
  return (
    <div data-testid={testId}>
      <div className="flex items-start gap-2">
        {conform ? (
          <input
            key={conform.key}
            id={conform.id}
            name={conform.name}
            form={conform.form}
            type="checkbox"
            value={value ?? conform.value}
            defaultChecked={defaultChecked ?? conform.defaultChecked}
            required={conform.required}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy(invalid && errorId)}
            onChange={onToggle ? (event) => onToggle(event.currentTarget.checked) : undefined}
            className="mt-1 size-4 shrink-0"
          />
        ) : (
          <input
            id={inputId}
            name={name ?? inputId}
            type="checkbox"
            value={value}
            defaultChecked={defaultChecked}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy(invalid && errorId)}
            onChange={onToggle ? (event) => onToggle(event.currentTarget.checked) : undefined}
            className="mt-1 size-4 shrink-0"
          />
        )}
        <label htmlFor={inputId} className="text-sm">
          {children}
        </label>
      </div>
      {showError ? <FieldError id={errorId} errors={shown} /> : null}
    </div>
  );
}

export type ChoiceOption = { value: string; label: ReactNode };

/** Radio buttons in a fieldset whose legend is the question. */
export function RadioGroup({
  meta,
  name,
  legend,
  options,
  defaultValue,
  errors,
  disabled,
  testId,
}: {
  meta?: FieldLike;
  /** Without conform. */
  name?: string;
  legend: ReactNode;
  options: readonly ChoiceOption[];
  defaultValue?: string;
  errors?: FieldErrors;
  disabled?: boolean;
  testId?: string;
}) {
  const groupName = meta?.name ?? name ?? 'choice';
  const errorId = meta?.errorId ?? `${groupName}-error`;
  const shown = errors !== undefined ? errors : meta?.errors;
  const invalid = firstOf(shown);
  const initial = defaultValue ?? (typeof meta?.initialValue === 'string' ? meta.initialValue : undefined);
  return (
    <fieldset
      aria-describedby={describedBy(invalid && errorId)}
      aria-invalid={invalid || undefined}
      disabled={disabled}
      data-testid={testId}
    >
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-4">
        {options.map((option) => (
          <label key={option.value} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={groupName}
              value={option.value}
              defaultChecked={initial === option.value}
              form={meta?.formId}
              className="size-5"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} errors={shown} />
    </fieldset>
  );
}
