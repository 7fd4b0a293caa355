import { z } from 'zod';
import { checkPasswordsMatch, emailSchema, passwordConfirmSchema, passwordSchema, resetCodeSchema } from './fields';

/** Reset password, step 1: the e-mail (seed 000 §5: required). */
export const resetRequestSchema = z.object({
  reset_email: emailSchema,
});

/** Step 2: the hidden, read-only e-mail, the code, the new password and its confirmation. */
export const resetConfirmSchema = z
  .object({
    'confirm-reset-email': emailSchema,
    'confirm-reset-verification-code': resetCodeSchema,
    password: passwordSchema,
    'password-confirm': passwordConfirmSchema,
  })
  .superRefine(checkPasswordsMatch('password', 'password-confirm'));
