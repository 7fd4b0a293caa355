import { z } from 'zod';

/** Every non-2xx answer of the commerce API carries this body. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string().regex(/^error\.[a-zA-Z]+\.[a-zA-Z]+$/),
    message: z.string(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const isoDateTime = z.iso.datetime({ offset: true });

export const HEADER = {
  callerId: 'x-caller-id',
  correlationId: 'x-correlation-id',
  tenantId: 'x-tenant-id',
  sessionId: 'x-session-id',
  /** The shopper's address, from the storefront (believed only with its internal-caller proof). */
  shopperAddress: 'x-shopper-address',
} as const;

export const CALLER_ID = 'storefront';

/** The error code of a 429 from a rate limit in front of the API rather than a rule of the call. */
export const RATE_LIMITED_CODE = 'error.rateLimit.tooManyRequests';

/** Time-outs of seed 000 §7 and seed 001 §7. */
export const API_TIMEOUT_MS = 20_000;
export const UPLOAD_TIMEOUT_MS = 420_000;

/**
 * The vehicle picture a platform left out (the contract's "Robustness": null or absent means
 * the placeholder): a small drawing with the placeholder's words, as a data URL.
 */
export const VEHICLE_PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#eef1f5"/>' +
    '<path d="M30,190 L40,162 L110,154 L150,128 L258,128 L300,154 L368,162 L378,190 Z" fill="#c5ccd6"/>' +
    '<circle cx="100" cy="192" r="24" fill="#9aa3af"/><circle cx="302" cy="192" r="24" fill="#9aa3af"/>' +
    '<text x="200" y="260" text-anchor="middle" font-family="sans-serif" font-size="22" fill="#4b5563">Photo coming soon</text></svg>',
)}`;

/** A vehicle picture: a null, empty or absent one becomes the placeholder. */
export const vehicleImageUrl = z
  .string()
  .nullish()
  .transform((url) => url || VEHICLE_PLACEHOLDER_IMAGE);
