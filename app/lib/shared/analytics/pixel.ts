import type { AnalyticsEvent } from '../../contract/analytics';
import { ANALYTICS_LIMITS, type AnalyticsKind } from './constants';

// Page views and events leave as a tracking-pixel request (seed 001 §7): one GET whose query
// carries the session, path, query, VIN, traffic source and order id. This module builds and
// reads that URL on both sides, and removes first name, last name and e-mail before anything
// leaves the page, the storefront or reaches the sink.

/** The storefront's pixel endpoint (app/routes/resources.analytics-pixel.ts). */
export const ANALYTICS_PIXEL_PATH = '/resources/analytics-pixel';

/** What a page or a component knows about a page view or an event. */
export type PixelEvent = {
  kind: AnalyticsKind;
  name?: string | null;
  /** The page's path; the VIN and order id are read from it when not given. */
  path: string;
  /** The page's query string, with or without its `?`. */
  query?: string | null;
  vin?: string | null;
  orderId?: string | null;
  /** Given explicitly, it wins over utm_source and the referrer. */
  trafficSource?: string | null;
  /** The page's referrer (document.referrer or the Referer of the document request). */
  referrer?: string | null;
  /** Only for the storefront's forward to a tenant endpoint: the browser never sends it. */
  sessionId?: string | null;
  properties?: Record<string, unknown> | null;
  /** Makes each page view a distinct URL, so a browser cache never swallows one. */
  viewId?: string | null;
};

const PARAM = {
  kind: 'kind',
  name: 'name',
  path: 'path',
  query: 'query',
  vin: 'vin',
  orderId: 'orderId',
  trafficSource: 'source',
  referrer: 'referrer',
  sessionId: 'sessionId',
  viewId: 'v',
  propertyPrefix: 'prop.',
} as const;

// Seed 001 §7: first name, last name and e-mail never leave. Keys are compared without case
// or separators, so firstName, first_name, first-name and FNAME all match.
const PERSONAL_KEY = /^(f|l)name$|firstname|lastname|givenname|familyname|surname|fullname|e?mail/;
const EMAIL_VALUE = /[^\s@/?#&=:;,<>()[\]"]+@[^\s@/?#&=:;,<>()[\]"]+\.[a-z]{2,}/i;

export function isPersonalDataKey(key: string): boolean {
  return PERSONAL_KEY.test(key.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

function containsEmail(value: string): boolean {
  return EMAIL_VALUE.test(value);
}

function clip(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

/** Properties as strings, without personal data, nested values or more than the contract allows. */
export function sanitizeProperties(properties: Record<string, unknown> | null | undefined): Record<string, string> {
  const clean: Record<string, string> = {};
  let count = 0;
  for (const [key, raw] of Object.entries(properties ?? {})) {
    if (count >= ANALYTICS_LIMITS.properties) break;
    if (!key || key.length > ANALYTICS_LIMITS.propertyKey || isPersonalDataKey(key)) continue;
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') continue;
    const value = String(raw);
    if (containsEmail(value)) continue;
    clean[key] = clip(value, ANALYTICS_LIMITS.propertyValue);
    count += 1;
  }
  return clean;
}

/** The query string (without `?`) minus personal-data parameters and values that hold an e-mail. */
export function sanitizeQuery(query: string | null | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const kept = new URLSearchParams();
  for (const [key, value] of params) {
    if (isPersonalDataKey(key) || containsEmail(value) || containsEmail(key)) continue;
    kept.append(key, value);
  }
  const text = kept.toString();
  if (text.length <= ANALYTICS_LIMITS.query) return text;
  // Too long: drop whole parameters from the end rather than cutting one in half.
  const parts = text.split('&');
  while (parts.length > 0 && parts.join('&').length > ANALYTICS_LIMITS.query) parts.pop();
  return parts.join('&');
}

/** The path with any segment that holds an e-mail replaced. */
export function sanitizePath(path: string | null | undefined): string {
  const value = path && path.startsWith('/') ? path : `/${path ?? ''}`;
  const clean = value
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A malformed escape is checked as it is.
      }
      return containsEmail(decoded) ? 'redacted' : segment;
    })
    .join('/');
  return clip(clean, ANALYTICS_LIMITS.path);
}

/** The event with personal data removed from its path, query and properties. */
export function sanitize<E extends Pick<PixelEvent, 'path' | 'query' | 'properties'>>(
  event: E,
): Omit<E, 'path' | 'query' | 'properties'> & { path: string; query: string; properties: Record<string, string> } {
  return {
    ...event,
    path: sanitizePath(event.path),
    query: sanitizeQuery(event.query),
    properties: sanitizeProperties(event.properties),
  };
}

const VIN = /(?:^|-)([A-HJ-NPR-Z0-9]{17})$/i;
const ORDER_NUMBER = /^[A-Za-z0-9-]{4,40}$/;

function normalizeVin(value: string | null | undefined): string | null {
  return value && /^[A-HJ-NPR-Z0-9]{17}$/i.test(value) ? value.toUpperCase() : null;
}

function normalizeOrderId(value: string | null | undefined): string | null {
  return value && ORDER_NUMBER.test(value) ? value : null;
}

/** Seed 001 §7: the VIN and order id come from /vehicles/<vin>, /progress/<order>/… and /fulfillment/<order>. */
export function getIdsFromPath(path: string): { vin: string | null; orderId: string | null } {
  const [first, second] = path.split(/[?#]/)[0]!.split('/').filter(Boolean);
  if (!second) return { vin: null, orderId: null };
  if (first === 'vehicles') {
    const match = VIN.exec(second);
    return { vin: match ? match[1]!.toUpperCase() : null, orderId: null };
  }
  if ((first === 'progress' || first === 'fulfillment') && ORDER_NUMBER.test(second)) {
    return { vin: null, orderId: second };
  }
  return { vin: null, orderId: null };
}

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Where the shopper came from: utm_source, else the referring site's host, else `direct`
 * (no referrer, or one from this site). Null when there is nothing to tell.
 */
export function getTrafficSource(input: {
  query?: string | null;
  referrer?: string | null;
  host?: string | null;
}): string | null {
  const query = input.query ?? '';
  const utm = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query)
    .get('utm_source')
    ?.trim()
    .toLowerCase();
  if (utm) return clip(utm, ANALYTICS_LIMITS.trafficSource);
  if (input.referrer === undefined || input.referrer === null) return null;
  const referrerHost =
    hostOf(input.referrer) ?? (/^[a-z0-9.-]+(:\d+)?$/i.test(input.referrer) ? input.referrer.toLowerCase() : null);
  if (!referrerHost) return 'direct';
  const ownHost = input.host?.toLowerCase() ?? null;
  if (ownHost && referrerHost === ownHost) return 'direct';
  return clip(referrerHost.replace(/^www\./, ''), ANALYTICS_LIMITS.trafficSource);
}

/**
 * The pixel URL for an event, personal data removed. The referrer travels as its host only,
 * so another site's query string never reaches us.
 */
export function buildPixelUrl(event: PixelEvent, endpoint: string = ANALYTICS_PIXEL_PATH): string {
  const clean = sanitize(event);
  const ids = getIdsFromPath(clean.path);
  const params = new URLSearchParams();
  params.set(PARAM.kind, clean.kind);
  if (clean.name) params.set(PARAM.name, clean.name);
  params.set(PARAM.path, clean.path);
  if (clean.query) params.set(PARAM.query, clean.query);
  const vin = normalizeVin(clean.vin) ?? ids.vin;
  if (vin) params.set(PARAM.vin, vin);
  const orderId = normalizeOrderId(clean.orderId) ?? ids.orderId;
  if (orderId) params.set(PARAM.orderId, orderId);
  const trafficSource = clean.trafficSource ?? getTrafficSource({ query: clean.query });
  if (trafficSource) params.set(PARAM.trafficSource, trafficSource);
  if (clean.referrer !== undefined && clean.referrer !== null) {
    params.set(PARAM.referrer, hostOf(clean.referrer) ?? '');
  }
  if (clean.sessionId) params.set(PARAM.sessionId, clean.sessionId);
  for (const [key, value] of Object.entries(clean.properties)) params.set(`${PARAM.propertyPrefix}${key}`, value);
  if (clean.viewId) params.set(PARAM.viewId, clean.viewId);
  return `${endpoint}${endpoint.includes('?') ? '&' : '?'}${params.toString()}`;
}

/** Reads a pixel URL back (the storefront endpoint); personal data is removed again. */
export function parsePixelUrl(url: URL): PixelEvent {
  const params = url.searchParams;
  const properties: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key.startsWith(PARAM.propertyPrefix)) properties[key.slice(PARAM.propertyPrefix.length)] = value;
  }
  const kind: AnalyticsKind = params.get(PARAM.kind) === 'event' ? 'event' : 'pageview';
  return sanitize({
    kind,
    name: params.get(PARAM.name),
    path: params.get(PARAM.path) ?? '/',
    query: params.get(PARAM.query),
    vin: params.get(PARAM.vin),
    orderId: params.get(PARAM.orderId),
    trafficSource: params.get(PARAM.trafficSource),
    referrer: params.get(PARAM.referrer),
    sessionId: params.get(PARAM.sessionId),
    properties,
    viewId: params.get(PARAM.viewId),
  });
}

/**
 * The event as the commerce API's sink takes it. `host` is this site's host, so a referrer
 * from the site itself counts as direct. The result still has to pass analyticsEventSchema.
 */
export function toAnalyticsEvent(
  event: PixelEvent,
  context: { sessionId: string | null; host?: string | null },
): AnalyticsEvent {
  const clean = sanitize(event);
  const ids = getIdsFromPath(clean.path);
  return {
    kind: clean.kind,
    name: clean.name || null,
    sessionId: context.sessionId,
    path: clean.path,
    query: clean.query,
    vin: normalizeVin(clean.vin) ?? ids.vin,
    orderId: normalizeOrderId(clean.orderId) ?? ids.orderId,
    trafficSource:
      clean.trafficSource || getTrafficSource({ query: clean.query, referrer: clean.referrer, host: context.host }),
    properties: clean.properties,
  };
}
