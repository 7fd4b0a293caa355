import { z } from 'zod';
import { zipSchema } from '~/lib/search/zip';
import { checkCoBuyer, coBuyerFormFields } from '~/lib/shared/co-buyer';
import { FULFILLMENT_TEXTS } from './order-details-texts';

// The Order Details form (seed 002 §2 "Delivery and pickup": a fulfilment choice of delivery or
// pickup, and the zip it is for; §5: the zip is 5 digits, and an unsupported zip errors). One
// schema for the browser's constraints (read on the server) and the server's check; the server adds the
// zip-database check (serverOrderDetailsSchema in order-details.server.ts).

/** The fulfilment, and for a cash order the optional co-buyer (checked only when the box is ticked). */
export const orderDetailsSchema = z
  .object({
    method: z.enum(['delivery', 'pickup'], { error: FULFILLMENT_TEXTS.methodRequired }),
    zip: zipSchema,
    ...coBuyerFormFields,
  })
  .superRefine(checkCoBuyer);
