// Session inactivity during pre-qualification and checkout (issue 14 point 5, seed 002 §4:
// "Session inactivity gives a dialog with Continue Session"; seed 002 §8: "session expired,
// sign in again"). The seed gives no periods: ours are below (docs/decisions/015-prequal.md).

/** Without a request in these areas for this long, the next form post signs the shopper out. */
export const SESSION_IDLE_MINUTES = 15;
/** The dialog with Continue Session shows this long before the end. */
export const SESSION_WARNING_SECONDS = 120;

export const SESSION_ACTIVITY_PATH = '/resources/session-activity';

export const INACTIVITY_TEXTS = {
  title: 'Are you still there?',
  body: (seconds: number) =>
    `For your security, your session ends in ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} because you have not been active. Your progress is saved.`,
  continue: 'Continue Session',
} as const;
