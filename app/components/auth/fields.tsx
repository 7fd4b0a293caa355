import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useHydrated } from '~/components/hydrated';
import { PASSWORD_RULES, formatPhoneInput } from '~/lib/shared/validation/fields';
import { FIELD_LIMITS, PLACEHOLDERS } from '~/lib/shared/validation/messages';
import { FieldError } from './field-error';
import { describedBy, trimOnBlur } from '~/components/form-events';

// Form fields of the account screens. Each wires its label, aria-invalid and
// aria-describedby to its error, and keeps the error's space so the page does not jump.

const inputClass =
  'mt-1 block w-full rounded-tenant border border-gray-500 bg-white px-3 py-2 text-gray-900 aria-[invalid=true]:border-red-700 read-only:bg-gray-100';
const labelClass = 'block text-sm font-medium';

type FieldProps = {
  meta: FieldMetadata<string | undefined>;
  label: string;
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
  hint?: ReactNode;
};

export function TextField({
  meta,
  label,
  placeholder,
  maxLength,
  autoComplete,
  hint,
  type = 'text',
  readOnly = false,
  errors = meta.errors,
}: FieldProps & { type?: 'text' | 'email'; readOnly?: boolean; errors?: string[] }) {
  const { key, ...props } = getInputProps(meta, { type });
  const hintId = hint ? `${meta.id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <input
        key={key}
        {...props}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(errors?.length ? meta.errorId : undefined, hintId)}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete={autoComplete}
        readOnly={readOnly}
        onBlur={readOnly ? undefined : trimOnBlur}
        className={inputClass}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm">
          {hint}
        </p>
      ) : null}
      <FieldError id={meta.errorId} errors={errors} />
    </div>
  );
}

export function EmailField(
  props: Omit<FieldProps, 'maxLength' | 'label'> & { readOnly?: boolean; label?: string; errors?: string[] },
) {
  return (
    <TextField
      {...props}
      label={props.label ?? 'Email'}
      type="email"
      maxLength={FIELD_LIMITS.emailMax}
      autoComplete={props.autoComplete ?? 'email'}
    />
  );
}

/** A name field: the seed's placeholder and its maximum length. */
export function NameField({
  meta,
  label,
  max,
  autoComplete,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  max: number;
  autoComplete: string;
}) {
  return (
    <TextField meta={meta} label={label} placeholder={PLACEHOLDERS.name} maxLength={max} autoComplete={autoComplete} />
  );
}

/** Phone with the mask (999) 999 - 9999 while typing; without JavaScript any format is accepted and kept as digits. */
export function PhoneField({
  meta,
  label = 'Phone number',
}: {
  meta: FieldMetadata<string | undefined>;
  label?: string;
}) {
  const { key, ...props } = getInputProps(meta, { type: 'tel' });
  function mask(event: FormEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const formatted = formatPhoneInput(input.value);
    if (formatted !== input.value) input.value = formatted;
  }
  return (
    <div>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <input
        key={key}
        {...props}
        defaultValue={props.defaultValue ? formatPhoneInput(props.defaultValue) : props.defaultValue}
        aria-describedby={meta.errors?.length ? meta.errorId : undefined}
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={PLACEHOLDERS.phone}
        maxLength={16}
        onInput={mask}
        onBlur={trimOnBlur}
        className={inputClass}
      />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** Six digits, with the one-time-code autocomplete so phones offer the code they just received. */
export function CodeField({ meta, label }: { meta: FieldMetadata<string | undefined>; label: string }) {
  const { key, ...props } = getInputProps(meta, { type: 'text' });
  return (
    <div>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <input
        key={key}
        {...props}
        aria-describedby={meta.errors?.length ? meta.errorId : undefined}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={FIELD_LIMITS.codeDigits}
        placeholder={PLACEHOLDERS.code}
        onBlur={trimOnBlur}
        className={`${inputClass} tracking-widest`}
      />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function CheckboxField({ meta, children }: { meta: FieldMetadata<boolean | undefined>; children: ReactNode }) {
  const { key, ...props } = getInputProps(meta, { type: 'checkbox' });
  return (
    <div className="flex items-start gap-2">
      <input key={key} {...props} className="mt-1 size-4 shrink-0" />
      <label htmlFor={meta.id} className="text-sm">
        {children}
      </label>
    </div>
  );
}

function RuleMark({ met }: { met: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block w-4 text-center font-bold ${met ? 'text-green-800' : 'text-gray-700'}`}
    >
      {met ? '✓' : '•'}
    </span>
  );
}

/**
 * A password. With `rules`, the live checklist of seed 000 §5 appears once the field has
 * had focus, ticking each rule as it is met, with a success line when all are. Without
 * JavaScript the rules are listed as a plain hint.
 */
export function PasswordField({
  meta,
  label = 'Password',
  autoComplete,
  rules = false,
}: {
  meta: FieldMetadata<string | undefined>;
  label?: string;
  autoComplete: 'new-password' | 'current-password';
  rules?: boolean;
}) {
  const hydrated = useHydrated();
  const [focused, setFocused] = useState(false);
  const [value, setValue] = useState('');
  const { key, ...props } = getInputProps(meta, { type: 'password' });
  const rulesId = `${meta.id}-rules`;
  const allMet = PASSWORD_RULES.every((rule) => rule.test(value));
  const showRules = rules && (!hydrated || focused);
  return (
    <div>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <input
        key={key}
        {...props}
        aria-describedby={describedBy(meta.errors?.length ? meta.errorId : undefined, showRules && rulesId)}
        autoComplete={autoComplete}
        placeholder={rules ? PLACEHOLDERS.password : undefined}
        maxLength={256}
        onFocus={() => setFocused(true)}
        onInput={(event) => setValue(event.currentTarget.value)}
        className={inputClass}
      />
      {showRules ? (
        <div id={rulesId} className="mt-2 text-sm" data-testid="password-rules">
          <p>Your password needs:</p>
          <ul className="mt-1 space-y-0.5">
            {PASSWORD_RULES.map((rule) => {
              const met = hydrated && rule.test(value);
              return (
                <li key={rule.id} data-rule={rule.id} data-met={hydrated ? String(met) : undefined}>
                  {hydrated ? <RuleMark met={met} /> : null} {rule.label}
                  {hydrated ? <span className="sr-only">{met ? ' (done)' : ' (not yet)'}</span> : null}
                </li>
              );
            })}
          </ul>
          {hydrated && allMet ? (
            <p className="mt-1 font-semibold text-green-800" role="status">
              Your password meets all the requirements.
            </p>
          ) : null}
        </div>
      ) : null}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * The confirmation, with the match hint of seed 000 §4.5: it appears after focus or typing
 * and turns into a success line once both passwords match and nothing else is wrong.
 */
export function PasswordConfirmField({
  meta,
  password,
  label = 'Confirm password',
}: {
  meta: FieldMetadata<string | undefined>;
  password: string | undefined;
  label?: string;
}) {
  const hydrated = useHydrated();
  const [touched, setTouched] = useState(false);
  const [value, setValue] = useState('');
  const { key, ...props } = getInputProps(meta, { type: 'password' });
  const hintId = `${meta.id}-hint`;
  const matches = value.length > 0 && value === password && !meta.errors?.length;
  const showHint = hydrated && touched;
  return (
    <div>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <input
        key={key}
        {...props}
        aria-describedby={describedBy(meta.errors?.length ? meta.errorId : undefined, showHint && hintId)}
        autoComplete="new-password"
        placeholder={PLACEHOLDERS.passwordConfirm}
        maxLength={256}
        onFocus={() => setTouched(true)}
        onInput={(event) => {
          setTouched(true);
          setValue(event.currentTarget.value);
        }}
        className={inputClass}
      />
      {showHint ? (
        <p
          id={hintId}
          className={`mt-1 text-sm ${matches ? 'font-semibold text-green-800' : ''}`}
          data-testid="password-match"
        >
          {matches ? 'Passwords match.' : 'Enter the same password again.'}
        </p>
      ) : null}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
