import { Form, Link, useLocation } from '@remix-run/react';
import { useState } from 'react';
import { useHydrated } from '~/components/hydrated';
import { PREQUAL_PATH, PREQUAL_REFRESH_PATH, PREQUAL_TEXTS } from '~/lib/prequal';
import { formatDealerDate } from '~/lib/shared/dealer-time';
import { useDealerZone } from '../dealer-zone';
import { primaryButton, textLink } from '~/components/ui/button';

// The pre-qualification reminder (seed 002 §4): a toast while it is within 5 days of its
// expiry or past it, with a one-click refresh that is a plain form post (no JavaScript needed).
// It closes only by its close button (seed 000: clicking away does not close a toast).

export type PrequalReminderData = { kind: 'expiring' | 'expired'; expiresAt: string; canRefresh: boolean };

export function RefreshPrequalForm({ redirectTo }: { redirectTo: string }) {
  return (
    <Form method="post" action={PREQUAL_REFRESH_PATH}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className={primaryButton}>
        {PREQUAL_TEXTS.refreshButton}
      </button>
    </Form>
  );
}

export function PrequalToast({ reminder }: { reminder: PrequalReminderData }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const [closed, setClosed] = useState(false);
  const zone = useDealerZone();
  if (closed) return null;
  const here = `${location.pathname}${location.search}`;
  return (
    <div
      role="status"
      className="fixed bottom-4 right-4 z-40 max-w-sm rounded-tenant border border-gray-300 bg-surface p-4 shadow-lg"
      data-testid="prequal-toast"
      data-kind={reminder.kind}
    >
      <p className="text-sm">
        {reminder.kind === 'expired'
          ? PREQUAL_TEXTS.expired
          : PREQUAL_TEXTS.expiring(formatDealerDate(reminder.expiresAt, zone))}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {reminder.canRefresh ? (
          <RefreshPrequalForm redirectTo={here} />
        ) : (
          <Link to={`${PREQUAL_PATH}?again=1`} className={textLink}>
            Pre-qualify again
          </Link>
        )}
        {hydrated ? (
          <button type="button" className="text-sm underline" onClick={() => setClosed(true)}>
            Close
          </button>
        ) : null}
      </div>
    </div>
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
      {reminder.canRefresh ? (
        <RefreshPrequalForm redirectTo={`${location.pathname}${location.search}`} />
      ) : (
        <Link to={`${PREQUAL_PATH}?again=1`} className={textLink}>
          Pre-qualify again
        </Link>
      )}
    </div>
  );
}
