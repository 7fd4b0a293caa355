import { useLocation } from '@remix-run/react';
import { type ComponentType, useEffect, useState } from 'react';
import { SESSION_IDLE_MINUTES, SESSION_WARNING_SECONDS } from '~/lib/inactivity';
import { useRootData } from '~/root';

// The checkout's inactivity countdown (seed 002 §4) without its code in the page's JavaScript
// (issue 17, decision 054): a timer, restarted by every navigation, loads the countdown
// (app/components/inactivity-dialog.tsx) this long before its warning is due, and the countdown
// then runs from the last activity as if it had been there all along. The warning shows 13
// minutes after the last activity; the countdown loads the dialog's own code a minute before.

/** How long before the warning the countdown's code is loaded: well before the dialog's own minute. */
const LOAD_BEFORE_MS = 5 * 60_000;
const LOAD_AFTER_MS = SESSION_IDLE_MINUTES * 60_000 - SESSION_WARNING_SECONDS * 1000 - LOAD_BEFORE_MS;

type Countdown = ComponentType<{ activeSince?: number }>;

export function CheckoutInactivity() {
  const signedIn = Boolean(useRootData()?.shopper);
  const location = useLocation();
  const [activeSince, setActiveSince] = useState(() => Date.now());
  const [Loaded, setLoaded] = useState<Countdown | null>(null);

  // Until the countdown is here, a navigation is activity it must count from.
  useEffect(() => {
    setActiveSince(Date.now());
  }, [location.key]);

  useEffect(() => {
    if (!signedIn || Loaded) return;
    const timer = window.setTimeout(
      () => {
        import('~/components/inactivity-dialog').then(
          (module) => setLoaded(() => module.InactivityDialog),
          () => {},
        );
      },
      Math.max(0, activeSince + LOAD_AFTER_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [signedIn, Loaded, activeSince]);

  return Loaded ? <Loaded activeSince={activeSince} /> : null;
}
