// Dates typed as MM/DD/YYYY (seed 002 §5 placeholders), checked strictly: 02/30/2000 is not a
export { maskUsDate } from './masks';
// date, and neither is 2/3/2000. Calendar arithmetic is done on whole days in UTC, so the
// browser and the server agree on "today" to within the shopper's time zone.

export type CalendarDate = { year: number; month: number; day: number };

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** The date MM/DD/YYYY names, or null when it is not written that way or does not exist. */
export function parseUsDate(text: string): CalendarDate | null {
  const match = US_DATE.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Whether the text has the MM/DD/YYYY shape at all (a wrong shape and an impossible date read differently). */
export function hasUsDateShape(text: string): boolean {
  return US_DATE.test(text.trim());
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function today(now: Date = new Date()): CalendarDate {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

/** Negative when a is earlier than b. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Whole years from `from` to `to` (a birthday counts on its day; 29 February counts on 1 March). */
export function wholeYearsBetween(from: CalendarDate, to: CalendarDate): number {
  let years = to.year - from.year;
  if (to.month < from.month || (to.month === from.month && to.day < from.day)) years -= 1;
  return years;
}

/** The same day `years` earlier (29 February becomes 28 February in a common year). */
export function yearsBefore(date: CalendarDate, years: number): CalendarDate {
  const year = date.year - years;
  return { year, month: date.month, day: Math.min(date.day, daysInMonth(year, date.month)) };
}

/** Whether `start` is less than `years` whole years before today. */
export function isWithinYears(start: string, years: number, now = new Date()): boolean {
  const date = parseUsDate(start);
  if (!date) return false;
  return compareDates(date, yearsBefore(today(now), years)) > 0;
}
