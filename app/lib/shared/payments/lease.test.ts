import { describe, expect, it } from 'vitest';
import { estimateLease, getMaxCapCostReductionCents, getMoneyFactor, getResidualPercent } from './lease';

describe('getResidualPercent', () => {
  it('reads the residual by term and annual miles', () => {
    expect(getResidualPercent(24, 12_000)).toBe(64);
    expect(getResidualPercent(36, 12_000)).toBe(56);
    expect(getResidualPercent(48, 12_000)).toBe(48);
    expect(getResidualPercent(36, 10_000)).toBe(58);
    expect(getResidualPercent(36, 15_000)).toBe(53);
  });

  it('refuses a term or an allowance that is not offered', () => {
    expect(() => getResidualPercent(30, 12_000)).toThrow(RangeError);
    expect(() => getResidualPercent(36, 20_000)).toThrow(RangeError);
  });
});

describe('getMoneyFactor', () => {
  it('is APR / 2400', () => {
    // 5.4 / 2400 = 0.00225; 4.8 / 2400 = 0.002.
    expect(getMoneyFactor(5.4)).toBeCloseTo(0.00225, 10);
    expect(getMoneyFactor(4.8)).toBeCloseTo(0.002, 10);
  });
});

// MSRP $40,000, price $38,000, $1,000 acquisition fee rolled in, $3,000 down, 36 months at
// 12,000 miles, APR 4.8%, 6% tax on the payment, $500 title and registration paid at signing.
const lease = {
  priceCents: 3_800_000,
  msrpCents: 4_000_000,
  aprPercent: 4.8,
  termMonths: 36,
  annualMiles: 12_000,
  capCostReductionCents: 300_000,
  capitalizedFeesCents: 100_000,
  upfrontFeesCents: 50_000,
  taxRate: 0.06,
};

describe('estimateLease', () => {
  it('works out the lease terms', () => {
    // Adjusted cap cost = 38,000 + 1,000 − 3,000 = $36,000.
    // Residual = 56% × $40,000 = $22,400.
    // Depreciation = (36,000 − 22,400) / 36 = 13,600 / 36 = 377.777… → $377.78.
    // Money factor = 4.8 / 2400 = 0.002; rent charge = (36,000 + 22,400) × 0.002 = 58,400 × 0.002 = $116.80.
    // Before tax = 377.78 + 116.80 = $494.58; tax = 494.58 × 0.06 = 29.6748 → $29.67.
    // Monthly = 494.58 + 29.67 = $524.25.
    // Due at signing = 524.25 first payment + 3,000 + 0 deposit + 500 fees = $4,024.25.
    expect(estimateLease(lease)).toEqual({
      termMonths: 36,
      annualMiles: 12_000,
      adjustedCapCostCents: 3_600_000,
      residualCents: 2_240_000,
      moneyFactor: expect.closeTo(0.002, 10),
      depreciationCents: 37_778,
      rentChargeCents: 11_680,
      monthlyTaxCents: 2_967,
      monthlyPaymentCents: 52_425,
      firstPaymentCents: 52_425,
      capCostReductionCents: 300_000,
      securityDepositCents: 0,
      upfrontFeesCents: 50_000,
      dueAtSigningCents: 402_425,
    });
  });

  it('adds a security deposit to what is due at signing', () => {
    const estimate = estimateLease({ ...lease, securityDepositCents: 50_000 });
    expect(estimate.dueAtSigningCents).toBe(402_425 + 50_000);
  });

  it('charges no rent at 0% APR', () => {
    // 13,600 / 36 = $377.78; tax 6% = 22.6668 → $22.67; monthly $400.45.
    const estimate = estimateLease({ ...lease, aprPercent: 0 });
    expect(estimate.rentChargeCents).toBe(0);
    expect(estimate.monthlyPaymentCents).toBe(37_778 + 2_267);
  });

  it('keeps more value with fewer miles', () => {
    // Residual 58% × $40,000 = $23,200; depreciation = 12,800 / 36 = 355.555… → $355.56.
    const estimate = estimateLease({ ...lease, annualMiles: 10_000 });
    expect(estimate.residualCents).toBe(2_320_000);
    expect(estimate.depreciationCents).toBe(35_556);
  });

  it('takes the price as the residual base without an MSRP, and a residual override', () => {
    expect(estimateLease({ ...lease, msrpCents: undefined }).residualCents).toBe(2_128_000); // 56% × $38,000
    expect(estimateLease({ ...lease, residualPercent: 50 }).residualCents).toBe(2_000_000);
  });

  it('uses the documented defaults: 36 months, 12,000 miles, $695 acquisition fee, $500 fees, 7% tax', () => {
    const estimate = estimateLease({ priceCents: 3_000_000, aprPercent: 6 });
    expect(estimate.termMonths).toBe(36);
    expect(estimate.annualMiles).toBe(12_000);
    expect(estimate.adjustedCapCostCents).toBe(3_069_500);
    expect(estimate.upfrontFeesCents).toBe(50_000);
    expect(estimate.monthlyTaxCents).toBe(Math.round((estimate.depreciationCents + estimate.rentChargeCents) * 0.07));
  });

  it('refuses a down payment that takes the cap cost under the residual', () => {
    // 38,000 + 1,000 − 16,601 = $22,399 < $22,400.
    expect(() => estimateLease({ ...lease, capCostReductionCents: 1_660_100 })).toThrow(RangeError);
    expect(estimateLease({ ...lease, capCostReductionCents: 1_660_000 }).depreciationCents).toBe(0);
  });

  it('refuses bad inputs', () => {
    expect(() => estimateLease({ ...lease, aprPercent: -1 })).toThrow(RangeError);
    expect(() => estimateLease({ ...lease, capCostReductionCents: -1 })).toThrow(RangeError);
    expect(() => estimateLease({ ...lease, termMonths: 30 })).toThrow(RangeError);
  });
});

describe('getMaxCapCostReductionCents', () => {
  it('stops where the adjusted cap cost meets the residual', () => {
    // 38,000 + 1,000 − 22,400 = $16,600.
    expect(getMaxCapCostReductionCents(lease)).toBe(1_660_000);
  });
});
