// A shared response cache in the process (issue 17 point 1, decision 032): the pages a CDN may
// keep (`public, s-maxage`, decided by page-cache.ts) are kept here too, so a deployment with
// no CDN in front still renders a signed-out shopper's landing, search or vehicle page once a
// minute rather than once a request. Only a cache, never state: entries live in this process's
// memory, or in Redis when REDIS_URL is set so every process shares them; losing them costs a
// render. A request carrying our session cookies never reads or fills it.
// Nothing a visitor sends may change what every later visitor gets (issue 29, decision 066):
// the key holds every input of the page (the page's address, built from Host or a trusted
// proxy's X-Forwarded-Host/-Proto, the tenant's Host, the encodings the stored bytes are
// compressed for, bot or browser), and a render that fills an entry sees only those headers.
// Freshness follows the answer's own s-maxage and stale-while-revalidate: a stale entry is
// served while this process re-renders it in the background, and only that internal request
// stores. A visitor's `Cache-Control: no-cache` gets a fresh render for them alone.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import { isbot } from 'isbot';
import { logger } from '../../app/lib/shared/logger.server';
import { HEADER } from '../../app/lib/contract/common';
import { hasShopperCookie, isSharedPagePath, visitCookieOf } from '../../app/lib/shared/page-sharing.server';
import { isFromTrustedProxy } from './forwarded';
import { toBuffer } from './page-cache';
import { pageUrl } from './remix';

export type CachedResponse = {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  storedAt: number;
  /** s-maxage and stale-while-revalidate of the answer, in milliseconds. */
  freshMs: number;
  staleMs: number;
};

export type ResponseCacheStore = {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<CachedResponse | null>;
  set(key: string, entry: CachedResponse): Promise<void>;
};

/** Least recently used entries go first once `maxBytes` of bodies are held. */
export function memoryResponseStore(maxBytes = 64 * 1024 * 1024): ResponseCacheStore {
  const entries = new Map<string, CachedResponse>();
  let bytes = 0;
  return {
    kind: 'memory',
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (Date.now() - entry.storedAt > entry.freshMs + entry.staleMs) {
        entries.delete(key);
        bytes -= entry.body.length;
        return null;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    async set(key, entry) {
      const previous = entries.get(key);
      if (previous) {
        entries.delete(key);
        bytes -= previous.body.length;
      }
      entries.set(key, entry);
      bytes += entry.body.length;
      for (const [oldest, old] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= old.body.length;
      }
    },
  };
}

/** Entries in Redis with their expiry at the end of the stale window; a Redis error is a miss. */
export function redisResponseStore(redis: Redis, prefix = 'showroom:page:'): ResponseCacheStore {
  return {
    kind: 'redis',
    async get(key) {
      const [meta, body] = await redis.mget(`${prefix}${key}:meta`, `${prefix}${key}:body`).catch(() => [null, null]);
      if (!meta || body === null || body === undefined) return null;
      try {
        const parsed = JSON.parse(meta) as Omit<CachedResponse, 'body'>;
        return { ...parsed, body: Buffer.from(body, 'base64') };
      } catch {
        return null;
      }
    },
    async set(key, entry) {
      const { body, ...meta } = entry;
      const ttl = Math.max(1, entry.freshMs + entry.staleMs);
      await redis
        .multi()
        .set(`${prefix}${key}:meta`, JSON.stringify(meta), 'PX', ttl)
        .set(`${prefix}${key}:body`, body.toString('base64'), 'PX', ttl)
        .exec()
        .catch((error: unknown) => logger.warn({ err: error }, 'response cache: Redis write failed'));
    },
  };
}

/** s-maxage and stale-while-revalidate of a `public` answer, or null when it may not be shared. */
export function sharedLifetime(cacheControl: string | undefined): { freshMs: number; staleMs: number } | null {
  if (!cacheControl) return null;
  const directives = new Map<string, string>();
  for (const part of cacheControl.toLowerCase().split(',')) {
    const [name, value = ''] = part.trim().split('=');
    if (name) directives.set(name, value.replace(/"/g, ''));
  }
  if (!directives.has('public') || directives.has('private') || directives.has('no-store')) return null;
  const fresh = Number(directives.get('s-maxage'));
  if (!Number.isInteger(fresh) || fresh <= 0) return null;
  const stale = Number(directives.get('stale-while-revalidate') ?? 0);
  return { freshMs: fresh * 1000, staleMs: Number.isInteger(stale) && stale > 0 ? stale * 1000 : 0 };
}

/** The encodings a client accepts, as one normalised token list: the stored bytes depend on them. */
function encodingsOf(header: string | undefined): string {
  if (!header) return 'identity';
  const accepted = header
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name!.trim())
    .filter(Boolean)
    .sort();
  return accepted.join(',') || 'identity';
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'set-cookie', 'x-correlation-id']);
const REVALIDATING = 'x-showroom-revalidate';

/**
 * The only request headers a render that fills an entry sees: the key's inputs (Host, the
 * encodings, the User-Agent's bot or browser), what the answer itself needs (a conditional
 * GET, the correlation id, the analytics visit id, which no page shows, the framing of the
 * connection) and, behind a trusted proxy, its X-Forwarded-* (the key's address is built from them).
 */
const RENDER_HEADERS = new Set([
  'host',
  'accept',
  'accept-encoding',
  'user-agent',
  'if-none-match',
  'connection',
  'content-length',
  'transfer-encoding',
]);
const TRUSTED_RENDER_HEADERS = new Set(['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for']);

type WriteArgs = [chunk: unknown, encoding?: unknown, callback?: unknown];

/** Everything a shared page reads from its request, so two requests with one key get one page. */
function keyOf(req: Request): string {
  const bot = isbot(req.headers['user-agent'] ?? '') ? 'bot' : 'browser';
  // pageUrl is the address the page renders its canonical link and og:url from.
  return [
    pageUrl(req).href,
    (req.headers.host ?? '').toLowerCase(),
    encodingsOf(req.headers['accept-encoding']),
    bot,
  ].join('|');
}

function onlyRenderHeaders(req: Request): void {
  const trusted = isFromTrustedProxy(req);
  for (const name of Object.keys(req.headers)) {
    if (name === 'cookie' || name === HEADER.correlationId) continue;
    if (!RENDER_HEADERS.has(name) && !(trusted && TRUSTED_RENDER_HEADERS.has(name))) delete req.headers[name];
  }
  const visit = visitCookieOf(req.headers.cookie);
  if (visit) req.headers.cookie = visit;
  else delete req.headers.cookie;
}

function wantsFreshRender(req: Request): boolean {
  return /(?:^|,)\s*no-cache\b/i.test(req.headers['cache-control'] ?? '') || req.headers.pragma === 'no-cache';
}

/** This process's own background revalidation, told apart by a secret only it knows. */
function isRevalidation(req: Request, token: Buffer): boolean {
  const sent = req.headers[REVALIDATING];
  if (typeof sent !== 'string') return false;
  const given = Buffer.from(sent);
  return given.length === token.length && timingSafeEqual(given, token);
}

function send(req: Request, res: Response, entry: CachedResponse, state: 'fresh' | 'stale'): void {
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  res.setHeader('age', String(Math.floor((Date.now() - entry.storedAt) / 1000)));
  res.setHeader('x-cache', state === 'fresh' ? 'HIT' : 'STALE');
  const etag = entry.headers.etag;
  const match = req.headers['if-none-match'];
  if (
    typeof etag === 'string' &&
    match &&
    match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''))
  ) {
    for (const name of ['content-length', 'content-type', 'content-encoding', 'content-security-policy'])
      res.removeHeader(name);
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = entry.status;
  res.end(req.method === 'HEAD' ? undefined : entry.body);
}

/**
 * Re-renders a stale entry through this same server, once, off the shopper's request, with
 * the key's inputs only: that request is the one that stores.
 */
function revalidate(req: Request, token: Buffer): void {
  const address = req.socket.localAddress;
  const port = req.socket.localPort;
  if (!address || !port) return;
  const forwarded: Record<string, string> = {};
  if (isFromTrustedProxy(req))
    for (const name of ['x-forwarded-host', 'x-forwarded-proto']) {
      const value = req.get(name);
      if (value) forwarded[name] = value;
    }
  const outgoing = http.request({
    host: address.replace(/^::ffff:/, ''),
    port,
    path: req.originalUrl,
    method: 'GET',
    headers: {
      host: req.headers.host ?? '',
      accept: req.headers.accept ?? 'text/html',
      'accept-encoding': req.headers['accept-encoding'] ?? '',
      'user-agent': req.headers['user-agent'] ?? '',
      ...forwarded,
      'cache-control': 'no-cache',
      [REVALIDATING]: token.toString(),
    },
  });
  outgoing.on('response', (answer) => answer.resume());
  outgoing.on('error', (error) => logger.warn({ err: error }, 'response cache: revalidation failed'));
  outgoing.setTimeout(30_000, () => outgoing.destroy());
  outgoing.end();
}

/**
 * The middleware: mounted before compression (so it stores and replays the compressed bytes)
 * and after the security headers. Only GET and HEAD of a shared page path without our cookies.
 */
export function responseCache(store: ResponseCacheStore): RequestHandler {
  const refreshing = new Set<string>();
  const token = Buffer.from(randomBytes(24).toString('base64url'));
  return (req: Request, res: Response, next: NextFunction) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !isSharedPagePath(req.path) ||
      hasShopperCookie(req.headers.cookie)
    )
      return next();
    let key: string;
    try {
      key = keyOf(req);
    } catch {
      // An address that cannot be built is not cached (rejectMalformed answers most of them).
      return next();
    }
    const revalidating = isRevalidation(req, token);
    delete req.headers[REVALIDATING];
    const renderAndStore = () => {
      onlyRenderHeaders(req);
      res.once('close', () => refreshing.delete(key));
      if (req.method === 'GET') capture(res, (entry) => void store.set(key, entry));
      next();
    };
    if (revalidating) {
      refreshing.add(key);
      return renderAndStore();
    }
    // A visitor's no-cache is answered by a render for them alone: it never writes the entry.
    if (wantsFreshRender(req)) return next();
    store.get(key).then(
      (entry) => {
        if (!entry) return renderAndStore();
        const age = Date.now() - entry.storedAt;
        if (age <= entry.freshMs) return send(req, res, entry, 'fresh');
        if (age <= entry.freshMs + entry.staleMs) {
          if (!refreshing.has(key)) {
            refreshing.add(key);
            revalidate(req, token);
          }
          return send(req, res, entry, 'stale');
        }
        renderAndStore();
      },
      () => renderAndStore(),
    );
  };
}

/** Keeps a copy of what goes out; hands it over when the answer turns out shareable. */
function capture(res: Response, store: (entry: CachedResponse) => void): void {
  const write = res.write.bind(res) as (...args: WriteArgs) => boolean;
  const end = res.end.bind(res) as (...args: WriteArgs) => Response;
  const chunks: Buffer[] = [];
  res.write = ((...args: WriteArgs) => {
    const [chunk, encoding] = args;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    return write(...args);
  }) as Response['write'];
  res.end = ((...args: WriteArgs) => {
    const [chunk, encoding] = args;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    const result = end(...args);
    const lifetime = sharedLifetime(res.getHeader('cache-control') as string | undefined);
    if (res.statusCode === 200 && lifetime && !res.hasHeader('set-cookie')) {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(res.getHeaders()))
        if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = Array.isArray(value) ? value : String(value);
      store({ status: 200, headers, body: Buffer.concat(chunks), storedAt: Date.now(), ...lifetime });
    }
    return result;
  }) as Response['end'];
}
