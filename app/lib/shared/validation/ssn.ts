import { APPLICANT_LIMITS as L, APPLICANT_MESSAGES } from './applicant-messages';
import { requiredText } from './base';
import { optionalText } from './address';
import { z } from 'zod';
export { maskSsnInput } from './masks';

// SSN or ITIN (seed 002 §5): hyphens (and the mask's spaces) stripped, 9 digits, not starting
// with 000 or 666, no 00 in the middle two, not ending with 0000. Never logged, never echoed.

const M = APPLICANT_MESSAGES.ssn;

export function ssnDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Why nine characters are not an SSN or ITIN, or null. */
export function ssnProblem(value: string): string | null {
  const digits = ssnDigits(value);
  if (!new RegExp(`^\\d{${L.ssnDigits}}$`).test(digits)) return M.digits;
  const area = digits.slice(0, 3);
  if (area === '000' || area === '666') return M.area;
  if (digits.slice(3, 5) === '00') return M.group;
  if (digits.slice(5) === '0000') return M.serial;
  return null;
}

function checkSsn(value: string, ctx: z.RefinementCtx) {
  const problem = ssnProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

/** Required; the value is the nine digits. */
export const ssnSchema = requiredText(M.required).superRefine(checkSsn).transform(ssnDigits);

/** Optional on the personal step ("SSN or ITIN"), same rules when given. */
export const optionalSsnSchema = optionalText(z.string().superRefine(checkSsn).transform(ssnDigits));
