import { randomUUID } from 'node:crypto';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { ApiError, callApi, type ApiCallRest, type ApiContext } from '~/lib/api.server';
import { requireShopper } from '~/lib/auth.server';
import { getShopContext } from '~/lib/request-context.server';
import { CALLER_ID, HEADER, UPLOAD_TIMEOUT_MS, apiErrorBodySchema } from '~/lib/contract/common';
import { endpointPath, type EndpointDefinition, type PathParams, type ResponseOf } from '~/lib/contract/endpoint';
import { endpoints } from '~/lib/contract/endpoints';
import { getCommerceApiUrl, isTestMode } from '~/lib/shared/env.server';
import { logger, requestContext } from '~/lib/shared/logger.server';
import { getApiContext, getSession } from '~/lib/session.server';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { recordShopperActionCookie, trackerErrorResponse } from '~/lib/tracker-data.server';
import type { ShopperAction } from '~/lib/tracker/actions';
import { dealTermRows } from '~/lib/tracker/deal-terms';
import { keepForcedFlags } from '~/lib/tracker/paths';

// What the tracker's step pages share on the server: the signed-in shopper's API context,
// calls whose failures become messages rather than error pages, the streaming of uploads to
// the commerce API, and redirects that keep forceFlag and record the shopper's actions.

export type StepContext = { api: ApiContext; orderNumber: string; tenantId: string };

/** The order number of the URL, checked as the API checks it. */
export function requireOrderNumber(params: { orderNumber?: string }): string {
  const orderNumber = params.orderNumber ?? '';
  if (!/^[A-Za-z0-9-]{1,60}$/.test(orderNumber)) throw data(null, { status: 404 });
  return orderNumber;
}

/** The signed-in shopper's context for a step (sign-in first, coming back here). */
export async function requireStepContext(request: Request, params: { orderNumber?: string }): Promise<StepContext> {
  await requireShopper(request);
  const orderNumber = requireOrderNumber(params);
  const session = await getSession(request);
  const api = await getApiContext(request, session);
  return { api, orderNumber, tenantId: api.tenantId };
}

/** A call whose failure the page shows as a message: the ApiError, or the answer. Null when the shopper left. */
export async function tryApi<E extends EndpointDefinition>(
  context: ApiContext,
  endpoint: E,
  ...rest: ApiCallRest<E>
): Promise<{ ok: true; value: ResponseOf<E> } | { ok: false; error: ApiError }> {
  try {
    const value = await callApi(context, endpoint, ...rest);
    if (value === null) throw data(null, { status: 499 });
    return { ok: true, value };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error };
    throw error;
  }
}

/**
 * A call a step page cannot do without: failures become the tracker's pages (5xx the
 * server-issue page with Try again, anything else the not-found page).
 */
export async function requireApi<E extends EndpointDefinition>(
  step: StepContext,
  endpoint: E,
  ...rest: ApiCallRest<E>
): Promise<ResponseOf<E>> {
  const answer = await tryApi(step.api, endpoint, ...rest);
  if (answer.ok) return answer.value;
  throw trackerErrorResponse(answer.error, { orderNumber: step.orderNumber, tryAgainCount: 0 });
}

/** The deal id of the order (the documents calls need it). */
export async function requireDealId(step: StepContext): Promise<string> {
  const { data: order } = await requireApi(step, endpoints.orders.order, { params: { orderNumber: step.orderNumber } });
  return order.deal.dealRefId;
}

/**
 * A redirect that keeps forceFlag, optionally recording a shopper action in its cookie: set in
 * the request context's cookie jar, which the server commits once on the answer.
 */
export async function stepRedirect(
  request: Request,
  path: string,
  options: { record?: { orderNumber: string; action: ShopperAction; context: AppLoadContext } } = {},
) {
  if (options.record) {
    const { orderNumber, action, context } = options.record;
    const shop = await getShopContext({ request, context });
    shop.cookies.set(await recordShopperActionCookie(request, orderNumber, action));
  }
  return redirect(keepForcedFlags(path, request.url));
}

/** A fresh key for a payment form: a retried submission of the same form never pays twice. */
export function newIdempotencyKey(): string {
  return randomUUID().replace(/-/g, '');
}

/** This site's origin as the shopper reached it: texted links point back here. */
export function siteOrigin(request: Request): string {
  return `${new URL(request.url).origin}/`;
}

function correlationId(): string {
  const current = requestContext.getStore()?.correlationId ?? randomUUID();
  return isTestMode() && !current.startsWith('test-') ? `test-${current}` : current;
}

export type StreamedAnswer = { status: number; body: unknown; code: string | null; message: string | null };

/**
 * Sends the incoming request's multipart body on to the commerce API as it arrives, without
 * reading it here (callApi sends whole bodies; an upload of 25 MB images is streamed). Answers
 * the API's status and parsed body; a time-out (7 minutes) or an unreachable API is a 504/503.
 */
export async function streamToApi<E extends EndpointDefinition & { transport: 'multipart' }>(
  request: Request,
  context: Pick<ApiContext, 'tenantId' | 'token' | 'sessionId'>,
  endpoint: E,
  params: PathParams<E>,
): Promise<StreamedAnswer> {
  const { method } = endpoint;
  const url = new URL(endpointPath(endpoint, params).replace(/^\//, ''), `${getCommerceApiUrl().replace(/\/$/, '')}/`);
  const headers = new Headers({
    accept: 'application/json',
    [HEADER.callerId]: CALLER_ID,
    [HEADER.correlationId]: correlationId(),
    [HEADER.tenantId]: context.tenantId,
  });
  const contentType = request.headers.get('content-type');
  if (contentType) headers.set('content-type', contentType);
  const length = request.headers.get('content-length');
  if (length) headers.set('content-length', length);
  if (context.token) headers.set('authorization', `Bearer ${context.token}`);
  if (context.sessionId) headers.set(HEADER.sessionId, context.sessionId);
  const timeout = AbortSignal.timeout(UPLOAD_TIMEOUT_MS);
  let response: Response;
  try {
    // `duplex: 'half'` is what lets fetch send a body it is still receiving.
    const init: RequestInit & { duplex: 'half' } = {
      method,
      headers,
      body: request.body,
      duplex: 'half',
      signal: AbortSignal.any([timeout, request.signal]),
      redirect: 'manual',
    };
    response = await fetch(url, init);
  } catch (error) {
    if (request.signal.aborted) return { status: 499, body: null, code: 'error.api.left', message: null };
    const timedOut = timeout.aborted;
    logger.warn({ path: url.pathname, timedOut, err: error }, 'upload to the commerce API failed');
    return {
      status: timedOut ? 504 : 503,
      body: null,
      code: timedOut ? 'error.api.timeout' : 'error.api.unreachable',
      message: null,
    };
  }
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return { status: response.status, body, code: null, message: null };
  const parsed = apiErrorBodySchema.safeParse(body);
  return {
    status: response.status,
    body,
    code: parsed.success ? parsed.data.error.code : 'error.api.unknown',
    message: parsed.success ? parsed.data.error.message : null,
  };
}

/** The tenant of the request (the capture page has no shopper, only the tenant). */
export function tenantContext(request: Request): ApiContext {
  return { tenantId: getTenantForRequest(request).id, signal: request.signal };
}

/**
 * A file from the commerce API (a document or its thumbnail), passed through as it streams:
 * same status, type and caching; the shopper's token stays on the server.
 */
export async function proxyFileFromApi<E extends EndpointDefinition & { transport: 'file' }>(
  request: Request,
  context: ApiContext,
  endpoint: E,
  params: PathParams<E>,
): Promise<Response> {
  const url = new URL(endpointPath(endpoint, params).replace(/^\//, ''), `${getCommerceApiUrl().replace(/\/$/, '')}/`);
  const headers = new Headers({
    [HEADER.callerId]: CALLER_ID,
    [HEADER.correlationId]: correlationId(),
    [HEADER.tenantId]: context.tenantId,
  });
  if (context.token) headers.set('authorization', `Bearer ${context.token}`);
  let response: Response;
  try {
    response = await fetch(url, {
      headers,
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(UPLOAD_TIMEOUT_MS)]),
    });
  } catch {
    return new Response('Not available', { status: 503 });
  }
  if (!response.ok || !response.body) return new Response('Not found', { status: response.status === 404 ? 404 : 502 });
  const out = new Headers({ 'cache-control': 'private, max-age=300', 'x-content-type-options': 'nosniff' });
  for (const name of ['content-type', 'content-length', 'content-disposition']) {
    const value = response.headers.get(name);
    if (value) out.set(name, value);
  }
  return new Response(response.body, { status: 200, headers: out });
}

/** Loads the deal's terms with their rows in words (deal-terms.ts); a page without them still shows its facts. */
export async function loadDealTerms(step: StepContext) {
  const terms = await tryApi(step.api, endpoints.orders.terms, { params: { orderNumber: step.orderNumber } });
  return terms.ok ? { ...terms.value.data, rows: dealTermRows(terms.value.data) } : null;
}

/**
 * Posts the shopper's answer to a pending deal or offer. Answers the deal status, or null when
 * the deal was not waiting for an answer any more (a second tab, a back button).
 */
export async function submitDealDecision(
  step: StepContext,
  decision: 'accept' | 'decline',
): Promise<'UACC' | 'UDEC' | null> {
  const answer = await tryApi(step.api, endpoints.orders.decision, {
    params: { orderNumber: step.orderNumber },
    json: { decision: decision === 'accept' ? 'ACCEPT' : 'DECLINE' },
  });
  if (answer.ok) return answer.value.data.dealStatus;
  if (answer.error.code === 'error.deal.notPending') return null;
  throw trackerErrorResponse(answer.error, { orderNumber: step.orderNumber, tryAgainCount: 0 });
}
