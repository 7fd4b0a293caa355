import { z } from 'zod';

// POST /api/inventory/feeds: a tenant's own systems send their inventory feed (CSV or JSON
// body, Content-Type text/csv or application/json), authenticated by the tenant's feed API key
// (`Authorization: Bearer <INVENTORY_API_KEY_<TENANT>>`) and the x-tenant-id header.
// `?mode=partial` only adds and updates; the default full feed removes what it does not list.
// 200 with the report (also when some rows were rejected: they are listed), 400 for a body
// that is not CSV or JSON, 401 for a missing or wrong key, 413 for a body over the limit.

/** The largest feed body the endpoint reads (100 MiB): the general API body limit does not apply to it. */
export const MAX_FEED_BODY_BYTES = 100 * 1024 * 1024;

export const FEED_ERRORS = {
  unauthorized: 'error.feed.unauthorized',
  invalidFeed: 'error.feed.invalid',
} as const;

export const feedProblemSchema = z.object({ row: z.number().int().positive(), column: z.string(), reason: z.string() });

export const feedImportReportSchema = z.object({
  tenantId: z.string(),
  format: z.enum(['csv', 'json']),
  mode: z.enum(['full', 'partial']),
  rows: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  unknownColumns: z.array(z.string()),
  problems: z.array(feedProblemSchema),
  problemCount: z.number().int(),
  /** Rows taken that look wrong, e.g. a NEW vehicle with 28,000 miles (same shape as problems). */
  warnings: z.array(feedProblemSchema),
  /**
   * Photos the feed lists that could not be stored (not an image, a 404, too large, an address
   * refused), at most 1,000 (all counted). Photos are fetched after an import, so a photo's
   * failure shows in the reports of the feeds that list it after the fetch.
   */
  photoProblems: z.array(z.object({ row: z.number().int().positive(), url: z.string(), reason: z.string() })),
  photoProblemCount: z.number().int(),
});
export type FeedImportReport = z.infer<typeof feedImportReportSchema>;

export const feedImportResponseSchema = z.object({ data: feedImportReportSchema });

/** `?mode=partial` only adds and updates; anything else (or nothing) is a full feed. */
export const feedImportQuerySchema = z.object({
  mode: z
    .enum(['full', 'partial'])
    .optional()
    .catch(undefined)
    .transform((mode) => mode ?? 'full'),
});
