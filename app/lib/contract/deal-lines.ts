import { z } from 'zod';

// The deal's line list (app/lib/shared/pricing/deal-lines.ts) as the commerce API answers it
// with a cart, a receipt and a deal's terms (issue 31): the storefront renders these lines as
// they come, so every surface prints the same lines for the same stored deal.

const dealLineSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** What the line adds to its group's total (negative: subtracted); null for a term that is not a sum. */
  cents: z.number().int().nullable(),
  value: z.string(),
  /** The value is a sentence, not a figure: the cart's no-payment state on the monthly payment line. */
  sentence: z.boolean().optional(),
});

export const dealLinesSchema = z.object({
  dealType: z.enum(['Cash', 'Finance', 'Lease']),
  groups: z.array(
    z.object({ id: z.string(), title: z.string(), lines: z.array(dealLineSchema), total: dealLineSchema }),
  ),
  terms: z.array(dealLineSchema),
  parties: z.array(dealLineSchema),
});
