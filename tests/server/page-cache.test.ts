import { createHash } from 'node:crypto';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaching, pageCaching, pageEtag } from '#server/http/page-cache';
import { cspNonce, securityHeaders } from '#server/http/security';
import { isSharedPage } from '~/lib/shared/page-sharing.server';

// The caching middleware in front of a stand-in for Remix: a page written in many chunks with a
// flush after each (what @remix-run/express does), carrying the request's CSP nonce, and a
// set-cookie when the test asks for one.

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(cspNonce, securityHeaders({ dev: false }), compression());
  app.use(apiCaching());
  app.get('/api/inventory/search', (_req, res) => {
    res.json({ data: { total: 3 } });
  });
  app.get('/api/inventory/vehicles/:vin', (_req, res) => {
    res.status(404).json({ error: 'No such vehicle' });
  });
  app.use(pageCaching());
  app.get('*', (req, res) => {
    const flushable = res as typeof res & { flush?: () => void };
    res.status(req.path === '/vehicles/GONE' ? 404 : 200);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (req.query.remember) res.append('set-cookie', 'showroom_compare=1; Path=/');
    const nonce = res.locals.cspNonce as string;
    for (let index = 0; index < 50; index += 1) {
      res.write(`<script nonce="${nonce}">/* part ${index} */</script><p>Used 2021 Honda Civic</p>`);
      flushable.flush?.();
    }
    res.end(`<p>${req.path}</p>`);
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Raw bytes as sent: fetch would decompress them, and it turns a conditional GET into a reload. */
function raw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }));
      })
      .on('error', reject);
  });
}

const signedIn = { cookie: '__Host-showroom=abc; other=1' };

describe('page caching', () => {
  it('lets a CDN keep the search page of a shopper without our cookies, with an ETag', async () => {
    const response = await fetch(`${base}/search?make=Honda`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(response.headers.get('vary')).toMatch(/Cookie/);
    expect(response.headers.get('etag')).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(await response.text()).toContain('Used 2021 Honda Civic');
  });

  it('answers 304 to the ETag it gave, though every render has a fresh CSP nonce, and sends no new CSP', async () => {
    const first = await fetch(`${base}/vehicles/1HGCM82633A004352`);
    const etag = first.headers.get('etag') ?? '';
    const again = await fetch(`${base}/vehicles/1HGCM82633A004352`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('content-security-policy')).toBeNull();
    expect(await again.text()).toBe('');
    const other = await fetch(`${base}/faq`, { headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);
  });

  it('sends a shared page without a nonce, its inline scripts allowed by hash; a private page keeps its own nonce', async () => {
    const shared = await fetch(`${base}/search?make=Subaru`);
    const csp = shared.headers.get('content-security-policy') ?? '';
    const html = await shared.text();
    expect(csp).not.toContain("'nonce-");
    expect(html).not.toContain('nonce=');
    for (const part of [0, 1, 49]) {
      const hash = createHash('sha256').update(`/* part ${part} */`).digest('base64');
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    // 50 parts, 50 hashes: the CSP names only what this page runs.
    expect(csp.match(/'sha256-/g)).toHaveLength(50);
    const personal = await fetch(`${base}/account`);
    const nonce = /'nonce-([^']+)'/.exec(personal.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(await personal.text()).toContain(`nonce="${nonce}"`);
  });

  it('compresses a shared page in one pass', async () => {
    const page = await raw('/', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    // 50 near-identical chunks: one gzip block is a few hundred bytes, a block per flush ~2 KB.
    expect(page.bytes).toBeLessThan(600);
  });

  it('keeps the same page private for a signed-in shopper', async () => {
    const response = await fetch(`${base}/search`, { headers: signedIn });
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('vary')).toMatch(/Cookie/);
    expect(response.headers.get('etag')).toBeNull();
  });

  it('keeps personal pages private whoever asks', async () => {
    for (const path of ['/account', '/checkout/cart', '/progress/SR-1001', '/saved-vehicles', '/compare']) {
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
    }
  });

  it('never shares an answer that sets a cookie or is not a 200', async () => {
    const remembered = await fetch(`${base}/search?remember=1`);
    expect(remembered.headers.get('cache-control')).toBe('private, no-store');
    expect(remembered.headers.get('etag')).toBeNull();
    const missing = await fetch(`${base}/vehicles/GONE`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('private, no-store');
  });

  it('streams other pages with one gzip flush per burst instead of one per chunk', async () => {
    const page = await raw('/account', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.bytes).toBeLessThan(600);
  });
});

describe('public API answers', () => {
  it('lets a proxy keep a search answer per tenant, with an ETag and a 304', async () => {
    const response = await fetch(`${base}/api/inventory/search?make=Honda`, { headers: { 'x-tenant-id': 'default' } });
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=300');
    expect(response.headers.get('vary')).toMatch(/X-Tenant-Id/);
    const etag = response.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await raw('/api/inventory/search?make=Honda', { 'if-none-match': etag, 'x-tenant-id': 'default' });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=300');
  });

  it('does not let a proxy keep an error', async () => {
    const response = await fetch(`${base}/api/inventory/vehicles/NOPE`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBeNull();
  });
});

describe('isSharedPage', () => {
  it('is true only for public pages asked without our cookies', () => {
    expect(isSharedPage(new Request('http://shop.test/'))).toBe(true);
    expect(isSharedPage(new Request('http://shop.test/search?page=2'))).toBe(true);
    expect(isSharedPage(new Request('http://shop.test/search', { headers: { cookie: 'ga=1' } }))).toBe(true);
    expect(
      isSharedPage(new Request('http://shop.test/search', { headers: { cookie: 'ga=1; showroom_session=x' } })),
    ).toBe(false);
    // The analytics visit id names a browser, and no page shows it.
    const visit = 'showroom_visit=0b7d1f1e-6c4f-4b8e-9a51-3f2d8c1e4a10';
    expect(isSharedPage(new Request('http://shop.test/search', { headers: { cookie: visit } }))).toBe(true);
    expect(isSharedPage(new Request('https://shop.test/', { headers: { cookie: '__Host-showroom-visit=x' } }))).toBe(
      true,
    );
    expect(
      isSharedPage(new Request('http://shop.test/search', { headers: { cookie: `${visit}; showroom_compare=y` } })),
    ).toBe(false);
    expect(isSharedPage(new Request('http://shop.test/search', { method: 'POST', body: '' }))).toBe(false);
    expect(isSharedPage(new Request('http://shop.test/account'))).toBe(false);
  });

  it('leaves the CSP nonce out of the ETag', () => {
    expect(pageEtag(Buffer.from('<script nonce="aaa">1</script>'), 'aaa')).toBe(
      pageEtag(Buffer.from('<script nonce="bbb">1</script>'), 'bbb'),
    );
    expect(pageEtag(Buffer.from('<p>1</p>'), 'aaa')).not.toBe(pageEtag(Buffer.from('<p>2</p>'), 'aaa'));
  });
});
