import { z } from 'zod';
import { currentPasswordSchema, signInEmailSchema } from '~/lib/shared/validation/fields';

// The desk's sign-in forms (issue 33 point 1), read by their actions with and without JavaScript.

export const deskSignInFormSchema = z.object({
  email: signInEmailSchema,
  password: currentPasswordSchema,
});

export const deskCodeFormSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code from your authenticator app, or a recovery code' })
    .trim()
    .min(6, 'Enter the 6-digit code from your authenticator app, or a recovery code')
    .max(40, 'That is longer than any code'),
});

/** Field errors of a plain form post, keyed by field name (the first message of each). */
export function formErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
