import { useFetcher } from '@remix-run/react';
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Snackbar, type SnackbarAction } from '~/components/ui/snackbar';
import {
  REMOVAL_FIELD,
  REMOVAL_MESSAGES,
  RESOURCE_PATHS,
  type CompareActionData,
  type FavoriteActionData,
  type Notice,
  type Removal,
} from '~/lib/search/actions';
import { REDIRECT_FIELD, submitThroughFetcher } from './no-js-form';
import { useCurrentPath } from './use-current-path';

// The pages that show a list (saved vehicles, the comparison) confirm a vehicle leaving it with
// the kit's snackbar (seed 000 §8-9), with Undo when the vehicle can be put back (a sold one
// cannot be saved again). A snackbar with Undo stays until the shopper acts or closes it; one
// without hides after 8 seconds. With JavaScript the remove goes through the card's fetcher
// and the snackbar follows that fetcher; without, the remove form asks the server for the same
// message (REMOVAL_FIELD), which comes back as a notice and renders inline with a real Undo form.

type Announce = (removal: Removal) => void;
type RemovalState = {
  lists: ReadonlyArray<Removal['list']>;
  announce: Announce;
  current: Shown | null;
  clear: () => void;
};
type Shown = { removal: Removal; seq: number };

const RemovalContext = createContext<RemovalState | null>(null);

/** Around a page whose removals from `lists` are confirmed by a snackbar. */
export function RemovalProvider({ lists, children }: { lists: ReadonlyArray<Removal['list']>; children: ReactNode }) {
  const [current, setCurrent] = useState<Shown | null>(null);
  const seq = useRef(0);
  const announce = useCallback<Announce>((removal) => {
    seq.current += 1;
    setCurrent({ removal, seq: seq.current });
  }, []);
  const clear = useCallback(() => setCurrent(null), []);
  const value = useMemo(() => ({ lists, announce, current, clear }), [lists, announce, current, clear]);
  return <RemovalContext.Provider value={value}>{children}</RemovalContext.Provider>;
}

/**
 * For a remove form: the hidden field that asks for the confirmation without JavaScript, and
 * the call that shows it with JavaScript; both nothing when the page does not confirm `list`.
 */
export function useRemovalNotice(list: Removal['list'], vin: string, undo: boolean) {
  const state = useContext(RemovalContext);
  const active = Boolean(state?.lists.includes(list));
  return {
    field: active ? <input type="hidden" name={REMOVAL_FIELD} value={undo ? 'undo' : 'plain'} /> : null,
    announce: () => {
      if (active) state?.announce({ list, vin, undo });
    },
  };
}

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
function LiveRemoval({ removal, onClose }: { removal: Removal; onClose: () => void }) {
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

/**
 * Where the page's removal confirmation goes: fixed at the bottom with JavaScript, inline here
 * without (from the notice the server left).
 */
export function RemovalSnackbar({ notice }: { notice: Notice | null | undefined }) {
  const state = useContext(RemovalContext);
  const here = useCurrentPath();
  if (state?.current)
    return <LiveRemoval key={state.current.seq} removal={state.current.removal} onClose={state.clear} />;
  const removal = notice?.removal;
  if (!removal) return null;
  return (
    <Snackbar type="info" testId="removal-snackbar" action={removal.undo ? undoAction(removal, here) : undefined}>
      {notice.message}
    </Snackbar>
  );
}
