import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPixelUrl } from '~/lib/shared/analytics/pixel';
import { served } from '../support/served';
import { getRequestReferrer, handlePixelRequest } from '~/lib/analytics/pixel.server';
import type { AnalyticsEvent } from '~/lib/contract/analytics';
import { logger } from '~/lib/shared/logger.server';
import { commitSession, getSession } from '~/lib/session.server';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { action, loader } from '~/routes/resources+/analytics-pixel';
import { commerce, server } from '../support/msw';

const VIN = '1HGCM82633A004352';
const ORIGIN = 'http://localhost';

afterEach(() => {
  vi.restoreAllMocks();
});

function pixelRequest(src: string, init: RequestInit = {}): Request {
  return new Request(new URL(src, ORIGIN), { headers: { host: 'localhost', ...init.headers }, ...init });
}

async function cookieWithSession(analyticsSessionId: string, extra: { identityToken?: string } = {}): Promise<string> {
  const request = new Request(ORIGIN);
  const session = await getSession(request);
  session.set('analyticsSessionId', analyticsSessionId);
  if (extra.identityToken) session.set('identityToken', extra.identityToken);
  return (await commitSession(request, session)).split(';')[0]!;
}

async function expectGif(response: Response): Promise<void> {
  expect(response).toHaveStatus(200);
  expect(response.headers.get('content-type')).toBe('image/gif');
  expect(response.headers.get('cache-control')).toContain('no-store');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 6))).toBe('GIF89a');
  expect(bytes.byteLength).toBe(42);
}

const pageView = buildPixelUrl({
  kind: 'pageview',
  path: `/vehicles/${VIN}`,
  query: 'utm_source=news&email=avery%40example.com&firstName=Avery',
  referrer: 'https://www.google.com/',
});

describe('pixel endpoint', () => {
  it('forwards a page view to the commerce API with the storefront headers and answers a GIF', async () => {
    const received: AnalyticsEvent[] = [];
    let headers: Headers | undefined;
    server.use(commerce.analyticsSink(received, { onRequest: (request) => void (headers = request.headers) }));
    const cookie = await cookieWithSession('session-abc', { identityToken: 'identity-token' });

    const response = await loader({
      request: pixelRequest(pageView, { headers: { cookie } }),
      params: {},
      context: {},
    });

    await expectGif(response);
    expect(received).toEqual([
      {
        kind: 'pageview',
        name: null,
        sessionId: 'session-abc',
        path: `/vehicles/${VIN}`,
        query: 'utm_source=news',
        vin: VIN,
        trafficSource: 'news',
        orderId: null,
        properties: {},
      },
    ]);
    expect(headers?.get('x-caller-id')).toBe('storefront');
    expect(headers?.get('x-tenant-id')).toBe(getTenants().defaultTenant.id);
    expect(headers?.get('x-correlation-id')).toMatch(/^test-/);
    expect(headers?.get('x-session-id')).toBe('session-abc');
    // Analytics needs no identity: the shopper's token is not sent.
    expect(headers?.has('authorization')).toBe(false);
    // The session already had an analytics id: nothing to set.
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('starts a visit on the first page view, in a cookie of its own and not in the session', async () => {
    const received: AnalyticsEvent[] = [];
    server.use(commerce.analyticsSink(received));
    // The server commits the request context's cookies on the answer (served() does it here).
    const response = (await served((context) =>
      loader({ request: pixelRequest(pageView), params: {}, context }),
    )) as Response;
    await expectGif(response);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(received[0]?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(setCookie).toMatch(new RegExp(`^showroom_visit=${received[0]?.sessionId};`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).not.toContain('showroom_session');

    // The next page view is the same visit, and sets nothing.
    const next = (await served((context) =>
      loader({
        request: pixelRequest(pageView, { headers: { cookie: setCookie.split(';')[0]! } }),
        params: {},
        context,
      }),
    )) as Response;
    await expectGif(next);
    expect(next.headers.get('set-cookie')).toBeNull();
    expect(received[1]?.sessionId).toBe(received[0]?.sessionId);
  });

  it('takes events posted by sendBeacon', async () => {
    const received: AnalyticsEvent[] = [];
    server.use(commerce.analyticsSink(received));
    const src = buildPixelUrl({
      kind: 'event',
      name: 'errorpage',
      path: '/progress/SR-1001/payment',
      properties: { trackingId: 'T-42' },
    });
    const response = await action({ request: pixelRequest(src, { method: 'POST' }), params: {}, context: {} });
    await expectGif(response);
    expect(received[0]).toMatchObject({
      kind: 'event',
      name: 'errorpage',
      orderId: 'SR-1001',
      properties: { trackingId: 'T-42' },
    });
  });

  it('answers the GIF when the commerce API fails, and logs a warning', async () => {
    server.use(commerce.error('/api/analytics/events', 500, 'error.server.internal', { method: 'POST' }));
    const warn = vi.spyOn(logger, 'warn');
    await expectGif(await loader({ request: pixelRequest(pageView), params: {}, context: {} }));
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ status: 500, code: 'error.server.internal' }),
      'analytics event was not recorded',
    );
  });

  it('answers the GIF when the commerce API cannot be reached', async () => {
    server.use(commerce.networkError('/api/analytics/events', { method: 'POST' }));
    const warn = vi.spyOn(logger, 'warn');
    await expectGif(await loader({ request: pixelRequest(pageView), params: {}, context: {} }));
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ status: 503 }), 'analytics event was not recorded');
  });

  it('drops an event the contract refuses, without calling the API', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const src = buildPixelUrl({ kind: 'event', name: 'not a name!', path: '/' });
    // No handler: a forward would fail the test as an unhandled request.
    await expectGif(await loader({ request: pixelRequest(src), params: {}, context: {} }));
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ issues: expect.any(Array) }),
      'analytics pixel carried an invalid event',
    );
  });

  it("sends the event to the tenant's own endpoint as a pixel request when it names one", async () => {
    const tenant = { ...getTenants().defaultTenant, analytics: { endpoint: 'https://collect.example/p.gif?site=7' } };
    let seen: URL | undefined;
    let tenantHeader: string | null = null;
    server.use(
      http.get('https://collect.example/p.gif', ({ request }) => {
        seen = new URL(request.url);
        tenantHeader = request.headers.get('x-tenant-id');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const cookie = await cookieWithSession('session-xyz');
    await expectGif(await handlePixelRequest(pixelRequest(pageView, { headers: { cookie } }), { tenant, context: {} }));
    expect(tenantHeader).toBe(tenant.id);
    expect(Object.fromEntries(seen!.searchParams)).toEqual({
      site: '7',
      kind: 'pageview',
      path: `/vehicles/${VIN}`,
      query: 'utm_source=news',
      vin: VIN,
      source: 'news',
      sessionId: 'session-xyz',
    });
  });

  it('hands loaders the referrer as an origin only', () => {
    expect(
      getRequestReferrer(
        new Request(ORIGIN, { headers: { referer: 'https://www.google.com/search?q=avery%40example.com' } }),
      ),
    ).toBe('https://www.google.com');
    expect(getRequestReferrer(new Request(ORIGIN))).toBe('');
    expect(getRequestReferrer(new Request(ORIGIN, { headers: { referer: 'not a url' } }))).toBe('');
  });
});
