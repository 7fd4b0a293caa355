import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { HEADER } from '../../app/lib/contract/common';
import type { ShellSummary } from '../../app/lib/contract/shell';
import { getStorefrontHooks } from '../../app/lib/shared/storefront-hooks';
import { FORWARDED, forwardedHost, isFromTrustedProxy } from './forwarded';

/** The W3C trace-context header the tracing middleware sets on a page request (server/http/tracing.ts). */
const TRACEPARENT = 'traceparent';

// Remix behind Express, with the storefront's request context: built once before the loaders
// run, and its cookies committed once on whatever Remix answers (a page, a data request, a
// redirect, an error page, a resource route's file). @remix-run/express writes the answer
// itself, with no step between, so this adapter is ours.

/**
 * The request's headers as Fetch headers (repeated ones kept). Without a trusted proxy the
 * X-Forwarded-* headers are whatever the caller chose to send: they never reach a page.
 */
export function fetchHeaders(req: ExpressRequest): Headers {
  const trusted = isFromTrustedProxy(req);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (!trusted && FORWARDED.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * The address as the shopper typed it: the Host header and the connection's scheme, or behind a
 * trusted proxy its X-Forwarded-Host and -Proto (rejectMalformed answered 400 to malformed ones).
 */
export function pageUrl(req: ExpressRequest): URL {
  const host = forwardedHost(req) ?? req.get('host') ?? 'localhost';
  return new URL(`${req.protocol}://${host}${req.originalUrl}`);
}

/** The Fetch request Remix reads. */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = fetchHeaders(req);
  const url = pageUrl(req);
  // The loaders stop when the shopper leaves before the answer is written.
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: 'half' } : {}),
  } as RequestInit);
}

async function send(res: ExpressResponse, answer: Response, headers: Headers): Promise<void> {
  res.statusMessage = answer.statusText;
  res.status(answer.status);
  for (const [name, value] of headers) res.append(name, value);
  if (answer.body) await writeReadableStreamToWritable(answer.body, res);
  else res.end();
}

function identityCheckOf(res: ExpressResponse): IdentityCheck {
  const check: unknown = res.locals.identityCheck;
  return typeof check === 'object' && check !== null ? (check as IdentityCheck) : {};
}

/** What the session check before the loaders found, for the request context. */
export type IdentityCheck = {
  sessionRefresh?: 'renewed' | 'ended';
  /** The header's counts, read with the check on a page's GET (decision 072). */
  shell?: ShellSummary;
};

/**
 * Before a page's loaders run in parallel: refreshes an expiring identity token once (the
 * refreshed cookies replace the `cookie` header in `headers`), or checks that the session is
 * still live and, on a GET, reads the header's counts with that one call. Answers what
 * happened, for the request context. Both the request thread's middleware and a render thread
 * call it.
 */
export async function refreshIdentity(
  build: ServerBuild,
  page: { url: string; method: string; headers: Headers; correlationId?: string },
): Promise<IdentityCheck> {
  const cookie = page.headers.get('cookie');
  if (!cookie) return {};
  const headers = new Headers({ cookie, host: page.headers.get('host') ?? '' });
  if (page.correlationId) headers.set(HEADER.correlationId, page.correlationId);
  const traceparent = page.headers.get(TRACEPARENT) ?? undefined;
  if (traceparent) headers.set(TRACEPARENT, traceparent);
  const hooks = getStorefrontHooks(build);
  const refreshed = await hooks.runWithRequestIds({ correlationId: page.correlationId, traceparent }, () =>
    hooks.refreshTokensIfNeeded(
      new Request(page.url, { method: page.method === 'HEAD' ? 'GET' : page.method, headers }),
    ),
  );
  if (!refreshed) return {};
  if (refreshed.outcome === 'live') return { shell: refreshed.shell };
  page.headers.set('cookie', refreshed.cookieHeader);
  return { sessionRefresh: refreshed.outcome };
}

/** What a page's answer needs from the Express side of the request. */
export type PageRequestContext = {
  cspNonce: string;
  clientIp?: string;
  correlationId?: string;
} & IdentityCheck;

/**
 * One page's answer from the storefront build: the request context built once, Remix's answer,
 * and the context's cookies committed onto it. Used on the request thread (`remixHandler`) and
 * on a render thread (server/http/render-worker.ts), so both answer alike.
 */
export async function answerPage(
  build: ServerBuild,
  handle: (request: Request, context: AppLoadContext) => Promise<Response>,
  request: Request,
  page: PageRequestContext,
): Promise<{ answer: Response; headers: Headers }> {
  const context: AppLoadContext = { cspNonce: page.cspNonce, clientIp: page.clientIp };
  const { createShopContext, commitShopContext, runWithRequestIds } = getStorefrontHooks(build);
  const ids = { correlationId: page.correlationId, traceparent: request.headers.get(TRACEPARENT) ?? undefined };
  const { shop, answer } = await runWithRequestIds(ids, async () => {
    const made = await createShopContext(request, {
      correlationId: page.correlationId,
      clientIp: page.clientIp,
      sessionRefresh: page.sessionRefresh,
      shell: page.shell,
    });
    context.shop = made;
    return { shop: made, answer: await handle(request, context) };
  });
  // Headers of a fetched or redirect Response can be immutable: copied before adding.
  const headers = new Headers(answer.headers);
  await commitShopContext(shop, headers);
  return { answer, headers };
}

export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  loadContext: (req: ExpressRequest, res: ExpressResponse) => { cspNonce: string; clientIp?: string };
}): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const request = toFetchRequest(req, res);
      const correlationId = res.getHeader(HEADER.correlationId);
      const build = typeof options.build === 'function' ? await options.build() : options.build;
      const { answer, headers } = await answerPage(build, handle, request, {
        ...options.loadContext(req, res),
        correlationId: typeof correlationId === 'string' ? correlationId : undefined,
        ...identityCheckOf(res),
      });
      await send(res, answer, headers);
    } catch (error) {
      next(error);
    }
  };
}
