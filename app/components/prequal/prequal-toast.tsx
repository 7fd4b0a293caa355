import type { PrequalReminder } from '~/lib/prequal.server';
import { Toast } from '~/components/ui/toast';
import { PrequalReminderBody } from './refresh-prequal';

// The pre-qualification reminder (seed 002 §4): a toast while it is within 5 days of its
// expiry or past it, with a one-click refresh that is a plain form post (no JavaScript needed).
// The shell loads this module only when there is a reminder (prequal-reminder.tsx).

export type PrequalReminderData = PrequalReminder;

export function PrequalToast({ reminder }: { reminder: PrequalReminderData }) {
  // The kit's toast (seed 000 §8-9): hides after 10 seconds or by its close button, never by a
  // click elsewhere; without JavaScript it renders inline at the top of the page and stays.
  return (
    <Toast type={reminder.kind === 'expired' ? 'expired' : 'info'} testId="prequal-toast">
      <PrequalReminderBody reminder={reminder} />
    </Toast>
  );
}
