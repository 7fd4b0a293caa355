import { z } from 'zod';
import { zipSchema } from '~/lib/search/zip';
import { checkCoBuyer, coBuyerFormFields } from '~/lib/shared/co-buyer';

// The Order Details form (seed 002 §2 "Delivery and pickup": a fulfilment choice of delivery or
// pickup, and the zip it is for; §5: the zip is 5 digits, and an unsupported zip errors). One
// schema for the browser's constraints, the check on blur and the server; the server adds the
// zip-database check (serverOrderDetailsSchema in order-details.server.ts).

export const FULFILLMENT_TEXTS = {
  legend: 'How would you like to get your vehicle?',
  delivery: 'Delivery',
  deliveryHint:
    'We bring the vehicle to your door. Delivery within 50 miles of the vehicle is included in the delivery fee.',
  pickup: 'Pickup',
  pickupHint: 'Pick the vehicle up at our location nearest to you.',
  zipDelivery: 'Delivery Zip code',
  zipPickup: 'Your Zip code',
  zipPlaceholder: 'Your 5-digit Zip code',
  methodRequired: 'Choose delivery or pickup.',
} as const;

/** The fulfilment, and for a cash order the optional co-buyer (checked only when the box is ticked). */
export const orderDetailsSchema = z
  .object({
    method: z.enum(['delivery', 'pickup'], { error: FULFILLMENT_TEXTS.methodRequired }),
    zip: zipSchema,
    ...coBuyerFormFields,
  })
  .superRefine(checkCoBuyer);
