import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCaching } from '#server/http/page-cache';
import { memoryResponseStore, responseCache, sharedLifetime } from '#server/http/response-cache';
import { cspNonce, securityHeaders } from '#server/http/security';

// The shared response cache in front of a stand-in for Remix that counts its renders and puts
// the render number in the page, mounted as server/app.ts mounts it (before compression).

let server: Server;
let base: string;
let renders = 0;
let cacheControl: string | undefined;

beforeAll(async () => {
  const app = express();
  app.use(cspNonce, securityHeaders({ dev: false }));
  app.use(responseCache(memoryResponseStore()));
  app.use(compression());
  app.use(pageCaching());
  app.get('*', (req, res) => {
    renders += 1;
    if (cacheControl) res.setHeader('cache-control', cacheControl);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<script nonce="${res.locals.cspNonce as string}"></script><p>render ${renders} of ${req.originalUrl}</p>`.repeat(
        20,
      ),
    );
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('shared response cache', () => {
  it('renders a signed-out shopper’s search page once and answers the next ones from the cache, CSP and all', async () => {
    const before = renders;
    const first = await get('/search?make=Honda');
    const second = await get('/search?make=Honda');
    expect(renders - before).toBe(1);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body.toString()).toBe(first.body.toString());
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers.etag).toBe(first.headers.etag);
    const notModified = await get('/search?make=Honda', { 'if-none-match': String(first.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(renders - before).toBe(1);
  });

  it('keys by URL and by the encodings the client accepts, and keeps the compressed bytes', async () => {
    const before = renders;
    await get('/search?make=Kia', { 'accept-encoding': 'gzip' });
    const gzip = await get('/search?make=Kia', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toContain('of /search?make=Kia');
    const plain = await get('/search?make=Kia');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('of /search?make=Kia');
    expect(renders - before).toBe(2);
  });

  it('never reads or fills it for a shopper carrying our session cookie', async () => {
    const before = renders;
    await get('/search?make=Ford');
    const signedIn = await get('/search?make=Ford', { cookie: '__Host-showroom=abc' });
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(renders - before).toBe(2);
  });

  it('renders afresh for a request’s Cache-Control: no-cache, and keeps only public answers', async () => {
    const before = renders;
    await get('/search?make=Audi');
    await get('/search?make=Audi', { 'cache-control': 'no-cache' });
    expect(renders - before).toBe(2);
    expect((await get('/search?make=Audi')).body.toString()).toContain(`render ${before + 2} `);
    cacheControl = 'private, no-cache';
    await get('/vehicles/ABC');
    await get('/vehicles/ABC');
    cacheControl = undefined;
    expect(renders - before).toBe(4);
    // Pages that are never shared are never looked up.
    await get('/account');
    await get('/account');
    expect(renders - before).toBe(6);
  });

  it('reads the lifetime from the answer: s-maxage and stale-while-revalidate of a public one', () => {
    expect(sharedLifetime('public, max-age=0, s-maxage=60, stale-while-revalidate=600')).toEqual({
      freshMs: 60_000,
      staleMs: 600_000,
    });
    expect(sharedLifetime('public, max-age=60')).toBeNull();
    expect(sharedLifetime('private, s-maxage=60')).toBeNull();
    expect(sharedLifetime(undefined)).toBeNull();
  });
});
