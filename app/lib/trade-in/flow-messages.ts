// The texts the /trade-in page shows around its steps (the flow's heading and its Back and Start
// over), on their own so that the page's first JavaScript does not carry every trade-in and
// payoff text (decision 055); the step forms and the results bring theirs when they load.
// TRADE_IN_TEXTS (./messages.ts) includes them.

export const TRADE_IN_FLOW_TEXTS = {
  flowHeading: 'Get your instant offer',
  back: 'Back',
  startOver: 'Start over',
} as const;
