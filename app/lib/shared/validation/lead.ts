import { z } from 'zod';
import { checkboxSchema, emailSchema, firstNameSchema, lastNameSchema, phoneDigits } from './fields';
import { LEAD_COMMENTS_MAX, LEAD_MESSAGES } from './lead-rules';
import { phoneProblem } from './phone';

// The contact-the-dealer form of seed 002 §3: first name, last name, e-mail, optional phone,
// optional comments, phone-consent checkbox. Seed 002 §5: consent is required when a phone is
// given, and the number must be a valid mobile number. Shared by the form and the leads API.

/** Seed 002 §3 "Text with max length": 'N characters remaining'. */
export function charactersRemaining(value: string, max: number = LEAD_COMMENTS_MAX): string {
  const left = Math.max(0, max - value.length);
  return `${left} ${left === 1 ? 'character' : 'characters'} remaining`;
}

const optionalPhone = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? phoneDigits(value) : undefined))
  .superRefine((digits, ctx) => {
    if (!digits) return;
    const problem = phoneProblem(digits);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const leadFieldsSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    phone: optionalPhone,
    phoneConsent: checkboxSchema,
    comments: z
      .string()
      .trim()
      .max(LEAD_COMMENTS_MAX, { error: LEAD_MESSAGES.commentsTooLong })
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((value, ctx) => {
    if (value.phone && !value.phoneConsent)
      ctx.addIssue({ code: 'custom', path: ['phoneConsent'], message: LEAD_MESSAGES.phoneConsent });
  });
