import { z } from 'zod';
import { emailSchema } from '../shared/validation/fields';
import { isoDateTime } from './common';
import { MINOR_AGE, MIN_AGE, PRIVACY_KINDS, PRIVACY_REQUESTERS, PRIVACY_TEXTS } from './privacy-constants';

// Privacy requests (seed 002 §6 and §9; issue 15 point 2): the shopper, an authorised agent for
// a person, or a parent for a minor asks for access, deletion, correction, portability or an
// opt-out of sale. Identity is verified by a code e-mailed to the person the request is about.

export * from './privacy-constants';

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
