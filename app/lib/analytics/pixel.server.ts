import type { AppLoadContext } from '@remix-run/node';
import { ApiError, callApi, type ApiContext } from '../api.server';
import { analyticsEventSchema, type AnalyticsEvent } from '../contract/analytics';
import { CALLER_ID, HEADER } from '../contract/common';
import { endpoints } from '../contract/endpoints';
import { logger } from '../shared/logger.server';
import { getShopContext } from '../request-context.server';
import { getSession } from '../session.server';
import type { Tenant } from '../shared/tenant/schema';
import { getTenantForRequest } from '../shared/tenant/tenants.server';
import { buildPixelUrl, parsePixelUrl, toAnalyticsEvent } from '../shared/analytics/pixel';
import { readVisitId, startVisit } from './visit.server';

/** An analytics sink that does not answer this quickly loses the event, not the shopper's time. */
export const ANALYTICS_FORWARD_TIMEOUT_MS = 3_000;

// A transparent 1×1 GIF (42 bytes).
const TRANSPARENT_GIF = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (c) =>
  c.charCodeAt(0),
);

export function pixelResponse(): Response {
  const headers = new Headers({
    'content-type': 'image/gif',
    'content-length': String(TRANSPARENT_GIF.byteLength),
    // Every page view must reach us: no browser or proxy may answer from a cache.
    'cache-control': 'no-store, max-age=0',
  });
  return new Response(TRANSPARENT_GIF, { status: 200, headers });
}

/**
 * The document request's referrer as an origin, for a loader to hand to <PageViewPixel>:
 * '' when there is none (a direct visit), never another site's path or query.
 */
export function getRequestReferrer(request: Request): string {
  const referer = request.headers.get('referer');
  if (!referer) return '';
  try {
    return new URL(referer).origin;
  } catch {
    return '';
  }
}

/**
 * Sends one event to the tenant's own analytics endpoint (as a pixel GET carrying the
 * session id) or, by default, to the commerce API's sink. Never throws: analytics must not
 * break a page. Answers whether the event was accepted.
 */
export async function forwardAnalyticsEvent(
  tenant: Tenant,
  event: AnalyticsEvent,
  context: ApiContext,
): Promise<boolean> {
  const endpoint = tenant.analytics.endpoint;
  try {
    if (endpoint) {
      const url = buildPixelUrl(event, endpoint);
      const response = await fetch(url, {
        headers: { [HEADER.callerId]: CALLER_ID, [HEADER.tenantId]: tenant.id },
        signal: AbortSignal.timeout(ANALYTICS_FORWARD_TIMEOUT_MS),
        redirect: 'follow',
      });
      await response.body?.cancel();
      if (!response.ok)
        logger.warn({ tenantId: tenant.id, status: response.status }, 'tenant analytics endpoint refused an event');
      return response.ok;
    }
    await callApi(context, endpoints.messaging.analyticsEvent, {
      json: event,
      timeoutMs: ANALYTICS_FORWARD_TIMEOUT_MS,
    });
    return true;
  } catch (error) {
    const detail = error instanceof ApiError ? { status: error.status, code: error.code } : { err: error };
    logger.warn(
      { tenantId: tenant.id, kind: event.kind, name: event.name, ...detail },
      'analytics event was not recorded',
    );
    return false;
  }
}

/**
 * The pixel endpoint's work: read the event from the URL, attach the shopper's analytics
 * session (creating it on the first page view), forward it, and answer the GIF whatever
 * happened. A new visit's cookie goes in the request context's cookie jar (committed by the server).
 */
export async function handlePixelRequest(
  request: Request,
  options: { context: AppLoadContext; tenant?: Tenant },
): Promise<Response> {
  try {
    const tenant = options.tenant ?? getTenantForRequest(request);
    const url = new URL(request.url);
    // The visit cookie (visit.server.ts); a session from before it existed keeps its id.
    let sessionId = readVisitId(request);
    if (!sessionId && request.headers.get('cookie'))
      sessionId = (await getSession(request)).get('analyticsSessionId') ?? null;
    if (!sessionId) {
      const visit = startVisit(request);
      sessionId = visit.visitId;
      (await getShopContext({ request, context: options.context })).cookies.set(visit.setCookie);
    }
    const candidate = toAnalyticsEvent(parsePixelUrl(url), {
      sessionId,
      host: request.headers.get('host') ?? url.host,
    });
    const parsed = analyticsEventSchema.safeParse(candidate);
    if (!parsed.success) {
      logger.warn(
        {
          tenantId: tenant.id,
          issues: parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.')}: ${issue.message}`),
        },
        'analytics pixel carried an invalid event',
      );
      return pixelResponse();
    }
    // Analytics needs no identity: the shopper's token stays out of it. The browser leaving
    // does not cancel the forward, so the last page view of a visit is kept.
    await forwardAnalyticsEvent(tenant, parsed.data, { tenantId: tenant.id, token: null, sessionId });
  } catch (error) {
    logger.error({ err: error }, 'analytics pixel failed');
  }
  return pixelResponse();
}
