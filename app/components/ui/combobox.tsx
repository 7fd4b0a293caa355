import { ComboboxInput, ComboboxOption, ComboboxOptions, Combobox as HeadlessCombobox } from '@headlessui/react';
import { useId, useState, type ReactNode } from 'react';
import { useHydrated } from '~/components/hydrated';
import { FieldError, describedBy, hintClass, inputClass, labelClass, type FieldErrors } from './field';

// The kit's combobox: a text field with suggestions. Without JavaScript it is a plain input
// with the suggestions as a native <datalist> (any text can be sent; the server validates
// it). With JavaScript it becomes a Headless UI combobox (WAI-ARIA pattern: the list filters
// as you type, arrows move, Enter picks), still posting the typed text under the same name.

export function Combobox({
  id,
  name,
  label,
  options,
  defaultValue = '',
  hint,
  errors,
  disabled,
  testId,
}: {
  id?: string;
  name: string;
  label: ReactNode;
  options: readonly string[];
  defaultValue?: string;
  hint?: ReactNode;
  errors?: FieldErrors;
  disabled?: boolean;
  testId?: string;
}) {
  const hydrated = useHydrated();
  const generated = useId();
  const inputId = id ?? `${generated}-combobox`;
  const errorId = `${inputId}-error`;
  const hintId = hint ? `${inputId}-hint` : null;
  const invalid = Boolean(typeof errors === 'string' ? errors : errors?.length);
  const [value, setValue] = useState(defaultValue);
  const [query, setQuery] = useState('');
  const shown = query ? options.filter((option) => option.toLowerCase().includes(query.toLowerCase())) : options;
  const described = describedBy(invalid && errorId, hintId);
  if (!hydrated) {
    return (
      <div data-testid={testId}>
        <label htmlFor={inputId} className={labelClass}>
          {label}
        </label>
        <input
          id={inputId}
          name={name}
          type="text"
          list={`${inputId}-list`}
          defaultValue={defaultValue}
          disabled={disabled}
          autoComplete="off"
          aria-invalid={invalid || undefined}
          aria-describedby={described}
          className={inputClass}
        />
        <datalist id={`${inputId}-list`}>
          {options.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
        {hint ? (
          <p id={hintId ?? undefined} className={hintClass}>
            {hint}
          </p>
        ) : null}
        <FieldError id={errorId} errors={errors} />
      </div>
    );
  }
  return (
    <div data-testid={testId}>
      {/* A plain label: the input keeps the id it had without JavaScript, so the label stays its name. */}
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <HeadlessCombobox
        disabled={disabled}
        value={value}
        onChange={(next: string | null) => setValue(next ?? '')}
        onClose={() => setQuery('')}
        name={name}
      >
        <div className="relative">
          <ComboboxInput
            id={inputId}
            autoComplete="off"
            aria-invalid={invalid || undefined}
            aria-describedby={described}
            displayValue={(option: string | null) => option ?? ''}
            onChange={(event) => {
              setQuery(event.target.value);
              setValue(event.target.value);
            }}
            className={inputClass}
          />
          <ComboboxOptions
            anchor="bottom start"
            className="z-50 w-[var(--input-width)] rounded-tenant border border-gray-400 bg-white py-1 text-gray-900 shadow-lg empty:invisible"
          >
            {shown.map((option) => (
              <ComboboxOption
                key={option}
                value={option}
                className="cursor-pointer px-3 py-2 data-[focus]:bg-primary data-[focus]:text-primary-contrast"
              >
                {option}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </HeadlessCombobox>
      {hint ? (
        <p id={hintId ?? undefined} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
