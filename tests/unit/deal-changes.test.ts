import { describe, expect, it } from 'vitest';
import { changeNoteText } from '~/components/checkout/order-summary';
import { getSummaryChanges } from '#server/checkout/summary';

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
});
