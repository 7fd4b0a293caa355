import { z } from 'zod';
import { FIELD_MESSAGES } from './messages';
import {
  checkboxSchema,
  confirmationCodeSchema,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  normalizeEmail,
} from './fields';
import { phoneSchema } from './phone';

/** Profile: name, phone and marketing consents. */
export const profileSchema = z.object({
  intent: z.literal('profile'),
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phoneNumber: phoneSchema,
  isSubscribedToMarketing: checkboxSchema,
  subscribedToMarketingSMS: checkboxSchema,
});

/** E-mail change (seed 002 §5): must differ from the current e-mail and match its confirmation. */
export function emailChangeSchema(currentEmail: string) {
  return z
    .object({
      intent: z.literal('email-change'),
      email: emailSchema,
      'email-confirm': z
        .string({ error: FIELD_MESSAGES.emailConfirm.required })
        .trim()
        .min(1, { error: FIELD_MESSAGES.emailConfirm.required }),
    })
    .superRefine((value, ctx) => {
      if (normalizeEmail(value.email) === normalizeEmail(currentEmail)) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: FIELD_MESSAGES.emailConfirm.sameAsCurrent });
      } else if (normalizeEmail(value.email) !== normalizeEmail(value['email-confirm'])) {
        ctx.addIssue({ code: 'custom', path: ['email-confirm'], message: FIELD_MESSAGES.emailConfirm.mismatch });
      }
    });
}

/** The code sent to the new e-mail. */
export const emailChangeConfirmSchema = z.object({
  intent: z.literal('email-change-confirm'),
  'email-change-code': confirmationCodeSchema,
});
