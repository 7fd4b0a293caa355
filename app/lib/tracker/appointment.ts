import { formatDealerDateTime } from '~/lib/shared/dealer-time';

// The appointment in words: only the scheduling page shows it, so only its JavaScript has the
// dealer-time formatting (decision 052).

/** An appointment time in words, in the dealer's zone and said so, like the scheduling page. */
export function formatAppointment(iso: string | null, timeZone: string): string {
  return (iso && formatDealerDateTime(iso, timeZone)) || 'Not scheduled';
}
