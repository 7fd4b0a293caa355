import { useEffect } from 'react';

/**
 * Marks <html data-hydrated> once React has taken over the page, so end-to-end tests (and
 * styles) can tell the enhanced page from the server's HTML.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
