import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { analyticsEventSchema } from '~/lib/contract/analytics';
import { EventPixel, PageViewPixel } from '~/lib/analytics/page-view-pixel';
import {
  ANALYTICS_PIXEL_PATH,
  buildPixelUrl,
  getIdsFromPath,
  getTrafficSource,
  isPersonalDataKey,
  parsePixelUrl,
  sanitize,
  sanitizeQuery,
  toAnalyticsEvent,
} from '~/lib/shared/analytics/pixel';

const VIN = '1HGCM82633A004352';

describe('sanitize', () => {
  it('removes first name, last name and e-mail from properties, whatever the spelling', () => {
    const clean = sanitize({
      path: '/sign-up',
      properties: {
        firstName: 'Avery',
        first_name: 'Avery',
        'last-name': 'Lane',
        LASTNAME: 'Lane',
        email: 'avery@example.com',
        emailAddress: 'avery@example.com',
        'signin-email': 'avery@example.com',
        fname: 'Avery',
        step: 'contact',
        attempts: 2,
        consent: true,
        nested: { firstName: 'Avery' },
        note: 'write to avery@example.com',
      },
    });
    expect(clean.properties).toEqual({ step: 'contact', attempts: '2', consent: 'true' });
  });

  it('removes them from the query string too, keeping everything else in order', () => {
    expect(
      sanitizeQuery(
        '?utm_source=news&firstName=Avery&last_name=Lane&email=avery%40example.com&make=Honda&contact=avery@example.com&page=2',
      ),
    ).toBe('utm_source=news&make=Honda&page=2');
    expect(sanitize({ path: '/search', query: 'e-mail=a%40b.co&zip=78701' }).query).toBe('zip=78701');
    expect(sanitizeQuery('')).toBe('');
    expect(sanitizeQuery(null)).toBe('');
  });

  it('replaces a path segment that holds an e-mail address', () => {
    expect(sanitize({ path: '/account/avery%40example.com/orders' }).path).toBe('/account/redacted/orders');
  });

  it('knows the personal-data keys', () => {
    for (const key of [
      'firstName',
      'first_name',
      'FirstName',
      'lastName',
      'last_name',
      'surname',
      'email',
      'e-mail',
      'reset_email',
      'fullName',
    ]) {
      expect(isPersonalDataKey(key), key).toBe(true);
    }
    for (const key of ['make', 'model', 'name', 'trackingId', 'step', 'utm_source']) {
      expect(isPersonalDataKey(key), key).toBe(false);
    }
  });
});

describe('ids and traffic source', () => {
  it('reads the VIN and order id from the path', () => {
    expect(getIdsFromPath(`/vehicles/${VIN}`)).toEqual({ vin: VIN, orderId: null });
    expect(getIdsFromPath(`/vehicles/2023-honda-accord-${VIN.toLowerCase()}/photos`)).toEqual({
      vin: VIN,
      orderId: null,
    });
    expect(getIdsFromPath('/progress/SR-1001/payment')).toEqual({ vin: null, orderId: 'SR-1001' });
    expect(getIdsFromPath('/fulfillment/SR-1001')).toEqual({ vin: null, orderId: 'SR-1001' });
    expect(getIdsFromPath('/vehicles')).toEqual({ vin: null, orderId: null });
    expect(getIdsFromPath('/search?vin=x')).toEqual({ vin: null, orderId: null });
  });

  it('takes utm_source first, then the referring site, else direct', () => {
    expect(getTrafficSource({ query: 'utm_source=Newsletter', referrer: 'https://www.google.com/' })).toBe(
      'newsletter',
    );
    expect(getTrafficSource({ query: '', referrer: 'https://www.google.com/search?q=cars' })).toBe('google.com');
    expect(getTrafficSource({ referrer: 'https://shop.test/search', host: 'shop.test' })).toBe('direct');
    expect(getTrafficSource({ referrer: '' })).toBe('direct');
    expect(getTrafficSource({ query: 'make=Honda' })).toBeNull();
  });
});

describe('pixel URL', () => {
  it('carries path, query, VIN, order id and traffic source, and no personal data', () => {
    const src = buildPixelUrl({
      kind: 'pageview',
      path: `/vehicles/${VIN}`,
      query: '?utm_source=news&email=avery@example.com&firstName=Avery',
      referrer: 'https://www.google.com/search?q=avery%40example.com',
      properties: { lastName: 'Lane', section: 'photos' },
    });
    expect(src.startsWith(`${ANALYTICS_PIXEL_PATH}?`)).toBe(true);
    expect(src).not.toMatch(/avery|lane|example\.com/i);
    const params = new URL(src, 'http://shop.test').searchParams;
    expect(Object.fromEntries(params)).toEqual({
      kind: 'pageview',
      path: `/vehicles/${VIN}`,
      query: 'utm_source=news',
      vin: VIN,
      source: 'news',
      referrer: 'www.google.com',
      'prop.section': 'photos',
    });
  });

  it('reads back into the event the sink takes, with the session from the server', () => {
    const src = buildPixelUrl({
      kind: 'event',
      name: 'errorpage',
      path: '/progress/SR-1001/payment',
      properties: { trackingId: 'T-42' },
      referrer: 'https://partner.example/',
    });
    const event = toAnalyticsEvent(parsePixelUrl(new URL(src, 'http://shop.test')), {
      sessionId: 'session-1',
      host: 'shop.test',
    });
    expect(analyticsEventSchema.parse(event)).toEqual({
      kind: 'event',
      name: 'errorpage',
      sessionId: 'session-1',
      path: '/progress/SR-1001/payment',
      query: '',
      vin: null,
      trafficSource: 'partner.example',
      orderId: 'SR-1001',
      properties: { trackingId: 'T-42' },
    });
  });

  it('strips personal data again when a crafted URL reaches the endpoint', () => {
    const event = parsePixelUrl(
      new URL(
        'http://shop.test/resources/analytics-pixel?kind=pageview&path=/x&query=email%3Da%40b.co%26zip%3D1&prop.firstName=Avery&prop.ok=1',
      ),
    );
    expect(event.query).toBe('zip=1');
    expect(event.properties).toEqual({ ok: '1' });
  });
});

describe('<PageViewPixel /> and <EventPixel />', () => {
  function render(element: React.ReactElement, url: string): string {
    // The server render: what a browser without JavaScript gets.
    return renderToString(<StaticRouter location={url}>{element}</StaticRouter>);
  }

  it('renders a hidden pixel image for the page, without personal data', () => {
    const html = render(
      <PageViewPixel referrer="https://www.google.com/" />,
      `/vehicles/${VIN}?utm_source=news&email=a%40b.co`,
    );
    expect(html).toMatch(/^<img [^>]*alt="" aria-hidden="true"/);
    const src = /src="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    const params = new URL(src, 'http://shop.test').searchParams;
    expect(params.get('kind')).toBe('pageview');
    expect(params.get('vin')).toBe(VIN);
    expect(params.get('query')).toBe('utm_source=news');
    expect(params.get('referrer')).toBe('www.google.com');
    // The first view has no view id, so the server's HTML and the hydrated page agree.
    expect(params.has('v')).toBe(false);
  });

  it('renders the same URL on every render of the same view', () => {
    const url = '/progress/SR-1001/payment';
    expect(render(<PageViewPixel />, url)).toBe(render(<PageViewPixel />, url));
  });

  it('renders an event as a pixel for pages without JavaScript', () => {
    const html = render(<EventPixel name="errorpage" properties={{ trackingId: 'T-42' }} />, '/oops');
    const src = /src="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    const params = new URL(src, 'http://shop.test').searchParams;
    expect(params.get('kind')).toBe('event');
    expect(params.get('name')).toBe('errorpage');
    expect(params.get('prop.trackingId')).toBe('T-42');
  });
});
