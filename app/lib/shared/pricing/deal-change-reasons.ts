// Why a deal's figures changed, and the words the order summary shows for each: a module of its
// own so that the summary (every checkout page) does not load the deal and lease arithmetic
// (decision 049).

export type DealChangeReason = 'zip' | 'protection' | 'lenderApr' | 'price' | 'terms' | 'tradeIn';

export const DEAL_CHANGE_REASON_TEXT: Record<DealChangeReason, string> = {
  zip: 'Taxes and fees now follow your Zip code',
  protection: 'Vehicle protection changed',
  lenderApr: "The lender's APR differs from the estimate",
  price: 'The vehicle price changed',
  terms: 'You changed the terms',
  tradeIn: 'Your trade-in changed',
};
