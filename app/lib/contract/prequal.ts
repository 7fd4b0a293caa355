import { z } from 'zod';
import {
  addressLine2Schema,
  addressZipSchema,
  citySchema,
  homeStreetLineSchema,
  optionalText,
  stateSchema,
  unitTypeSchema,
} from '../shared/validation/address';
import { APPLICANT_LIMITS as L, APPLICANT_MESSAGES as M } from '../shared/validation/applicant-messages';
import { dateOfBirthSchema } from '../shared/validation/date-fields';
import { emailSchema, firstNameSchema, lastNameSchema } from '../shared/validation/fields';
import { dollarsSchema } from '../shared/validation/money';
import { optionalSsnSchema } from '../shared/validation/ssn';
import { isoDateTime } from './common';

// The standalone pre-qualification (seed 002 §4 and §9, seed 001 §4 statuses): base /api/prequal.
// One per shopper and tenant, signed-in only. The form's schema is shared by the browser, the
// storefront's action and the API. Date of birth and SSN are never sent back.

/** Seed 001 §4 "Pre-qualification statuses". */
export const PREQUAL_STATUSES = [
  'not_started',
  'mq_incompleted',
  'retailer_declined',
  'mq_declined',
  'mq_approved',
  'mq_approved_expired',
  'mf_completed',
] as const;
export type PrequalStatus = (typeof PREQUAL_STATUSES)[number];

/** The bureau's answer to the last attempt (seed 002 §4 outcomes). */
export const PREQUAL_OUTCOMES = ['approved', 'declined', 'frozen', 'identityFailed', 'notFound'] as const;
export type PrequalOutcome = (typeof PREQUAL_OUTCOMES)[number];

/** Seed 002 §9: valid 30 days; typed data deleted after 30 days unless the shopper consented. */
export const PREQUAL_VALID_DAYS = 30;
export const PREQUAL_DATA_RETENTION_DAYS = 30;
/** The toast warns this many days before the expiry (and after it). */
export const PREQUAL_REMINDER_DAYS = 5;

export const PREQUAL_CONSENT_TEXT =
  'By selecting Check my rate, I authorize {tenantName} and its lending partners to obtain my credit report from a consumer reporting agency to pre-qualify me for financing. This is a soft inquiry: it does not affect my credit score.';
export const PREQUAL_CONSENT_REQUIRED = 'Your consent is required to check your rate.';

const consentSchema = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true' || undefined,
  z.literal(true, { error: PREQUAL_CONSENT_REQUIRED }),
);
const flag = z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean());

export const prequalAddressSchema = z.object({
  addressLine1: homeStreetLineSchema,
  unitType: unitTypeSchema,
  addressLine2: addressLine2Schema,
  city: citySchema,
  state: stateSchema,
  zip: addressZipSchema,
});

/**
 * POST /api/prequal: the form. `ssn` is optional: the bureau asks for it only when it cannot
 * find the shopper (outcome notFound). A blank date of birth keeps the one on file.
 */
export const prequalRequestSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  address: prequalAddressSchema,
  dateOfBirth: optionalText(z.string()).pipe(dateOfBirthSchema.optional()),
  annualIncome: dollarsSchema(M.income, L.incomeMin, L.incomeMax),
  email: emailSchema,
  ssn: optionalSsnSchema,
  consent: consentSchema,
  /** Keep what was typed after 30 days (seed 002 §9: deleted unless consented). */
  keepData: flag,
});
export type PrequalRequest = z.output<typeof prequalRequestSchema>;

/** PATCH /api/prequal: a found shopper edits their income and e-mail (seed 002 §4 "user found"). */
export const prequalUpdateSchema = z.object({
  annualIncome: dollarsSchema(M.income, L.incomeMin, L.incomeMax),
  email: emailSchema,
});

export const prequalViewSchema = z.object({
  status: z.enum(PREQUAL_STATUSES),
  outcome: z.enum(PREQUAL_OUTCOMES).nullable(),
  tier: z.enum(['excellent', 'veryGood', 'good', 'fair']).nullable(),
  pulledAt: isoDateTime.nullable(),
  expiresAt: isoDateTime.nullable(),
  /** Within PREQUAL_REMINDER_DAYS of the expiry or past it: the toast shows. */
  reminder: z.enum(['expiring', 'expired']).nullable(),
  /** A refresh can re-pull from what is on file (false once the data was purged). */
  canRefresh: z.boolean(),
  /** What was typed, without date of birth and SSN; null once purged. */
  details: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      address: z.object({
        addressLine1: z.string(),
        unitType: z.string().nullish(),
        addressLine2: z.string().nullish(),
        city: z.string(),
        state: z.string(),
        zip: z.string(),
      }),
      annualIncome: z.number(),
      email: z.string(),
    })
    .nullable(),
  hasDateOfBirth: z.boolean(),
  hasSsn: z.boolean(),
  keepData: z.boolean(),
});
export type PrequalView = z.infer<typeof prequalViewSchema>;

/** GET /api/prequal, POST /api/prequal, PATCH /api/prequal, POST /api/prequal/refresh → 200 `{ data }`. */
export const prequalResponseSchema = z.object({ data: prequalViewSchema });

/** 422 on POST/PATCH: errors by field name, as conform names them. */
export const prequalFieldErrorsSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  fieldErrors: z.record(z.string(), z.array(z.string())),
});

export const PREQUAL_ERROR_CODES = {
  invalid: 'error.prequal.invalid',
  /** Refresh: nothing on file to pull again with (purged, or never approved). */
  nothingOnFile: 'error.prequal.nothingOnFile',
} as const;
