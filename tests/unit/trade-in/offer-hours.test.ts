import { describe, expect, it } from 'vitest';
import { isWithinOfferHours, reviewReadyAt } from '#server/trade-in/offer-hours';

// Seed 002 §9: offer hours (ET) 9:00am-12:00am Monday-Saturday, 11:00am-12:00am Sunday; a review
// takes 3-5 minutes in them (we promise 5), otherwise the offer is ready the next business day.

const at = (iso: string) => new Date(iso);

describe('offer hours in ET', () => {
  it('opens at 9 on weekdays and Saturdays and at 11 on Sundays, and closes at midnight', () => {
    // May 2026 is daylight time: ET = UTC-4.
    expect(isWithinOfferHours(at('2026-05-05T12:59:00Z'))).toBe(false); // Tue 8:59
    expect(isWithinOfferHours(at('2026-05-05T13:00:00Z'))).toBe(true); // Tue 9:00
    expect(isWithinOfferHours(at('2026-05-06T03:59:00Z'))).toBe(true); // Tue 23:59
    expect(isWithinOfferHours(at('2026-05-06T04:00:00Z'))).toBe(false); // Wed 0:00
    expect(isWithinOfferHours(at('2026-05-09T13:00:00Z'))).toBe(true); // Sat 9:00
    expect(isWithinOfferHours(at('2026-05-10T13:00:00Z'))).toBe(false); // Sun 9:00
    expect(isWithinOfferHours(at('2026-05-10T15:00:00Z'))).toBe(true); // Sun 11:00
  });

  it('makes a review ready 5 minutes later within the hours', () => {
    expect(reviewReadyAt(at('2026-05-05T18:30:00Z')).toISOString()).toBe('2026-05-05T18:35:00.000Z');
    // Winter (EST = UTC-5): Tuesday 13 January 2026, 10:00.
    expect(reviewReadyAt(at('2026-01-13T15:00:00Z')).toISOString()).toBe('2026-01-13T15:05:00.000Z');
  });

  it('moves a review sent outside the hours, or too near midnight, to the next opening', () => {
    // Tue 2:00 → Tue 9:05.
    expect(reviewReadyAt(at('2026-05-05T06:00:00Z')).toISOString()).toBe('2026-05-05T13:05:00.000Z');
    // Tue 23:58 would finish after midnight → Wed 9:05.
    expect(reviewReadyAt(at('2026-05-06T03:58:00Z')).toISOString()).toBe('2026-05-06T13:05:00.000Z');
    // Sat 23:59 → Sun 11:05.
    expect(reviewReadyAt(at('2026-05-10T03:59:00Z')).toISOString()).toBe('2026-05-10T15:05:00.000Z');
    // Sun 10:00 → Sun 11:05.
    expect(reviewReadyAt(at('2026-05-10T14:00:00Z')).toISOString()).toBe('2026-05-10T15:05:00.000Z');
  });
});
