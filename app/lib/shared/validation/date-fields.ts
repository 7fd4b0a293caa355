import { APPLICANT_LIMITS as L, APPLICANT_MESSAGES } from './applicant-messages';
import { requiredText } from './base';
import { compareDates, hasUsDateShape, parseUsDate, today, wholeYearsBetween, yearsBefore } from './dates';
export { isWithinYears } from './dates';

// Date fields of seed 002 §5, typed MM/DD/YYYY. The value stays the text typed (trimmed), so
// the same schema parses a form post and the JSON the storefront sends the API.

type DateMessages = { required: string; format: string; invalid: string; future: string; tooLongAgo: string };

/** Why a MM/DD/YYYY text is not a usable past date, or null. */
export function pastDateProblem(value: string, messages: DateMessages, now = new Date()): string | null {
  if (!hasUsDateShape(value)) return messages.format;
  const date = parseUsDate(value);
  if (!date) return messages.invalid;
  const current = today(now);
  if (compareDates(date, current) > 0) return messages.future;
  if (compareDates(date, yearsBefore(current, L.maximumYearsBack)) <= 0) return messages.tooLongAgo;
  return null;
}

/** A required past date, fewer than 100 years back. */
export function pastDateSchema(messages: DateMessages) {
  return requiredText(messages.required).superRefine((value, ctx) => {
    const problem = pastDateProblem(value, messages);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

const DOB = APPLICANT_MESSAGES.dateOfBirth;

/** Why a date of birth is refused, or null: required, MM/DD/YYYY, real, past, under 100 years back, 18 or older. */
export function dateOfBirthProblem(value: string, now = new Date()): string | null {
  const problem = pastDateProblem(value, { ...DOB, tooLongAgo: DOB.tooOld }, now);
  if (problem) return problem;
  if (wholeYearsBetween(parseUsDate(value)!, today(now)) < L.minimumAge) return DOB.underage;
  return null;
}

export const dateOfBirthSchema = requiredText(DOB.required).superRefine((value, ctx) => {
  const problem = dateOfBirthProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Seed 002 §5 "Date of birth vs. dates": the DOB field's message when it is after either start date, or both. */
export function birthAfterStartsProblem(
  dateOfBirth: string,
  starts: { employmentStartDate?: string | null; residenceStartDate?: string | null },
): string | null {
  const birth = parseUsDate(dateOfBirth);
  if (!birth) return null;
  const after = (start: string | null | undefined) => {
    const date = start ? parseUsDate(start) : null;
    return date !== null && compareDates(birth, date) > 0;
  };
  const employment = after(starts.employmentStartDate);
  const residence = after(starts.residenceStartDate);
  if (employment && residence) return DOB.afterBothStarts;
  if (employment) return DOB.afterEmploymentStart;
  if (residence) return DOB.afterResidenceStart;
  return null;
}

/** A start date must not be before the date of birth (so the time since cannot exceed the age). */
export function startsBeforeBirth(start: string, dateOfBirth: string): boolean {
  const date = parseUsDate(start);
  const birth = parseUsDate(dateOfBirth);
  return date !== null && birth !== null && compareDates(date, birth) < 0;
}
