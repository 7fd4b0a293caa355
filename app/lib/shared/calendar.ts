import type { Fulfillment } from '~/lib/contract/tracker';
import { APPOINTMENT_MINUTES, formatDealerDateTime, localStamp, utcOffsetMinutes } from '~/lib/shared/dealer-time';
import { formatAddress } from './address-text';

// The appointment as a calendar file (RFC 5545), for the download link and the confirmation
// e-mail. The start and end are the dealer's wall-clock times with the dealer's zone (TZID),
// and the file carries that zone's definition (VTIMEZONE, §3.6.5) with the offsets and
// daylight-saving changes around the appointment read from the runtime's zone data, so a
// calendar in another zone places the hour right. Written here rather than with a library:
// none is installed, and the usual one (`ics`) writes only UTC or floating times, no TZID.

function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

function icsMoment(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const encoder = new TextEncoder();

/**
 * Lines longer than 75 octets are folded (RFC 5545 §3.1): counted in UTF-8 octets, never
 * splitting a character; a continuation line starts with a space, so it holds 74 more.
 */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const room = parts.length === 0 ? 75 : 74;
    if (octets + size > room) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const DAY_MS = 24 * 60 * 60_000;

/** "-0500": a UTC offset as §3.3.14 writes it. */
function icsOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

type Change = { at: Date; from: number; to: number };

/** The zone's offset changes between two moments, each found to the minute. */
function offsetChanges(timeZone: string, start: number, end: number): Change[] {
  const changes: Change[] = [];
  for (let day = start; day < end; day += DAY_MS) {
    const from = utcOffsetMinutes(new Date(day), timeZone);
    const to = utcOffsetMinutes(new Date(day + DAY_MS), timeZone);
    if (from === to) continue;
    let low = day;
    let high = day + DAY_MS;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (utcOffsetMinutes(new Date(middle), timeZone) === from) low = middle;
      else high = middle;
    }
    changes.push({ at: new Date(high), from, to });
  }
  return changes;
}

/** Where the appointment is: the pickup location with its address, or the delivery address. */
export function appointmentPlace(
  fulfillment: Pick<Fulfillment, 'method' | 'location' | 'address'>,
  brandName: string,
): string {
  if (fulfillment.method === 'PICKUP')
    return fulfillment.location
      ? `${fulfillment.location.name}, ${formatAddress(fulfillment.location.address)}`
      : brandName;
  return fulfillment.address ? formatAddress(fulfillment.address) : '';
}

/**
 * The VTIMEZONE of the zone around a moment: every change from the start of the year before to
 * the end of the moment's year (so the observance in force at the moment has its onset in the
 * file), or one standard observance for a zone without daylight saving.
 */
function timeZoneBlock(timeZone: string, at: Date): string[] {
  const year = at.getUTCFullYear();
  const changes = offsetChanges(timeZone, Date.UTC(year - 1, 0, 1), Date.UTC(year + 1, 0, 1));
  const observances = changes.length
    ? changes.map(({ at: onset, from, to }) => {
        const kind = to > from ? 'DAYLIGHT' : 'STANDARD';
        // The onset is written in the local time in force before it (§3.6.5).
        const local = new Date(onset.getTime() + from * 60_000).toISOString();
        const stamp = local.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, '');
        return [
          `BEGIN:${kind}`,
          `DTSTART:${stamp}`,
          `TZOFFSETFROM:${icsOffset(from)}`,
          `TZOFFSETTO:${icsOffset(to)}`,
          `END:${kind}`,
        ];
      })
    : [
        (() => {
          const offset = icsOffset(utcOffsetMinutes(at, timeZone));
          return [
            'BEGIN:STANDARD',
            'DTSTART:19700101T000000',
            `TZOFFSETFROM:${offset}`,
            `TZOFFSETTO:${offset}`,
            'END:STANDARD',
          ];
        })(),
      ];
  return ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, ...observances.flat(), 'END:VTIMEZONE'];
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
  const where = appointmentPlace(fulfillment, dealer.brandName);
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
    ...timeZoneBlock(fulfillment.timeZone, start),
    'BEGIN:VEVENT',
    `UID:${icsText(`${fulfillment.orderNumber}-appointment@${dealer.domain}`)}`,
    `DTSTAMP:${icsMoment(now)}`,
    `DTSTART;TZID=${fulfillment.timeZone}:${localStamp(start, fulfillment.timeZone)}`,
    `DTEND;TZID=${fulfillment.timeZone}:${localStamp(end, fulfillment.timeZone)}`,
    `SUMMARY:${icsText(summary)}`,
    `DESCRIPTION:${icsText(description)}`,
    ...(where ? [`LOCATION:${icsText(where)}`] : []),
    `STATUS:${fulfillment.state === 'Confirmed' ? 'CONFIRMED' : 'TENTATIVE'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
