import { useLocation } from '@remix-run/react';
import { useMemo, useState } from 'react';
import { buildPixelUrl, type PixelEvent } from '../shared/analytics/pixel';

type PixelProps = {
  /** Read from the path (/vehicles/<vin>, /progress/<order>/…, /fulfillment/<order>) when not given. */
  vin?: string | null;
  orderId?: string | null;
  /**
   * The Referer of the document request, from a loader: the server renders the pixel before
   * any script can read document.referrer. Without it the traffic source is utm_source only.
   */
  referrer?: string | null;
  properties?: Record<string, string | number | boolean>;
};

export const HIDDEN_PIXEL_CLASS = 'pointer-events-none absolute h-px w-px overflow-hidden opacity-0';

/**
 * A distinct view id for each client-side navigation. The first render has none, so the
 * server's HTML and the hydrating client agree on the src and the browser asks only once.
 * `knownFirstKey` is the first view's location key when this code loaded after it (decision 048).
 */
function useViewId(knownFirstKey?: string): string | null {
  const location = useLocation();
  const [firstKey] = useState(knownFirstKey ?? location.key);
  return useMemo(
    // The time makes a return to an earlier history entry a new URL too: browsers reuse an
    // image already loaded in the document without asking again.
    () => (location.key === firstKey ? null : `${location.key}.${Date.now().toString(36)}`),
    [location.key, firstKey],
  );
}

function Pixel({ event }: { event: PixelEvent }) {
  const src = buildPixelUrl(event);
  // Keyed by its URL: a re-render of the same view reuses the element and sends nothing.
  return (
    <img
      key={src}
      src={src}
      alt=""
      aria-hidden="true"
      width={1}
      height={1}
      decoding="async"
      className={HIDDEN_PIXEL_CLASS}
    />
  );
}

/**
 * Records one page view per location, with or without JavaScript. The root layout renders it
 * once, through app/components/page-view.tsx, so every page (the not-found page included) counts once.
 * `firstKey`: the location key of the page's first view, when this renders after it.
 */
export function PageViewPixel({ name, firstKey, ...props }: PixelProps & { name?: string; firstKey?: string }) {
  const location = useLocation();
  const viewId = useViewId(firstKey);
  return (
    <Pixel event={{ kind: 'pageview', name, path: location.pathname, query: location.search, viewId, ...props }} />
  );
}

/**
 * Records an event by rendering it, for pages that must count without JavaScript: the
 * generic error page's `errorpage` event with its tracking id (seed 000 §2.4).
 */
export function EventPixel({ name, ...props }: PixelProps & { name: string }) {
  const location = useLocation();
  const viewId = useViewId();
  return <Pixel event={{ kind: 'event', name, path: location.pathname, query: location.search, viewId, ...props }} />;
}
