import type { WorkStep } from './steps';

// The message banner above the tracker (seed 000 §4.4, §9).

/** What the banner says, and its timer's label. */
export const BANNER_TEXTS = {
  message:
    'Your vehicle is reserved for you while you finish these steps. Complete them soon to keep your order moving.',
  timerLabel: 'Time elapsed',
} as const;

export const BANNER_VARIANTS = ['none', 'message', 'message-with-timer'] as const;
export type BannerVariant = (typeof BANNER_VARIANTS)[number];

export const BANNER_STEPS: readonly WorkStep[] = [
  'VERIFY_INSURANCE',
  'VERIFY_ID',
  'UPLOAD_DOCUMENTS',
  'FINANCE_DECISION',
];

/** The timer stops counting here (10 hours)… */
export const BANNER_TIMER_STOP_SECONDS = 36_000;
/** …and turns red from here (9 hours). */
export const BANNER_TIMER_RED_SECONDS = 32_400;

export type Banner = { variant: 'message' | 'message-with-timer' };

export type BannerInput = {
  /** The step the shopper is looking at. */
  step: WorkStep;
  signingComplete: boolean;
  /** The progress-message-banner variable; undefined when the flag data is not ready. */
  variant: BannerVariant | undefined;
  /** The shopper declined the finance offer: nothing is reserved "while you finish" any more (issue 18). */
  financeDeclined?: boolean;
};

/** Null when no banner shows; otherwise whether it carries the timer. */
export function getBanner({ step, signingComplete, variant, financeDeclined = false }: BannerInput): Banner | null {
  if (!variant || variant === 'none') return null;
  if (financeDeclined && step === 'FINANCE_DECISION') return null;
  if (signingComplete || !BANNER_STEPS.includes(step)) return null;
  return { variant: variant === 'message-with-timer' ? 'message-with-timer' : 'message' };
}

/** Reads a stored count; anything that is not a whole number of seconds starts again at 0. */
export function parseTimerSeconds(stored: string | null | undefined): number {
  const value = Number(stored);
  if (!stored || !Number.isInteger(value) || value < 0) return 0;
  return Math.min(value, BANNER_TIMER_STOP_SECONDS);
}

/** One second later, never past the stop. */
export function tickTimer(seconds: number): number {
  return Math.min(seconds + 1, BANNER_TIMER_STOP_SECONDS);
}

export function isTimerStopped(seconds: number): boolean {
  return seconds >= BANNER_TIMER_STOP_SECONDS;
}

export function isTimerRed(seconds: number): boolean {
  return seconds >= BANNER_TIMER_RED_SECONDS;
}

/** HH:MM:SS. */
export function formatTimer(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}

/** The localStorage key of an order's timer. */
export function timerStorageKey(orderNumber: string): string {
  return `showroom.progress-banner-timer.${orderNumber}`;
}
