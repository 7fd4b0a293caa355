import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackAlert, trackErrorPage, trackEvent } from '~/lib/analytics/track';

const sendBeacon = vi.fn<(url: string) => boolean>();
const images: Array<{ src: string }> = [];

beforeEach(() => {
  sendBeacon.mockReset().mockReturnValue(true);
  images.length = 0;
  vi.stubGlobal('window', {
    location: { pathname: '/progress/SR-1001/payment', search: '?utm_source=mail&email=a%40b.co' },
  });
  vi.stubGlobal('document', { referrer: 'https://www.partner.example/page' });
  vi.stubGlobal('navigator', { sendBeacon });
  vi.stubGlobal(
    'Image',
    class {
      src = '';
      constructor() {
        images.push(this);
      }
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function sentParams(url: string): Record<string, string> {
  const params = Object.fromEntries(new URL(url, 'http://shop.test').searchParams);
  delete params.v;
  return params;
}

describe('trackEvent', () => {
  it('sends a beacon to the pixel endpoint without personal data', async () => {
    await trackEvent('vehicle.favorite', { vin: 'x', firstName: 'Avery', count: 2 });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const url = sendBeacon.mock.calls[0]![0];
    expect(url.startsWith('/resources/analytics-pixel?')).toBe(true);
    expect(sentParams(url)).toEqual({
      kind: 'event',
      name: 'vehicle.favorite',
      path: '/progress/SR-1001/payment',
      query: 'utm_source=mail',
      orderId: 'SR-1001',
      source: 'mail',
      referrer: 'www.partner.example',
      'prop.vin': 'x',
      'prop.count': '2',
    });
  });

  it('falls back to an image when the beacon is refused or missing', async () => {
    sendBeacon.mockReturnValue(false);
    await trackEvent('one');
    vi.stubGlobal('navigator', {});
    await trackEvent('two');
    expect(images.map((image) => sentParams(image.src).name)).toEqual(['one', 'two']);
  });

  it('gives each event its own URL', async () => {
    await Promise.all([trackEvent('same'), trackEvent('same')]);
    const [first, second] = sendBeacon.mock.calls.map((call) => call[0]);
    expect(first).not.toBe(second);
  });

  it('does nothing on the server', async () => {
    vi.stubGlobal('window', undefined);
    await trackEvent('nothing');
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(images).toHaveLength(0);
  });
});

describe('error page and alerts', () => {
  it('sends errorpage with the tracking id', async () => {
    await trackErrorPage('T-42');
    expect(sentParams(sendBeacon.mock.calls[0]![0])).toMatchObject({ name: 'errorpage', 'prop.trackingId': 'T-42' });
  });

  it('sends error-alert for error alerts and alert-oops for other "oops" messages', async () => {
    expect(trackAlert({ severity: 'error', message: 'Payment failed', type: 'error' })).toBe('error-alert');
    expect(trackAlert({ severity: 'warning', message: 'Oops! Something happened on our end.' })).toBe('alert-oops');
    expect(trackAlert({ severity: 'success', message: 'Code resent: Please check your phone.' })).toBeNull();
    // The pixel's code is imported with the first event (decision 052): the beacons follow it.
    await vi.dynamicImportSettled();
    const names = sendBeacon.mock.calls.map((call) => sentParams(call[0]).name);
    expect(names).toEqual(['error-alert', 'alert-oops']);
    expect(sentParams(sendBeacon.mock.calls[0]![0])).toMatchObject({
      'prop.severity': 'error',
      'prop.message': 'Payment failed',
      'prop.type': 'error',
    });
  });
});
