import { Form, Link, useLocation } from '@remix-run/react';
import { PREQUAL_PATH, PREQUAL_REFRESH_PATH, PREQUAL_TEXTS } from '~/lib/prequal';
import { formatDealerDate } from '~/lib/shared/dealer-time';
import { useDealerZone } from '../dealer-zone';
import { primaryButton, textLink } from '~/components/ui/button';
import { Toast } from '~/components/ui/toast';

// The pre-qualification reminder (seed 002 §4): a toast while it is within 5 days of its
// expiry or past it, with a one-click refresh that is a plain form post (no JavaScript needed).

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
  const zone = useDealerZone();
  const here = `${location.pathname}${location.search}`;
  // The kit's toast (seed 000 §8-9): hides after 10 seconds or by its close button, never by a
  // click elsewhere; without JavaScript it renders inline at the top of the page and stays.
  return (
    <Toast type={reminder.kind === 'expired' ? 'expired' : 'info'} testId="prequal-toast">
      <p data-kind={reminder.kind}>
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
      </div>
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
