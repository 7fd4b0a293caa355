import { describe, expect, it } from 'vitest';
import { MAX_LTV_PERCENT, MIN_FINANCED_CENTS } from './constants';
import { checkLoanToValue, getDownPaymentLimits, getFinancedRange } from './loan-to-value';

// A $20,000 car: tax $1,400, fees $500 → $21,900 out the door. The lender finances from
// $5,000 (MIN_FINANCED_CENTS) to 125% × $20,000 = $25,000 (MAX_LTV_PERCENT).
const car = { priceCents: 2_000_000, taxesCents: 140_000, feesCents: 50_000 };

describe('the documented limits', () => {
  it('are $5,000 and 125%', () => {
    expect(MIN_FINANCED_CENTS).toBe(500_000);
    expect(MAX_LTV_PERCENT).toBe(125);
  });
});

describe('getFinancedRange', () => {
  it('runs from the minimum loan to 125% of the price', () => {
    expect(getFinancedRange(2_000_000)).toEqual({ minCents: 500_000, maxCents: 2_500_000 });
  });

  it('is empty when 125% of the price is under the minimum loan', () => {
    // 125% × $4,000 = $5,000: just financeable. 125% × $3,999.99 = $4,999.99 (floored): not.
    expect(getFinancedRange(400_000)).toEqual({ minCents: 500_000, maxCents: 500_000 });
    expect(getFinancedRange(399_999)).toBeNull();
  });

  it('takes other limits', () => {
    expect(getFinancedRange(2_000_000, { minFinancedCents: 100_000, maxLtvPercent: 110 })).toEqual({
      minCents: 100_000,
      maxCents: 2_200_000,
    });
  });
});

describe('checkLoanToValue', () => {
  it('passes a loan inside the range', () => {
    // 21,900 − 2,500 = $19,400.
    expect(checkLoanToValue({ ...car, downPaymentCents: 250_000, tradeInEquityCents: 0 })).toEqual({
      ok: true,
      financedCents: 1_940_000,
    });
  });

  it('passes the exact minimum and the exact maximum', () => {
    // 21,900 − 16,900 = $5,000; 21,900 + 3,100 negative equity = $25,000.
    expect(checkLoanToValue({ ...car, downPaymentCents: 1_690_000, tradeInEquityCents: 0 }).ok).toBe(true);
    expect(checkLoanToValue({ ...car, downPaymentCents: 0, tradeInEquityCents: -310_000 }).ok).toBe(true);
  });

  it('asks to raise the down payment, or drop a negative trade-in, above the maximum', () => {
    // Trade-in owes $6,000 more than it is worth: 21,900 − 2,500 + 6,000 = $25,400 > $25,000.
    // Down payment that fixes it: 21,900 + 6,000 − 25,000 = $2,900.
    // Without the trade-in: 21,900 − 2,500 = $19,400, inside the range.
    expect(checkLoanToValue({ ...car, downPaymentCents: 250_000, tradeInEquityCents: -600_000 })).toEqual({
      ok: false,
      reason: 'financedAboveMaximum',
      financedCents: 2_540_000,
      suggestedDownPaymentCents: 290_000,
      suggestedTradeRemoval: true,
    });
  });

  it('rounds a raised down payment up to the dollar', () => {
    // Negative equity $6,000.50: 21,900 + 6,000.50 − 25,000 = $2,900.50 → $2,901.
    const result = checkLoanToValue({ ...car, downPaymentCents: 0, tradeInEquityCents: -600_050 });
    expect(result).toMatchObject({ ok: false, reason: 'financedAboveMaximum', suggestedDownPaymentCents: 290_100 });
  });

  it('does not suggest dropping a trade-in whose removal would still leave the loan too big', () => {
    // A $20,000 car with $10,000 tax and fees (a high-fee case): 30,000 − 0 = $30,000 > $25,000
    // with or without the −$1,000 trade-in, so only the down payment helps: $30,000 + 1,000 − 25,000 = $6,000.
    const result = checkLoanToValue({
      priceCents: 2_000_000,
      taxesCents: 500_000,
      feesCents: 500_000,
      downPaymentCents: 0,
      tradeInEquityCents: -100_000,
    });
    expect(result).toEqual({
      ok: false,
      reason: 'financedAboveMaximum',
      financedCents: 3_100_000,
      suggestedDownPaymentCents: 600_000,
      suggestedTradeRemoval: false,
    });
  });

  it('offers no down payment when rounding to the dollar would overshoot a range narrower than a dollar', () => {
    // Price $4,000.40: range $5,000.00 to $5,000.50. Negative equity $1,999.11 → $5,999.51 financed.
    // Raising by $999.01 rounds up to $1,000 → $4,999.51, under the minimum: no down payment fits,
    // and without the trade-in $4,000.40 is under the minimum too.
    const result = checkLoanToValue({
      priceCents: 400_040,
      taxesCents: 0,
      feesCents: 0,
      downPaymentCents: 0,
      tradeInEquityCents: -199_911,
    });
    expect(result).toMatchObject({
      ok: false,
      reason: 'financedAboveMaximum',
      suggestedDownPaymentCents: null,
      suggestedTradeRemoval: false,
    });
  });

  it('asks to lower the down payment below the minimum loan', () => {
    // 21,900 − 18,000 = $3,900 < $5,000. Down payment that fixes it: 21,900 − 5,000 = $16,900.
    expect(checkLoanToValue({ ...car, downPaymentCents: 1_800_000, tradeInEquityCents: 0 })).toEqual({
      ok: false,
      reason: 'financedBelowMinimum',
      financedCents: 390_000,
      suggestedDownPaymentCents: 1_690_000,
      suggestedTradeRemoval: false,
    });
  });

  it('rounds a lowered down payment down to the dollar', () => {
    // Fees $500.40: 21,900.40 − 5,000 = $16,900.40 → $16,900.
    const result = checkLoanToValue({ ...car, feesCents: 50_040, downPaymentCents: 2_000_000, tradeInEquityCents: 0 });
    expect(result).toMatchObject({ reason: 'financedBelowMinimum', suggestedDownPaymentCents: 1_690_000 });
  });

  it('also offers to drop a positive trade-in when that fixes a loan under the minimum', () => {
    // $10,000 equity, $8,000 down: 21,900 − 8,000 − 10,000 = $3,900.
    // Lower the down payment to 21,900 − 10,000 − 5,000 = $6,900, or drop the trade-in: 21,900 − 8,000 = $13,900.
    expect(checkLoanToValue({ ...car, downPaymentCents: 800_000, tradeInEquityCents: 1_000_000 })).toEqual({
      ok: false,
      reason: 'financedBelowMinimum',
      financedCents: 390_000,
      suggestedDownPaymentCents: 690_000,
      suggestedTradeRemoval: true,
    });
  });

  it('says so when the trade-in equity exceeds what is left to finance', () => {
    // $15,000 equity, $8,000 down: 21,900 − 8,000 = $13,900 < $15,000 → −$1,100 financed.
    // Lower the down payment to 21,900 − 15,000 − 5,000 = $1,900, or drop the trade-in ($13,900).
    expect(checkLoanToValue({ ...car, downPaymentCents: 800_000, tradeInEquityCents: 1_500_000 })).toEqual({
      ok: false,
      reason: 'tradeEquityExceedsFinanced',
      financedCents: -110_000,
      suggestedDownPaymentCents: 190_000,
      suggestedTradeRemoval: true,
    });
  });

  it('leaves only the trade-in removal when even no down payment is too much', () => {
    // $20,000 equity, $5,000 down: 21,900 − 5,000 − 20,000 = −$3,100 financed.
    // Even at $0 down, 21,900 − 20,000 = $1,900 < $5,000, so no down payment fixes it;
    // without the trade-in, 21,900 − 5,000 = $16,900 is fine.
    expect(checkLoanToValue({ ...car, downPaymentCents: 500_000, tradeInEquityCents: 2_000_000 })).toEqual({
      ok: false,
      reason: 'tradeEquityExceedsFinanced',
      financedCents: -310_000,
      suggestedDownPaymentCents: null,
      suggestedTradeRemoval: true,
    });
  });

  it('refuses a negative down payment and an unfinanceable price', () => {
    expect(() => checkLoanToValue({ ...car, downPaymentCents: -1, tradeInEquityCents: 0 })).toThrow(RangeError);
    expect(() =>
      checkLoanToValue({
        priceCents: 300_000,
        taxesCents: 0,
        feesCents: 0,
        downPaymentCents: 0,
        tradeInEquityCents: 0,
      }),
    ).toThrow(RangeError);
  });

  it('takes other limits', () => {
    // With a $1,000 minimum, $3,900 financed is fine.
    const result = checkLoanToValue({
      ...car,
      downPaymentCents: 1_800_000,
      tradeInEquityCents: 0,
      minFinancedCents: 100_000,
    });
    expect(result.ok).toBe(true);
  });
});

describe('getDownPaymentLimits', () => {
  it('runs from $0 to what leaves the minimum loan', () => {
    // max = 21,900 − 5,000 = $16,900; min = max(0, 21,900 − 25,000) = $0.
    expect(getDownPaymentLimits({ ...car, tradeInEquityCents: 0 })).toEqual({ minCents: 0, maxCents: 1_690_000 });
  });

  it('starts above $0 when negative equity pushes the loan over the maximum', () => {
    // 21,900 + 6,000 = $27,900: min 27,900 − 25,000 = $2,900, max 27,900 − 5,000 = $22,900.
    expect(getDownPaymentLimits({ ...car, tradeInEquityCents: -600_000 })).toEqual({
      minCents: 290_000,
      maxCents: 2_290_000,
    });
  });

  it('rounds inwards to whole dollars', () => {
    // Negative equity $6,000.50 → min $2,900.50 → $2,901; max $22,900.50 → $22,900.
    expect(getDownPaymentLimits({ ...car, tradeInEquityCents: -600_050 })).toEqual({
      minCents: 290_100,
      maxCents: 2_290_000,
    });
  });

  it('is null when no down payment works or the car cannot be financed', () => {
    expect(getDownPaymentLimits({ ...car, tradeInEquityCents: 2_000_000 })).toBeNull();
    expect(
      getDownPaymentLimits({ priceCents: 300_000, taxesCents: 0, feesCents: 0, tradeInEquityCents: 0 }),
    ).toBeNull();
  });
});
