import { phoneDigits, requiredText } from './base';
import { FIELD_LIMITS, FIELD_MESSAGES } from './messages';
import { isOneOf } from '../guards';
import { onUsNumberingPlan } from './phone-plan';

// The phone rules of seed 002 §5, apart from the other fields. The numbering plan (an area code
// in service, libphonenumber-js's metadata) is the server's check only (./phone-plan.ts).

/** Toll-free codes: only a variant list of seed 002 §5 allows them; shoppers' phones may not use them. */
export const TOLL_FREE_AREA_CODES = ['800', '888', '877', '866', '855', '844', '833', '822', '811'] as const;

/** Why ten digits are not a shopper's phone number, or null when they are. */
export function phoneProblem(digits: string): string | null {
  const messages = FIELD_MESSAGES.phone;
  if (digits.length !== FIELD_LIMITS.phoneDigits) return messages.digits;
  const areaCode = digits.slice(0, 3);
  if (/^[01]/.test(areaCode) || isOneOf(TOLL_FREE_AREA_CODES, areaCode)) return messages.areaCode;
  if (!/^[2-9]$/.test(digits.charAt(3))) return messages.exchange;
  // N11 service codes (411, 911…) are never a subscriber's exchange.
  if (digits.slice(4, 6) === '11') return messages.invalid;
  // The exchange is fine by now, so an invalid number means an area code not on the US list.
  if (!onUsNumberingPlan(digits)) return messages.areaCode;
  return null;
}

function buildPhoneSchema() {
  return requiredText(FIELD_MESSAGES.phone.required)
    .superRefine((value, ctx) => {
      const problem = phoneProblem(phoneDigits(value));
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform(phoneDigits);
}

/**
 * Any typing (the mask's punctuation, spaces) is kept as its ten digits. Marked pure so a
 * bundle that imports only the other fields leaves this module, and its metadata, out.
 */
export const phoneSchema = /* @__PURE__ */ buildPhoneSchema();
