import { useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';

// The JavaScript half of the tracker's "check again" (./polling.tsx has the other), on its own:
// a part that only polls (the ID check's follow-up) loads no link styles (decision 057).

/**
 * Reloads the page's data every `intervalMs` while `active` (and the tab is visible): the
 * JavaScript half of "check again". Without JavaScript the page shows a link instead.
 */
export function usePolling(active: boolean, intervalMs: number): void {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && state === 'idle') revalidate();
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [active, intervalMs, revalidate, state]);
}
