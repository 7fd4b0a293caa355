import { isDeliveryIncluded } from '../../app/lib/shared/pricing/delivery';
import { lookupZip, milesBetween, type Place } from '../inventory/geo';

/**
 * How far a delivery zip is from where the car starts, and whether delivery there is included
 * (app/lib/shared/pricing/delivery.ts). Null when the delivery zip is unknown. Used by the
 * tracker's zip check and address verification, and by checkout's Order Details.
 */
export async function deliveryRange(
  fromZip: string,
  toZip: string,
): Promise<{ place: Place; distanceMiles: number; included: boolean } | null> {
  const [from, place] = await Promise.all([lookupZip(fromZip), lookupZip(toZip)]);
  if (!from) throw new Error(`delivery from an unknown zip ${fromZip}`);
  if (!place) return null;
  const distanceMiles = milesBetween(from, place);
  return { place, distanceMiles, included: isDeliveryIncluded(distanceMiles) };
}
