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
    // What a page could read from its request besides the key: a proxy's host, the referrer, any header.
    const read = ['x-forwarded-host', 'referer', 'x-anything', 'cookie'].map(
      (name) => `${name}=${req.get(name) ?? ''}`,
    );
    res.end(
      `<script nonce="${res.locals.cspNonce as string}"></script><p>render ${renders} of ${req.originalUrl} ${read.join(' ')}</p>`.repeat(
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
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(renders - before).toBe(2);
  });

  it('renders afresh for a visitor’s Cache-Control: no-cache, for them alone, and keeps only public answers', async () => {
    const before = renders;
    await get('/search?make=Audi');
    const fresh = await get('/search?make=Audi', { 'cache-control': 'no-cache', 'x-anything': 'mine' });
    expect(fresh.body.toString()).toContain(`render ${before + 2} `);
    expect(fresh.body.toString()).toContain('x-anything=mine');
    // The entry is still the first render: a visitor's request never writes it.
    const later = await get('/search?make=Audi');
    expect(later.headers['x-cache']).toBe('HIT');
    expect(later.body.toString()).toContain(`render ${before + 1} `);
    // Nor does one that claims to be the process's own revalidation.
    await get('/search?make=Audi', { 'cache-control': 'no-cache', 'x-showroom-revalidate': '1' });
    expect((await get('/search?make=Audi')).body.toString()).toContain(`render ${before + 1} `);
    expect(renders - before).toBe(3);
    cacheControl = 'private, no-store';
    await get('/vehicles/ABC');
    await get('/vehicles/ABC');
    cacheControl = undefined;
    expect(renders - before).toBe(5);
    // Pages that are never shared are never looked up.
    await get('/account');
    await get('/account');
    expect(renders - before).toBe(7);
  });

  it('lets no header outside the key reach a render that fills an entry', async () => {
    const sent = {
      'x-forwarded-host': 'x:3222/search?q=CALL+555-0100#',
      referer: 'https://elsewhere.example/',
      'x-anything': 'poison',
      cookie: 'tracker=1; showroom_visit=0b7d1f1e-6c4f-4b8e-9a51-3f2d8c1e4a10',
    };
    const first = (await get('/search?make=Mazda', sent)).body.toString();
    const second = await get('/search?make=Mazda');
    expect(second.headers['x-cache']).toBe('HIT');
    for (const page of [first, second.body.toString()]) {
      expect(page).not.toMatch(/555-0100|elsewhere|poison|tracker/);
      // The analytics visit id reaches the page (no page shows it); nothing else of the cookie does.
      expect(page).toContain('cookie=showroom_visit=0b7d1f1e');
    }
  });

  it('keys by the Host and by bot or browser, the page’s other inputs', async () => {
    const before = renders;
    await get('/faq?k=1', { host: 'one.example' });
    await get('/faq?k=1', { host: 'two.example' });
    await get('/faq?k=1', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await get('/faq?k=1', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' });
    expect(renders - before).toBe(4);
    const again = await get('/faq?k=1', { host: 'two.example' });
    expect(again.headers['x-cache']).toBe('HIT');
    expect(renders - before).toBe(4);
  });

  it('serves a stale entry while the process re-renders it itself, and that render is stored', async () => {
    cacheControl = 'public, max-age=0, s-maxage=1, stale-while-revalidate=60';
    const before = renders;
    await get('/search?make=Volvo');
    cacheControl = undefined;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const stale = await get('/search?make=Volvo');
    expect(stale.headers['x-cache']).toBe('STALE');
    expect(stale.body.toString()).toContain(`render ${before + 1} `);
    await expect.poll(() => renders - before).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const revalidated = await get('/search?make=Volvo');
    expect(revalidated.headers['x-cache']).toBe('HIT');
    expect(revalidated.body.toString()).toContain(`render ${before + 2} `);
  });

  it('replays no CSP nonce: a cached page’s inline scripts are allowed by their hash', async () => {
    const first = await get('/faq?k=2');
    const second = await get('/faq?k=2');
    expect(second.headers['x-cache']).toBe('HIT');
    const emptyScript = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
    for (const answer of [first, second]) {
      expect(answer.headers['content-security-policy']).toContain(`script-src 'self' ${emptyScript}`);
      expect(answer.headers['content-security-policy']).not.toContain("'nonce-");
      expect(answer.body.toString()).not.toContain('nonce=');
    }
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
