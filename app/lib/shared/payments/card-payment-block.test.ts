import { describe, expect, it } from 'vitest';
import {
  getAdjustSuggestionText,
  getCardPaymentBlock,
  getCardPaymentBlockForQuote,
  type PaymentTerms,
} from './card-payment-block';
import { quoteFinance } from './quote';

const estimated: PaymentTerms = {
  monthlyPaymentCents: 48_000,
  aprPercent: 8.49,
  termMonths: 48,
  downPaymentCents: 250_000,
};
const personalized: PaymentTerms = {
  monthlyPaymentCents: 45_000,
  aprPercent: 5.49,
  termMonths: 60,
  downPaymentCents: 300_000,
};

describe('getCardPaymentBlock', () => {
  it('shows the personalised payment when the shopper has one', () => {
    expect(getCardPaymentBlock({ quality: { state: 'qualified' }, estimated, personalized })).toEqual({
      kind: 'personalized',
      terms: personalized,
    });
  });

  it('shows the estimate, marked Est., otherwise', () => {
    expect(getCardPaymentBlock({ quality: { state: 'qualified' }, estimated, personalized: null })).toEqual({
      kind: 'estimated',
      label: 'Est.',
      terms: estimated,
    });
  });

  it('shows no payment when qualified but nothing was priced', () => {
    expect(getCardPaymentBlock({ quality: { state: 'qualified' } })).toEqual({
      kind: 'noPayment',
      variant: 'notQualified',
    });
  });

  it.each([[{ state: 'notQualified' } as const], [{ state: 'outOfRange', reason: 'mileage' } as const]])(
    'shows the not-qualified state for %j, even with payments present',
    (quality) => {
      expect(getCardPaymentBlock({ quality, estimated, personalized })).toEqual({
        kind: 'noPayment',
        variant: 'notQualified',
      });
    },
  );

  it('suggests raising the down payment or removing the trade-in', () => {
    const block = getCardPaymentBlock({
      quality: {
        state: 'ltvIssue',
        reason: 'financedAboveMaximum',
        suggestedDownPaymentCents: 450_000,
        suggestedTradeRemoval: true,
      },
      estimated,
    });
    expect(block).toEqual({
      kind: 'noPayment',
      variant: 'adjust',
      suggestedDownPaymentCents: 450_000,
      direction: 'raise',
      suggestTradeRemoval: true,
    });
    expect(getAdjustSuggestionText(block)).toBe(
      'Raise your down payment to $4,500 or remove your trade-in to see payments.',
    );
  });

  it('suggests lowering the down payment under the minimum loan', () => {
    const block = getCardPaymentBlock({
      quality: {
        state: 'ltvIssue',
        reason: 'financedBelowMinimum',
        suggestedDownPaymentCents: 1_690_000,
        suggestedTradeRemoval: false,
      },
    });
    expect(block).toMatchObject({ variant: 'adjust', direction: 'lower', suggestTradeRemoval: false });
    expect(getAdjustSuggestionText(block)).toBe('Lower your down payment to $16,900 to see payments.');
  });

  it('suggests only removing the trade-in when no down payment fixes it', () => {
    const block = getCardPaymentBlock({
      quality: {
        state: 'ltvIssue',
        reason: 'tradeEquityExceedsFinanced',
        suggestedDownPaymentCents: null,
        suggestedTradeRemoval: true,
      },
    });
    expect(block).toEqual({
      kind: 'noPayment',
      variant: 'adjust',
      suggestedDownPaymentCents: null,
      direction: null,
      suggestTradeRemoval: true,
    });
    expect(getAdjustSuggestionText(block)).toBe('Remove your trade-in to see payments.');
  });

  it('falls back to not qualified when the issue has no fix', () => {
    expect(
      getCardPaymentBlock({
        quality: {
          state: 'ltvIssue',
          reason: 'financedAboveMaximum',
          suggestedDownPaymentCents: null,
          suggestedTradeRemoval: false,
        },
      }),
    ).toEqual({ kind: 'noPayment', variant: 'notQualified' });
  });

  it('has suggestion text only for the adjust variant', () => {
    expect(getAdjustSuggestionText({ kind: 'noPayment', variant: 'notQualified' })).toBeNull();
    expect(getAdjustSuggestionText({ kind: 'personalized', terms: personalized })).toBeNull();
  });
});

describe('getCardPaymentBlockForQuote', () => {
  const vehicle = { priceCents: 2_000_000, type: 'USED', year: 2020, mileage: 40_000 } as const;

  it('marks a quote without a score as an estimate', () => {
    const block = getCardPaymentBlockForQuote(quoteFinance({ vehicle, currentYear: 2025 }));
    expect(block).toMatchObject({ kind: 'estimated', label: 'Est.', terms: { aprPercent: 8.49, termMonths: 48 } });
  });

  it('marks a quote with a score as personalised', () => {
    const block = getCardPaymentBlockForQuote(quoteFinance({ vehicle, currentYear: 2025, creditScore: 760 }));
    expect(block).toMatchObject({ kind: 'personalized', terms: { aprPercent: 6.99 } });
  });

  it('carries the quality through', () => {
    const block = getCardPaymentBlockForQuote(quoteFinance({ vehicle, currentYear: 2025, creditScore: 600 }));
    expect(block).toEqual({ kind: 'noPayment', variant: 'notQualified' });
  });
});
