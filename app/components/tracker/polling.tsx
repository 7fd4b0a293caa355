import { Link, useLocation, useRevalidator } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { textLink } from '~/components/ui/button';

// The tracker's "check again" in its two forms: polling with JavaScript, a meta refresh and a
// link without it.

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

/**
 * The same promise without JavaScript (issue 18): a meta refresh that only a browser without
 * scripting reads (inside <noscript>), at the interval the page polls at with JavaScript.
 */
export function NoScriptRefresh({ intervalMs }: { intervalMs: number }) {
  const location = useLocation();
  // The page's own address, so the refresh is a GET: a bare refresh of a page a form post
  // rendered would post the form again (and restart what it started).
  const url = `${location.pathname}${location.search}`;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${Math.max(1, Math.round(intervalMs / 1000))};url=${url}`} />
    </noscript>
  );
}

/** "Check again": a plain link to this page, for browsers that do not poll. */
export function CheckAgainLink({ to, children = 'Check again' }: { to: string; children?: ReactNode }) {
  return (
    <Link to={to} className={textLink} reloadDocument>
      {children}
    </Link>
  );
}
