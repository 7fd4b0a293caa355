import { HttpResponse, http, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import { ANALYTICS_EVENTS_PATH, analyticsEventSchema, type AnalyticsEvent } from '~/lib/contract/analytics';
import { apiErrorBodySchema } from '~/lib/contract/common';
import { favoritesCountResponseSchema, favoritesListResponseSchema } from '~/lib/contract/favorites';
import {
  meResponseSchema,
  tokensResponseSchema,
  type ShopperProfile,
  type TokensResponse,
} from '~/lib/contract/identity';
import {
  myOrdersResponseSchema,
  orderHistoryResponseSchema,
  orderResponseSchema,
  type Order,
  type OrderHistory,
} from '~/lib/contract/orders';
import {
  documentPackageResponseSchema,
  documentsResponseSchema,
  idVerificationStatusSchema,
  insuranceProgressSchema,
  signingReadinessSchema,
  signingStatusSchema,
  type ContractDocument,
  type DocumentKey,
  type IdVerificationStatus,
  type SigningReadiness,
  type SigningStatus,
  fulfillmentResponseSchema,
  fulfillmentSchema,
  type Fulfillment,
} from '~/lib/contract/tracker';

// The commerce API, played by msw in unit and route tests. Every builder parses its fixture
// with the contract's schema, so a mock that drifts from the contract fails the test that
// uses it instead of passing against a shape the real API never sends.

/** The base URL the storefront calls in tests (set as COMMERCE_API_URL by the setup file). */
export const TEST_COMMERCE_API_URL = 'http://commerce.test';

/** One server for the whole run; the setup file starts it, resets handlers after each test and closes it. */
export const server = setupServer();

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

  /** GET /public/commerce/orders/{orderNumber} for this order only. */
  order(order: Order, options?: HandlerOptions) {
    return json(
      'GET',
      `/public/commerce/orders/${encodeURIComponent(order.orderNumber)}`,
      orderResponseSchema,
      { data: order },
      options,
    );
  },

  /** GET /public/commerce/history/{orderNumber}. */
  orderHistory(orderNumber: string, history: OrderHistory, options?: HandlerOptions) {
    return json(
      'GET',
      `/public/commerce/history/${encodeURIComponent(orderNumber)}`,
      orderHistoryResponseSchema,
      { data: { history } },
      options,
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
    return json('GET', '/public/commerce/orders', myOrdersResponseSchema, { data: summaries }, options);
  },

  signIn(tokens: TokensResponse, options?: HandlerOptions) {
    return json('POST', '/api/identity/sign-in', tokensResponseSchema, { data: tokens }, options);
  },

  refresh(tokens: TokensResponse, options?: HandlerOptions) {
    return json('POST', '/api/identity/refresh', tokensResponseSchema, { data: tokens }, options);
  },

  me(profile: ShopperProfile, options?: HandlerOptions) {
    return json('GET', '/api/identity/me', meResponseSchema, { data: profile }, options);
  },

  signOut(options: Omit<HandlerOptions, 'status'> = {}) {
    return http.post(
      commerceUrl('/api/identity/sign-out'),
      async ({ request }) => {
        await options.onRequest?.(request);
        return new HttpResponse(null, { status: 204 });
      },
      { once: options.once },
    );
  },

  /** GET /api/id-verification/doc-verification/consumer?orderId={orderNumber}. */
  idVerification(orderNumber: string, status: IdVerificationStatus, options: HandlerOptions = {}) {
    const payload = idVerificationStatusSchema.parse(status);
    return http.get(
      commerceUrl('/api/id-verification/doc-verification/consumer'),
      async ({ request }) => {
        // Another order's question falls through to the next handler (or fails as unhandled).
        if (new URL(request.url).searchParams.get('orderId') !== orderNumber) return undefined;
        await options.onRequest?.(request);
        return HttpResponse.json(payload, { status: options.status ?? 200 });
      },
      { once: options.once },
    );
  },

  signingReadiness(orderNumber: string, readiness: SigningReadiness, options?: HandlerOptions) {
    return json(
      'GET',
      `/api/contracting/signing/${encodeURIComponent(orderNumber)}/readiness`,
      signingReadinessSchema,
      readiness,
      options,
    );
  },

  signingStatus(orderNumber: string, status: SigningStatus, options?: HandlerOptions) {
    return json(
      'GET',
      `/api/contracting/signing/${encodeURIComponent(orderNumber)}/status`,
      signingStatusSchema,
      status,
      options,
    );
  },

  documentPackage(dealId: string, required: DocumentKey[], options?: HandlerOptions) {
    return json(
      'GET',
      `/api/documents/packages/deals/${encodeURIComponent(dealId)}`,
      documentPackageResponseSchema,
      { data: { dealId, required } },
      options,
    );
  },

  documents(dealId: string, documents: ContractDocument[], options?: HandlerOptions) {
    return json(
      'GET',
      `/api/documents/deals/${encodeURIComponent(dealId)}/documents`,
      documentsResponseSchema,
      { documents },
      options,
    );
  },

  /** GET /api/fulfillment/{orderNumber}: the scheduling step's state (nothing booked by default). */
  fulfillment(orderNumber: string, overrides: Partial<Fulfillment> = {}, options?: HandlerOptions) {
    return json(
      'GET',
      `/api/fulfillment/${encodeURIComponent(orderNumber)}`,
      fulfillmentResponseSchema,
      { data: buildFulfillment(orderNumber, overrides) },
      options,
    );
  },

  insuranceProgress(orderNumber: string, policyStatus: string, options?: HandlerOptions) {
    return json(
      'GET',
      `/public/insurance-verification/progress/${encodeURIComponent(orderNumber)}`,
      insuranceProgressSchema,
      { policyStatus },
      options,
    );
  },

  favoritesCount(count: number, options?: HandlerOptions) {
    return json('GET', '/api/favorites/count', favoritesCountResponseSchema, { data: { count } }, options);
  },

  favorites(vins: string[], options?: HandlerOptions) {
    return json('GET', '/api/favorites', favoritesListResponseSchema, { data: { vins } }, options);
  },

  /**
   * POST /api/analytics/events: the built-in sink. Each event is checked against the contract
   * and pushed into `received`, so a test can look at what the storefront sent.
   */
  analyticsSink(received: AnalyticsEvent[] = [], options: HandlerOptions = {}) {
    return http.post(
      commerceUrl(ANALYTICS_EVENTS_PATH),
      async ({ request }) => {
        await options.onRequest?.(request);
        received.push(analyticsEventSchema.parse(await request.clone().json()));
        return new HttpResponse(null, { status: options.status ?? 204 });
      },
      { once: options.once },
    );
  },

  /** Any call answering the contract's error body `{ error: { code, message } }`. */
  error(
    path: string,
    status: number,
    code: string,
    options: { method?: Method; message?: string; once?: boolean } = {},
  ) {
    const body = apiErrorBodySchema.parse({ error: { code, message: options.message ?? `mocked ${code}` } });
    return httpFor[options.method ?? 'GET'](commerceUrl(path), () => HttpResponse.json(body, { status }), {
      once: options.once,
    });
  },

  /** The API cannot be reached at all (connection refused, DNS failure). */
  networkError(path: string, options: { method?: Method } = {}) {
    return httpFor[options.method ?? 'GET'](commerceUrl(path), () => HttpResponse.error());
  },
};
