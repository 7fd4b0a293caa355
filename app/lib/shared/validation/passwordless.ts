import { z } from 'zod';
import { emailSchema, passcodeSchema, redirectToSchema } from './fields';

/** Passwordless sign-in, step 1: the e-mail to send a passcode for. */
export const passcodeRequestSchema = z.object({
  'signin-email': emailSchema,
  redirectTo: redirectToSchema,
});

/** Passwordless sign-in, step 2: the six-digit passcode (seed 000 §3.1 'confirm-otp'). */
export const passcodeVerifySchema = z.object({
  'confirm-otp': passcodeSchema,
});
