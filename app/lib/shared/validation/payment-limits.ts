// The per-payment limits (seed 001 §9), without zod: a page states them before its payment forms
// (and their schemas, ./payment.ts) have loaded (decision 056).

/** Seed 001 §9 "Credit card limit: 7000": a card pays at most $7,000 at a time. */
export const CARD_LIMIT_CENTS = 700_000;
/** Seed 001 §9 "ACH limit: 6500": a bank transfer pays at most $6,500 at a time. */
export const ACH_LIMIT_CENTS = 650_000;
