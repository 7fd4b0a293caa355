import { describe, expect, it } from 'vitest';
import { diffDeals, priceDeal, taxesAndFeesCents } from './deal';
import { ESTIMATE_FEES, STATE_FEES, feesForState } from './state-fees';

// Worked examples, each figure computed by hand in the comment beside it (docs/decisions/012).

describe('priceDeal: finance in Texas with a trade-in and protection', () => {
  // Price $25,000 (used), Texas 6.25 % tax and $153 title/registration, trade-in offer $8,000
  // with $5,000 owed (equity $3,000, tax credit allowed), protection $1,500, $3,000 down,
  // 60 months at the excellent tier's 6.99 %.
  const deal = priceDeal({
    dealType: 'Finance',
    vehicle: { priceCents: 2_500_000, type: 'USED' },
    state: 'TX',
    zip: '78701',
    protectionCents: 150_000,
    tradeIn: { offerCents: 800_000, payoffCents: 500_000, taxCreditAllowed: true },
    downPaymentCents: 300_000,
    termMonths: 60,
    creditTier: 'excellent',
  });

  it('taxes the price less the trade-in allowance', () => {
    // (25,000 − 8,000) × 6.25 % = 1,062.50
    expect(deal.taxesCents).toBe(106_250);
    expect(deal.feesCents).toBe(15_300);
  });

  it('finances price + tax + fees + protection − equity − down payment', () => {
    // 25,000 + 1,062.50 + 153 + 1,500 − 3,000 = 24,715.50; − 3,000 down = 21,715.50
    expect(deal.totalCents).toBe(2_471_550);
    expect(deal.amountFinancedCents).toBe(2_171_550);
    expect(deal.aprPercent).toBe(6.99);
    // 21,715.50 × r / (1 − (1 + r)^−60), r = 0.0699 / 12 → 429.890…
    expect(deal.monthlyPaymentCents).toBe(42_989);
    expect(deal.dueTodayCents).toBe(300_000);
    expect(deal.tradeIn?.equityCents).toBe(300_000);
  });
});

describe('priceDeal: lease in California with protection', () => {
  // New, price $30,000, MSRP $32,000, California 7.25 % and $380, no trade-in, $2,000 down,
  // 36 months, 12,000 miles, protection $900, excellent tier (new) 5.49 %.
  const deal = priceDeal({
    dealType: 'Lease',
    vehicle: { priceCents: 3_000_000, msrpCents: 3_200_000, type: 'NEW' },
    state: 'CA',
    protectionCents: 90_000,
    downPaymentCents: 200_000,
    termMonths: 36,
    annualMiles: 12_000,
    creditTier: 'excellent',
  });

  it('capitalises the acquisition fee and protection and reduces by the down payment', () => {
    // 30,000 + 695 + 900 − 2,000 = 29,595; residual 56 % of 32,000 = 17,920
    expect(deal.amountFinancedCents).toBe(2_959_500);
    expect(deal.lease?.residualCents).toBe(1_792_000);
    expect(deal.lease?.moneyFactor).toBeCloseTo(0.0022875, 10);
  });

  it('prices the monthly payment with the state tax on it', () => {
    // depreciation (29,595 − 17,920) / 36 = 324.31; rent (29,595 + 17,920) × 0.0022875 = 108.69;
    // tax 7.25 % × 433.00 = 31.39; monthly 464.39
    expect(deal.lease?.monthlyTaxCents).toBe(3_139);
    expect(deal.monthlyPaymentCents).toBe(46_439);
    expect(deal.taxesCents).toBe(3_139 * 36);
  });

  it('collects first payment + down payment + fees at signing', () => {
    // 464.39 + 2,000 + 380 = 2,844.39
    expect(deal.dueTodayCents).toBe(284_439);
    expect(taxesAndFeesCents(deal)).toBe(38_000);
    expect(deal.lease?.annualMiles).toBe(12_000);
  });
});

describe('priceDeal: cash in Illinois with a paid-off trade-in and protection', () => {
  // Price $12,000, Illinois 6.25 % and $301, trade-in offer $3,000 owned outright, protection $700.
  const deal = priceDeal({
    dealType: 'Cash',
    vehicle: { priceCents: 1_200_000, type: 'USED' },
    state: 'IL',
    protectionCents: 70_000,
    tradeIn: { offerCents: 300_000, payoffCents: 0, taxCreditAllowed: true },
  });

  it('charges price + tax + fees + protection − equity today', () => {
    // tax (12,000 − 3,000) × 6.25 % = 562.50; 12,000 + 562.50 + 301 + 700 − 3,000 = 10,563.50
    expect(deal.taxesCents).toBe(56_250);
    expect(deal.totalCents).toBe(1_056_350);
    expect(deal.dueTodayCents).toBe(1_056_350);
    expect(deal.monthlyPaymentCents).toBeNull();
    expect(deal.aprPercent).toBeNull();
  });
});

describe('priceDeal: states that give no trade-in tax credit, and the estimate row', () => {
  it('taxes the whole price in California even with a trade-in', () => {
    const deal = priceDeal({
      dealType: 'Cash',
      vehicle: { priceCents: 2_000_000, type: 'USED' },
      state: 'CA',
      tradeIn: { offerCents: 500_000, payoffCents: 0, taxCreditAllowed: true },
    });
    // 20,000 × 7.25 % = 1,450
    expect(deal.taxesCents).toBe(145_000);
  });

  it('uses 7 % and $500 until the state is known', () => {
    expect(feesForState(null)).toBe(ESTIMATE_FEES);
    expect(feesForState('ZZ')).toBe(ESTIMATE_FEES);
    expect(feesForState('WI')).toBe(STATE_FEES.WI);
    // Finance $20,000 used, default $2,500 down, 48 months, the estimate tier (very good, 8.49 %):
    // 20,000 + 1,400 + 500 − 2,500 = 19,400 financed → 478.085… = 478.09/mo
    const deal = priceDeal({ dealType: 'Finance', vehicle: { priceCents: 2_000_000, type: 'USED' } });
    expect(deal.amountFinancedCents).toBe(1_940_000);
    expect(deal.monthlyPaymentCents).toBe(47_809);
  });
});

describe('diffDeals', () => {
  it('names the zip as the reason when the state changes the taxes', () => {
    const input = { dealType: 'Cash' as const, vehicle: { priceCents: 1_000_000, type: 'USED' as const } };
    const before = priceDeal(input);
    const after = priceDeal({ ...input, state: 'TX', zip: '78701' });
    const changes = diffDeals(before, after);
    // 7 % → 6.25 %: 700 → 625
    expect(changes.find((change) => change.figure === 'taxesCents')).toEqual({
      figure: 'taxesCents',
      previous: 70_000,
      current: 62_500,
      reasons: ['zip'],
    });
  });
});
