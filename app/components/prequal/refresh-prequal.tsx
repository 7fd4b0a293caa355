import { Form, Link, useLocation } from '@remix-run/react';
import type { PrequalReminder } from '~/lib/prequal.server';
import { PREQUAL_PATH, PREQUAL_REFRESH_BUTTON, PREQUAL_REFRESH_PATH } from '~/lib/prequal-refresh';
import { primaryButton, textLink } from '~/components/ui/button';

// The pre-qualification's one-click refresh (seed 002 §4): a plain form post, no JavaScript
// needed; with nothing to refresh, a link to the form again. Light on purpose: the shell
// renders it on every page that has a reminder (issue 17).

export function RefreshPrequalForm({ redirectTo }: { redirectTo: string }) {
  return (
    <Form method="post" action={PREQUAL_REFRESH_PATH}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className={primaryButton}>
        {PREQUAL_REFRESH_BUTTON}
      </button>
    </Form>
  );
}

/** The refresh form, or the link to pre-qualify again when there is nothing on file. */
export function RefreshPrequalAction({ canRefresh, redirectTo }: { canRefresh: boolean; redirectTo: string }) {
  return canRefresh ? (
    <RefreshPrequalForm redirectTo={redirectTo} />
  ) : (
    <Link to={`${PREQUAL_PATH}?again=1`} className={textLink}>
      Pre-qualify again
    </Link>
  );
}

/** The toast's text and its action, inline or in the floating toast. */
export function PrequalReminderBody({ reminder }: { reminder: PrequalReminder }) {
  const location = useLocation();
  return (
    <>
      <p data-kind={reminder.kind}>{reminder.message}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <RefreshPrequalAction canRefresh={reminder.canRefresh} redirectTo={`${location.pathname}${location.search}`} />
      </div>
    </>
  );
}
