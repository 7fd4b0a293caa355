import { z } from 'zod';
import { emailSchema } from '../shared/validation/fields';
import { isoDateTime } from './common';

// Privacy requests (seed 002 §6 and §9; issue 15 point 2): the shopper, an authorised agent for
// a person, or a parent for a minor asks for access, deletion, correction, portability or an
// opt-out of sale. Identity is verified by a code e-mailed to the person the request is about.

export const PRIVACY_KINDS = ['access', 'deletion', 'correction', 'portability', 'optOut'] as const;
export const PRIVACY_REQUESTERS = ['self', 'agent', 'parent'] as const;
/** Seed 002 §9: 2 access or portability requests per 12 months; due in 45 days, extendable to 90. */
export const PRIVACY_LIMIT_PER_YEAR = 2;
export const PRIVACY_DUE_DAYS = 45;
export const PRIVACY_EXTENDED_DUE_DAYS = 90;
/** Seed 002 §6 and §9: a minor is under 18 (California); the site is not for children under 13. */
export const MINOR_AGE = 18;
export const MIN_AGE = 13;

export const PRIVACY_TEXTS = {
  limit: 'You can make 2 access or portability requests in 12 months. Your next request can be made after {date}.',
  underThirteen: 'This site is not for children under 13, and we do not knowingly hold their personal information.',
  notMinor: 'A parent or guardian can make a request only for a minor (under 18).',
  agentName: 'The authorised agent’s name is required.',
  agentEmail: 'The authorised agent’s email is required.',
  details: 'Please tell us what to correct.',
  due: 'We will respond by {date}. If we need more time we will tell you, and respond by {extended} at the latest. There is no fee.',
} as const;

export const privacyRequestSchema = z
  .object({
    requester: z.enum(PRIVACY_REQUESTERS),
    kind: z.enum(PRIVACY_KINDS),
    subjectEmail: emailSchema,
    requesterName: z.string().trim().max(60).optional(),
    requesterEmail: z.string().trim().max(60).optional(),
    /** Only for a parent's request: the minor's age in years. */
    subjectAge: z.coerce.number().int().min(0).max(130).optional(),
    details: z.string().trim().max(500).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.requester !== 'self' && !value.requesterName)
      ctx.addIssue({ code: 'custom', path: ['requesterName'], message: PRIVACY_TEXTS.agentName });
    if (value.requester !== 'self' && !value.requesterEmail)
      ctx.addIssue({ code: 'custom', path: ['requesterEmail'], message: PRIVACY_TEXTS.agentEmail });
    if (value.requester === 'parent') {
      if (value.subjectAge === undefined || value.subjectAge >= MINOR_AGE)
        ctx.addIssue({ code: 'custom', path: ['subjectAge'], message: PRIVACY_TEXTS.notMinor });
      else if (value.subjectAge < MIN_AGE)
        ctx.addIssue({ code: 'custom', path: ['subjectAge'], message: PRIVACY_TEXTS.underThirteen });
    }
    if (value.kind === 'correction' && !value.details)
      ctx.addIssue({ code: 'custom', path: ['details'], message: PRIVACY_TEXTS.details });
  });
export type PrivacyRequestInput = z.input<typeof privacyRequestSchema>;

export const privacyRequestViewSchema = z.object({
  id: z.string(),
  kind: z.enum(PRIVACY_KINDS),
  requester: z.enum(PRIVACY_REQUESTERS),
  status: z.enum(['UNVERIFIED', 'VERIFIED', 'COMPLETED']),
  createdAt: isoDateTime,
  dueAt: isoDateTime,
  /** The latest the response may come if the dealer extends once (45 → 90 days). */
  latestDueAt: isoDateTime,
  extended: z.boolean(),
});
export type PrivacyRequestView = z.infer<typeof privacyRequestViewSchema>;

/**
 * POST /api/privacy/requests → 201 `{ data: PrivacyRequestView }` and a code e-mailed to
 * subjectEmail; 400 invalid; 429 `error.privacy.limit` (`nextAllowedAt` in the body).
 * POST /api/privacy/requests/:id/verify `{ code }` → 200 `{ data: PrivacyRequestView }`
 * (access, portability, deletion and opt-out are then carried out); 422 `error.privacy.wrongCode`.
 * GET /api/privacy/export (identity token) → the signed-in shopper's data as a JSON file.
 */
export const privacyRequestResponseSchema = z.object({ data: privacyRequestViewSchema });
export const privacyVerifySchema = z.object({ code: z.string().regex(/^\d{6}$/) });

export const PRIVACY_ERROR_CODES = {
  limit: 'error.privacy.limit',
  wrongCode: 'error.privacy.wrongCode',
  notFound: 'error.privacy.notFound',
} as const;
