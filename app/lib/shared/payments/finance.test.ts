import { describe, expect, it } from 'vitest';
import { estimateFinance, getMonthlyPaymentCents, getTaxCents } from './finance';

// Expected payments are worked out by hand below, M = P·r / (1 − (1 + r)^−n) with r = APR / 12,
// powers to ten significant figures, then rounded to the cent.

describe('getMonthlyPaymentCents', () => {
  it('$30,000 at 6% over 60 months is $579.98', () => {
    // r = 0.06 / 12 = 0.005
    // (1.005)^60 = 1.3488501525, so (1.005)^−60 = 0.7413721962
    // 1 − 0.7413721962 = 0.2586278038
    // P·r = 30,000 × 0.005 = 150
    // M = 150 / 0.2586278038 = 579.9840 → $579.98
    expect(getMonthlyPaymentCents(3_000_000, 6, 60)).toBe(57_998);
  });

  it('$10,000 at 12% over 12 months is $888.49', () => {
    // r = 0.12 / 12 = 0.01
    // (1.01)^12 = 1.1268250301, so (1.01)^−12 = 0.8874492339
    // 1 − 0.8874492339 = 0.1125507661
    // P·r = 10,000 × 0.01 = 100
    // M = 100 / 0.1125507661 = 888.4879 → $888.49
    expect(getMonthlyPaymentCents(1_000_000, 12, 12)).toBe(88_849);
  });

  it('$20,000 at 7.2% over 48 months is $480.78', () => {
    // r = 0.072 / 12 = 0.006
    // (1.006)^48 = 1.3326100204, so (1.006)^−48 = 0.7504070844
    // 1 − 0.7504070844 = 0.2495929156
    // P·r = 20,000 × 0.006 = 120
    // M = 120 / 0.2495929156 = 480.7829 → $480.78
    expect(getMonthlyPaymentCents(2_000_000, 7.2, 48)).toBe(48_078);
  });

  it('$25,000 at 5.49% over 60 months is $477.41', () => {
    // r = 0.0549 / 12 = 0.004575
    // (1.004575)^60 = 1.3150490823, so (1.004575)^−60 = 0.7604278909
    // 1 − 0.7604278909 = 0.2395721091
    // P·r = 25,000 × 0.004575 = 114.375
    // M = 114.375 / 0.2395721091 = 477.4137 → $477.41
    expect(getMonthlyPaymentCents(2_500_000, 5.49, 60)).toBe(47_741);
  });

  it('divides evenly at 0% APR', () => {
    // $12,000 / 48 = $250.00 exactly.
    expect(getMonthlyPaymentCents(1_200_000, 0, 48)).toBe(25_000);
    // $10,000 / 36 = $277.777… → $277.78.
    expect(getMonthlyPaymentCents(1_000_000, 0, 36)).toBe(27_778);
  });

  it('rounds half a cent up', () => {
    // $1.50 / 4 = 37.5 cents → 38 cents; $1.49 / 4 = 37.25 cents → 37 cents.
    expect(getMonthlyPaymentCents(150, 0, 4)).toBe(38);
    expect(getMonthlyPaymentCents(149, 0, 4)).toBe(37);
  });

  it('answers 0 when nothing is borrowed', () => {
    expect(getMonthlyPaymentCents(0, 6, 60)).toBe(0);
    expect(getMonthlyPaymentCents(-5_000, 6, 60)).toBe(0);
  });

  it('refuses a bad principal, APR or term', () => {
    expect(() => getMonthlyPaymentCents(100.5, 6, 60)).toThrow(RangeError);
    expect(() => getMonthlyPaymentCents(100, -1, 60)).toThrow(RangeError);
    expect(() => getMonthlyPaymentCents(100, Number.NaN, 60)).toThrow(RangeError);
    expect(() => getMonthlyPaymentCents(100, 6, 0)).toThrow(RangeError);
    expect(() => getMonthlyPaymentCents(100, 6, 12.5)).toThrow(RangeError);
  });
});

describe('getTaxCents', () => {
  it('taxes to the cent', () => {
    // $27,995 × 0.07 = $1,959.65.
    expect(getTaxCents(2_799_500, 0.07)).toBe(195_965);
    // $10.50 × 0.07 = 73.5 cents → 74 cents (73.50000000000001 in floats).
    expect(getTaxCents(1_050, 0.07)).toBe(74);
    expect(getTaxCents(2_799_500, 0)).toBe(0);
  });

  it('defaults to 7%', () => {
    expect(getTaxCents(1_000_000)).toBe(70_000);
  });

  it('refuses a negative rate', () => {
    expect(() => getTaxCents(100, -0.01)).toThrow(RangeError);
  });
});

describe('estimateFinance', () => {
  it('finances price, tax and fees less the down payment and a negative trade-in', () => {
    // Price $30,000; tax 5% = $1,500; fees $500 → $32,000 out the door.
    // Down $2,500; trade-in owes $500 more than it is worth (equity −$500), rolled in:
    // financed = 32,000 − 2,500 − (−500) = $30,000, at 6% over 60 months = $579.98 (above).
    // Total of payments = 579.98 × 60 = $34,798.80; finance charge = 34,798.80 − 30,000 = $4,798.80.
    const estimate = estimateFinance({
      priceCents: 3_000_000,
      aprPercent: 6,
      downPaymentCents: 250_000,
      tradeInEquityCents: -50_000,
      termMonths: 60,
      taxRate: 0.05,
      feesCents: 50_000,
    });
    expect(estimate).toEqual({
      priceCents: 3_000_000,
      taxesCents: 150_000,
      feesCents: 50_000,
      downPaymentCents: 250_000,
      tradeInEquityCents: -50_000,
      financedCents: 3_000_000,
      aprPercent: 6,
      termMonths: 60,
      monthlyPaymentCents: 57_998,
      totalOfPaymentsCents: 3_479_880,
      financeChargeCents: 479_880,
    });
  });

  it('takes a positive trade-in off the amount financed', () => {
    // $32,000 − $2,500 down − $5,000 equity = $24,500; at 0% over 35 months, 24,500 / 35 = $700.00.
    const estimate = estimateFinance({
      priceCents: 3_000_000,
      aprPercent: 0,
      downPaymentCents: 250_000,
      tradeInEquityCents: 500_000,
      termMonths: 35,
      taxRate: 0.05,
      feesCents: 50_000,
    });
    expect(estimate.financedCents).toBe(2_450_000);
    expect(estimate.monthlyPaymentCents).toBe(70_000);
  });

  it('uses the documented defaults: $2,500 down, 48 months, 7% tax, $500 fees', () => {
    // Price $27,995; tax 7% = $1,959.65; fees $500 → $30,454.65; less $2,500 down = $27,954.65.
    // At 0%: 2,795,465 cents / 48 = 58,238.85 cents → $582.39.
    const estimate = estimateFinance({ priceCents: 2_799_500, aprPercent: 0 });
    expect(estimate.downPaymentCents).toBe(250_000);
    expect(estimate.termMonths).toBe(48);
    expect(estimate.taxesCents).toBe(195_965);
    expect(estimate.feesCents).toBe(50_000);
    expect(estimate.financedCents).toBe(2_795_465);
    expect(estimate.monthlyPaymentCents).toBe(58_239);
    // Rounding each payment up by 0.15 cents costs 48 × 0.146 ≈ 7 cents over the loan.
    expect(estimate.financeChargeCents).toBe(58_239 * 48 - 2_795_465);
  });

  it('never finances a negative amount', () => {
    const estimate = estimateFinance({ priceCents: 1_000_000, aprPercent: 6, downPaymentCents: 2_000_000 });
    expect(estimate.financedCents).toBe(0);
    expect(estimate.monthlyPaymentCents).toBe(0);
  });

  it('refuses amounts that are not integer cents', () => {
    expect(() => estimateFinance({ priceCents: 1_000_000.5, aprPercent: 6 })).toThrow(RangeError);
    expect(() => estimateFinance({ priceCents: 1_000_000, aprPercent: 6, downPaymentCents: 0.5 })).toThrow(RangeError);
  });
});
