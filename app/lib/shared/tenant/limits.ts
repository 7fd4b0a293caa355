import type { Tenant } from './schema';

/**
 * A tenant's inventory limits (config `inventory`: mileage and age in years). A vehicle outside
 * them is not the tenant's to sell: no page, no favourite, no compare, no cart. The backend
 * applies the same rule in SQL (server/inventory/cards.ts); the storefront checks it again on
 * the vehicle page, so a backend that forgot cannot show one.
 */
export function isWithinTenantLimits(
  limits: Tenant['inventory'],
  vehicle: { year: number; mileage: number },
  now: Date = new Date(),
): boolean {
  return vehicle.mileage <= limits.mileageLimit && vehicle.year >= now.getUTCFullYear() - limits.ageLimit;
}
