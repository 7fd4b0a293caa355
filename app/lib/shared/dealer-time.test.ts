import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BUSINESS_HOURS,
  allSlots,
  describeBusinessHours,
  formatDealerDate,
  formatDealerDateTime,
  formatDealerTime,
  isTimeZone,
  isWithinBusinessHours,
  localDate,
  outsideHoursMessage,
  slotsOn,
  weekdayOf,
  zoneLabel,
  zonedToUtc,
} from './dealer-time';

// The seed's hours (seed 002 §9): "Monday to Friday 9am-6pm, Saturday 9am-5pm, Sunday closed".

describe('dates and times in the dealer’s zone', () => {
  it('labels each zone once, the same in winter and summer', () => {
    expect(zoneLabel('America/Chicago')).toBe('CT');
    expect(zoneLabel('America/New_York')).toBe('ET');
    expect(formatDealerTime('2026-01-15T15:30:00Z', 'America/Chicago')).toBe('9:30 AM CT');
    expect(formatDealerTime('2026-07-15T15:30:00Z', 'America/Chicago')).toBe('10:30 AM CT');
    // Arizona keeps no daylight time: the same clock all year.
    expect(formatDealerTime('2026-01-15T16:00:00Z', 'America/Phoenix')).toBe(
      formatDealerTime('2026-07-15T16:00:00Z', 'America/Phoenix'),
    );
  });

  it('says the day it is at the dealer’s, not in UTC', () => {
    // 03:30 UTC on December 26 is still Christmas evening in Chicago and Los Angeles.
    expect(formatDealerDate('2026-12-26T03:30:00Z', 'America/Chicago')).toBe('December 25, 2026');
    expect(formatDealerDate('2026-12-26T03:30:00Z', 'America/New_York')).toBe('December 25, 2026');
    expect(formatDealerDate('2026-12-26T05:30:00Z', 'America/New_York')).toBe('December 26, 2026');
    expect(formatDealerDateTime('2026-12-01T15:30:00Z', 'America/Chicago')).toBe(
      'Tuesday, December 1, 2026 at 9:30 AM CT',
    );
    expect(formatDealerDate('not a date', 'America/Chicago')).toBe('');
  });

  it('turns a wall-clock time into the right moment on both sides of a daylight-saving change', () => {
    // US clocks moved forward on 2026-03-08 and back on 2026-11-01.
    expect(zonedToUtc('2026-03-07', '10:00', 'America/Chicago').toISOString()).toBe('2026-03-07T16:00:00.000Z');
    expect(zonedToUtc('2026-03-09', '10:00', 'America/Chicago').toISOString()).toBe('2026-03-09T15:00:00.000Z');
    expect(zonedToUtc('2026-10-31', '09:00', 'America/Chicago').toISOString()).toBe('2026-10-31T14:00:00.000Z');
    expect(zonedToUtc('2026-11-02', '09:00', 'America/Chicago').toISOString()).toBe('2026-11-02T15:00:00.000Z');
    expect(formatDealerDateTime(zonedToUtc('2026-11-02', '09:00', 'America/Chicago'), 'America/Chicago')).toBe(
      'Monday, November 2, 2026 at 9:00 AM CT',
    );
    expect(localDate(new Date('2026-03-09T04:59:00Z'), 'America/Chicago')).toBe('2026-03-08');
  });

  it('knows an IANA zone from a typo', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('America/Chicagoo')).toBe(false);
    expect(isTimeZone('CST')).toBe(false);
  });
});

describe('business hours', () => {
  it('offers no time on Sunday', () => {
    expect(weekdayOf('2026-11-29')).toBe('sunday');
    expect(slotsOn('2026-11-29', DEFAULT_BUSINESS_HOURS)).toEqual([]);
    expect(isWithinBusinessHours('2026-11-29', '10:00', DEFAULT_BUSINESS_HOURS)).toBe(false);
  });

  it('offers 9:00 to 17:00 on weekdays (closing at 6pm) and 9:00 to 16:00 on Saturday (closing at 5pm)', () => {
    const monday = slotsOn('2026-11-30', DEFAULT_BUSINESS_HOURS);
    expect(monday[0]).toBe('09:00');
    expect(monday.at(-1)).toBe('17:00');
    expect(monday).toHaveLength(17);
    const saturday = slotsOn('2026-11-28', DEFAULT_BUSINESS_HOURS);
    expect(saturday[0]).toBe('09:00');
    expect(saturday.at(-1)).toBe('16:00');
    expect(isWithinBusinessHours('2026-11-28', '16:30', DEFAULT_BUSINESS_HOURS)).toBe(false);
    expect(isWithinBusinessHours('2026-11-27', '16:30', DEFAULT_BUSINESS_HOURS)).toBe(true);
    expect(isWithinBusinessHours('2026-11-27', '08:30', DEFAULT_BUSINESS_HOURS)).toBe(false);
    expect(isWithinBusinessHours('2026-11-27', '09:15', DEFAULT_BUSINESS_HOURS)).toBe(false);
    expect(allSlots(DEFAULT_BUSINESS_HOURS)).toEqual(monday);
  });

  it('says the hours as the seed does, with the zone, in the refusal', () => {
    expect(describeBusinessHours(DEFAULT_BUSINESS_HOURS, 'America/Chicago')).toBe(
      'Monday to Friday 9am-6pm, Saturday 9am-5pm, Sunday closed (CT)',
    );
    expect(outsideHoursMessage(DEFAULT_BUSINESS_HOURS, 'America/Chicago')).toBe(
      'Choose a time within our hours: Monday to Friday 9am-6pm, Saturday 9am-5pm, Sunday closed (CT).',
    );
    const late = { ...DEFAULT_BUSINESS_HOURS, thursday: { open: '10:30', close: '20:00' } };
    expect(describeBusinessHours(late, 'America/New_York')).toBe(
      'Monday to Wednesday 9am-6pm, Thursday 10:30am-8pm, Friday 9am-6pm, Saturday 9am-5pm, Sunday closed (ET)',
    );
    expect(slotsOn('2026-11-26', late)[0]).toBe('10:30');
  });
});
