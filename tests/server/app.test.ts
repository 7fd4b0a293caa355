import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspNonce, securityHeaders } from '#server/http/security';
import { startHarness, type Harness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

describe('the Express process', () => {
  it('answers /healthz with the database it runs on', async () => {
    const response = await fetch(`${harness.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('sends a CSP with a fresh nonce on every response and refuses framing', async () => {
    const first = (await fetch(`${harness.url}/favicon.ico`)).headers.get('content-security-policy') ?? '';
    const second = (await fetch(`${harness.url}/favicon.ico`)).headers.get('content-security-policy') ?? '';
    const nonce = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce(first)).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(nonce(second)).toBeDefined();
    expect(nonce(first)).not.toBe(nonce(second));
    expect(first).toContain("frame-ancestors 'none'");
    expect(first).toContain("object-src 'none'");
  });

  it('lets only the signing document be framed, and only by this site', async () => {
    const app = express();
    app.use(cspNonce, securityHeaders({ dev: false }));
    app.get('*', (_req, res) => {
      res.send('page');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const signing = await fetch(`${base}/signing/document/SR-1`);
      expect(signing.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(signing.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      const other = await fetch(`${base}/progress/SR-1/signing`);
      expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(other.headers.get('x-frame-options')).toBe('DENY');
    } finally {
      server.close();
    }
  });

  it('sends HSTS only when the request came over TLS', async () => {
    const plain = await fetch(`${harness.url}/favicon.ico`, { headers: { 'x-forwarded-proto': 'https' } });
    // Without trust proxy a forwarded header proves nothing.
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const behindProxy = await startHarness({ trustProxy: true });
    try {
      const secure = await fetch(`${behindProxy.url}/favicon.ico`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await behindProxy.close();
    }
  });

  it('echoes a caller correlation id and makes one otherwise', async () => {
    const given = await fetch(`${harness.url}/healthz`, { headers: { 'x-correlation-id': 'test-abc12345' } });
    expect(given.headers.get('x-correlation-id')).toBe('test-abc12345');
    const made = await fetch(`${harness.url}/healthz`, { headers: { 'x-correlation-id': 'bad id with spaces' } });
    expect(made.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('caches hashed assets for a year as immutable, and compresses them', async () => {
    const response = await fetch(`${harness.url}/assets/entry-3f9a1c.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // fetch decompresses on the way in: the body is the file itself.
    expect(await response.text()).toContain('xxxx');
  });

  it('answers a browser in Brotli with a 256 KB window, not the 4 MB default (decision 113)', async () => {
    const file = readFileSync(path.join(harness.clientDir, 'assets', 'entry-3f9a1c.js'));
    const answer = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      const url = `${harness.url}/assets/entry-3f9a1c.js`;
      http
        .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(answer.encoding).toBe('br');
    // A Brotli stream opens with its window: low four bits 0b0011 say 2^18, 0b1011 (the default) 2^22.
    expect(answer.body[0]! & 0x0f).toBe(0b0011);
    expect(answer.body.length).toBeLessThan(file.length / 10);
    expect(brotliDecompressSync(answer.body).equals(file)).toBe(true);
  });

  it('refuses a form post from another site', async () => {
    const response = await fetch(`${harness.url}/sign-in`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'signin-email=a%40b.test',
    });
    expect(response.status).toBe(403);
  });

  it('draws vehicle pictures by body style and colour, and 404s unknown ones', async () => {
    const svg = await fetch(`${harness.url}/media/vehicles/suv/red-black.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toContain('<title>red and black suv, side view</title>');
    const interior = await fetch(`${harness.url}/media/vehicles/suv/red-black/mercedes-benz/interior.svg`);
    expect(interior.status).toBe(200);
    expect(interior.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await interior.text()).toContain('<title>black interior of a red and black suv</title>');
    expect((await fetch(`${harness.url}/media/vehicles/suv/red/toyota/underside.svg`)).status).toBe(404);
    expect((await fetch(`${harness.url}/media/vehicles/suv/red/Toy%20ota/side.svg`)).status).toBe(404);
    expect((await fetch(`${harness.url}/media/vehicles/spaceship/red.svg`)).status).toBe(404);
    expect((await fetch(`${harness.url}/media/vehicles/suv/plaid.svg`)).status).toBe(404);
  });

  it('takes no name every object has for a colour, and draws a make of that name like any other (issue 29 point 9)', async () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      for (const path of [`/media/vehicles/suv/${name}.svg`, `/media/vehicles/suv/red-${name}/toyota/side.svg`]) {
        const response = await fetch(`${harness.url}${path}`);
        expect(response.status, path).toBe(404);
        expect(response.headers.get('cache-control') ?? '', path).not.toContain('immutable');
        expect(await response.text(), path).not.toContain('native code');
      }
    }
    const make = await fetch(`${harness.url}/media/vehicles/suv/red/constructor/front.svg`);
    expect(make.status).toBe(200);
    const drawing = await make.text();
    expect(drawing).toContain('<title>red suv, front three-quarter view</title>');
    expect(drawing).not.toMatch(/native code|undefined|NaN/);
  });
});
