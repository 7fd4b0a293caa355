import { z } from 'zod';
import { currentPasswordSchema, redirectToSchema, signInEmailSchema } from './fields';

/** Sign-in form (seed 000 §5: e-mail and password, trimmed, required). Field names from seed 000 §3.1. */
export const signInSchema = z.object({
  'signin-email': signInEmailSchema,
  'signin-password': currentPasswordSchema,
  redirectTo: redirectToSchema,
});
