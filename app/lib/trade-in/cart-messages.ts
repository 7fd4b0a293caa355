// The texts of the cart's trade-in box, on their own so that the cart does not load every
// trade-in and payoff text; TRADE_IN_TEXTS (./messages.ts) includes them for the account page.

export const TRADE_IN_CART_TEXTS = {
  getAnOffer: 'Get an offer for your car',
  remove: 'Remove from purchase',
  removeTitle: 'Remove the trade-in from your purchase?',
  removeBody: 'Your offer stays in your account until it expires, and you can apply it again.',
  confirmRemove: 'Yes, remove it',
  cartHeading: 'Trade-in',
  cartNone: 'Have a car to trade in? Get an instant offer and apply it to this purchase.',
  offerLabel: 'Offer',
  payoffLabel: 'Loan payoff',
  equityLabel: 'Equity',
  negativeEquityNote: 'You owe more than the offer: the difference is added to the amount financed.',
  negativeEquityCash: 'You owe more than the offer: the difference is due with your purchase.',
  getPayoff: 'Get a payoff quote',
} as const;
