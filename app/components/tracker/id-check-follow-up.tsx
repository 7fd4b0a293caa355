import { useNavigate } from '@remix-run/react';
import { useEffect } from 'react';
import type { TrackerPageData } from '~/lib/tracker/page';
import { ID_POLL_MS, idCheckState, idPath } from './id-verification';
import { usePolling } from './use-polling';

// The ID check's follow-up while a page shows it running: nothing to see, an island rendered
// with the check's panel (IdCheck in ./id-verification.tsx, decision 057).

/** Asks again every 30 s while the check runs, and moves on to the result page when an answer comes. */
export function IdCheckFollowUp({ data }: { data: TrackerPageData }) {
  const navigate = useNavigate();
  const check = data.facts.idVerification;
  const state = idCheckState(data);
  usePolling(check.status === 'INITIATED' && !check.isExpired, ID_POLL_MS);
  useEffect(() => {
    if (state === 'waiting') return;
    navigate(idPath(data.orderNumber, state === 'done' ? 'complete' : 'incomplete'), { replace: true });
  }, [state, navigate, data.orderNumber]);
  return null;
}
