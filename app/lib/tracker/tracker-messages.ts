// The tracker's own lines that its error page shows (the server-issue page), apart from the
// steps' guidance, which the server picks (decision 052), and the banner's (./banner.ts).

export const TRACKER_MESSAGES = {
  /** Seed 002 §8, progress tracker. */
  serverIssue: 'Oops! Something happened on our end. Please try again.',
  callSupport: 'Questions? Call',
  tryAgain: 'Try again',
} as const;
