import type { Cart } from '~/lib/contract/checkout';

// The hold timer's arithmetic (seed 002 §2: a timed hold, shown or hidden, more time offered
// when it runs out). The API sends the seconds left when it answered, so the countdown does not
// depend on the browser's clock being right.

export const HOLD_TEXTS = {
  heading: 'Vehicle hold',
  running: 'We are holding this vehicle for you.',
  left: (text: string) => `Time left on your hold: ${text}`,
  minutesLeft: (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes} minutes`),
  lapsed: 'Your hold on this vehicle has ended. Would you like more time?',
  keepHolding: 'Keep holding',
  hideTimer: 'Hide timer',
  showTimer: 'Show timer',
  extended: 'Your hold has started again.',
} as const;

/** Seconds left now, given the seconds left when the answer was made and the time since. */
export function secondsLeftNow(secondsLeftAtLoad: number, elapsedMs: number): number {
  return Math.max(0, secondsLeftAtLoad - Math.floor(elapsedMs / 1000));
}

/** 754 → '12:34', 59 → '0:59'. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(safe / 60);
  return `${minutes}:${String(safe % 60).padStart(2, '0')}`;
}

/** Whole minutes left, rounded up, for the page without JavaScript (which cannot count down). */
export function minutesLeft(seconds: number): number {
  return Math.ceil(Math.max(0, seconds) / 60);
}

/** Has this cart's hold run out? A cart without a hold (placed, empty) has nothing to lapse. */
export function isHoldLapsed(hold: Cart['hold']): boolean {
  return hold !== null && hold.expiresAt !== null && hold.secondsLeft <= 0;
}
