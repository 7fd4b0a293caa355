import { describe, expect, it } from 'vitest';
import type { AprTable } from './credit';
import { getPaymentQuality, quoteFinance, type FinanceQuoteInput } from './quote';

const usedCar = { priceCents: 2_000_000, type: 'USED', year: 2020, mileage: 40_000 } as const;
const base: FinanceQuoteInput = { vehicle: usedCar, currentYear: 2025 };

describe('getPaymentQuality', () => {
  it('qualifies an ordinary estimate and an ordinary score', () => {
    expect(getPaymentQuality(base)).toEqual({ state: 'qualified' });
    expect(getPaymentQuality({ ...base, creditScore: 640 })).toEqual({ state: 'qualified' });
  });

  it('does not qualify a score under 640, before anything else', () => {
    expect(getPaymentQuality({ ...base, creditScore: 639 })).toEqual({ state: 'notQualified' });
    expect(getPaymentQuality({ ...base, creditScore: 901 })).toEqual({ state: 'notQualified' });
    const wornOut = { ...usedCar, mileage: 950_000 };
    expect(getPaymentQuality({ ...base, vehicle: wornOut, creditScore: 500 })).toEqual({ state: 'notQualified' });
  });

  it('is out of range past the mileage limit', () => {
    expect(getPaymentQuality({ ...base, vehicle: { ...usedCar, mileage: 900_000 } }).state).toBe('qualified');
    expect(getPaymentQuality({ ...base, vehicle: { ...usedCar, mileage: 900_001 } })).toEqual({
      state: 'outOfRange',
      reason: 'mileage',
    });
  });

  it('is out of range past the age limit', () => {
    // 2025 − 1975 = 50 years: allowed; 2025 − 1974 = 51: not.
    expect(getPaymentQuality({ ...base, vehicle: { ...usedCar, year: 1975 } }).state).toBe('qualified');
    expect(getPaymentQuality({ ...base, vehicle: { ...usedCar, year: 1974 } })).toEqual({
      state: 'outOfRange',
      reason: 'age',
    });
  });

  it('is out of range for a term that is not offered', () => {
    for (const termMonths of [24, 36, 48, 60, 72, 84]) {
      expect(getPaymentQuality({ ...base, termMonths }).state).toBe('qualified');
    }
    expect(getPaymentQuality({ ...base, termMonths: 66 })).toEqual({ state: 'outOfRange', reason: 'term' });
  });

  it('is out of range for a price too low to reach the minimum loan', () => {
    // 125% × $3,999.99 = $4,999.98 < $5,000.
    const cheap = { ...usedCar, priceCents: 399_999 };
    expect(getPaymentQuality({ ...base, vehicle: cheap, downPaymentCents: 0 })).toEqual({
      state: 'outOfRange',
      reason: 'price',
    });
  });

  it('reports a loan-to-value issue with its suggestions', () => {
    // $20,000 + 7% tax $1,400 + $500 fees = $21,900; $18,000 down leaves $3,900 < $5,000.
    expect(getPaymentQuality({ ...base, downPaymentCents: 1_800_000 })).toEqual({
      state: 'ltvIssue',
      reason: 'financedBelowMinimum',
      suggestedDownPaymentCents: 1_690_000,
      suggestedTradeRemoval: false,
    });
  });

  it('uses the caller’s tax, fees and limits', () => {
    // No tax or fees: $20,000 − $15,500 = $4,500 < $5,000, but fine with a $4,000 minimum.
    const input = { ...base, taxRate: 0, feesCents: 0, downPaymentCents: 1_550_000 };
    expect(getPaymentQuality(input).state).toBe('ltvIssue');
    expect(getPaymentQuality({ ...input, minFinancedCents: 400_000 }).state).toBe('qualified');
  });
});

describe('quoteFinance', () => {
  it('estimates at the very-good tier when no score is given', () => {
    const quote = quoteFinance(base);
    expect(quote.kind).toBe('estimated');
    expect(quote.creditTier).toBe('veryGood');
    expect(quote.estimate?.aprPercent).toBe(8.49);
    expect(quote.estimate?.termMonths).toBe(48);
    expect(quote.estimate?.downPaymentCents).toBe(250_000);
  });

  it('personalises with the score’s tier', () => {
    const quote = quoteFinance({ ...base, vehicle: { ...usedCar, type: 'NEW' }, creditScore: 745 });
    expect(quote.kind).toBe('personalized');
    expect(quote.creditTier).toBe('excellent');
    expect(quote.estimate?.aprPercent).toBe(5.49);
  });

  it('computes the payment with the tier’s APR', () => {
    // Every tier at 6%: $30,000 + 5% tax $1,500 + $500 fees − $2,500 down + $500 negative equity
    // = $30,000 financed at 6% over 60 months = $579.98 (worked out in finance.test.ts).
    const six = { NEW: 6, CPO: 6, USED: 6 };
    const aprTable: AprTable = { excellent: six, veryGood: six, good: six, fair: six };
    const quote = quoteFinance({
      ...base,
      vehicle: { ...usedCar, priceCents: 3_000_000 },
      creditScore: 700,
      aprTable,
      taxRate: 0.05,
      feesCents: 50_000,
      downPaymentCents: 250_000,
      tradeInEquityCents: -50_000,
      termMonths: 60,
    });
    expect(quote.estimate?.financedCents).toBe(3_000_000);
    expect(quote.estimate?.monthlyPaymentCents).toBe(57_998);
  });

  it('has no payment unless qualified', () => {
    expect(quoteFinance({ ...base, creditScore: 600 })).toEqual({
      kind: 'personalized',
      creditTier: null,
      quality: { state: 'notQualified' },
      estimate: null,
    });
    expect(quoteFinance({ ...base, termMonths: 12 }).estimate).toBeNull();
    expect(quoteFinance({ ...base, downPaymentCents: 1_800_000 }).estimate).toBeNull();
  });

  it('counts the age from the current year by default', () => {
    const year = new Date().getUTCFullYear();
    expect(quoteFinance({ vehicle: { ...usedCar, year: year - 51 } }).quality).toEqual({
      state: 'outOfRange',
      reason: 'age',
    });
  });
});
