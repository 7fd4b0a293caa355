import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { confirmAccountSchema } from '~/lib/shared/validation/confirm-account';
import { confirmSmsSchema } from '~/lib/shared/validation/confirm-sms';
import { passcodeVerifySchema } from '~/lib/shared/validation/passwordless';

// The code-entry page (seed 000 §2.3) serves three code types: confirming a sign-up by the
// code e-mailed, by the code texted, and signing in with a one-time passcode. One page
// component (components/auth/code-entry-page.tsx) and one server module
// (code-entry.server.ts) read what differs from this table; the route files only name their
// type. Field names are the seed's (§3.1), so each type keeps its own verify schema.

export type CodeType = 'account-email' | 'account-sms' | 'sign-in-passcode';

/** Every field name a verify form can have (the form type of the page's code form). */
export type VerifyFieldName =
  | keyof z.input<typeof confirmAccountSchema>
  | keyof z.input<typeof confirmSmsSchema>
  | keyof z.input<typeof passcodeVerifySchema>;

/** The verify form of one code type, read without knowing its schema's other fields. */
export type VerifyForm = {
  schema: z.ZodType;
  /** The seed's field names, typed against the schema (a rename fails the typecheck here). */
  fieldNames: {
    code: VerifyFieldName;
    /** The e-mail the code was sent to, shown read-only (account confirmation by e-mail). */
    email: VerifyFieldName | null;
    /** The seed's password field on that form, always sent empty. */
    emptyPassword: VerifyFieldName | null;
  };
  /** The code when the form is valid, and the reply that puts an error beside the code. */
  parse: (form: FormData) => {
    code: string | null;
    reply: (codeError?: string | null, options?: { resetForm?: boolean }) => SubmissionResult<string[]>;
  };
};

function verifyForm<Schema extends z.ZodObject>(
  schema: Schema,
  names: {
    code: keyof z.output<Schema> & VerifyFieldName;
    email?: keyof z.output<Schema> & VerifyFieldName;
    emptyPassword?: keyof z.output<Schema> & VerifyFieldName;
  },
): VerifyForm {
  const codeField = names.code;
  return {
    schema,
    fieldNames: { code: codeField, email: names.email ?? null, emptyPassword: names.emptyPassword ?? null },
    parse(form) {
      const submission = parseWithZod(form, { schema });
      return {
        code: submission.status === 'success' ? String(submission.value[codeField]) : null,
        reply: (codeError, options) =>
          submission.reply({ fieldErrors: codeError ? { [codeField]: [codeError] } : {}, ...options }),
      };
    },
  };
}

type CodeTypeDefinition = {
  /** The page's URL (unchanged from the three pages it replaces). */
  path: string;
  title: string;
  /** The conform form id of the verify form and of the resend form the notices link to. */
  formId: string;
  resendFormId: string;
  codeLabel: string;
  submitLabel: string;
  /** The link in a notice that asks for a new code (expired, one try left...). */
  requestNewLabel: string;
  /** The second link under the form: another channel, or another e-mail. */
  other: { intent: 'sms' | 'email' | 'restart'; label: string };
  verify: VerifyForm;
};

export const CODE_TYPES: Record<CodeType, CodeTypeDefinition> = {
  'account-email': {
    path: '/confirm-account',
    title: 'Confirm your account',
    formId: 'confirm-account',
    resendFormId: 'confirm-resend',
    codeLabel: 'Confirmation code',
    submitLabel: 'Confirm',
    requestNewLabel: 'Request a new code',
    other: { intent: 'sms', label: 'Text me a code instead' },
    verify: verifyForm(confirmAccountSchema, {
      code: 'confirm-account-confirmation-code',
      email: 'confirm-account-email',
      emptyPassword: 'confirm-account-password',
    }),
  },
  'account-sms': {
    path: '/confirm-sms',
    title: 'Confirm by text message',
    formId: 'confirm-sms',
    resendFormId: 'sms-resend',
    codeLabel: 'SMS code',
    submitLabel: 'Confirm',
    requestNewLabel: 'Request a new code',
    other: { intent: 'email', label: 'Email me a code instead' },
    verify: verifyForm(confirmSmsSchema, { code: 'sms-confirmation-code' }),
  },
  'sign-in-passcode': {
    path: '/sign-in/passcode',
    title: 'Sign in with a passcode',
    formId: 'passcode-verify',
    resendFormId: 'passcode-resend',
    codeLabel: 'Passcode',
    submitLabel: 'Verify',
    requestNewLabel: 'Request a new passcode',
    other: { intent: 'restart', label: 'Use a different email' },
    verify: verifyForm(passcodeVerifySchema, { code: 'confirm-otp' }),
  },
};
