// The tracker's own lines that its layout and error page show (the banner, the server-issue
// page), apart from the steps' guidance, which the server picks (decision 052).

export const TRACKER_MESSAGES = {
  /** Seed 002 §8, progress tracker. */
  serverIssue: 'Oops! Something happened on our end. Please try again.',
  callSupport: 'Questions? Call',
  tryAgain: 'Try again',
  bannerMessage:
    'Your vehicle is reserved for you while you finish these steps. Complete them soon to keep your order moving.',
  bannerTimerLabel: 'Time elapsed',
} as const;
