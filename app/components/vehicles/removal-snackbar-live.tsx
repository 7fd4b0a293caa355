import { useFetcher } from '@remix-run/react';
import type { FormEvent } from 'react';
import { Snackbar, type SnackbarAction } from '~/components/ui/snackbar';
import {
  REMOVAL_MESSAGES,
  RESOURCE_PATHS,
  type CompareActionData,
  type FavoriteActionData,
  type Removal,
} from '~/lib/search/actions';
import { REDIRECT_FIELD, submitThroughFetcher } from './no-js-form';
import { useCurrentPath } from './use-current-path';

// The removal snackbar's code (./removal-snackbar.tsx decides when one shows): loaded only when
// a vehicle leaves the list or the server left a notice (issue 17, decision 051).
//
// The pages that show a list (saved vehicles, the comparison) confirm a vehicle leaving it with
// the kit's snackbar (seed 000 §8-9), with Undo when the vehicle can be put back (a sold one
// cannot be saved again: its Remove form says so with REMOVAL_FIELD=plain). A snackbar with Undo
// stays until the shopper acts or closes it; one without hides after 8 seconds. With JavaScript
// the page watches its cards' fetchers (keys `favorite:<vin>`, `compare:<vin>`), so the cards
// themselves (on every page with cards) carry nothing for it; without JavaScript the server
// leaves the same message for the list's page (notice.server.ts), shown inline with a real Undo form.

function removedBy(removal: Removal, answer: FavoriteActionData | CompareActionData | undefined): boolean | null {
  if (!answer) return null;
  if (!answer.ok) return false;
  if ('favorite' in answer) return !answer.favorite;
  if ('vins' in answer) return !answer.vins.includes(removal.vin);
  return null;
}

function undoAction(
  removal: Removal,
  redirectTo: string,
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void,
): SnackbarAction {
  return {
    label: REMOVAL_MESSAGES.undo,
    post: {
      action: removal.list === 'favorite' ? RESOURCE_PATHS.favorites : RESOURCE_PATHS.compare,
      fields: { vin: removal.vin, intent: 'add', [REDIRECT_FIELD]: redirectTo },
    },
    onSubmit,
  };
}

/** With JavaScript: follows the card's fetcher (same key), so it shows once the removal is done. */
export function LiveRemoval({ removal, onClose }: { removal: Removal; onClose: () => void }) {
  const fetcher = useFetcher<FavoriteActionData | CompareActionData>({ key: `${removal.list}:${removal.vin}` });
  const here = useCurrentPath();
  if (fetcher.state === 'submitting') return null;
  const answer = fetcher.data;
  // Undo refused (a full list, a vehicle sold meanwhile): the reason, as an error snackbar.
  if (answer && !answer.ok)
    return (
      <Snackbar type="error" onClose={onClose} testId="removal-snackbar">
        {answer.message}
      </Snackbar>
    );
  if (removedBy(removal, answer) !== true) return null;
  return (
    <Snackbar
      type="info"
      onClose={onClose}
      testId="removal-snackbar"
      action={removal.undo ? undoAction(removal, here, (event) => submitThroughFetcher(fetcher, event)) : undefined}
    >
      {REMOVAL_MESSAGES[removal.list]}
    </Snackbar>
  );
}

/** Without JavaScript (or a notice the server left): the message inline, with a real Undo form. */
export function NoticeRemoval({ removal, message }: { removal: Removal; message: string }) {
  const here = useCurrentPath();
  return (
    <Snackbar type="info" testId="removal-snackbar" action={removal.undo ? undoAction(removal, here) : undefined}>
      {message}
    </Snackbar>
  );
}
