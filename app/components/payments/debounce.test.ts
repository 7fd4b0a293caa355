import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOWN_PAYMENT_DEBOUNCE_MS } from '~/lib/shared/payments/down-payment';
import { createDebouncer } from './debounce';

describe('createDebouncer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('delivers once typing pauses for the down-payment delay', () => {
    const deliver = vi.fn();
    const debouncer = createDebouncer(deliver, DOWN_PAYMENT_DEBOUNCE_MS);
    debouncer.schedule(1);
    vi.advanceTimersByTime(999);
    expect(deliver).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(deliver).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('delivers only the newest value, timed from the last call', () => {
    const deliver = vi.fn();
    const debouncer = createDebouncer(deliver, 1000);
    debouncer.schedule(1);
    vi.advanceTimersByTime(600);
    debouncer.schedule(2);
    vi.advanceTimersByTime(600);
    expect(deliver).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(deliver).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('delivers at once on flush, and not again later', () => {
    const deliver = vi.fn();
    const debouncer = createDebouncer(deliver, 1000);
    debouncer.schedule(3);
    debouncer.flush();
    vi.advanceTimersByTime(2000);
    expect(deliver).toHaveBeenCalledExactlyOnceWith(3);
    debouncer.flush();
    expect(deliver).toHaveBeenCalledTimes(1);
  });

  it('forgets a cancelled value', () => {
    const deliver = vi.fn();
    const debouncer = createDebouncer(deliver, 1000);
    debouncer.schedule(4);
    debouncer.cancel();
    vi.advanceTimersByTime(2000);
    expect(deliver).not.toHaveBeenCalled();
  });
});
