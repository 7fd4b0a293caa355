import { HttpResponse, http, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import { analyticsEventSchema, type AnalyticsEvent } from '~/lib/contract/analytics';
import { apiErrorBodySchema } from '~/lib/contract/common';
import { DEFAULT_BUSINESS_HOURS } from '~/lib/shared/dealer-time';
import { endpointPath, type EndpointDefinition, type PathParams } from '~/lib/contract/endpoint';
import { endpoints } from '~/lib/contract/endpoints';
import type { ShopperProfile, TokensResponse } from '~/lib/contract/identity';
import { orderResponseSchema, type Order, type OrderHistory } from '~/lib/contract/orders';
import {
  type ContractDocument,
  type DocumentKey,
  type IdVerificationStatus,
  type SigningReadiness,
  type SigningStatus,
  fulfillmentSchema,
  type Fulfillment,
} from '~/lib/contract/tracker';
import type { TrackerState } from '~/lib/contract/tracker-state';

// The commerce API, played by msw in unit and route tests. Every builder parses its fixture
// with the contract's schema, so a mock that drifts from the contract fails the test that
// uses it instead of passing against a shape the real API never sends.

/** The base URL the storefront calls in tests (set as COMMERCE_API_URL by the setup file). */
export const TEST_COMMERCE_API_URL = 'http://commerce.test';

/**
 * One server for the whole run; the setup file starts it, resets handlers after each test and
 * closes it. It plays a platform that implements the seed's API: our extension for the
 * header's counts (decision 072) answers 404 unless a test mocks it, so the storefront's
 * fallback to the seed's calls is what a test meets by default.
 */
export const server = setupServer(
  http.get(commerceUrl(endpoints.account.shell.path), () =>
    HttpResponse.json({ error: { code: 'error.route.notFound', message: 'No such route' } }, { status: 404 }),
  ),
);

/** Requests to the process itself (the Express harness on 127.0.0.1) are real, not mocked. */
export function isLocalRequest(request: Request): boolean {
  const { hostname } = new URL(request.url);
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]' || hostname === '::1';
}

export function commerceUrl(path: string): string {
  return `${TEST_COMMERCE_API_URL}${path.startsWith('/') ? path : `/${path}`}`;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type HandlerOptions = {
  /** HTTP status of the answer (default 200). */
  status?: number;
  /** Answer only the first matching request. */
  once?: boolean;
  /** Sees each matching request before it is answered (assert headers, read the body). */
  onRequest?: (request: Request) => void | Promise<void>;
};

const httpFor: Record<Method, typeof http.get> = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
};

function methodAndPath(
  target: EndpointDefinition | string,
  method: Method | undefined,
): { method: Method; path: string } {
  return typeof target === 'string'
    ? { method: method ?? 'GET', path: target }
    : { method: target.method, path: target.path };
}

/** Only the request for these path parameters (the encoded path, as the storefront sends it). */
export function forPath<E extends EndpointDefinition>(
  endpoint: E,
  params: PathParams<E>,
): (request: Request) => boolean {
  const path = endpointPath(endpoint, params);
  return (request) => new URL(request.url).pathname === path;
}

/** Any contract call: the body is parsed with its schema before it is served. */
function json<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  body: z.input<S>,
  options: HandlerOptions = {},
): HttpHandler {
  const payload = schema.parse(body);
  return httpFor[method](
    commerceUrl(path),
    async ({ request }) => {
      await options.onRequest?.(request);
      return HttpResponse.json(payload as never, { status: options.status ?? 200 });
    },
    { once: options.once },
  );
}

/** What a mocked entry answers: its response schema's input, checked by the schema before it is served. */
export type MockAnswer<E extends EndpointDefinition> = z.input<E['response']>;

export type MockResolver<E extends EndpointDefinition> = (args: {
  request: Request;
  params: PathParams<E>;
}) => MockAnswer<E> | Promise<MockAnswer<E>>;

export type MockOptions = HandlerOptions & {
  /** Answer only matching requests; others fall through to the next handler (or fail as unhandled). */
  match?: (request: Request) => boolean;
};

/**
 * An msw handler for one entry of the endpoint table: its method and path, answered with a
 * body the entry's response schema accepts (a fixed answer or a resolver). The status is the
 * option's, else the entry's success status; a 204 entry answers no body.
 */
export function mockApi<E extends EndpointDefinition>(
  endpoint: E,
  answer: MockAnswer<E> | MockResolver<E>,
  options: MockOptions = {},
): HttpHandler {
  // A fixed answer that breaks the contract fails where the test builds it, not in the page under test.
  if (typeof answer !== 'function') endpoint.response.parse(answer);
  return httpFor[endpoint.method](
    commerceUrl(endpoint.path),
    async ({ request, params }) => {
      if (options.match && !options.match(request)) return undefined;
      await options.onRequest?.(request);
      const body =
        typeof answer === 'function'
          ? await (answer as MockResolver<E>)({ request, params: params as PathParams<E> })
          : answer;
      const payload: unknown = endpoint.response.parse(body);
      const status = options.status ?? endpoint.status ?? 200;
      if (payload === undefined) return new HttpResponse(null, { status });
      return HttpResponse.json(payload as never, { status });
    },
    { once: options.once },
  );
}

/** An entry's path with its parameters, for the error and network-failure mocks. */
export function mockPath<E extends EndpointDefinition>(endpoint: E, params?: PathParams<E>): string {
  return endpointPath(endpoint, params);
}

/** A complete, valid order; override what the test is about. */
/** An unbooked delivery step: one pickup location, a two-week window, hourly slots. */
export function buildFulfillment(orderNumber: string, overrides: Partial<Fulfillment> = {}): Fulfillment {
  const address = { street: '1200 Commerce Way', city: 'Columbus', state: 'OH', zip: '43215' };
  return fulfillmentSchema.parse({
    orderNumber,
    method: null,
    state: null,
    appointmentTime: null,
    date: null,
    time: null,
    timeZone: 'America/New_York',
    location: null,
    address: null,
    instructions: null,
    pickupLocations: [
      { id: 'dealership', name: 'Showroom Columbus', kind: 'DEALERSHIP_LOCATION', address, distanceMiles: null },
    ],
    earliestDate: '2026-11-24',
    latestDate: '2026-12-08',
    timeSlots: ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'],
    businessHours: DEFAULT_BUSINESS_HOURS,
    deliveryRadiusMiles: 50,
    ...overrides,
  });
}

export function buildOrder(overrides: Partial<Order> = {}): Order {
  return orderResponseSchema.shape.data.parse({
    orderNumber: 'SR-1001',
    tenantId: 'default',
    createdAt: '2026-11-01T10:00:00.000Z',
    orderStatus: 'SUBMITTED',
    isOrderStatusReset: false,
    deal: { dealRefId: 'DEAL-SR-1001', type: 'Finance', source: 'ConsumerInitiated', status: 'APEN' },
    paymentInfo: null,
    delivery: null,
    idVerification: null,
    vehicle: {
      vin: '1HGCM82633A004352',
      year: 2023,
      make: 'Honda',
      model: 'Accord',
      trim: 'EX-L',
      imageUrl: '/vehicle-art/1HGCM82633A004352.svg',
    },
    ...overrides,
  });
}

export const commerce = {
  json,
  mockApi,

  /** GET /public/commerce/orders/{orderNumber} for this order only. */
  order(order: Order, options?: HandlerOptions) {
    return mockApi(
      endpoints.orders.order,
      { data: order },
      { ...options, match: forPath(endpoints.orders.order, { orderNumber: order.orderNumber }) },
    );
  },

  /** GET /public/commerce/history/{orderNumber}. */
  orderHistory(orderNumber: string, history: OrderHistory, options?: HandlerOptions) {
    return mockApi(
      endpoints.orders.history,
      { data: { history } },
      { ...options, match: forPath(endpoints.orders.history, { orderNumber }) },
    );
  },

  /** GET /public/commerce/orders: the signed-in shopper's orders. */
  myOrders(orders: Order[], options?: HandlerOptions) {
    const summaries = orders.map(({ orderNumber, createdAt, orderStatus, deal, vehicle }) => ({
      orderNumber,
      createdAt,
      orderStatus,
      deal,
      vehicle,
    }));
    return mockApi(endpoints.orders.myOrders, { data: summaries }, options);
  },

  signIn(tokens: TokensResponse, options?: HandlerOptions) {
    return mockApi(endpoints.identity.signIn, { data: tokens }, options);
  },

  refresh(tokens: TokensResponse, options?: HandlerOptions) {
    return mockApi(endpoints.identity.refresh, { data: tokens }, options);
  },

  me(profile: ShopperProfile, options?: HandlerOptions) {
    return mockApi(endpoints.identity.me, { data: profile }, options);
  },

  signOut(options: Omit<HandlerOptions, 'status'> = {}) {
    return mockApi(endpoints.identity.signOut, undefined, options);
  },

  /** GET /api/id-verification/doc-verification/consumer?orderId={orderNumber}. */
  idVerification(orderNumber: string, status: IdVerificationStatus, options: HandlerOptions = {}) {
    return mockApi(endpoints.idVerification.status, status, {
      ...options,
      // Another order's question falls through to the next handler (or fails as unhandled).
      match: (request) => new URL(request.url).searchParams.get('orderId') === orderNumber,
    });
  },

  signingReadiness(orderNumber: string, readiness: SigningReadiness, options?: HandlerOptions) {
    return mockApi(endpoints.contracting.readiness, readiness, {
      ...options,
      match: forPath(endpoints.contracting.readiness, { orderNumber }),
    });
  },

  signingStatus(orderNumber: string, status: SigningStatus, options?: HandlerOptions) {
    return mockApi(endpoints.contracting.status, status, {
      ...options,
      match: forPath(endpoints.contracting.status, { orderNumber }),
    });
  },

  documentPackage(dealId: string, required: DocumentKey[], options?: HandlerOptions) {
    return mockApi(
      endpoints.documents.package,
      { data: { dealId, required } },
      { ...options, match: forPath(endpoints.documents.package, { dealId }) },
    );
  },

  documents(dealId: string, documents: ContractDocument[], options?: HandlerOptions) {
    return mockApi(
      endpoints.documents.list,
      { documents },
      { ...options, match: forPath(endpoints.documents.list, { dealId }) },
    );
  },

  /** GET /api/fulfillment/{orderNumber}: the scheduling step's state (nothing booked by default). */
  fulfillment(orderNumber: string, overrides: Partial<Fulfillment> = {}, options?: HandlerOptions) {
    return mockApi(
      endpoints.fulfillment.get,
      { data: buildFulfillment(orderNumber, overrides) },
      { ...options, match: forPath(endpoints.fulfillment.get, { orderNumber }) },
    );
  },

  /** GET …/orders/{orderNumber}/tracker-state: what the tracker's base URL redirects by, in one answer. */
  trackerState(state: TrackerState, options?: HandlerOptions) {
    return mockApi(
      endpoints.orders.trackerState,
      { data: state },
      { ...options, match: forPath(endpoints.orders.trackerState, { orderNumber: state.order.orderNumber }) },
    );
  },

  insuranceProgress(orderNumber: string, policyStatus: string, options?: HandlerOptions) {
    return mockApi(
      endpoints.insurance.progress,
      { policyStatus },
      { ...options, match: forPath(endpoints.insurance.progress, { orderNumber }) },
    );
  },

  favoritesCount(count: number, options?: HandlerOptions) {
    return mockApi(endpoints.inventory.favoritesCount, { data: { count } }, options);
  },

  favorites(vins: string[], options?: HandlerOptions) {
    return mockApi(endpoints.inventory.favorites, { data: { vins } }, options);
  },

  /**
   * POST /api/analytics/events: the built-in sink. Each event is checked against the contract
   * and pushed into `received`, so a test can look at what the storefront sent.
   */
  analyticsSink(received: AnalyticsEvent[] = [], options: HandlerOptions = {}) {
    return mockApi(
      endpoints.messaging.analyticsEvent,
      async ({ request }) => {
        received.push(analyticsEventSchema.parse(await request.clone().json()));
        return undefined;
      },
      options,
    );
  },

  /** Any call answering the contract's error body `{ error: { code, message } }`. */
  /** An entry of the table (any path parameters), or a path with `options.method`. */
  error(
    target: EndpointDefinition | string,
    status: number,
    code: string,
    options: { method?: Method; message?: string; once?: boolean } = {},
  ) {
    const body = apiErrorBodySchema.parse({ error: { code, message: options.message ?? `mocked ${code}` } });
    const { method, path } = methodAndPath(target, options.method);
    return httpFor[method](commerceUrl(path), () => HttpResponse.json(body, { status }), {
      once: options.once,
    });
  },

  /** The API cannot be reached at all (connection refused, DNS failure). */
  networkError(target: EndpointDefinition | string, options: { method?: Method } = {}) {
    const { method, path } = methodAndPath(target, options.method);
    return httpFor[method](commerceUrl(path), () => HttpResponse.error());
  },
};
