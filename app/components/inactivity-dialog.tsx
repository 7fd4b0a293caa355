import { useFetcher, useLocation, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useRootData } from '~/root';
import {
  INACTIVITY_TEXTS,
  SESSION_ACTIVITY_PATH,
  SESSION_IDLE_MINUTES,
  SESSION_WARNING_SECONDS,
} from '~/lib/inactivity';
import { Dialog, preloadDialog } from '~/components/ui/dialog';
import { primaryButton } from '~/components/ui/button';

// The inactivity dialog of the pre-qualification and the checkout (seed 002 §4): after a quiet
// spell it asks whether the shopper is still there, counting down; Continue Session tells the
// server (which holds the real expiry, app/lib/inactivity.server.ts), the end of the countdown
// signs out. Each page load or form post starts the count again. JavaScript only: without it the
// server's expiry alone applies.

const WARN_AFTER_MS = SESSION_IDLE_MINUTES * 60_000 - SESSION_WARNING_SECONDS * 1000;
/**
 * The dialog's code (Headless UI) is not loaded with the page (issue 17, decision 046): it starts
 * this long before the dialog is due, so a slow line still has it there at its time.
 */
const PRELOAD_BEFORE_MS = 60_000;

/**
 * Only a signed-in shopper has a session to expire: a guest's cart and hold simply stay.
 * `activeSince` (a `Date.now()` time) is for a countdown mounted after the page's last activity
 * (the checkout loads this module on a timer, app/components/checkout/inactivity-countdown.tsx):
 * the count runs from then, not from the mount.
 */
export function InactivityDialog({ activeSince }: { activeSince?: number } = {}) {
  const signedIn = Boolean(useRootData()?.shopper);
  return signedIn ? <SessionCountdown activeSince={activeSince} /> : null;
}

function SessionCountdown({ activeSince }: { activeSince: number | undefined }) {
  const location = useLocation();
  const fetcher = useFetcher();
  const submit = useSubmit();
  const [startedAt, setStartedAt] = useState(() => activeSince ?? Date.now());
  const [left, setLeft] = useState<number | null>(null);
  const here = `${location.pathname}${location.search}`;
  const ended = useRef(false);
  const mountedAt = useRef(location.key);

  // A navigation (a load or a post that reached the server) is activity; the location the
  // countdown was mounted on counts from `activeSince` when it is given.
  useEffect(() => {
    if (activeSince !== undefined && location.key === mountedAt.current) return;
    setStartedAt(Date.now());
    setLeft(null);
  }, [location.key, activeSince]);

  useEffect(() => {
    const timer = window.setTimeout(
      preloadDialog,
      Math.max(0, startedAt + WARN_AFTER_MS - PRELOAD_BEFORE_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [startedAt]);

  useEffect(() => {
    const tick = () => {
      const idle = Date.now() - startedAt;
      if (idle < WARN_AFTER_MS) return setLeft(null);
      const remaining = Math.max(0, Math.ceil((WARN_AFTER_MS + SESSION_WARNING_SECONDS * 1000 - idle) / 1000));
      setLeft(remaining);
      if (remaining === 0 && !ended.current) {
        ended.current = true;
        submit({ intent: 'expire', redirectTo: here }, { method: 'post', action: SESSION_ACTIVITY_PATH });
      }
    };
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [startedAt, here, submit]);

  function continueSession() {
    fetcher.submit({ intent: 'continue', redirectTo: here }, { method: 'post', action: SESSION_ACTIVITY_PATH });
    setStartedAt(Date.now());
    setLeft(null);
  }

  return (
    <Dialog
      open={left !== null && left > 0}
      onClose={continueSession}
      title={INACTIVITY_TEXTS.title}
      description={INACTIVITY_TEXTS.body(left ?? 0)}
      testId="inactivity-dialog"
    >
      <button type="button" className={primaryButton} onClick={continueSession}>
        {INACTIVITY_TEXTS.continue}
      </button>
    </Dialog>
  );
}
