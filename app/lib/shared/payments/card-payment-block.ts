import { formatUsd } from '~/lib/shared/money';
import type { PricedDeal } from '~/lib/shared/pricing/deal';
import type { FinanceQuote, PaymentQuality } from './quote';

/** A payment as a vehicle card prints it (seed 001 §3 estimated… and personalised fields). */
export type PaymentTerms = {
  monthlyPaymentCents: number;
  aprPercent: number;
  termMonths: number;
  downPaymentCents: number;
};

/** What the card's payment block shows (seed 001 §4): one of three things. */
export type CardPaymentBlock =
  | { kind: 'estimated'; label: 'Est.'; terms: PaymentTerms }
  | { kind: 'personalized'; terms: PaymentTerms }
  /** The tooltip carries the not-qualified text and the dealer's phone link. */
  | { kind: 'noPayment'; variant: 'notQualified' }
  | {
      kind: 'noPayment';
      variant: 'adjust';
      /** Raise or lower the down payment to this amount, when a down payment can fix it. */
      suggestedDownPaymentCents: number | null;
      direction: 'raise' | 'lower' | null;
      suggestTradeRemoval: boolean;
    };

export type CardPricing = {
  quality: PaymentQuality;
  /** estimatedMonthlyPayment, estimatedAPR, estimatedTerm, estimatedDownPayment. */
  estimated?: PaymentTerms | null;
  /** monthlyPayment, apr, term, downPayment once the shopper is qualified by a lender. */
  personalized?: PaymentTerms | null;
};

/**
 * Picks the card's payment block. The quality decides first: not qualified and out of range
 * both show the not-qualified tooltip, since nothing the shopper changes on the card helps; a
 * loan-to-value issue shows the suggestion of possiblePricing. A qualified card shows the
 * personalised payment when there is one, the estimate ('Est.') otherwise.
 */
export function getCardPaymentBlock(pricing: CardPricing): CardPaymentBlock {
  const { quality } = pricing;
  if (quality.state === 'notQualified' || quality.state === 'outOfRange') {
    return { kind: 'noPayment', variant: 'notQualified' };
  }
  if (quality.state === 'ltvIssue') {
    const { suggestedDownPaymentCents, suggestedTradeRemoval } = quality;
    if (suggestedDownPaymentCents === null && !suggestedTradeRemoval)
      return { kind: 'noPayment', variant: 'notQualified' };
    return {
      kind: 'noPayment',
      variant: 'adjust',
      suggestedDownPaymentCents,
      direction:
        suggestedDownPaymentCents === null ? null : quality.reason === 'financedAboveMaximum' ? 'raise' : 'lower',
      suggestTradeRemoval: suggestedTradeRemoval,
    };
  }
  if (pricing.personalized) return { kind: 'personalized', terms: pricing.personalized };
  if (pricing.estimated) return { kind: 'estimated', label: 'Est.', terms: pricing.estimated };
  return { kind: 'noPayment', variant: 'notQualified' };
}

/**
 * The card block for a quote computed here rather than read from the API. The quote decides
 * whether there is a payment; its figures are the priced deal's (app/lib/shared/pricing) when
 * one is given, so a card, the vehicle page and the cart print the same payment (issue 31).
 */
export function getCardPaymentBlockForQuote(quote: FinanceQuote, deal?: PricedDeal | null): CardPaymentBlock {
  const terms: PaymentTerms | null =
    deal && quote.estimate && deal.monthlyPaymentCents !== null && deal.termMonths !== null
      ? {
          monthlyPaymentCents: deal.monthlyPaymentCents,
          aprPercent: deal.aprPercent ?? quote.estimate.aprPercent,
          termMonths: deal.termMonths,
          downPaymentCents: deal.downPaymentCents,
        }
      : quote.estimate && {
          monthlyPaymentCents: quote.estimate.monthlyPaymentCents,
          aprPercent: quote.estimate.aprPercent,
          termMonths: quote.estimate.termMonths,
          downPaymentCents: quote.estimate.downPaymentCents,
        };
  return getCardPaymentBlock({
    quality: quote.quality,
    estimated: quote.kind === 'estimated' ? terms : null,
    personalized: quote.kind === 'personalized' ? terms : null,
  });
}

/**
 * The sentence of the adjust variant: 'Raise your down payment to $4,500 or remove your
 * trade-in to see payments.' Null for the other blocks, whose copy is the tenant's.
 */
export function getAdjustSuggestionText(block: CardPaymentBlock): string | null {
  if (block.kind !== 'noPayment' || block.variant !== 'adjust') return null;
  const parts: string[] = [];
  if (block.suggestedDownPaymentCents !== null && block.direction) {
    const verb = block.direction === 'raise' ? 'Raise' : 'Lower';
    parts.push(`${verb} your down payment to ${formatUsd(block.suggestedDownPaymentCents)}`);
  }
  if (block.suggestTradeRemoval) parts.push(parts.length ? 'remove your trade-in' : 'Remove your trade-in');
  return `${parts.join(' or ')} to see payments.`;
}
