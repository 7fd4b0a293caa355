import { useLocation } from '@remix-run/react';
import { useContext, useState } from 'react';
import { FirstViewPixelContext } from '~/lib/analytics/first-view-pixel';
import { PageViewPixel as NextViewPixel } from '~/lib/analytics/page-view-pixel';

// One page view per location, with or without JavaScript (seed 001 §7). The first view's pixel
// image is the server's: entry.server.tsx gives the HTML, the browser requests the image with the
// page, and hydration keeps it as it came (React does not rewrite the inner HTML of an element it
// hydrates). The pixel's code (its URL, personal data removed) is for the next view, a
// client-side navigation.

/** Render it once, in the root layout, so every page (the not-found page included) counts once. */
export function PageViewPixel({ name, referrer }: { name?: string; referrer?: string | null }) {
  const location = useLocation();
  const [firstKey] = useState(location.key);
  const firstViewHtml = useContext(FirstViewPixelContext);
  if (location.key !== firstKey) {
    return <NextViewPixel name={name} referrer={referrer} firstKey={firstKey} />;
  }
  const html =
    firstViewHtml?.({ kind: 'pageview', name, path: location.pathname, query: location.search, referrer }) ?? '';
  // suppressHydrationWarning: in the browser the HTML is empty, and the server's image stays.
  return <span suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}
