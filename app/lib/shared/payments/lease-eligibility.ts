import { formatUsd } from '~/lib/shared/money';
import { LEASE_MAX_AGE_YEARS, LEASE_MIN_PRICE_CENTS } from './constants';

// Whether the sandbox lender would lease a vehicle at all (issue 35 point 5: a 1993 F-150 at
// $2,500 was offered a lease). The vehicle page, its calculator, the cart and the backend's cart
// read this one rule, so no surface offers a lease the lender would refuse
// (docs/sandbox-partners.md, Lender).

export type LeaseVehicle = { year: number; priceCents: number };

/** The model year from which the lender leases, in the year of `now`. */
export function oldestLeasedYear(now: Date = new Date()): number {
  return now.getUTCFullYear() - LEASE_MAX_AGE_YEARS;
}

/** Why the lender would not lease this vehicle, said to the shopper; null when it would. */
export function leaseRefusal(vehicle: LeaseVehicle, now: Date = new Date()): string | null {
  const oldest = oldestLeasedYear(now);
  if (vehicle.year < oldest)
    return `Leasing is not offered on this vehicle: our lender leases model years ${oldest} and newer.`;
  if (vehicle.priceCents < LEASE_MIN_PRICE_CENTS)
    return `Leasing is not offered on this vehicle: our lender leases vehicles priced at ${formatUsd(LEASE_MIN_PRICE_CENTS)} or more.`;
  return null;
}
