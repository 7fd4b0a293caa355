import { z } from 'zod';
import { APPLICANT_LIMITS as L, APPLICANT_MESSAGES } from './applicant-messages';
import { requiredText } from './base';
import { isOneOf, keysOf } from '../guards';
import { UNIT_TYPES, US_STATES } from './address-rules';
export { maskZipInput } from './masks';
export { UNIT_TYPES, US_STATES };

// The address fields of seed 002 §5. Each field reports one message at a time. Empty optional
// fields arrive as '' from a form and as undefined from JSON; both mean "not given".

const M = APPLICANT_MESSAGES;

export type UsState = keyof typeof US_STATES;
export const US_STATE_CODES = keysOf(US_STATES);

/** Where a married applicant's spouse has a share in the debt (seed 002 §2 "Spouse details"). */
export const COMMUNITY_PROPERTY_STATES = [
  'AZ',
  'CA',
  'ID',
  'LA',
  'NV',
  'NM',
  'TX',
  'WA',
  'WI',
] as const satisfies readonly UsState[];

export function isCommunityPropertyState(state: string): boolean {
  return isOneOf(COMMUNITY_PROPERTY_STATES, state);
}

// ── Street line ──────────────────────────────────────────────────────────────────────────

/** Anything a shopper writes for a post-office box: PO Box, P.O. Box, POB, Post Office Box. */
const PO_BOX_ATTEMPT = /^(?:p\.?\s*o\.?\s*b(?:ox)?\.?|post\s+office\s+box)\b/i;
/** The recognised form: PO Box 123456 (at most 6 digits). */
const PO_BOX_FORM = /^P\.?\s?O\.?\s+Box\s+\d{1,6}$/i;
/** Rural route: RR, R.R. or Rural Route, then its number. */
const RURAL_ROUTE_ATTEMPT = /^(?:r\.?\s*r\.?|rural\s+route)(?=\s|\d|$)/i;
/** The recognised form: RR 1234 (at most 6 digits). */
const RURAL_ROUTE_FORM = /^RR\s\d{1,6}$/i;
/** A street number (digits, optionally a letter or fraction: 12B, 221-1/2) then the street name. */
const STREET = /^(\d[\dA-Za-z/-]*)\s+(\S.*)$/;

/** Why a street line is not one, or null. `home` refuses P.O. boxes (seed 002 §5 "Home address"). */
export function streetLineProblem(line: string, { home }: { home: boolean }): string | null {
  const messages = M.streetLine;
  if (line.length < L.streetLineMin) return messages.tooShort;
  if (line.length > L.streetLineMax) return messages.tooLong;
  if (PO_BOX_ATTEMPT.test(line)) {
    if (home) return messages.poBoxRefused;
    return PO_BOX_FORM.test(line) ? null : messages.poBoxForm;
  }
  if (RURAL_ROUTE_ATTEMPT.test(line)) return RURAL_ROUTE_FORM.test(line) ? null : messages.ruralRouteForm;
  const street = STREET.exec(line);
  if (!street || !/\p{L}/u.test(street[2]!)) return messages.shape;
  if (street[1]!.length > L.streetNumberMax) return messages.numberTooLong;
  if (street[2]!.length > L.streetNameMax) return messages.nameTooLong;
  return null;
}

function streetLine(home: boolean) {
  return requiredText(M.streetLine.required)
    .max(L.streetLineMax, { error: M.streetLine.tooLong, abort: true })
    .superRefine((value, ctx) => {
      const problem = streetLineProblem(value, { home });
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** The line of the home address: street number and name, or a rural route; never a P.O. box. */
export const homeStreetLineSchema = streetLine(true);
/** Any other address (a previous address): a P.O. box in the form PO Box 123456 is accepted. */
export const streetLineSchema = streetLine(false);

// ── Optional text ────────────────────────────────────────────────────────────────────────

/** '' and whitespace become undefined; otherwise trimmed and checked by `schema`. */
export function optionalText<T extends z.ZodType<unknown, string>>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value ?? undefined;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }, schema.optional());
}

/** The second line (apartment or suite details): at most 16. */
export const addressLine2Schema = optionalText(z.string().max(L.addressLine2Max, { error: M.addressLine2.tooLong }));
export const unitTypeSchema = optionalText(
  z.enum(UNIT_TYPES, { error: 'Please choose an apartment or suite type from the list.' }),
);

export const citySchema = requiredText(M.city.required)
  .min(L.cityMin, { error: M.city.tooShort, abort: true })
  .max(L.cityMax, { error: M.city.tooLong });

const COUNTY_CHARACTERS = /^[A-Za-z.\- ]+$/;

/** 2-25 letters, dashes, spaces and dots. */
export const countySchema = requiredText(M.county.required).superRefine((value, ctx) => {
  if (value.length < L.countyMin || value.length > L.countyMax)
    ctx.addIssue({ code: 'custom', message: M.county.length });
  else if (!COUNTY_CHARACTERS.test(value)) ctx.addIssue({ code: 'custom', message: M.county.characters });
});

export const stateSchema = requiredText(M.state.required).pipe(z.enum(US_STATE_CODES, { error: M.state.invalid }));

/** Exactly 5 digits (the input is masked to 5 digits; the server checks the place, see zip-check.server). */
export const addressZipSchema = requiredText(M.zip.required).regex(/^\d{5}$/, { error: M.zip.format });
