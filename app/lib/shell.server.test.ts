import { beforeEach, describe, expect, it } from 'vitest';
import { formatBadgeCount, initialsOf } from '~/components/nav-items';
import { endpoints } from './contract/endpoints';
import { buildOrder, commerce, mockApi, server } from '../../tests/support/msw';
import { buildCart, buildEmptyCart, checkoutApi } from '../../tests/support/msw-checkout';
import { NOT_STARTED, buildPrequal, prequal } from '../../tests/support/msw-prequal';
import { isPlacedOrder } from './orders';
import { commitSession, getSessionStorage } from './session.server';
import { getShellData, readTenantAsset, resetShellSupport, tenantImageUrl } from './shell.server';
import { getTenants } from './shared/tenant/tenants.server';

const SHOPPER = { id: 'u-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' };

async function signedInRequest(host = 'localhost'): Promise<Request> {
  const blank = new Request(`http://${host}/`, { headers: { host } });
  const session = await getSessionStorage(blank).getSession();
  session.set('identityToken', 'token-for-ada');
  session.set('shopper', SHOPPER);
  const setCookie = await commitSession(blank, session);
  return new Request(`http://${host}/`, { headers: { host, cookie: setCookie.split(';')[0]! } });
}

describe('getShellData on a platform with only the seed API (no shell extension)', () => {
  beforeEach(() => resetShellSupport());

  it('gives a signed-out visitor the tenant and no badges, without calling the API', async () => {
    // msw fails the test on any call no handler answers.
    const data = await getShellData(
      new Request('http://northside.localhost/', { headers: { host: 'northside.localhost' } }),
    );
    expect(data.tenant.id).toBe('northside');
    expect(data.shopper).toBeNull();
    expect(data.badges).toEqual({ cart: null, favorites: null });
    expect(data.images.logo).toMatch(/^\/tenant-assets\/northside\/logo\.svg\?v=[0-9a-f]{12}$/);
  });

  it('counts the vehicles in the cart, not orders, and reads the favourites count, with the shopper token', async () => {
    const seen: Headers[] = [];
    server.use(
      commerce.myOrders(
        [
          buildOrder({ orderNumber: 'SR-1', orderStatus: 'DRAFT' }),
          buildOrder({ orderNumber: 'SR-2', orderStatus: 'PII_UPDATE_SUCCESSFUL' }),
          buildOrder({ orderNumber: 'SR-3', orderStatus: 'SUBMITTED' }),
          buildOrder({ orderNumber: 'SR-4', orderStatus: 'CANCELED' }),
          buildOrder({ orderNumber: 'SR-5', orderStatus: 'DELIVERED' }),
        ],
        { onRequest: (request) => void seen.push(request.headers) },
      ),
      commerce.favoritesCount(12, { onRequest: (request) => void seen.push(request.headers) }),
      checkoutApi.currentCart(buildCart(), { onRequest: (request) => void seen.push(request.headers) }),
      prequal(NOT_STARTED),
    );
    const data = await getShellData(await signedInRequest());
    expect(data.shopper).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' });
    // The one vehicle in the cart (issue 31: a draft order is not in the cart).
    expect(data.badges).toEqual({ cart: 1, favorites: 12 });
    expect(seen).toHaveLength(2);
    for (const headers of seen) {
      expect(headers.get('authorization')).toBe('Bearer token-for-ada');
      expect(headers.get('x-tenant-id')).toBe('default');
    }
  });

  it('does not count an empty cart or one already placed', async () => {
    server.use(
      commerce.myOrders([]),
      commerce.favoritesCount(0),
      checkoutApi.currentCart(buildEmptyCart()),
      prequal(NOT_STARTED),
    );
    expect((await getShellData(await signedInRequest())).badges.cart).toBe(0);
    server.use(
      checkoutApi.currentCart(
        buildCart({
          placement: { status: 'CREATING', orderNumber: 'SR-DEFAULT-20001', readyAt: null, startedAt: null },
        }),
      ),
    );
    expect((await getShellData(await signedInRequest())).badges.cart).toBe(0);
  });

  it('leaves a badge out when its call fails, and never fails the page', async () => {
    server.use(
      commerce.error(endpoints.checkout.currentCart, 500, 'error.server.internal'),
      commerce.error(endpoints.orders.myOrders, 500, 'error.server.internal'),
      commerce.error(endpoints.inventory.favoritesCount, 401, 'error.auth.unauthenticated'),
      commerce.error(endpoints.prequal.get, 500, 'error.server.internal'),
    );
    const data = await getShellData(await signedInRequest());
    expect(data.badges).toEqual({ cart: null, favorites: null });
    expect(data.prequalReminder).toBeNull();
  });

  it('carries the pre-qualification reminder within 5 days of its expiry or past it (issue 14)', async () => {
    const now = Date.now();
    const DAY = 24 * 60 * 60 * 1000;
    server.use(commerce.myOrders([]), commerce.favoritesCount(0), checkoutApi.currentCart(buildEmptyCart()));
    server.use(prequal(buildPrequal({ reminder: 'expiring', expiresAt: new Date(now + 4 * DAY).toISOString() })));
    const shell = await getShellData(await signedInRequest());
    // The sentence comes formatted in the dealer's zone, so the browser loads no date code for it.
    const date = new Intl.DateTimeFormat('en-US', {
      timeZone: shell.tenant.timeZone,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(now + 4 * DAY);
    expect(shell.prequalReminder).toEqual({
      kind: 'expiring',
      expiresAt: new Date(now + 4 * DAY).toISOString(),
      canRefresh: true,
      message: `Your pre-qualification expires on ${date}. Refresh it to keep seeing your personalized payments.`,
    });
    server.use(
      prequal(
        buildPrequal({
          status: 'mq_approved_expired',
          reminder: 'expired',
          canRefresh: false,
          expiresAt: new Date(now - DAY).toISOString(),
        }),
      ),
    );
    expect((await getShellData(await signedInRequest())).prequalReminder).toMatchObject({
      kind: 'expired',
      canRefresh: false,
      message: 'Your pre-qualification has expired. Refresh it to see your personalized payments again.',
    });
    server.use(prequal(buildPrequal()));
    expect((await getShellData(await signedInRequest())).prequalReminder).toBeNull();
  });

  it('leaves the badges out when the API cannot be reached', async () => {
    server.use(
      commerce.networkError(endpoints.orders.myOrders),
      commerce.networkError(endpoints.inventory.favoritesCount),
      commerce.networkError(endpoints.checkout.currentCart),
      commerce.networkError(endpoints.prequal.get),
    );
    const data = await getShellData(await signedInRequest());
    expect(data.badges).toEqual({ cart: null, favorites: null });
    expect(data.shopper?.firstName).toBe('Ada');
  });
});

describe('getShellData with the shell extension (decision 072)', () => {
  beforeEach(() => resetShellSupport());

  it('reads the badges and the reminder in one call, with the shopper token', async () => {
    const seen: Headers[] = [];
    const expiresAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
    server.use(
      mockApi(
        endpoints.account.shell,
        { data: { cart: 2, favorites: 11, prequal: { reminder: 'expiring', expiresAt, canRefresh: true } } },
        { onRequest: (request) => void seen.push(request.headers) },
      ),
    );
    // msw fails the test on any other call: the seed's four calls are not made.
    const data = await getShellData(await signedInRequest());
    expect(data.badges).toEqual({ cart: 2, favorites: 11 });
    expect(formatBadgeCount(data.badges.favorites!)).toBe('9+');
    expect(data.prequalReminder).toMatchObject({ kind: 'expiring', expiresAt, canRefresh: true });
    expect(data.prequalReminder?.message).toMatch(/^Your pre-qualification expires on /);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.get('authorization')).toBe('Bearer token-for-ada');
  });

  it('takes the counts the session check read for this GET without asking again, but not after an action', async () => {
    const shell = { cart: 1, favorites: 0, prequal: null };
    const request = await signedInRequest();
    const api = { tenantId: 'default', token: 'token-for-ada' };
    // No handler: any call would fail the test.
    expect((await getShellData(request, { shell, api })).badges).toEqual({ cart: 1, favorites: 0 });
    let calls = 0;
    server.use(
      mockApi(
        endpoints.account.shell,
        { data: { cart: 0, favorites: 0, prequal: null } },
        { onRequest: () => void calls++ },
      ),
    );
    const post = new Request(request.url, { method: 'POST', headers: request.headers, body: new URLSearchParams() });
    expect((await getShellData(post, { shell, api })).badges).toEqual({ cart: 0, favorites: 0 });
    expect(calls).toBe(1);
  });

  it('leaves the badges out when the shell call fails, and never fails the page', async () => {
    server.use(commerce.error(endpoints.account.shell, 500, 'error.server.internal'));
    const data = await getShellData(await signedInRequest());
    expect(data.badges).toEqual({ cart: null, favorites: null });
    expect(data.prequalReminder).toBeNull();
  });
});

describe('tenant images', () => {
  it('serves only the files a tenant lists under images', () => {
    const tenant = getTenants().byId.get('northside')!;
    const logo = readTenantAsset('northside', tenant.images.logo);
    expect(logo?.contentType).toBe('image/svg+xml');
    expect(tenantImageUrl(tenant, tenant.images.logo)).toBe(
      `/tenant-assets/northside/${tenant.images.logo}?v=${logo?.version}`,
    );
    expect(readTenantAsset('northside', 'config.json')).toBeNull();
    expect(readTenantAsset('northside', 'flags.json')).toBeNull();
    expect(readTenantAsset('northside', '../default/logo.svg')).toBeNull();
    expect(readTenantAsset('nobody', 'logo.svg')).toBeNull();
  });
});

describe('order helpers and badge text', () => {
  it('tells placed, in-progress and cancelled orders apart', () => {
    expect(isPlacedOrder({ orderStatus: 'SUBMITTED' })).toBe(true);
    expect(isPlacedOrder({ orderStatus: 'CANCELED' })).toBe(false);
  });

  it('shows 9+ above nine and the initials of the shopper', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(9)).toBe('9');
    expect(formatBadgeCount(10)).toBe('9+');
    expect(initialsOf({ firstName: 'ada', lastName: 'Lovelace' })).toBe('AL');
  });
});
