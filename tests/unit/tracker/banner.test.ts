import { describe, expect, it } from 'vitest';
import {
  BANNER_STEPS,
  BANNER_TIMER_RED_SECONDS,
  BANNER_TIMER_STOP_SECONDS,
  formatTimer,
  getBanner,
  isTimerRed,
  isTimerStopped,
  parseTimerSeconds,
  tickTimer,
  timerStorageKey,
} from '~/lib/tracker/banner';
import { WORK_STEPS } from '~/lib/tracker/steps';

describe('message banner (seed 000 §4.4)', () => {
  it('shows on insurance, ID, documents and finance decision only', () => {
    expect(BANNER_STEPS).toEqual(['VERIFY_INSURANCE', 'VERIFY_ID', 'UPLOAD_DOCUMENTS', 'FINANCE_DECISION']);
    for (const step of WORK_STEPS) {
      const banner = getBanner({ step, signingComplete: false, variant: 'message' });
      expect(banner !== null, step).toBe(BANNER_STEPS.includes(step));
    }
  });

  it('the variant message-with-timer carries the timer; message is a plain message', () => {
    expect(getBanner({ step: 'VERIFY_ID', signingComplete: false, variant: 'message-with-timer' })).toEqual({
      variant: 'message-with-timer',
    });
    expect(getBanner({ step: 'VERIFY_ID', signingComplete: false, variant: 'message' })).toEqual({
      variant: 'message',
    });
  });

  it('none for the variant none, and when the flag data is not ready', () => {
    expect(getBanner({ step: 'VERIFY_ID', signingComplete: false, variant: 'none' })).toBeNull();
    expect(getBanner({ step: 'VERIFY_ID', signingComplete: false, variant: undefined })).toBeNull();
  });

  it('none with its timer on the finance step once the offer was declined (issue 18)', () => {
    const declined = { signingComplete: false, variant: 'message-with-timer', financeDeclined: true } as const;
    expect(getBanner({ ...declined, step: 'FINANCE_DECISION' })).toBeNull();
    expect(getBanner({ ...declined, step: 'FINANCE_DECISION', financeDeclined: false })).toEqual({
      variant: 'message-with-timer',
    });
  });

  it('none once signing is complete', () => {
    expect(getBanner({ step: 'UPLOAD_DOCUMENTS', signingComplete: true, variant: 'message-with-timer' })).toBeNull();
  });
});

describe('banner timer', () => {
  it('stops at 36000 s and turns red from 32400 s (seed 000 §9)', () => {
    expect(BANNER_TIMER_STOP_SECONDS).toBe(36_000);
    expect(BANNER_TIMER_RED_SECONDS).toBe(32_400);
    expect(isTimerRed(32_399)).toBe(false);
    expect(isTimerRed(32_400)).toBe(true);
    expect(isTimerStopped(35_999)).toBe(false);
    expect(isTimerStopped(36_000)).toBe(true);
  });

  it('counts one second at a time and never past the stop', () => {
    expect(tickTimer(0)).toBe(1);
    expect(tickTimer(35_999)).toBe(36_000);
    expect(tickTimer(36_000)).toBe(36_000);
  });

  it('reads what localStorage holds; anything odd starts at 0, anything large stops at 36000', () => {
    expect(parseTimerSeconds('120')).toBe(120);
    expect(parseTimerSeconds(null)).toBe(0);
    expect(parseTimerSeconds('')).toBe(0);
    expect(parseTimerSeconds('abc')).toBe(0);
    expect(parseTimerSeconds('-5')).toBe(0);
    expect(parseTimerSeconds('1.5')).toBe(0);
    expect(parseTimerSeconds('99999')).toBe(36_000);
  });

  it('shows HH:MM:SS', () => {
    expect(formatTimer(0)).toBe('00:00:00');
    expect(formatTimer(61)).toBe('00:01:01');
    expect(formatTimer(32_400)).toBe('09:00:00');
    expect(formatTimer(36_000)).toBe('10:00:00');
  });

  it('keeps one timer per order', () => {
    expect(timerStorageKey('SR-1')).not.toBe(timerStorageKey('SR-2'));
  });
});
