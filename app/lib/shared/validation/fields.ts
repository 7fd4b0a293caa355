import { z } from 'zod';
import { phoneDigits, requiredText } from './base';
import { FIELD_LIMITS, FIELD_MESSAGES } from './messages';
export { formatPhoneInput } from './masks';

export { phoneDigits, requiredText };

// The account fields of seed 002 §5, once, for every form and for the identity API. Each
// field reports one message at a time: the first rule the value breaks.

type Rule = readonly [test: (value: string) => boolean, message: string];

/** The first broken rule becomes the field's one issue. */
function firstBroken(rules: readonly Rule[]) {
  return (value: string, ctx: z.RefinementCtx) => {
    for (const [test, message] of rules) {
      if (!test(value)) {
        ctx.addIssue({ code: 'custom', message });
        return;
      }
    }
  };
}

// ── Names ────────────────────────────────────────────────────────────────────────────────
// Letters, with single apostrophes, hyphens or spaces between letters (seed 001 §5).

const NAME_CHARACTERS = /^[\p{L}' -]+$/u;
const NAME_EDGE = /^['-]|['-]$/;
const NAME_SHAPE = /^\p{L}+(?:['\- ]\p{L}+)*$/u;

function nameSchema(kind: 'firstName' | 'middleName' | 'lastName') {
  const messages = FIELD_MESSAGES[kind];
  const { min, max } = FIELD_LIMITS[kind];
  return requiredText(messages.required)
    .max(max, { error: messages.length, abort: true })
    .superRefine(
      firstBroken([
        [(value) => value.length >= min, messages.length],
        [(value) => NAME_CHARACTERS.test(value), messages.characters],
        [(value) => !NAME_EDGE.test(value), messages.edge],
        [(value) => NAME_SHAPE.test(value), messages.separators],
      ]),
    );
}

export const firstNameSchema = nameSchema('firstName');
export const middleNameSchema = nameSchema('middleName');
export const lastNameSchema = nameSchema('lastName');

// ── E-mail ───────────────────────────────────────────────────────────────────────────────
// {local}@{domain}: the local part starts and ends with a letter or digit (seed 001 §5).

const EMAIL_PATTERN =
  /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export function isEmailShaped(value: string): boolean {
  return EMAIL_PATTERN.test(value) && !value.includes('..');
}

/** Trimmed; at most 60 characters, no '+', a valid address. The value keeps the case typed. */
export const emailSchema = requiredText(FIELD_MESSAGES.email.required)
  .max(FIELD_LIMITS.emailMax, { error: FIELD_MESSAGES.email.tooLong, abort: true })
  .superRefine(
    firstBroken([
      [(value) => !value.includes('+'), FIELD_MESSAGES.email.plus],
      [isEmailShaped, FIELD_MESSAGES.email.invalid],
    ]),
  );

/** Sign-in only needs something to look up: required and trimmed (seed 000 §5). */
export const signInEmailSchema = requiredText(FIELD_MESSAGES.email.required).max(254, {
  error: FIELD_MESSAGES.email.invalid,
});

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// ── Phone display ────────────────────────────────────────────────────────────────────────

// ── Password ─────────────────────────────────────────────────────────────────────────────

export { PASSWORD_RULES } from './password-rules';

// Words that stay easy to guess whatever digits and symbols are added around them.
const GUESSABLE_WORDS = new Set([
  'password',
  'passw',
  'passwd',
  'pass',
  'welcome',
  'qwerty',
  'qwertyuiop',
  'asdf',
  'asdfgh',
  'zxcvbn',
  'letmein',
  'admin',
  'administrator',
  'iloveyou',
  'monkey',
  'dragon',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'changeme',
  'secret',
  'abc',
  'abcd',
  'abcdef',
  'login',
  'master',
  'trustno',
  'test',
]);

/** Passes the composition rules but is one of the first things an attacker tries (seed 002 §8 'Too easy to guess.'). */
export function isGuessablePassword(password: string): boolean {
  const letters = password.toLowerCase().replace(/[^a-z]/g, '');
  if (GUESSABLE_WORDS.has(letters)) return true;
  // Leetspeak around digits and symbols at the ends: P@ssw0rd1, 2024Passw0rd!
  const core = password.toLowerCase().replace(/^[^a-z@$]+|[^a-z]+$/g, '');
  const unleet = core
    .replace(/[@4]/g, 'a')
    .replace(/0/g, 'o')
    .replace(/[$5]/g, 's')
    .replace(/3/g, 'e')
    .replace(/1/g, 'i');
  if (GUESSABLE_WORDS.has(unleet.replace(/[^a-z]/g, ''))) return true;
  // Repeats: Aaaaaaa1!
  return new Set(password.toLowerCase()).size <= 3;
}

const passwordMessages = FIELD_MESSAGES.password;

/** Seed 002 §5: at least 8, a lowercase and an uppercase letter, a digit and a special character. Never trimmed. */
export const passwordSchema = z
  .string({ error: passwordMessages.required })
  .min(1, { error: passwordMessages.required, abort: true })
  .max(FIELD_LIMITS.passwordMax, { error: passwordMessages.tooLong, abort: true })
  .superRefine(
    firstBroken([
      [(value) => value.length >= FIELD_LIMITS.passwordMin, passwordMessages.tooShort],
      [(value) => /[A-Z]/.test(value), passwordMessages.uppercase],
      [(value) => /[a-z]/.test(value), passwordMessages.lowercase],
      [(value) => /\d/.test(value), passwordMessages.number],
      [(value) => /[^A-Za-z0-9\s]/.test(value), passwordMessages.special],
      [(value) => value === value.trim(), passwordMessages.spaces],
      [(value) => !isGuessablePassword(value), passwordMessages.weak],
    ]),
  );

/** The password typed to sign in: trimmed and required, nothing more (seed 000 §5). */
export const currentPasswordSchema = requiredText(passwordMessages.required).max(FIELD_LIMITS.passwordMax, {
  error: passwordMessages.tooLong,
});

/** For a form with a password and its confirmation: adds the mismatch under the confirmation. */
export function checkPasswordsMatch<T extends Record<string, unknown>>(
  passwordField: keyof T & string,
  confirmField: keyof T & string,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const password = value[passwordField];
    const confirmation = value[confirmField];
    if (typeof password === 'string' && typeof confirmation === 'string' && password !== confirmation) {
      ctx.addIssue({ code: 'custom', path: [confirmField], message: FIELD_MESSAGES.passwordConfirm.mismatch });
    }
  };
}

export const passwordConfirmSchema = z
  .string({ error: FIELD_MESSAGES.passwordConfirm.required })
  .min(1, { error: FIELD_MESSAGES.passwordConfirm.required });

// ── Codes ────────────────────────────────────────────────────────────────────────────────

const CODE_PATTERN = new RegExp(`^\\d{${FIELD_LIMITS.codeDigits}}$`);

function codeSchema(messages: { required: string; format: string }) {
  return requiredText(messages.required)
    .max(FIELD_LIMITS.codeDigits, { error: messages.format, abort: true })
    .regex(CODE_PATTERN, { error: messages.format });
}

/** Six digits (seed 002 §5), with the wording of each place it is asked for. */
export const confirmationCodeSchema = codeSchema(FIELD_MESSAGES.code);
export const smsCodeSchema = codeSchema(FIELD_MESSAGES.smsCode);
export const resetCodeSchema = codeSchema(FIELD_MESSAGES.resetCode);
export const passcodeSchema = codeSchema(FIELD_MESSAGES.passcode);

/** An unticked checkbox sends nothing: that is `false`. */
export const checkboxSchema = z.boolean().optional().default(false);

/** Where to go after the form; checked again by safeRedirect wherever it is used. */
export const redirectToSchema = z.string().max(2000).optional();

// The phone rules live in ./phone (their metadata is heavy); re-exported for callers that
// check numbers alongside the other fields (the seed's tests).
