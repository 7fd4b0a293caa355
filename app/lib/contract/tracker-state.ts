import { z } from 'zod';
import { orderHistoryResponseSchema, orderSchema } from './orders';
import {
  documentKeySchema,
  documentSchema,
  idVerificationStatusSchema,
  insuranceProgressSchema,
  signingReadinessSchema,
  signingStatusSchema,
} from './tracker';

// Its own module so that the tracker's pages, which load ./tracker, do not also load the order
// schemas this answer is built from (the bare redirect reads it on the server only).

/**
 * Everything the tracker's steps are worked out from, in one answer: what the bare
 * /progress/{orderNumber} redirect (and any unknown tracker path) needs to find the active step
 * without the page's eight calls. The same shapes as those calls answer.
 */
export const trackerStateResponseSchema = z.object({
  data: z.object({
    order: orderSchema,
    history: orderHistoryResponseSchema.shape.data.shape.history,
    idVerification: idVerificationStatusSchema,
    readiness: signingReadinessSchema,
    signing: signingStatusSchema,
    insurance: insuranceProgressSchema,
    required: z.array(documentKeySchema),
    documents: z.array(documentSchema),
  }),
});
export type TrackerState = z.infer<typeof trackerStateResponseSchema>['data'];
