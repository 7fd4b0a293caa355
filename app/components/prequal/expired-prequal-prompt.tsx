import { useLocation } from '@remix-run/react';
import { PREQUAL_TEXTS } from '~/lib/prequal';
import type { PrequalReminder } from '~/lib/prequal.server';
import { RefreshPrequalAction } from './refresh-prequal';

// The credit application loads this module only when the shopper's pre-qualification has
// expired (decision 060): the server renders the prompt, and its code is not in the page's first
// JavaScript otherwise.

/**
 * The credit application's prompt (issue 14 point 4): an expired pre-qualification fills none
 * of its steps, so the page says so and offers the refresh (or the form again), coming back here.
 */
export function ExpiredPrequalPrompt({ reminder }: { reminder: PrequalReminder | null | undefined }) {
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
