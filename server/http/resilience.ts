import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { MAX_FEED_BODY_BYTES } from '../../app/lib/contract/inventory-feeds';
import { MAX_FILES_PER_UPLOAD, MAX_IMAGE_BYTES } from '../../app/lib/contract/tracker';
import { RATE_LIMITED_CODE, type ApiErrorBody } from '../../app/lib/contract/common';
import { logger } from '../../app/lib/shared/logger.server';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { TenantRegistry } from '../../app/lib/shared/tenant/tenants.server';
import { TOO_MANY_REQUESTS_TEXTS, fillTenantText } from '../../app/lib/shared/tenant/text';
import { themeStyle } from '../../app/lib/shared/tenant/theme';
import { loggablePath } from './correlation';
import { forwardedHost, isFromTrustedProxy } from './forwarded';

// Hostile or broken input answered before it reaches a route: malformed URLs and Host
// headers, control characters in the path, bodies too large for the route or of a type the
// route cannot read, and unread bodies that would stall a keep-alive connection. Each gets a
// 4xx: the tenant's branded page for a browser, the contract's error body for the API. The
// last error handler answers anything else without a stack trace or a file path.

/** Bodies the upload routes take (the contract's per-upload maximum); everything else is small. */
const UPLOAD_BODY_BYTES = MAX_FILES_PER_UPLOAD * (MAX_IMAGE_BYTES + 64 * 1024);
const API_BODY_BYTES = 1024 * 1024;
const PAGE_BODY_BYTES = 256 * 1024;
/** The inventory feed endpoint, whose own limit (the contract's, 100 MiB) is the one that applies. */
const FEED_PATH = /^\/api\/inventory\/feeds\/?$/;
const UPLOAD_PATH =
  /^\/(api\/documents\/|api\/id-verification\/|progress\/[^/]+\/doc-upload\/files|progress\/id-verification\/capture\/)/;
/** Control characters other than tab; a NUL in a path or a Host reaches SQL or the file system otherwise. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

export function bodyLimit(path: string): number {
  if (UPLOAD_PATH.test(path)) return UPLOAD_BODY_BYTES;
  if (FEED_PATH.test(path)) return MAX_FEED_BODY_BYTES;
  return path.startsWith('/api/') || path.startsWith('/public/') ? API_BODY_BYTES : PAGE_BODY_BYTES;
}

function isApiPath(path: string): boolean {
  return path.startsWith('/api/') || path.startsWith('/public/');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The status page's texts: the tenant's server-error texts for 5xx, "too many requests" for 429, its generic ones for the rest. */
type StatusTexts = { title: string; subtitle: string; callToAction: string };

function statusTexts(tenant: Tenant | null, status: number): StatusTexts {
  const fallback =
    status >= 500
      ? {
          title: 'Something went wrong on our end',
          subtitle: 'Please try again in a moment.',
          callToAction: 'Go to Homepage',
        }
      : { title: 'Something went wrong', subtitle: 'Please try again in a moment.', callToAction: 'Go to Homepage' };
  if (status === 429) return statusTextsOf(tenant?.texts.errors.tooManyRequests ?? TOO_MANY_REQUESTS_TEXTS, tenant);
  const texts = tenant ? (status >= 500 ? tenant.texts.errors.serverError : tenant.texts.errors.generic) : fallback;
  return statusTextsOf(texts, tenant);
}

function statusTextsOf(texts: StatusTexts, tenant: Tenant | null): StatusTexts {
  if (!tenant) return texts;
  return {
    title: fillTenantText(texts.title, tenant),
    subtitle: fillTenantText(texts.subtitle, tenant),
    callToAction: fillTenantText(texts.callToAction, tenant),
  };
}

function tenantFor(tenants: TenantRegistry | undefined, req: Request): Tenant | null {
  if (!tenants) return null;
  try {
    return tenants.forHost(req.get('host') ?? null);
  } catch {
    return null;
  }
}

/** A small self-contained page in the tenant's colours and words (it needs neither the database nor the Remix build). */
export function renderStatusPage(tenant: Tenant | null, status: number, nonce?: string): string {
  const texts = statusTexts(tenant, status);
  const brand = tenant?.brandName ?? 'Showroom';
  const phone = tenant?.dealerPhone;
  const digits = phone?.number.replace(/\D/g, '') ?? '';
  const shown = digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
  const style = tenant ? themeStyle(tenant.theme) : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${texts.title} | ${brand}`)}</title>
<style${nonce ? ` nonce="${nonce}"` : ''}>${style}
body{margin:0;font-family:var(--tenant-font, system-ui, sans-serif);background:var(--tenant-surface,#fff);color:var(--tenant-text,#111)}
header{padding:1rem 1.5rem;background:var(--tenant-primary,#1d4ed8);color:var(--tenant-primary-contrast,#fff);font-weight:700}
main{max-width:40rem;margin:3rem auto;padding:0 1.5rem}a{color:inherit}
.cta{display:inline-block;margin-top:1.5rem;padding:.75rem 1.25rem;border-radius:.5rem;background:var(--tenant-primary,#1d4ed8);color:var(--tenant-primary-contrast,#fff);text-decoration:none}</style>
</head><body><header>${escapeHtml(brand)}</header><main>
<p>${status}</p><h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(texts.subtitle)}</p>
${phone ? `<p><a href="tel:${escapeHtml(`${phone.countryCode}${phone.number}`.replace(/[^\d+]/g, ''))}">${escapeHtml(shown)}</a></p>` : ''}
<a class="cta" href="/">${escapeHtml(texts.callToAction)}</a></main></body></html>`;
}

const API_CODES: Record<number, string> = {
  400: 'error.validation.invalidRequest',
  405: 'error.route.methodNotAllowed',
  411: 'error.validation.lengthRequired',
  408: 'error.validation.requestTimeout',
  404: 'error.notFound',
  413: 'error.validation.bodyTooLarge',
  415: 'error.validation.unsupportedMediaType',
  429: RATE_LIMITED_CODE,
  503: 'error.server.unavailable',
};

const API_MESSAGES: Record<number, string> = {
  400: 'The request could not be read',
  405: 'This path does not answer that method',
  411: 'The request body needs a Content-Length',
  408: 'The request body took too long to arrive',
  404: 'Not found',
  413: 'The request body is too large',
  415: 'The request body has a type this endpoint does not read',
  429: 'Too many requests; try again later',
  503: 'The service is unavailable right now; try again in a moment',
};

/** Answers a status: the contract's error body for the API (or a non-HTML client), the branded page otherwise. */
export function sendStatus(
  tenants: TenantRegistry | undefined,
  req: Request,
  res: Response,
  status: number,
  options: { close?: boolean } = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (options.close) res.setHeader('connection', 'close');
  res.status(status);
  const wantsHtml = !isApiPath(req.path) && (req.accepts(['html', 'json']) === 'html' || !req.get('accept'));
  if (!wantsHtml) {
    const body: ApiErrorBody = {
      error: {
        code: API_CODES[status] ?? (status >= 500 ? 'error.server.internal' : 'error.validation.invalidRequest'),
        message: API_MESSAGES[status] ?? 'The request failed',
      },
    };
    res.json(body);
    return;
  }
  res.type('html').send(renderStatusPage(tenantFor(tenants, req), status, res.locals.cspNonce as string | undefined));
}

/** A Host header that parses as host[:port] with a port in range; anything else cannot name a tenant. */
export function validHost(host: string | undefined): boolean {
  if (!host) return true;
  if (CONTROL.test(host) || /[\s/\\?#@]/.test(host)) return false;
  const match = /^(\[[0-9a-f:.]+\]|[^:]+)(?::(\d{1,5}))?$/i.exec(host);
  if (!match) return false;
  if (match[2] !== undefined && Number(match[2]) > 65535) return false;
  try {
    return new URL(`http://${host}/`).host.length > 0;
  } catch {
    return false;
  }
}

/**
 * Behind a trusted proxy its X-Forwarded-Host names the page's address and -Proto its scheme:
 * a host that is not host[:port], or a scheme other than http or https, cannot build one.
 */
function validForwarded(req: Request): boolean {
  if (!isFromTrustedProxy(req)) return true;
  const host = forwardedHost(req);
  if (host !== undefined && !validHost(host)) return false;
  const proto = req.get('x-forwarded-proto');
  return !proto || /^https?$/.test(proto.split(',')[0]!.trim());
}

/** What the server answers, for `OPTIONS *` and for a 405's Allow header. */
const SERVER_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
/** `http://host/path?query`: the absolute form a client sends to a proxy (RFC 9112 §3.2.2). */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Brings the request line's target to the origin form every route reads (`/path?query`), or
 * answers it: `OPTIONS *` asks what the server does (204 with Allow); any other `*`, a target
 * without a leading slash, or an absolute URL that is not http(s), carries credentials or names
 * another host than the Host header is a 400. The tenant is still found from the Host header as
 * for any request, so an absolute URL must name the same host (RFC 9112 would have the server
 * prefer the URL's; refusing the disagreement leaves no second reading of the request).
 */
function toOriginForm(req: Request, res: Response, tenants?: TenantRegistry): boolean {
  const target = req.url;
  if (target.startsWith('/')) return true;
  if (target === '*' && req.method === 'OPTIONS') {
    res.status(204).setHeader('allow', SERVER_METHODS);
    res.end();
    return false;
  }
  if (!ABSOLUTE_FORM.test(target)) {
    sendStatus(tenants, req, res, 400);
    return false;
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    sendStatus(tenants, req, res, 400);
    return false;
  }
  const host = (req.get('host') ?? '').toLowerCase();
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.host !== host) {
    // The answer is about the target this request named, read as a path from here on.
    req.url = req.originalUrl = url.pathname.startsWith('/') ? url.pathname : '/';
    sendStatus(tenants, req, res, 400);
    return false;
  }
  req.url = req.originalUrl = `${url.pathname}${url.search}`;
  return true;
}

/** Malformed URLs, control characters in the path, bad Host headers: 400 before any route sees them. */
export function rejectMalformed(tenants?: TenantRegistry): RequestHandler {
  return (req, res, next) => {
    if (!toOriginForm(req, res, tenants)) return;
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      return sendStatus(tenants, req, res, 400);
    }
    if (CONTROL.test(decoded) || !validHost(req.get('host')) || !validForwarded(req))
      return sendStatus(tenants, req, res, 400);
    try {
      // Everything Remix and the routers will do with it later.
      new URL(req.originalUrl, `http://${req.get('host') ?? 'localhost'}`);
      const query = req.originalUrl.indexOf('?');
      if (query !== -1) decodeURIComponent(req.originalUrl.slice(query + 1).replace(/\+/g, ' '));
    } catch {
      return sendStatus(tenants, req, res, 400);
    }
    next();
  };
}

function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  if (length !== undefined) return Number(length) > 0;
  return req.get('transfer-encoding') !== undefined;
}

/**
 * Body sizes per route, and what becomes of a body nobody reads: a declared length over the
 * route's limit is refused at once (413, connection closed); a body left unread when the
 * answer is sent is drained (up to the limit) so the next request on the keep-alive
 * connection is read at once, and past the limit the connection is closed.
 */
export function bodyGuard(tenants?: TenantRegistry): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const limit = bodyLimit(req.path);
    const declared = Number(req.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > limit) return sendStatus(tenants, req, res, 413, { close: true });
    // A page's form comes with its length (every browser sends one); a stream of unknown
    // length is for the API and the upload routes, whose parsers enforce their own limits.
    if (!Number.isFinite(declared) && !isApiPath(req.path) && !UPLOAD_PATH.test(req.path))
      return sendStatus(tenants, req, res, 411, { close: true });
    res.on('finish', () => {
      // Nobody read it (or not all of it): let it flow out of the connection, so the next
      // request on this keep-alive connection is read at once instead of after a timeout.
      // (The page's own reader may still hold it paused for backpressure: it is let go first.)
      if (req.complete) return;
      req.removeAllListeners('data');
      req.removeAllListeners('readable');
      req.on('error', () => {});
      req.resume();
    });
    next();
  };
}

/** How long a request's body may take to arrive: a page's form or an API call, and an upload. */
export type BodyDeadlines = { requestMs: number; uploadMs: number };

export const DEFAULT_BODY_DEADLINES: BodyDeadlines = { requestMs: 30_000, uploadMs: 300_000 };

/**
 * A body trickled in a byte at a time holds a connection and whatever reads it: past the
 * route's deadline the request is answered 408 and its connection closed (issue 29). Node's
 * own requestTimeout (server/index.ts) is one deadline for every route, the uploads' one.
 */
export function bodyDeadline(
  tenants?: TenantRegistry,
  deadlines: BodyDeadlines = DEFAULT_BODY_DEADLINES,
): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req) || req.complete) return next();
    const ms = UPLOAD_PATH.test(req.path) ? deadlines.uploadMs : deadlines.requestMs;
    // Kept after an early answer too: the connection reads the rest of the body before its next request.
    const timer = setTimeout(() => {
      if (req.complete || req.socket.destroyed) return;
      logger.warn({ path: loggablePath(req.path), ms }, 'request body too slow: answered 408');
      if (res.headersSent) {
        req.socket.destroy();
        return;
      }
      res.once('finish', () => req.socket.destroySoon());
      sendStatus(tenants, req, res, 408, { close: true });
    }, ms);
    timer.unref();
    req.once('end', () => clearTimeout(timer));
    next();
  };
}

/** Methods a request of Remix's (the Fetch API's) can have; TRACE, TRACK and CONNECT it cannot even construct. */
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * A method no router answered and no page can (TRACE, PROPFIND, …): 405 with the methods the
 * server has, the contract's error body for the API and the branded page otherwise.
 */
export function pageMethods(tenants?: TenantRegistry): RequestHandler {
  return (req, res, next) => {
    if (PAGE_METHODS.has(req.method)) return next();
    res.setHeader('allow', SERVER_METHODS);
    sendStatus(tenants, req, res, 405);
  };
}

const FORM = 'application/x-www-form-urlencoded';
const FORM_TYPES = [FORM, 'multipart/form-data'];

/**
 * A page's form action reads forms only: a JSON or text body posted to one is a 415, not a
 * 500. A post with no body and no type is read as the empty form it is (what a browser sends
 * for a form without fields, with its type), so the action answers with its own messages.
 */
export function pageBodyTypes(tenants?: TenantRegistry): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || isApiPath(req.path)) return next();
    if (!hasBody(req) && !req.get('content-type')) {
      // Remix's request reads its type from here: `formData()` of a body without one throws.
      req.headers['content-type'] = FORM;
      return next();
    }
    const type = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!FORM_TYPES.includes(type)) return sendStatus(tenants, req, res, 415);
    // Files go to the upload pages only; every other form is url-encoded.
    if (type === 'multipart/form-data' && !UPLOAD_PATH.test(req.path)) return sendStatus(tenants, req, res, 415);
    if (type === 'multipart/form-data' && !/boundary=/i.test(req.get('content-type') ?? ''))
      return sendStatus(tenants, req, res, 400);
    next();
  };
}

/**
 * The last error handler: a body parser's or router's 4xx keeps its status; anything else is
 * a logged 500. Neither ever shows a stack trace or a file path.
 */
export function finalErrorHandler(tenants?: TenantRegistry): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status =
      (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
    const code = typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
    if (code >= 500) logger.error({ err: error, path: req.path }, 'request failed');
    sendStatus(tenants, req, res, code === 500 ? 500 : code, { close: code === 413 });
  };
}
