import { useLocation } from '@remix-run/react';
import { PREQUAL_TEXTS } from '~/lib/prequal';
import type { PrequalReminder } from '~/lib/prequal.server';
import { Toast } from '~/components/ui/toast';
import { PrequalReminderBody, RefreshPrequalAction } from './refresh-prequal';

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

/**
 * The credit application's prompt (issue 14 point 4): an expired pre-qualification fills none
 * of its steps, so the page says so and offers the refresh (or the form again), coming back here.
 */
export function ExpiredPrequalPrompt({ reminder }: { reminder: PrequalReminderData | null | undefined }) {
  const location = useLocation();
  if (reminder?.kind !== 'expired') return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-tenant border border-accent bg-accent/15 p-4"
      data-testid="prequal-expired-application"
    >
      <p>{PREQUAL_TEXTS.expiredApplication}</p>
      <RefreshPrequalAction canRefresh={reminder.canRefresh} redirectTo={`${location.pathname}${location.search}`} />
    </div>
  );
}
