import { describe, expect, it } from 'vitest';
import { changeNoteText } from '~/components/checkout/order-summary';
import { getDealProblems, getSummaryChanges, priceSummaryDeal } from '#server/checkout/summary';

// Issue 12 item 2: a figure that moved since the vehicle page's estimate is shown with its
// previous value and why.

const vehicle = { priceCents: 2_000_000, msrpCents: 0, type: 'USED' as const, mileage: 30_000, year: 2021 };
const deal = {
  dealType: 'Finance' as const,
  downPaymentCents: 250_000,
  termMonths: 48,
  annualMiles: null,
  protectionCents: 0,
};

describe('summary changes', () => {
  it('none while nothing but the estimate is known', () => {
    expect(getSummaryChanges(vehicle, deal)).toEqual([]);
  });

  it('names the zip when the state changes the taxes and fees, with the estimate as the previous value', () => {
    const changes = getSummaryChanges(vehicle, { ...deal, state: 'TX', zip: '78701' });
    // Estimate: 7 % of 20,000 + $500 = 1,900; Texas: 6.25 % = 1,250 + $153 = 1,403.
    expect(changes.find((change) => change.row === 'taxTitleRegistration')).toEqual({
      row: 'taxTitleRegistration',
      previous: 190_000,
      current: 140_300,
      reasons: ['zip'],
      since: 'estimate',
    });
    const monthly = changes.find((change) => change.row === 'monthly')!;
    // Estimate: 19,400 at 8.49 % over 48 = 478.09.
    expect(monthly.previous).toBe(47_809);
    expect(changeNoteText(monthly)).toBe('Was $478.09/mo in your estimate: Taxes and fees now follow your Zip code.');
  });

  it('names protection and the lender APR', () => {
    const changes = getSummaryChanges(vehicle, { ...deal, protectionCents: 150_000, aprPercent: 6.99 });
    const monthly = changes.find((change) => change.row === 'monthly')!;
    expect(monthly.reasons).toEqual(['protection', 'lenderApr']);
    const apr = changes.find((change) => change.row === 'apr')!;
    expect(changeNoteText(apr)).toBe(
      "Was 8.49% in your estimate: Vehicle protection changed; The lender's APR differs from the estimate.",
    );
    expect(changes.find((change) => change.row === 'dueToday')).toBeUndefined();
  });

  it('prices the estimate at the tier the calculator carried, so the cart opens without a change', () => {
    // Excellent credit on a used vehicle: 6.99 %; 19,400 over 48 months = 464.47.
    const excellent = { ...deal, creditTier: 'excellent' as const };
    expect(getSummaryChanges(vehicle, excellent)).toEqual([]);
    expect(priceSummaryDeal(vehicle, excellent)).toMatchObject({ aprPercent: 6.99, monthlyPaymentCents: 46_447 });
  });

  it('after the shopper acknowledges, flags only what moved since, with the acknowledged value', () => {
    const withZip = { ...deal, state: 'TX', zip: '78701' };
    const acknowledged = priceSummaryDeal(vehicle, withZip)!;
    // Nothing moved since the acknowledgement: no notes.
    expect(getSummaryChanges(vehicle, withZip, acknowledged)).toEqual([]);
    // The lender then answers 6.99 %: the APR note says 8.49 % was the figure acknowledged.
    const changes = getSummaryChanges(vehicle, { ...withZip, aprPercent: 6.99 }, acknowledged);
    const apr = changes.find((change) => change.row === 'apr')!;
    expect(apr).toMatchObject({ previous: 8.49, current: 6.99, reasons: ['lenderApr'], since: 'acknowledged' });
    expect(changeNoteText(apr)).toBe("Was 8.49% when you last checked: The lender's APR differs from the estimate.");
    expect(changes.find((change) => change.row === 'taxTitleRegistration')).toBeUndefined();
  });
});

// Issue 31 point 4: the loan-to-value hint counts the trade-in tax credit, so it does not ask
// for a bigger down payment while the priced deal (and its payment) is within the limit.
describe('loan-to-value with a trade-in tax credit', () => {
  it('takes the credited tax, as the priced deal does', () => {
    const credited = {
      ...deal,
      downPaymentCents: 30_000,
      protectionCents: 400_000,
      state: 'TX',
      zip: '78701',
      tradeIn: { offerCents: 1_000_000, payoffCents: 1_000_000, taxCreditAllowed: true },
    };
    expect(getDealProblems(vehicle, credited)).toEqual([]);
    // Without the credit the same deal is above the limit: the hint is real there.
    expect(
      getDealProblems(vehicle, { ...credited, tradeIn: { ...credited.tradeIn, taxCreditAllowed: false } }),
    ).toHaveLength(1);
  });
});
