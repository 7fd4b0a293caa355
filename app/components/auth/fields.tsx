import { useEffect, useState } from 'react';
import { useHydrated } from '~/components/hydrated';
import { Field } from '~/components/ui/field';
import { PASSWORD_RULES } from '~/lib/shared/validation/password-rules';
import { FIELD_LIMITS, FIELD_MESSAGES, PLACEHOLDERS } from '~/lib/shared/validation/messages';
import type { FieldLike } from '~/components/ui/server-form';

// The account screens' code and password fields: the kit's one field (app/components/ui/field.tsx)
// with the seed's labels, placeholders and limits (seed 000 §5), and the password's live
// checklist and match hint. The contact fields (e-mail, name, phone) are in ./contact-fields,
// which the lead forms use without the password's code.

type Meta = FieldLike;

/** Six digits, with the one-time-code autocomplete so phones offer the code they just received. */
export function CodeField({ meta, label }: { meta: Meta; label: string }) {
  return (
    <Field
      meta={meta}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={FIELD_LIMITS.codeDigits}
      placeholder={PLACEHOLDERS.code}
      inputClassName="tracking-widest"
    />
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
  meta: Meta;
  label?: string;
  autoComplete: 'new-password' | 'current-password';
  rules?: boolean;
}) {
  const hydrated = useHydrated();
  const [focused, setFocused] = useState(false);
  const [value, setValue] = useState('');
  const rulesId = `${meta.id}-rules`;
  const allMet = PASSWORD_RULES.every((rule) => rule.test(value));
  const showRules = rules && (!hydrated || focused);
  return (
    <Field
      meta={meta}
      type="password"
      label={label}
      autoComplete={autoComplete}
      placeholder={rules ? PLACEHOLDERS.password : undefined}
      maxLength={256}
      describedById={showRules && rulesId}
      onFocus={() => setFocused(true)}
      onValueInput={setValue}
    >
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
    </Field>
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
  meta: Meta;
  password: string | undefined;
  label?: string;
}) {
  const hydrated = useHydrated();
  const [touched, setTouched] = useState(false);
  const [value, setValue] = useState('');
  const hintId = `${meta.id}-match`;
  const [left, setLeft] = useState(false);
  const matches = value.length > 0 && value === password && !meta.errors?.length;
  const showHint = hydrated && touched;
  // The server checks the match (the form's schema); the browser is told too, so the submit gate
  // (seed 000 §4.5, which reads the browser's constraints) holds the button while they differ,
  // and the schema's message shows once the field is left (decision 088: no zod here).
  const mismatch = value.length > 0 && password !== undefined && value !== password;
  const { id } = meta;
  useEffect(() => {
    const input = document.getElementById(id);
    if (input instanceof HTMLInputElement)
      input.setCustomValidity(mismatch ? FIELD_MESSAGES.passwordConfirm.mismatch : '');
  }, [id, mismatch]);
  return (
    <Field
      meta={meta}
      errors={left && mismatch ? [FIELD_MESSAGES.passwordConfirm.mismatch] : undefined}
      type="password"
      label={label}
      autoComplete="new-password"
      placeholder={PLACEHOLDERS.passwordConfirm}
      maxLength={256}
      describedById={showHint && hintId}
      onFocus={() => setTouched(true)}
      onBlur={() => setLeft(true)}
      onValueInput={(next) => {
        setTouched(true);
        setValue(next);
      }}
    >
      {showHint ? (
        <p
          id={hintId}
          className={`mt-1 text-sm ${matches ? 'font-semibold text-green-800' : ''}`}
          data-testid="password-match"
        >
          {matches ? 'Passwords match.' : 'Enter the same password again.'}
        </p>
      ) : null}
    </Field>
  );
}
