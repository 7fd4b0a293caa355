import { formatPhone } from '../tenant/text';

// The delivery rule of seed 002 §9, written once: "Delivery within 50 miles of the vehicle is
// included in the delivery fee"; further away (§8 error table) "out-of-range delivery: call for
// a custom quote". Checkout's Order Details and the tracker's delivery zip check and address
// verification all decide with isDeliveryIncluded; the order summary, the placement and the
// receipt read the fee from getDeliveryFeeCents.

export const DELIVERY_RADIUS_MILES = 50;

export type FulfillmentChoice = { method: 'delivery' | 'pickup'; zip: string };

export function isDeliveryIncluded(distanceMiles: number): boolean {
  return distanceMiles <= DELIVERY_RADIUS_MILES;
}

/**
 * The delivery fee, in cents: nothing for pickup; for a delivery, what the fee includes (the
 * backend accepts a delivery only within the radius, so it is always included); null before a
 * choice is made (the dealer adds it by phone, seed 002 §8 "Delivery fee").
 */
export function getDeliveryFeeCents(fulfillment: FulfillmentChoice | null | undefined): number | null {
  return fulfillment ? 0 : null;
}

/** The fee as the summary and the receipt say it. */
export function deliveryFeeText(fulfillment: Pick<FulfillmentChoice, 'method'> | null | undefined): string {
  if (!fulfillment) return 'The dealer will add it by phone';
  return fulfillment.method === 'pickup' ? 'None (pickup)' : `Included (within ${DELIVERY_RADIUS_MILES} miles)`;
}

/** Beside the zip at Order Details, and from the backend, when delivery is out of range. */
export function deliveryOutOfRangeMessage(phone: string | null): string {
  const call = phone ? `call ${formatPhone(phone)} for a custom quote` : 'call us for a custom quote';
  return `This Zip code is more than ${DELIVERY_RADIUS_MILES} miles from the vehicle: ${call}, or choose pickup. Delivery within ${DELIVERY_RADIUS_MILES} miles of the vehicle is included in the delivery fee.`;
}
