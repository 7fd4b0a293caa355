import { http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, setApiDispatch, type ApiContext } from '~/lib/api.server';
import { HEADER } from '~/lib/contract/common';
import { endpoints } from '~/lib/contract/endpoints';
import type { ApiDispatch } from '~/lib/shared/api-transport';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { createCommerceApi } from '#server/commerce-api';
import { createInProcessApi } from '#server/http/in-process-api';
import { TEST_COMMERCE_API_URL, server } from '../support/msw';
import { IDENTITY_SECRET, insertOrder, insertShopper, startHarness, type Harness } from './harness';
import { insertVehicle } from './inventory-fixtures';

// The storefront's client (callApi) against the real built-in backend over both transports
// (decision 071): over HTTP to the Express process, and in memory through the same commerce
// router. Each scenario runs on both and must come out the same: the data, and every refusal
// with its status and code (tenant, token, ownership, body schema, body size, unknown path).

let harness: Harness;
let dispatch: ApiDispatch;
let vin: string;
let ownerToken: string;
let otherToken: string;
const ORDER = 'SR-DEFAULT-77001';
/** API requests that went out over HTTP (any fetch the storefront made). */
let httpCalls = 0;

beforeAll(async () => {
  harness = await startHarness();
  const tenants = getTenants();
  dispatch = createInProcessApi({
    api: createCommerceApi({
      database: harness.database,
      tenants,
      identitySecret: IDENTITY_SECRET,
      dataDir: harness.clientDir,
      outboxPage: false,
    }),
    tenants,
    databaseGate: (_req, _res, next) => next(),
  });
  const owner = await insertShopper(harness.database, 'default', 'owner@transport.test');
  await insertShopper(harness.database, 'default', 'other@transport.test');
  await insertOrder(harness.database, { tenantId: 'default', userId: owner.id, orderNumber: ORDER });
  vin = (await insertVehicle(harness.database, { make: 'Mazda', model: 'CX-5', priceCents: 2_650_000 })).vin;
  setApiDispatch(dispatch);
  ownerToken = (await signIn('owner@transport.test')).data.identityToken;
  otherToken = (await signIn('other@transport.test')).data.identityToken;
});
afterAll(async () => {
  setApiDispatch(null);
  await harness.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const shopper = (token?: string, tenantId = 'default'): ApiContext => ({
  tenantId,
  token: token ?? null,
  correlationId: 'page-correlation-0001',
});

async function signIn(email: string) {
  const answer = await callApi(shopper(), endpoints.identity.signIn, {
    json: { email, password: 'Sup3r-secret!' },
  });
  if (!answer) throw new Error('no answer');
  return answer;
}

/** What a loader sees of a call: the parsed data, or the ApiError's status and code. */
async function outcome(call: Promise<unknown>): Promise<unknown> {
  try {
    return { ok: await call };
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code };
    throw error;
  }
}

/** The calls a few pages make, and the refusals the backend must still give in memory. */
async function scenarios() {
  return {
    me: await outcome(callApi(shopper(ownerToken), endpoints.identity.me)),
    search: await outcome(
      callApi(shopper(), endpoints.inventory.search, { query: { make: ['Mazda', 'Honda'], sort: 'price-asc' } }),
    ),
    vehicle: await outcome(
      callApi(shopper(), endpoints.inventory.vehicle, { params: { vin }, query: { zip: '78701' } }),
    ),
    orders: await outcome(callApi(shopper(ownerToken), endpoints.orders.myOrders)),
    order: await outcome(callApi(shopper(ownerToken), endpoints.orders.order, { params: { orderNumber: ORDER } })),
    favorite: await outcome(callApi(shopper(ownerToken), endpoints.inventory.addFavorite, { params: { vin } })),
    favoritesCount: await outcome(callApi(shopper(ownerToken), endpoints.inventory.favoritesCount)),
    signOut: await outcome(callApi(shopper(), endpoints.identity.signOut, { json: { refreshToken: 'not-a-token' } })),
    // Another shopper's order, a forged token, an unknown tenant, a body that breaks the
    // schema, a body over the API's 1 MB, a vehicle that is not there.
    othersOrder: await outcome(
      callApi(shopper(otherToken), endpoints.orders.order, { params: { orderNumber: ORDER } }),
    ),
    forgedToken: await outcome(callApi(shopper(`${ownerToken}x`), endpoints.identity.me)),
    unknownTenant: await outcome(callApi(shopper(ownerToken, 'nobody'), endpoints.identity.me)),
    badBody: await outcome(
      callApi(shopper(), endpoints.identity.signIn, { json: { email: 'not-an-email', password: '' } }),
    ),
    tooLarge: await outcome(
      callApi(shopper(), endpoints.identity.signIn, {
        json: { email: 'owner@transport.test', password: 'x'.repeat(1_100_000) },
      }),
    ),
    missingVehicle: await outcome(
      callApi(shopper(), endpoints.inventory.vehicle, { params: { vin: '1FTEW1EP5ZZZZZZZZ' } }),
    ),
  };
}

/** Sends the storefront's calls over HTTP to the harness (COMMERCE_API_URL is msw's host in tests). */
function overHttp(): void {
  setApiDispatch(null);
  server.use(
    http.all(`${TEST_COMMERCE_API_URL}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      // Plain bytes, as callApi asks its own machine for them (fetch would unpack them twice here).
      const headers = new Headers(request.headers);
      headers.set('accept-encoding', 'identity');
      return fetch(`${harness.url}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body,
        redirect: 'manual',
      });
    }),
  );
}

function countFetches(): void {
  httpCalls = 0;
  const real = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((...args) => {
    httpCalls += 1;
    return real(...args);
  });
}

describe('the storefront client over both transports', () => {
  it('gets the same data and the same refusals in memory as over HTTP, with no HTTP request in memory', async () => {
    countFetches();
    setApiDispatch(dispatch);
    const inMemory = await scenarios();
    expect(httpCalls).toBe(0);

    overHttp();
    const overTheWire = await scenarios();
    expect(httpCalls).toBeGreaterThan(14);

    expect(inMemory).toEqual(overTheWire);
    expect(inMemory).toMatchObject({
      me: { ok: { data: { email: 'owner@transport.test' } } },
      vehicle: { ok: { data: { vin, make: 'Mazda', model: 'CX-5' } } },
      orders: { ok: { data: [{ orderNumber: ORDER }] } },
      order: { ok: { data: { orderNumber: ORDER } } },
      favoritesCount: { ok: { data: { count: 1 } } },
      signOut: { ok: undefined },
      othersOrder: { status: 404 },
      forgedToken: { status: 401, code: 'error.auth.unauthenticated' },
      unknownTenant: { status: 400, code: 'error.tenant.unknown' },
      badBody: { status: 400, code: 'error.validation.invalidRequest' },
      tooLarge: { status: 413, code: 'error.validation.bodyTooLarge' },
      missingVehicle: { status: 404 },
    });
    const search = inMemory.search as { ok: { data: { vehicles: { vin: string }[] } } };
    expect(search.ok.data.vehicles.map((vehicle) => vehicle.vin)).toContain(vin);
  });

  it("carries the page's correlation id and answers uncompressed, without ETags", async () => {
    const answer = await dispatch({
      method: 'GET',
      path: `/api/inventory/vehicles/${vin}`,
      headers: [
        [HEADER.tenantId, 'default'],
        [HEADER.correlationId, 'page-correlation-0002'],
        ['accept-encoding', 'gzip'],
      ],
      body: null,
    });
    const headers = new Headers(answer.headers);
    expect(answer.status).toBe(200);
    expect(headers.get(HEADER.correlationId)).toBe('page-correlation-0002');
    expect(headers.get('content-encoding')).toBeNull();
    expect(headers.get('etag')).toBeNull();
    expect(JSON.parse(new TextDecoder().decode(answer.body!))).toMatchObject({ data: { vin } });
  });

  it('stops waiting when the shopper leaves, as over HTTP', async () => {
    setApiDispatch(() => new Promise(() => undefined));
    const controller = new AbortController();
    const call = callApi({ ...shopper(), signal: controller.signal }, endpoints.identity.me);
    controller.abort();
    await expect(call).resolves.toBeNull();
    setApiDispatch(dispatch);
  });
});
