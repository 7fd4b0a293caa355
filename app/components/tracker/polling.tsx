import { Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';

// The tracker's "check again" in its two forms: polling with JavaScript (./use-polling.ts), a
// meta refresh and a link without it (here).

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
    // The kit's text link (textLink), written out: a page that only checks again loads no button code.
    <Link to={to} className="font-semibold text-primary underline" reloadDocument>
      {children}
    </Link>
  );
}
