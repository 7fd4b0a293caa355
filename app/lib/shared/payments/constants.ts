// The numbers behind every payment estimate. Seed values are marked with their section; the
// others are our own choices, each with the reason, so a reviewer can challenge one number at a
// time. Amounts are integer cents; rates are decimal fractions unless the name says percent.

export type VehicleType = 'NEW' | 'CPO' | 'USED';

/** Seed 001 §9: $2,500. */
export const DEFAULT_DOWN_PAYMENT_CENTS = 250_000;

/** Seed 001 §9: 48 months. */
export const DEFAULT_TERM_MONTHS = 48;

/** Finance terms a shopper may pick, in months. Anything else is out of range. */
export const FINANCE_TERMS_MONTHS = [24, 36, 48, 60, 72, 84] as const;

/**
 * Sales tax applied to the vehicle price when the shopper's state is not known yet. 7% sits
 * near the average combined state and local sales-tax rate in the US; states tax vehicles
 * differently (some credit the trade-in, some cap the tax), so callers that know the state
 * pass its rate. Only the price is taxed here; fees are not.
 */
export const DEFAULT_TAX_RATE = 0.07;

/**
 * Title, registration and documentation fees when the dealer's real figures are not known:
 * $500, a middle value for title plus first registration across states. Financed with the
 * vehicle, and paid at signing on a lease.
 */
export const DEFAULT_FEES_CENTS = 50_000;

/**
 * Lenders do not write car loans below a floor, because the cost of booking the loan outweighs
 * its interest; $5,000 is a common floor. A smaller financed amount asks the shopper to lower
 * the down payment or remove the trade-in (seed 002 §5).
 */
export const MIN_FINANCED_CENTS = 500_000;

/**
 * The most a lender finances, as a percentage of the vehicle price: 125%. Lenders allow more
 * than 100% so that tax, fees and some negative trade-in equity can be rolled in; published
 * caps run from about 110% to 150%, and 125% sits in the middle. A larger financed amount asks
 * the shopper to raise the down payment or remove the trade-in (seed 001 §4).
 */
export const MAX_LTV_PERCENT = 125;

/** Seed 001 §9: a vehicle with more miles than this gets no payment. */
export const VEHICLE_MILEAGE_LIMIT = 900_000;

/** Seed 001 §9: a vehicle older than this many model years gets no payment. */
export const VEHICLE_AGE_LIMIT_YEARS = 50;

/** Lease terms offered, in months, and the one assumed when none is picked. */
export const LEASE_TERMS_MONTHS = [24, 36, 48] as const;
export type LeaseTermMonths = (typeof LEASE_TERMS_MONTHS)[number];
export const DEFAULT_LEASE_TERM_MONTHS = 36;

/** Annual mileage allowances offered on a lease, and the usual default. */
export const LEASE_ANNUAL_MILES = [10_000, 12_000, 15_000] as const;
export type LeaseAnnualMiles = (typeof LEASE_ANNUAL_MILES)[number];
export const DEFAULT_LEASE_ANNUAL_MILES = 12_000;

/**
 * The lessor's acquisition fee, capitalised into the lease (added to the cap cost): $695,
 * in the range captive lenders charge ($595 to $1,095).
 */
export const DEFAULT_LEASE_ACQUISITION_FEE_CENTS = 69_500;

/**
 * The sandbox lender leases a vehicle at most this many model years old (a 2020 in 2026):
 * lessors set residuals from auction data, which thins out for older cars, and lease used
 * cars only while they are young. Six years is the upper end of published used-lease programmes.
 */
export const LEASE_MAX_AGE_YEARS = 6;

/**
 * ... and priced at least $10,000: below that the residual and the fees of a lease leave the
 * shopper little to spread over the term, and lessors do not write it.
 */
export const LEASE_MIN_PRICE_CENTS = 1_000_000;
