import { z } from 'zod';
import { leadFieldsSchema } from '../shared/validation/lead';
import { LEAD_SOURCES } from '../shared/validation/lead-rules';
import { isoDateTime } from './common';

// The leads API (server/leads/): contact-the-dealer messages (seed 002 §3, issue 15 point 1).

export const LEAD_VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

/**
 * POST /api/leads (identity token optional) → 201 `{ data: LeadReceipt }`; the same
 * `submissionId` again answers the first lead (200) and retries a failed delivery.
 * 400 invalid body, 429 `error.lead.rateLimited`, 502 `error.lead.notSent` (stored, the dealer
 * did not receive it: the form offers retry or call).
 */
export const leadRequestSchema = leadFieldsSchema.and(
  z.object({
    submissionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    source: z.enum(LEAD_SOURCES),
    vin: z.string().regex(LEAD_VIN).optional(),
  }),
);
export type LeadRequest = z.input<typeof leadRequestSchema>;

export const leadReceiptSchema = z.object({
  id: z.string(),
  status: z.enum(['PENDING', 'SENT', 'FAILED']),
  createdAt: isoDateTime,
});
export const leadResponseSchema = z.object({ data: leadReceiptSchema });

export const LEAD_ERROR_CODES = {
  rateLimited: 'error.lead.rateLimited',
  notSent: 'error.lead.notSent',
} as const;

/** Per submitter e-mail and per browser session: the most leads in LEAD_WINDOW_MINUTES. */
export const LEAD_LIMIT = 5;
export const LEAD_WINDOW_MINUTES = 60;
/**
 * Per client address (issue 35 point 4): more than per e-mail, as a household or a dealership's
 * Wi-Fi shares one address, and far fewer than a script with fresh e-mails would send.
 */
export const LEAD_ADDRESS_LIMIT = 10;
