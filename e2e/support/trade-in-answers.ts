// The answers of a trade-in appraisal (POST /api/trade-in/appraisals and /offers) for a 2021
// Toyota Camry LE, shared by the e2e specs and the API tests that need a saved offer. Kept free
// of Playwright so vitest can import it.

export type TradeInAnswers = {
  vin: string;
  model: string;
  trim: string;
  mileage: number;
  condition: 'Excellent' | 'Good' | 'Fair' | 'Rough';
  ownership: 'Leased' | 'Owned' | 'Finance';
  onTitle: boolean;
  registrationState: string;
  applyToPurchase: boolean;
  hasLoan: boolean;
  amountOwedCents: number | null;
};

/** A Camry LE with 60,000 miles in good condition, financed, on the title, registered in Texas. */
export function camryAnswers(vin: string, overrides: Partial<TradeInAnswers> = {}): TradeInAnswers {
  return {
    vin,
    model: 'Camry',
    trim: 'LE',
    mileage: 60_000,
    condition: 'Good',
    ownership: 'Finance',
    onTitle: true,
    registrationState: 'TX',
    applyToPurchase: true,
    hasLoan: false,
    amountOwedCents: null,
    ...overrides,
  };
}
