import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { confirmAccountSchema } from '~/lib/shared/validation/confirm-account';
import { confirmSmsSchema } from '~/lib/shared/validation/confirm-sms';
import { passcodeVerifySchema } from '~/lib/shared/validation/passwordless';
import { CODE_PAGES, type CodePage, type CodeType } from './code-pages';

export type { CodeType } from './code-pages';

// The code-entry page (seed 000 §2.3) serves three code types: confirming a sign-up by the
// code e-mailed, by the code texted, and signing in with a one-time passcode. One page
// component (components/auth/code-entry-page.tsx) and one server module
// (code-entry.server.ts) read what differs from this table; the route files only name their
// type. Field names are the seed's (§3.1), so each type keeps its own verify schema. The texts,
// paths and form ids are in ./code-pages.ts, without zod, for the page's first JavaScript.

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

type CodeTypeDefinition = CodePage & { verify: VerifyForm };

export const CODE_TYPES: Record<CodeType, CodeTypeDefinition> = {
  'account-email': {
    ...CODE_PAGES['account-email'],
    verify: verifyForm(confirmAccountSchema, {
      code: 'confirm-account-confirmation-code',
      email: 'confirm-account-email',
      emptyPassword: 'confirm-account-password',
    }),
  },
  'account-sms': {
    ...CODE_PAGES['account-sms'],
    verify: verifyForm(confirmSmsSchema, { code: 'sms-confirmation-code' }),
  },
  'sign-in-passcode': {
    ...CODE_PAGES['sign-in-passcode'],
    verify: verifyForm(passcodeVerifySchema, { code: 'confirm-otp' }),
  },
};
