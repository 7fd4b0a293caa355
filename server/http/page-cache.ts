import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  PRIVATE_CACHE_CONTROL,
  SHARED_API_CACHE_CONTROL,
  SHARED_PAGE_CACHE_CONTROL,
  isSharedApiPath,
  isSharedPagePath,
  isSharedPageRequest,
} from '../../app/lib/shared/page-sharing.server';

// Caching headers for pages and public API answers (issue 17, decision 020). One place decides
// what a CDN may keep; routes only opt out by setting their own Cache-Control.

type Flushable = Response & { flush?: () => void };
type WriteArgs = [chunk: unknown, encoding?: unknown, callback?: unknown];

/**
 * Remix writes a streamed page chunk by chunk and flushes after each one; behind compression
 * every flush closes a gzip block, so a page came out three times larger than in one pass and
 * cost a deflate call per chunk. One flush per turn of the event loop still streams each
 * Suspense boundary the moment it resolves.
 */
function coalesceFlushes(res: Flushable): void {
  const flush = res.flush;
  if (typeof flush !== 'function') return;
  let scheduled = false;
  res.flush = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (!res.writableEnded && !res.destroyed) flush.call(res);
    });
  };
}

function appendVary(res: Response, field: string): void {
  const current = res.getHeader('vary');
  const fields = String(current ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
  if (!fields.includes(field.toLowerCase())) res.setHeader('vary', current ? `${String(current)}, ${field}` : field);
}

export function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

/**
 * A weak validator of the page's content. The CSP nonce differs on every render and says
 * nothing about the content, so it is left out of the hash: a re-rendered page that is the
 * same for the shopper matches the ETag their cache holds.
 */
export function pageEtag(body: Buffer, nonce: string | undefined): string {
  const hash = createHash('sha1');
  if (nonce) {
    const text = body.toString('latin1');
    hash.update(text.split(nonce).join(''), 'latin1');
  } else {
    hash.update(body);
  }
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === bare;
  });
}

/** Before the first byte of the head goes out, whoever wrote the answer. */
function beforeHead(res: Response, decide: () => void): void {
  const writeHead = res.writeHead;
  let decided = false;
  res.writeHead = function writeHeadOnce(this: Response, ...args: Parameters<Response['writeHead']>) {
    if (!decided) {
      decided = true;
      // A status passed straight to writeHead counts too.
      if (typeof args[0] === 'number') res.statusCode = args[0];
      decide();
    }
    return writeHead.apply(this, args);
  } as Response['writeHead'];
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * A shared page goes to every visitor alike, from this process's cache or a CDN's, so it must
 * not carry a CSP nonce: one replayed to everyone is no secret (issue 29, decision 066). The
 * render's nonce attributes are taken out of the HTML and its inline scripts are allowed by
 * their SHA-256 instead, which holds for whoever gets these bytes.
 */
export function shareScripts(
  body: Buffer,
  csp: string | undefined,
  nonce: string | undefined,
  html: boolean,
): { body: Buffer; csp: string | undefined } {
  if (!nonce) return { body, csp };
  let text = body.toString('utf8');
  const hashes = new Set<string>();
  if (html) {
    text = text.split(` nonce="${nonce}"`).join('');
    for (const [, attributes, script] of text.matchAll(INLINE_SCRIPT))
      if (!/\ssrc\s*=/i.test(` ${attributes}`))
        hashes.add(
          `'sha256-${createHash('sha256')
            .update(script ?? '', 'utf8')
            .digest('base64')}'`,
        );
  }
  const sources = [...hashes].join(' ');
  return {
    body: html ? Buffer.from(text, 'utf8') : body,
    csp: csp?.replace(` 'nonce-${nonce}'`, sources ? ` ${sources}` : ''),
  };
}

/**
 * Keeps a shared page in memory until it is whole, then sends it once: with an ETag, as a 304
 * when the shopper's cache (or the CDN's) already holds it, compressed in one pass, its inline
 * scripts allowed by hash rather than by this render's nonce.
 */
function bufferSharedPage(req: Request, res: Flushable): void {
  const end = res.end.bind(res) as (...args: WriteArgs) => Response;
  const chunks: Buffer[] = [];
  res.flush = () => undefined;
  res.write = ((...[chunk, encoding, callback]: WriteArgs) => {
    if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  }) as Response['write'];
  res.end = ((...[chunk, encoding, callback]: WriteArgs) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function') as (() => void) | undefined;
    const rendered = Buffer.concat(chunks);
    const cacheable = res.statusCode === 200 && !res.hasHeader('set-cookie') && !res.hasHeader('cache-control');
    if (!cacheable) {
      if (!res.hasHeader('cache-control')) res.setHeader('cache-control', PRIVATE_CACHE_CONTROL);
      return end(rendered, done);
    }
    const csp = res.getHeader('content-security-policy');
    const shared = shareScripts(
      rendered,
      typeof csp === 'string' ? csp : undefined,
      res.locals.cspNonce as string | undefined,
      /^text\/html\b/i.test(String(res.getHeader('content-type') ?? '')),
    );
    const body = shared.body;
    if (shared.csp) res.setHeader('content-security-policy', shared.csp);
    res.setHeader('cache-control', SHARED_PAGE_CACHE_CONTROL);
    const etag = pageEtag(body, res.locals.cspNonce as string | undefined);
    res.setHeader('etag', etag);
    if (etagMatches(req.headers['if-none-match'], etag)) {
      // The cache keeps the headers it stored with the body: a 304 sends no new ones for it.
      res.removeHeader('content-security-policy');
      res.removeHeader('content-type');
      res.removeHeader('content-length');
      res.statusCode = 304;
      return end(undefined, done);
    }
    res.setHeader('content-length', body.length);
    return end(body, done);
  }) as Response['end'];
}

/**
 * Pages: the public ones (app/lib/shared/page-sharing.server.ts) are shared-cacheable with an ETag
 * for a shopper without our cookies, private with them; every other page is private. The
 * same URL answers both ways, so it varies by Cookie. A route that sets its own
 * Cache-Control keeps it. Mounted just before the Remix handler.
 */
export function pageCaching(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    coalesceFlushes(res);
    const sharedPath = isSharedPagePath(req.path);
    if (sharedPath) appendVary(res, 'Cookie');
    if (req.method === 'GET' && isSharedPageRequest(req.method, req.path, req.headers.cookie)) {
      bufferSharedPage(req, res);
      return next();
    }
    beforeHead(res, () => {
      if (!res.hasHeader('cache-control')) res.setHeader('cache-control', PRIVATE_CACHE_CONTROL);
    });
    next();
  };
}

/**
 * The inventory API's answers depend on the tenant and the URL, never on the shopper: a
 * proxy in front of the API may keep a successful one. Express adds the ETag and the 304.
 */
export function apiCaching(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || !isSharedApiPath(req.path)) return next();
    beforeHead(res, () => {
      if ((res.statusCode !== 200 && res.statusCode !== 304) || res.hasHeader('cache-control')) return;
      res.setHeader('cache-control', SHARED_API_CACHE_CONTROL);
      appendVary(res, 'X-Tenant-Id');
    });
    next();
  };
}
