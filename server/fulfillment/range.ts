import { eq } from 'drizzle-orm';
import { isDeliveryIncluded } from '../../app/lib/shared/pricing/delivery';
import { vehicles } from '../db/schema';
import type { DbOrTx } from '../orders/changes';
import { lookupZip, milesBetween, type Place } from '../inventory/geo';

export type DeliveryRange = { place: Place; distanceMiles: number; included: boolean };

/**
 * How far a delivery zip is from the vehicle, and whether delivery there is included (seed 002
 * §9: "Delivery within 50 miles of the vehicle is included in the delivery fee"; the rule is
 * app/lib/shared/pricing/delivery.ts). The one measure for checkout's Order Details (the cart's
 * vehicle) and the tracker's zip check and address verification (the order's vehicle): both
 * start from where the vehicle stands (`vehicles.dealer_zip`), so a zip the cart took is never
 * refused after the order is placed. Null when the delivery zip is unknown.
 */
export async function deliveryRangeFromVehicle(
  db: DbOrTx,
  vehicleId: string,
  toZip: string,
): Promise<DeliveryRange | null> {
  const [vehicle] = await db
    .select({ zip: vehicles.dealerZip })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId))
    .limit(1);
  if (!vehicle) throw new Error(`delivery of an unknown vehicle ${vehicleId}`);
  const [from, place] = await Promise.all([lookupZip(vehicle.zip), lookupZip(toZip)]);
  if (!from) throw new Error(`a vehicle stands at an unknown zip ${vehicle.zip}`);
  if (!place) return null;
  const distanceMiles = milesBetween(from, place);
  return { place, distanceMiles, included: isDeliveryIncluded(distanceMiles) };
}
