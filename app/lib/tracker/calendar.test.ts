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
    expect(unfolded).toContain('DTSTART:20261201T163000Z\r\n');
    expect(unfolded).toContain('DTEND:20261201T173000Z\r\n');
    expect(unfolded).toContain('SUMMARY:Pick up your car at Showroom\r\n');
    expect(unfolded).toContain('DESCRIPTION:Pickup for order SR-1001: Tuesday\\, December 1\\, 2026 at 10:30 AM CT.');
    expect(unfolded).toContain('LOCATION:Showroom\\, 100 Congress Ave\\, Austin\\, TX 78701');
    expect(unfolded).toContain('STATUS:CONFIRMED');
    expect(ics.split('\r\n').every((line) => line.length <= 75)).toBe(true);
  });

  it('has nothing to offer before a booking', () => {
    expect(appointmentCalendar({ ...booked, appointmentTime: null }, { brandName: 'S', domain: 'd' }, new Date())).toBe(
      null,
    );
  });
});
