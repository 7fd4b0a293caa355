import { z } from 'zod';
import { confirmationCodeSchema, emailSchema } from './fields';

/**
 * Confirm sign-up by e-mail code: the e-mail (read-only), the seed's hidden password field
 * and the code. The password field stays empty: a confirmed code signs the shopper in, so a
 * password never has to travel through the page.
 */
export const confirmAccountSchema = z.object({
  'confirm-account-email': emailSchema,
  'confirm-account-password': z.string().max(0).optional(),
  'confirm-account-confirmation-code': confirmationCodeSchema,
});
