import { z } from 'zod';
import { isoDateTime } from './common';

// GET /api/account/shell (our extension of the seed's API, decision 072): what the header and
// the pre-qualification toast show of a signed-in shopper, counted in one read. A platform that
// answers 404 or 501 here is asked the seed's own calls instead (app/lib/shell.server.ts).

export const shellSummarySchema = z.object({
  /** The cart badge (seed 001 §4, issue 31): the vehicles in the cart (1 while the open cart holds one not yet placed, else 0). */
  cart: z.number().int().nonnegative(),
  /** The saved-vehicles badge; null when the tenant does not show favourites. */
  favorites: z.number().int().nonnegative().nullable(),
  /** The pre-qualification toast's facts when it is near or past its expiry, else null. */
  prequal: z
    .object({
      reminder: z.enum(['expiring', 'expired']),
      expiresAt: isoDateTime,
      canRefresh: z.boolean(),
    })
    .nullable(),
});
export type ShellSummary = z.infer<typeof shellSummarySchema>;

export const shellSummaryResponseSchema = z.object({ data: shellSummarySchema });
