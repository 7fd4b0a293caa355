import { describe, expect, it } from 'vitest';
import { fulfillmentSchema } from '~/lib/contract/tracker';
import { DEFAULT_BUSINESS_HOURS, allSlots } from '~/lib/shared/dealer-time';
import { appointmentCalendar } from './calendar';

const booked = fulfillmentSchema.parse({
  orderNumber: 'SR-1001',
  method: 'PICKUP',
  state: 'Confirmed',
  appointmentTime: '2026-12-01T16:30:00.000Z',
  date: '2026-12-01',
  time: '10:30',
  timeZone: 'America/Chicago',
  location: {
    id: 'dealership',
    name: 'Showroom',
    kind: 'DEALERSHIP_LOCATION',
    address: { street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
    distanceMiles: null,
  },
  address: null,
  instructions: null,
  pickupLocations: [],
  earliestDate: '2026-11-26',
  latestDate: '2026-12-25',
  timeSlots: allSlots(DEFAULT_BUSINESS_HOURS),
  businessHours: DEFAULT_BUSINESS_HOURS,
  deliveryRadiusMiles: 50,
});

describe('the appointment as a calendar file', () => {
  it('places the exact moment and says the time as the page does, in the dealer’s zone', () => {
    const ics = appointmentCalendar(
      booked,
      { brandName: 'Showroom', domain: 'localhost' },
      new Date('2026-11-25T12:00:00Z'),
    )!;
    const unfolded = ics.replace(/\r\n /g, '');
    // 10:30 at the dealer's, in the dealer's zone, whose definition the file carries.
    expect(unfolded).toContain('DTSTART;TZID=America/Chicago:20261201T103000\r\n');
    expect(unfolded).toContain('DTEND;TZID=America/Chicago:20261201T113000\r\n');
    expect(unfolded).toContain(
      'BEGIN:VTIMEZONE\r\nTZID:America/Chicago\r\n' +
        'BEGIN:DAYLIGHT\r\nDTSTART:20250309T020000\r\nTZOFFSETFROM:-0600\r\nTZOFFSETTO:-0500\r\nEND:DAYLIGHT\r\n' +
        'BEGIN:STANDARD\r\nDTSTART:20251102T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0600\r\nEND:STANDARD\r\n' +
        'BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0600\r\nTZOFFSETTO:-0500\r\nEND:DAYLIGHT\r\n' +
        'BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0600\r\nEND:STANDARD\r\n',
    );
    expect(unfolded).toContain('SUMMARY:Pick up your car at Showroom\r\n');
    expect(unfolded).toContain('DESCRIPTION:Pickup for order SR-1001: Tuesday\\, December 1\\, 2026 at 10:30 AM CT.');
    expect(unfolded).toContain('LOCATION:Showroom\\, 100 Congress Ave\\, Austin\\, TX 78701');
    expect(unfolded).toContain('STATUS:CONFIRMED');
    expect(ics.split('\r\n').every((line) => line.length <= 75)).toBe(true);
  });

  it('gives a zone without daylight saving one standard observance', () => {
    const unfolded = appointmentCalendar(
      { ...booked, timeZone: 'America/Phoenix', appointmentTime: '2026-12-01T17:30:00.000Z' },
      { brandName: 'Showroom', domain: 'localhost' },
      new Date('2026-11-25T12:00:00Z'),
    )!.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      'TZID:America/Phoenix\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:-0700\r\nTZOFFSETTO:-0700\r\nEND:STANDARD\r\n',
    );
    expect(unfolded).toContain('DTSTART;TZID=America/Phoenix:20261201T103000\r\n');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const ics = appointmentCalendar(
      booked,
      { brandName: 'Autohaus Müller & Söhne Gebrauchtwagen-Zentrum Süd', domain: 'localhost' },
      new Date('2026-11-25T12:00:00Z'),
    )!;
    const encoder = new TextEncoder();
    expect(ics.split('\r\n').every((line) => encoder.encode(line).length <= 75)).toBe(true);
    expect(ics.replace(/\r\n /g, '')).toContain(
      'SUMMARY:Pick up your car at Autohaus Müller & Söhne Gebrauchtwagen-Zentrum Süd\r\n',
    );
  });

  it('has nothing to offer before a booking', () => {
    expect(appointmentCalendar({ ...booked, appointmentTime: null }, { brandName: 'S', domain: 'd' }, new Date())).toBe(
      null,
    );
  });
});
