import { describe, expect, it } from 'vitest';
import { computeCalculator, getCalculatorSetup, readCalculatorParams } from './payment-calculator';

const civic = { price: 19_495, type: 'CPO' as const, year: 2024, mileage: 23_639 };

describe('the payment calculator', () => {
  it('offers the down payments the loan-to-value rule allows, $2,500 and 48 months by default', () => {
    const setup = getCalculatorSetup(civic)!;
    // Up to what keeps $5,000 financed: $19,495 + $1,364.65 + $500 - $5,000, rounded down to the dollar.
    expect(setup.optionsCents).toEqual([0, 100_000, 250_000, 500_000, 750_000, 1_000_000, 1_500_000, 1_635_900]);
    expect(setup.defaults).toEqual({ downPaymentCents: 250_000, termMonths: 48, tier: 'veryGood' });
  });

  it('has nothing to offer on a vehicle too cheap to finance', () => {
    expect(getCalculatorSetup({ price: 2_450, type: 'USED', year: 1988, mileage: 262_840 })).toBeNull();
  });

  it('reads its fields from the URL, clamping the down payment and ignoring what is not offered', () => {
    const setup = getCalculatorSetup(civic)!;
    const read = (query: string) => readCalculatorParams(new URLSearchParams(query), setup);
    expect(read('')).toEqual(setup.defaults);
    expect(read('downPayment=5%2C000&term=60&creditTier=excellent')).toEqual({
      downPaymentCents: 500_000,
      termMonths: 60,
      tier: 'excellent',
    });
    expect(read('downPayment=999999&term=61&creditTier=platinum')).toEqual({
      downPaymentCents: 1_635_900,
      termMonths: 48,
      tier: 'veryGood',
    });
    expect(read('downPayment=abc').downPaymentCents).toBe(0);
  });

  it('computes the estimate at the tier picked, still an estimate', () => {
    const { quote, block } = computeCalculator(
      civic,
      { downPaymentCents: 500_000, termMonths: 60, tier: 'excellent' },
      2026,
    );
    // $16,359.65 at 6.49% over 60 months.
    expect(quote.estimate).toMatchObject({
      financedCents: 1_635_965,
      aprPercent: 6.49,
      termMonths: 60,
      monthlyPaymentCents: 32_002,
    });
    expect(block).toMatchObject({ kind: 'estimated', label: 'Est.' });
  });
});
