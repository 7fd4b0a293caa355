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
} as const;

export const CALLER_ID = 'storefront';

/** Time-outs of seed 000 §7 and seed 001 §7. */
export const API_TIMEOUT_MS = 20_000;
export const UPLOAD_TIMEOUT_MS = 420_000;
