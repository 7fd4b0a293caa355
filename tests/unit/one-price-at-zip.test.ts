import { describe, expect, it } from 'vitest';
import { getCardPayment } from '~/lib/search/card-model';
import { priceSummaryDeal } from '#server/checkout/summary';

// Issue 31, decision 105: a card and the cart price the same deal at the same zip alike.

describe('one payment for one zip', () => {
  it("the cart's summary at zip 78704 is the card's payment for the same car", () => {
    const austin = { state: 'TX', zip: '78704' };
    const card = getCardPayment({ price: 19_495, type: 'CPO', year: 2024, mileage: 23_639 }, 2026, null, austin);
    const cart = priceSummaryDeal(
      { priceCents: 1_949_500, msrpCents: 0, type: 'CPO', mileage: 23_639, year: 2024 },
      {
        dealType: 'Finance',
        downPaymentCents: 250_000,
        termMonths: 48,
        annualMiles: null,
        protectionCents: 0,
        ...austin,
      },
    );
    if (card.kind !== 'estimated') throw new Error('expected an estimate');
    // $19,495 + 6.25% Texas tax ($1,218.44) + $153 - $2,500 = $18,366.44 at 7.49% over 48 months.
    expect(cart?.amountFinancedCents).toBe(1_836_644);
    expect(cart?.monthlyPaymentCents).toBe(44_399);
    expect(card.terms.monthlyPaymentCents).toBe(cart?.monthlyPaymentCents);
  });
});
