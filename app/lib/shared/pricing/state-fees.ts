// Our own demo table of vehicle sales tax and title/registration fees by state, shipped with
// the project so every figure can be reproduced (docs/decisions/012-deal-pricing.md). The rates
// are each state's base motor-vehicle sales or use tax, rounded, without county or city add-ons;
// the fees are a typical first title plus one year of registration for a passenger car. They
// are good enough for a demo quote and are NOT a tax authority's figures: a dealer replaces
// this table with its own before selling for real.
//
// `tradeInCredit`: whether the state taxes only the price less the trade-in allowance (most
// states), or the whole price (the few that give no credit).

export type StateFees = {
  /** Sales/use tax on the vehicle, a fraction: 0.0625 for 6.25%. */
  taxRate: number;
  /** Title and first registration, in cents. */
  titleRegistrationCents: number;
  /** True when the trade-in allowance is deducted before tax. */
  tradeInCredit: boolean;
};

function row(taxPercent: number, titleRegistrationDollars: number, tradeInCredit = true): StateFees {
  return { taxRate: taxPercent / 100, titleRegistrationCents: titleRegistrationDollars * 100, tradeInCredit };
}

export const STATE_FEES = {
  AL: row(2, 95),
  AK: row(0, 115),
  AZ: row(5.6, 120),
  AR: row(6.5, 110),
  CA: row(7.25, 380, false),
  CO: row(2.9, 240),
  CT: row(6.35, 205),
  DE: row(4.25, 75),
  DC: row(6, 180, false),
  FL: row(6, 300),
  GA: row(7, 38),
  HI: row(4, 145, false),
  ID: row(6, 65),
  IL: row(6.25, 301),
  IN: row(7, 150),
  IA: row(5, 140),
  KS: row(6.5, 90),
  KY: row(6, 60, false),
  LA: row(4.45, 120),
  ME: row(5.5, 68),
  MD: row(6, 185, false),
  MA: row(6.25, 195),
  MI: row(6, 180),
  MN: row(6.875, 160),
  MS: row(5, 70),
  MO: row(4.225, 60),
  MT: row(0, 250),
  NE: row(5.5, 75),
  NV: row(6.85, 135),
  NH: row(0, 95),
  NJ: row(6.625, 145),
  NM: row(4, 100),
  NY: row(4, 175),
  NC: row(3, 150),
  ND: row(5, 100),
  OH: row(5.75, 65),
  OK: row(3.25, 115),
  OR: row(0.5, 290),
  PA: row(6, 185),
  RI: row(7, 120),
  SC: row(5, 100),
  SD: row(4, 110),
  TN: row(7, 105),
  TX: row(6.25, 153),
  UT: row(6.85, 150),
  VT: row(6, 165),
  VA: row(4.15, 115, false),
  WA: row(6.5, 200),
  WV: row(6, 100),
  WI: row(5, 165),
  WY: row(4, 75),
} as const satisfies Record<string, StateFees>;

export type StateCode = keyof typeof STATE_FEES;

/** Where the shopper lives, which decides taxes and fees: both null while their zip is unknown. */
export type PricingPlace = { state: string | null; zip: string | null };

/**
 * What we assume before the shopper's zip is known (the card, the vehicle page): 7% tax and
 * $500 for title, registration and documentation, near the national averages. Once a zip is
 * known the state's row replaces it and the change is shown with its reason.
 */
export const ESTIMATE_FEES: StateFees = { taxRate: 0.07, titleRegistrationCents: 50_000, tradeInCredit: true };

export function isStateCode(value: unknown): value is StateCode {
  return typeof value === 'string' && Object.hasOwn(STATE_FEES, value);
}

/** The row for a state, or the estimate when the state is unknown or not in the table. */
export function feesForState(state: string | null | undefined): StateFees {
  return isStateCode(state) ? STATE_FEES[state] : ESTIMATE_FEES;
}
