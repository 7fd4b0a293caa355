import { Link } from '@remix-run/react';
import type { TrackerPageData } from '~/lib/tracker/page';
import { ID_POLL_MS, idCheckState, idPath } from './id-verification';
import { CheckAgainLink, NoScriptRefresh } from './polling';
import { Notice } from '~/components/ui/alert-bar';
import { textLink } from '~/components/ui/button';

// While the ID check runs: what to do on the phone, and what this page does meanwhile (the page
// checks again, useIdCheckFollowUp). An island (CheckYourPhoneIsland in ./id-verification.tsx,
// decision 057): links and text, hydrated when the shopper reaches for it or the page checks.

export function CheckYourPhone({ data }: { data: TrackerPageData }) {
  const state = idCheckState(data);
  if (state === 'done') {
    return (
      <Notice kind="success" title="Your ID is verified" testId="id-check-state">
        <Link to={idPath(data.orderNumber, 'complete')} className={textLink}>
          Continue
        </Link>
      </Notice>
    );
  }
  if (state === 'failed') {
    return (
      <Notice kind="warning" title="We could not verify your ID" testId="id-check-state">
        <Link to={idPath(data.orderNumber, 'incomplete')} className={textLink}>
          See what to do next
        </Link>
      </Notice>
    );
  }
  return (
    <div className="flex flex-col gap-3" data-testid="id-check-state" data-state="waiting">
      <Notice kind="info" title="Waiting for your pictures">
        We sent the link by text message. Open it on your phone to photograph your driver’s license; it expires in 24
        hours.
      </Notice>
      <p>This page checks for the result every 30 seconds.</p>
      <NoScriptRefresh intervalMs={ID_POLL_MS} />
      <p>
        <CheckAgainLink to={idPath(data.orderNumber, 'next-steps')}>Refresh the status</CheckAgainLink>
      </p>
    </div>
  );
}
