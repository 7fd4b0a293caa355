// The contact-the-dealer form's limits, messages and sources (seed 002 §3, §5), free of zod:
// the vehicle and contact pages render the form with these and load its schema (./lead.ts,
// with zod and the phone metadata) only once the shopper starts filling it in.

/** Our choice (the seed gives no limit): long enough for a question, short enough for a CRM note. */
export const LEAD_COMMENTS_MAX = 500;

export const LEAD_MESSAGES = {
  /** Seed 002 §5, word for word. */
  phoneConsent: 'Your consent is required if phone number is provided',
  commentsTooLong: `Your comments must be ${LEAD_COMMENTS_MAX} characters or fewer.`,
} as const;

export const LEAD_SOURCES = ['contactUs', 'vehicle', 'paymentTooltip'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/**
 * The browser constraints of the lead form, as conform's getZodConstraint reads them from the
 * schema (a unit test holds the two equal): rendered before the schema is loaded.
 */
export const LEAD_CONSTRAINT = {
  firstName: { required: true },
  lastName: { required: true },
  email: { required: true },
  phone: { required: false },
  phoneConsent: { required: false },
  comments: { required: false },
} as const;
