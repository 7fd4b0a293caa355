import { z } from 'zod';

/** Sign-in form (seed 000 §5: e-mail and password, trimmed, required). Field names from seed 000 §3.1. */
export const signInSchema = z.object({
  'signin-email': z.string({ error: 'Your email is required.' }).trim().min(1, 'Your email is required.'),
  'signin-password': z.string({ error: 'Your password is required.' }).min(1, 'Your password is required.'),
  redirectTo: z.string().optional(),
});
