import type { PixelEvent } from '../shared/analytics/pixel';
import { alertEventName } from './alert-event';

// Browser-side events. They go to the same pixel endpoint as page views: sendBeacon when the
// browser has it (it survives the page being left), an Image otherwise. On the server these
// functions do nothing, so components may call them from handlers without a guard.
// The pixel's URL code (personal data removed, 1.3 KB) is imported with the first event, not
// with the page (decision 052): the alert bar, on most pages, sends events only for errors.

export type TrackOptions = { vin?: string | null; orderId?: string | null };

let sequence = 0;

/**
 * Sends the event once the pixel's code is here; what the event says (the page, the time) is read
 * when it is called. Resolves when it was handed to the browser.
 */
export async function trackEvent(
  name: string,
  properties: Record<string, unknown> = {},
  options: TrackOptions = {},
): Promise<void> {
  if (typeof window === 'undefined') return;
  sequence += 1;
  const event: PixelEvent = {
    kind: 'event',
    name,
    path: window.location.pathname,
    query: window.location.search,
    referrer: document.referrer,
    properties,
    viewId: `${Date.now().toString(36)}.${sequence}`,
    ...options,
  };
  const { ANALYTICS_PIXEL_PATH, buildPixelUrl } = await import('../shared/analytics/pixel');
  const url = buildPixelUrl(event, ANALYTICS_PIXEL_PATH);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
  } catch {
    // Some browsers throw when the beacon queue is full: fall back to the image.
  }
  const image = new Image(1, 1);
  image.src = url;
}

/** Seed 000 §2.4: the generic error page sends `errorpage` with its tracking id. */
export function trackErrorPage(trackingId: string): Promise<void> {
  return trackEvent('errorpage', { trackingId });
}

export type AlertSeverity = 'success' | 'warning' | 'error' | 'info';

/**
 * Seed 000 §8 and seed 001 §8: an error-severity alert sends `error-alert`; any other alert
 * whose message says "oops" is sent as `alert-oops`. Answers the event name sent, if any.
 */
export function trackAlert(alert: { severity: AlertSeverity; message: string; type?: string }): string | null {
  const name = alertEventName(alert.severity, alert.message);
  if (!name) return null;
  void trackEvent(name, {
    severity: alert.severity,
    message: alert.message,
    ...(alert.type ? { type: alert.type } : {}),
  });
  return name;
}
