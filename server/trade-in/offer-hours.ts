import { addDays, localDate, zonedToUtc } from '../../app/lib/shared/dealer-time';

// Seed 002 §9: trade-in offer hours (ET) 9:00am-12:00am Monday-Saturday, 11:00am-12:00am
// Sunday; an offer under review is ready in 3-5 minutes within them, otherwise the next
// business day. We promise the end of that range (5 minutes) and, outside the hours, five
// minutes after the next opening (decision 014).

export const OFFER_TIME_ZONE = 'America/New_York';
export const REVIEW_MINUTES = 5;

/** Opening hour of each weekday in ET (0 = Sunday); every day closes at midnight. */
const OPENING_HOUR = [11, 9, 9, 9, 9, 9, 9];

function weekday(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

function openingOn(date: string): Date {
  return zonedToUtc(date, `${String(OPENING_HOUR[weekday(date)]).padStart(2, '0')}:00`, OFFER_TIME_ZONE);
}

function closingOn(date: string): Date {
  return zonedToUtc(addDays(date, 1), '00:00', OFFER_TIME_ZONE);
}

export function isWithinOfferHours(at: Date): boolean {
  const date = localDate(at, OFFER_TIME_ZONE);
  return at >= openingOn(date) && at < closingOn(date);
}

/** When an offer sent for review at `at` is ready. */
export function reviewReadyAt(at: Date): Date {
  const ready = new Date(at.getTime() + REVIEW_MINUTES * 60_000);
  const date = localDate(at, OFFER_TIME_ZONE);
  if (isWithinOfferHours(at) && ready <= closingOn(date)) return ready;
  // Before today's opening: today's; otherwise the next day's.
  const opening = at < openingOn(date) ? openingOn(date) : openingOn(addDays(date, 1));
  return new Date(opening.getTime() + REVIEW_MINUTES * 60_000);
}
