import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAutoDismiss,
  reportAlert,
  roleOf,
  snackbarAutoHideMs,
  SNACKBAR_AUTO_HIDE_MS,
  TOAST_AUTO_HIDE_MS,
} from '~/components/ui/feedback';
import { errorTrackingId } from '~/components/route-error-boundary';

// Seed 000 §4.6 and §8-9: the toast hides after 10 000 ms, the snackbar after 8 000 ms unless
// it has a call to action; error alerts and alerts saying "oops" go to analytics.

describe('the auto-dismiss timers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes a toast after exactly 10 000 ms, and not before', () => {
    expect(TOAST_AUTO_HIDE_MS).toBe(10_000);
    const onDismiss = vi.fn();
    createAutoDismiss(TOAST_AUTO_HIDE_MS, onDismiss).start();
    vi.advanceTimersByTime(9_999);
    expect(onDismiss).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('closes a snackbar after 8 000 ms, but never one with a call to action', () => {
    expect(SNACKBAR_AUTO_HIDE_MS).toBe(8_000);
    const plain = vi.fn();
    const withAction = vi.fn();
    createAutoDismiss(snackbarAutoHideMs(false), plain).start();
    const timer = createAutoDismiss(snackbarAutoHideMs(true), withAction);
    timer.start();
    expect(timer.running).toBe(false);
    vi.advanceTimersByTime(8_000);
    expect(plain).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * 60_000);
    expect(withAction).not.toHaveBeenCalled();
  });

  it('stops when the close button closed it first (unmount), so nothing fires later', () => {
    const onDismiss = vi.fn();
    const timer = createAutoDismiss(TOAST_AUTO_HIDE_MS, onDismiss);
    timer.start();
    timer.stop();
    vi.advanceTimersByTime(20_000);
    expect(onDismiss).not.toHaveBeenCalled();
  });
});

describe('alert analytics', () => {
  const sendBeacon = vi.fn<(url: string) => boolean>();
  beforeEach(() => {
    sendBeacon.mockReset().mockReturnValue(true);
    vi.stubGlobal('window', { location: { pathname: '/contact-us', search: '' } });
    vi.stubGlobal('document', { referrer: '' });
    vi.stubGlobal('navigator', { sendBeacon });
  });
  afterEach(() => vi.unstubAllGlobals());

  function sent(): Record<string, string> {
    return Object.fromEntries(new URL(sendBeacon.mock.calls[0]![0], 'http://shop.test').searchParams);
  }

  // The pixel's code is imported with the first event (decision 052): the beacon follows it.
  it('sends error-alert for every error type of the alert bar', async () => {
    for (const type of ['error', 'internalError', 'wrongInput'] as const) {
      sendBeacon.mockClear();
      expect(reportAlert(type, 'Your message was not sent.')).toBe('error-alert');
      await vi.dynamicImportSettled();
      expect(sent()).toMatchObject({ name: 'error-alert', 'prop.type': type, 'prop.severity': 'error' });
    }
  });

  it('sends alert-oops for another alert that says oops, and nothing for a plain success', async () => {
    expect(reportAlert('warning', 'Oops! Something happened on our end.')).toBe('alert-oops');
    await vi.dynamicImportSettled();
    expect(sent()).toMatchObject({ name: 'alert-oops' });
    sendBeacon.mockClear();
    expect(reportAlert('success', 'Your message was sent.')).toBeNull();
    await vi.dynamicImportSettled();
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('announces errors and warnings as alerts, the rest as status', () => {
    expect(roleOf('error')).toBe('alert');
    expect(roleOf('expired')).toBe('alert');
    expect(roleOf('success')).toBe('status');
    expect(roleOf('info')).toBe('status');
  });
});

describe('the generic error page tracking id (seed 000 §2.4)', () => {
  it('is the thrown answer’s trackingId, else http-<status>', () => {
    expect(
      errorTrackingId({ status: 403, statusText: '', internal: false, data: { trackingId: 'checkout-42' } }, 403),
    ).toBe('checkout-42');
    expect(errorTrackingId({ status: 409, statusText: '', internal: false, data: null }, 409)).toBe('http-409');
    expect(errorTrackingId(new Error('x'), 400)).toBe('http-400');
  });
});
