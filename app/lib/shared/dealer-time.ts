// Every date and time a shopper sees, in the dealer's zone (the tenant config's timeZone), with
// the zone said once and always the same way ("CT", not "CST" in winter and "CDT" in summer):
// screens, e-mails, the contract PDF and the calendar file all format through this module, so
// the server's render, the browser's and the backend's messages agree. Also the wall-clock
// arithmetic the scheduler needs (a date and time in the zone ↔ a moment) and the dealer's
// business hours (seed 002 §9: Monday to Friday 9am-6pm, Saturday 9am-5pm, Sunday closed).

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Opening hours of one day (HH:MM, 24-hour, the dealer's zone), or null when closed. */
export type DayHours = { open: string; close: string } | null;
export type BusinessHours = Record<Weekday, DayHours>;

/** The seed's hours (seed 002 §9), the default of every tenant. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  sunday: null,
  monday: { open: '09:00', close: '18:00' },
  tuesday: { open: '09:00', close: '18:00' },
  wednesday: { open: '09:00', close: '18:00' },
  thursday: { open: '09:00', close: '18:00' },
  friday: { open: '09:00', close: '18:00' },
  saturday: { open: '09:00', close: '17:00' },
};

/** Appointments start every half hour and last an hour: the last one starts an hour before closing. */
export const SLOT_MINUTES = 30;
export const APPOINTMENT_MINUTES = 60;

/** Whether the name is an IANA Area/Location zone the runtime knows (not a legacy "CST"). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Z][A-Za-z_]+\/[A-Za-z_/+-]+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function toDate(at: Date | string): Date {
  return typeof at === 'string' ? new Date(at) : at;
}

function valid(at: Date): boolean {
  return !Number.isNaN(at.getTime());
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

/** The zone's label, the same in summer and winter: "CT", "ET", "MST" (Arizona), "HST". */
export function zoneLabel(timeZone: string): string {
  const parts = formatter(timeZone, { timeZoneName: 'shortGeneric' }).formatToParts(new Date(0));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** "December 25, 2026": the day it is at the dealer's at that moment. */
export function formatDealerDate(at: Date | string, timeZone: string): string {
  const date = toDate(at);
  if (!valid(date)) return '';
  return formatter(timeZone, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}

/** "10:30 AM CT". */
export function formatDealerTime(at: Date | string, timeZone: string): string {
  const date = toDate(at);
  if (!valid(date)) return '';
  return `${formatter(timeZone, { hour: 'numeric', minute: '2-digit' }).format(date)} ${zoneLabel(timeZone)}`;
}

/** "Tuesday, March 14, 2026 at 10:30 AM CT". */
export function formatDealerDateTime(at: Date | string, timeZone: string): string {
  const date = toDate(at);
  if (!valid(date)) return '';
  const day = formatter(timeZone, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(date);
  return `${day} at ${formatDealerTime(date, timeZone)}`;
}

/** A wall-clock slot "13:30" as the page says it: "1:30 PM" (the zone is said once, beside the list). */
export function formatClock(time: string): string {
  const [hours, minutes] = clockNumbers(time);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** The numbers of a wall-clock time "HH:MM" (a missing part reads as NaN, as Number('') of nothing would). */
function clockNumbers(time: string): [hours: number, minutes: number] {
  const [hours = Number.NaN, minutes = Number.NaN] = time.split(':').map(Number);
  return [hours, minutes];
}

/** The numbers of a calendar date "YYYY-MM-DD" (a missing part reads as NaN). */
function dateNumbers(date: string): [year: number, month: number, day: number] {
  const [year = Number.NaN, month = Number.NaN, day = Number.NaN] = date.split('-').map(Number);
  return [year, month, day];
}

type WallParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;

function partsIn(at: Date, timeZone: string): WallParts {
  const parts = formatter(timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? '0');
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at that moment, in ms. */
function offsetMs(at: Date, timeZone: string): number {
  const p = partsIn(at, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The moment a wall-clock date (YYYY-MM-DD) and time (HH:MM) in the zone stands for. */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = dateNumbers(date);
  const [hour, minute] = clockNumbers(time);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Twice: the first guess may sit on the other side of a daylight-saving change.
  const first = wall - offsetMs(new Date(wall), timeZone);
  return new Date(wall - offsetMs(new Date(first), timeZone));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** How many minutes the zone's wall clock is ahead of UTC at that moment (-360 in Chicago in winter). */
export function utcOffsetMinutes(at: Date, timeZone: string): number {
  return Math.round(offsetMs(at, timeZone) / 60_000);
}

/** The wall-clock moment in the zone as a calendar file writes a local time: 20261201T103000. */
export function localStamp(at: Date, timeZone: string): string {
  const p = partsIn(at, timeZone);
  return `${p.year}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

/** YYYY-MM-DD of the moment in the zone. */
export function localDate(at: Date, timeZone: string): string {
  const p = partsIn(at, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** HH:MM of the moment in the zone. */
export function localTime(at: Date, timeZone: string): string {
  const p = partsIn(at, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = dateNumbers(date);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const [year, month, day] = dateNumbers(date);
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** The weekday of a calendar date (YYYY-MM-DD), whatever the zone. */
export function weekdayOf(date: string): Weekday {
  const [year, month, day] = dateNumbers(date);
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}

function minutesOf(time: string): number {
  const [hours, minutes] = clockNumbers(time);
  return hours * 60 + minutes;
}

function clockOf(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Start times on one day's hours: every half hour from opening to an hour before closing. */
export function slotsForHours(hours: DayHours): string[] {
  if (!hours) return [];
  const slots: string[] = [];
  for (let at = minutesOf(hours.open); at + APPOINTMENT_MINUTES <= minutesOf(hours.close); at += SLOT_MINUTES)
    slots.push(clockOf(at));
  return slots;
}

/** Start times on a calendar date (YYYY-MM-DD): none on a closed day. */
export function slotsOn(date: string, hours: BusinessHours): string[] {
  return isCalendarDate(date) ? slotsForHours(hours[weekdayOf(date)]) : [];
}

/** Every start time of the week, in order: the list a page without JavaScript offers. */
export function allSlots(hours: BusinessHours): string[] {
  return [...new Set(WEEKDAYS.flatMap((day) => slotsForHours(hours[day])))].sort();
}

/** Whether an appointment at date and time (the dealer's wall clock) fits the business hours. */
export function isWithinBusinessHours(date: string, time: string, hours: BusinessHours): boolean {
  return slotsOn(date, hours).includes(time);
}

const DAY_NAMES: Record<Weekday, string> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
};

function shortClock(time: string): string {
  const [hours, minutes] = clockNumbers(time);
  const suffix = hours >= 12 ? 'pm' : 'am';
  const hour = ((hours + 11) % 12) + 1;
  return minutes ? `${hour}:${pad(minutes)}${suffix}` : `${hour}${suffix}`;
}

/**
 * The hours in words, consecutive days with the same hours joined, the zone said once:
 * "Monday to Friday 9am-6pm, Saturday 9am-5pm, Sunday closed (CT)".
 */
export function describeBusinessHours(hours: BusinessHours, timeZone: string): string {
  const order: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const say = (day: DayHours) => (day ? `${shortClock(day.open)}-${shortClock(day.close)}` : 'closed');
  const runs: { from: Weekday; to: Weekday; text: string }[] = [];
  for (const day of order) {
    const text = say(hours[day]);
    const last = runs.at(-1);
    if (last && last.text === text) last.to = day;
    else runs.push({ from: day, to: day, text });
  }
  const list = runs
    .map((run) => `${DAY_NAMES[run.from]}${run.to !== run.from ? ` to ${DAY_NAMES[run.to]}` : ''} ${run.text}`)
    .join(', ');
  return `${list} (${zoneLabel(timeZone)})`;
}

/** The refusal of a slot outside the hours, the same words on the page and from the backend. */
export function outsideHoursMessage(hours: BusinessHours, timeZone: string): string {
  return `Choose a time within our hours: ${describeBusinessHours(hours, timeZone)}.`;
}
