import type { Fulfillment } from '~/lib/contract/tracker';
import { APPOINTMENT_MINUTES, formatDealerDateTime } from '~/lib/shared/dealer-time';
import { formatAddress } from './fulfillment-form';

// The appointment as a calendar file (RFC 5545). The start and end are the exact moments in
// UTC, so every calendar places them right whatever its own zone; the words say the time in
// the dealer's zone exactly as the scheduling page and the e-mail do.

function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

function icsMoment(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Lines longer than 75 octets are folded (RFC 5545 §3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (rest.length > 74) {
    parts.push(rest.slice(0, 74));
    rest = rest.slice(74);
  }
  parts.push(rest);
  return parts.join('\r\n ');
}

export function appointmentCalendar(
  fulfillment: Fulfillment,
  dealer: { brandName: string; domain: string },
  now: Date,
): string | null {
  if (!fulfillment.appointmentTime || !fulfillment.method) return null;
  const start = new Date(fulfillment.appointmentTime);
  const end = new Date(start.getTime() + APPOINTMENT_MINUTES * 60_000);
  const pickup = fulfillment.method === 'PICKUP';
  const where = pickup
    ? fulfillment.location
      ? `${fulfillment.location.name}, ${formatAddress(fulfillment.location.address)}`
      : dealer.brandName
    : fulfillment.address
      ? formatAddress(fulfillment.address)
      : '';
  const summary = `${pickup ? 'Pick up your car at' : 'Car delivery from'} ${dealer.brandName}`;
  const when = formatDealerDateTime(start, fulfillment.timeZone);
  const description = `${pickup ? 'Pickup' : 'Delivery'} for order ${fulfillment.orderNumber}: ${when}${
    fulfillment.state === 'Requested' ? ' (requested, waiting for the dealer to confirm)' : ''
  }.`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(dealer.brandName)}//Appointments//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${icsText(`${fulfillment.orderNumber}-appointment@${dealer.domain}`)}`,
    `DTSTAMP:${icsMoment(now)}`,
    `DTSTART:${icsMoment(start)}`,
    `DTEND:${icsMoment(end)}`,
    `SUMMARY:${icsText(summary)}`,
    `DESCRIPTION:${icsText(description)}`,
    ...(where ? [`LOCATION:${icsText(where)}`] : []),
    `STATUS:${fulfillment.state === 'Confirmed' ? 'CONFIRMED' : 'TENTATIVE'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
