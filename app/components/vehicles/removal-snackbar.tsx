import { useFetchers } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { REMOVAL_FIELD, type Notice, type Removal } from '~/lib/search/actions';
import { LiveRemoval, NoticeRemoval } from './removal-snackbar-live';

// The pages that show a list (saved vehicles, the comparison) confirm a vehicle leaving it with
// the kit's snackbar (./removal-snackbar-live.tsx). This part only watches the page's fetchers;
// the snackbar's code (the kit's snackbar and alert bar) loads when a removal starts, while its
// post is on the way, or with a page whose server left a removal notice (issue 17, decision 051).

/** The vehicle a card of this page is taking off `list` right now, if any. */
function useRemoving(list: Removal['list']): Removal | null {
  const removing = useFetchers().find(
    (fetcher) => fetcher.key.startsWith(`${list}:`) && fetcher.formData?.get('intent') === 'remove',
  );
  const vin = removing?.formData?.get('vin');
  if (typeof vin !== 'string') return null;
  return { list, vin, undo: removing?.formData?.get(REMOVAL_FIELD) !== 'plain' };
}

/**
 * Where the page's removal confirmation goes: fixed at the bottom with JavaScript (the latest
 * removal from `list`), inline here without (from the notice the server left).
 */
export function RemovalSnackbar({ list, notice }: { list: Removal['list']; notice: Notice | null | undefined }) {
  const removing = useRemoving(list);
  const [shown, setShown] = useState<{ removal: Removal; seq: number } | null>(null);
  const seq = useRef(0);
  const vin = removing?.vin ?? null;
  const undo = removing?.undo ?? false;
  useEffect(() => {
    if (!vin) return;
    seq.current += 1;
    setShown({ removal: { list, vin, undo }, seq: seq.current });
  }, [list, vin, undo]);
  if (shown) return <LiveRemoval key={shown.seq} removal={shown.removal} onClose={() => setShown(null)} />;
  const removal = notice?.removal;
  if (!removal) return null;
  return <NoticeRemoval removal={removal} message={notice.message} />;
}
