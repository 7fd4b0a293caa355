import { z } from 'zod';
import { smsCodeSchema } from './fields';

/** Confirm sign-up by SMS code (seed 000 §5: the SMS code is required). */
export const confirmSmsSchema = z.object({
  'sms-confirmation-code': smsCodeSchema,
});
