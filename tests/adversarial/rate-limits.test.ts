import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_CALLER_HEADER, internalCallerProof } from '../../app/lib/shared/internal-caller.server';
import { RATE_LIMITS } from '../../server/http/rate-limits';
import { freePort, startServer, type RunningServer } from './support/server';

// Rate limits on the real built server, as in production (not test mode), with every client on
// an address of its own (127.0.0.x: Linux answers the whole of 127/8 on the loopback). The
// limits are the defaults: search 120 a minute, the sign-in pages 60, each identity API endpoint
// 60 (decision 067).

const SECRET = 'rate-limits-identity-secret-0123456789abcdef';
const SEARCHES = RATE_LIMITS.search.perMinute;
const SIGN_INS = RATE_LIMITS.identity.perMinute;
const IDENTITY_API = RATE_LIMITS.identityApi.perMinute;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function send(
  port: number,
  options: {
    path: string;
    from: string;
    method?: string;
    host?: string;
    headers?: Record<string, string>;
    form?: Record<string, string>;
    json?: unknown;
  },
): Promise<Answer> {
  const host = options.host ?? `127.0.0.1:${port}`;
  const body = options.form
    ? new URLSearchParams(options.form).toString()
    : options.json !== undefined
      ? JSON.stringify(options.json)
      : undefined;
  const type = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: options.from,
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        path: options.path,
        agent: false,
        headers: {
          host,
          ...(options.json === undefined
            ? { accept: 'text/html' }
            : { accept: 'application/json', 'x-tenant-id': 'default' }),
          ...(body === undefined
            ? {}
            : { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), origin: `http://${host}` }),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

/** Runs `count` calls, `parallel` at a time, in order of their index. */
async function inBatches<T>(count: number, parallel: number, call: (index: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_, i) => call(start + i));
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('rate limits on the built server', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer('pglite', { IDENTITY_TOKEN_SECRET: SECRET });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("one busy client's searches never refuse another shopper's search", async () => {
    const busy = await inBatches(SEARCHES + 5, 6, (i) =>
      send(server.port, { path: `/search?priceMax=${30_000 + i}`, from: '127.0.0.3' }),
    );
    const statuses = busy.map((answer) => answer.status);
    // Before decision 067 the storefront's own API calls came from 127.0.0.1 and shared one
    // budget: once it was spent, every other shopper's search answered 500.
    const victim = await send(server.port, { path: '/search?priceMax=77777', from: '127.0.0.4' });
    expect(victim.status).toBe(200);
    // The busy client meets its own limit, on the tenant's "too many requests" page.
    expect(statuses.slice(0, SEARCHES).every((status) => status === 200)).toBe(true);
    const refused = busy.find((answer) => answer.status === 429);
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused?.body).toContain('Too many requests');
    process.stdout.write(
      `[rate limits] busy client's ${SEARCHES + 5} searches: ${JSON.stringify(tally(statuses))}; another shopper's search: ${victim.status}\n`,
    );
  }, 120_000);

  it('counts the sign-in form however its path is spelt', async () => {
    const spellings = ['/sign-in', '/SIGN-IN', '/Sign-In', '/%73ign-in', '/sign-in/', '/x/../sign-in'];
    // Each spelling reaches the sign-in action: an empty form is its 400, not a 404 or a 405.
    for (const path of spellings) {
      const answer = await send(server.port, { path, from: '127.0.0.5', form: { 'signin-email': '' } });
      expect(answer.status, path).toBe(400);
      expect(answer.body).toContain('signin-email');
    }
    const rest = await inBatches(SIGN_INS - spellings.length + 3, 6, (i) =>
      send(server.port, { path: spellings[i % spellings.length]!, from: '127.0.0.5', form: { 'signin-email': '' } }),
    );
    const statuses = rest.map((answer) => answer.status);
    expect(tally(statuses)).toEqual({ 400: SIGN_INS - spellings.length, 429: 3 });
    process.stdout.write(`[rate limits] sign-in posts under six spellings: ${JSON.stringify(tally(statuses))}\n`);
  });

  it('limits POST /api/identity/sign-in per address', async () => {
    const statuses = (
      await inBatches(IDENTITY_API + 2, 6, (i) =>
        send(server.port, {
          path: '/api/identity/sign-in',
          from: '127.0.0.6',
          json: { email: `nobody-${i}@showroom.test`, password: 'Wrong-pass-1' },
        }),
      )
    ).map((answer) => answer.status);
    expect(statuses.slice(0, IDENTITY_API).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(IDENTITY_API)).toEqual([429, 429]);
    // Another address is not held back by it.
    const other = await send(server.port, {
      path: '/api/identity/sign-in',
      from: '127.0.0.7',
      json: { email: 'nobody@showroom.test', password: 'Wrong-pass-1' },
    });
    expect(other.status).toBe(401);
  });

  it('an outsider cannot pass for the storefront: forged, replayed and stale proofs are counted', async () => {
    const path = '/api/identity/sign-up';
    const json = { email: 'not-an-email', password: 'x' };
    const now = Date.now();
    const proofs = [
      // Made up, in the right shape.
      `${Math.floor(now / 1000)}.${'A'.repeat(43)}`,
      // Made with another secret.
      internalCallerProof('another-secret-0123456789abcdef0123456789', 'POST', path, now),
      // The storefront's own, for another call.
      internalCallerProof(SECRET, 'POST', '/api/identity/sign-in', now),
      // The storefront's own, for this call, but two minutes old.
      internalCallerProof(SECRET, 'POST', path, now - 120_000),
    ];
    const statuses = (
      await inBatches(IDENTITY_API + 4, 6, (i) =>
        send(server.port, {
          path,
          from: '127.0.0.8',
          json,
          headers: { [INTERNAL_CALLER_HEADER]: proofs[i % proofs.length]! },
        }),
      )
    ).map((answer) => answer.status);
    expect(statuses.slice(0, IDENTITY_API).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(IDENTITY_API)).toEqual([429, 429, 429, 429]);
    // A proof made with the deployment's secret for this very call is the storefront's: not counted.
    const own = await send(server.port, {
      path,
      from: '127.0.0.8',
      json,
      headers: { [INTERNAL_CALLER_HEADER]: internalCallerProof(SECRET, 'POST', path) },
    });
    expect(own.status).toBe(400);
  });
});

describe("a platform's rate limit in front of the commerce API", () => {
  let server: RunningServer;
  let stub: http.Server;
  const proofsSeen: string[] = [];

  beforeAll(async () => {
    // The platform: the built-in backend of the same process behind a gateway that answers
    // every search 429 (Retry-After 17), as a tenant's own platform might.
    let target = 0;
    stub = http.createServer((req, res) => {
      const proof = req.headers[INTERNAL_CALLER_HEADER];
      if (typeof proof === 'string') proofsSeen.push(proof);
      if (req.url?.startsWith('/api/inventory/search')) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '17' });
        res.end(JSON.stringify({ error: { code: 'error.rateLimit.tooManyRequests', message: 'Slow down' } }));
        return;
      }
      const forward = http.request(
        { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.writeHead(502).end());
      req.pipe(forward);
    });
    const stubPort = await freePort();
    await new Promise<void>((resolve) => stub.listen(stubPort, '127.0.0.1', resolve));
    server = await startServer('pglite', {
      COMMERCE_API_URL: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
      IDENTITY_TOKEN_SECRET: SECRET,
    });
    target = server.port;
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => stub?.close(resolve));
  });

  it("is the tenant's too-many-requests page with Retry-After, never a 500", async () => {
    const host = `lakeview.localhost:${server.port}`;
    const page = await send(server.port, { path: '/search?priceMax=25000', from: '127.0.0.9', host });
    expect(page.status).toBe(429);
    expect(page.headers['retry-after']).toBe('17');
    expect(page.body).toContain('Too many requests');
    expect(page.body).toContain('Lakeview Auto Group');
    // A client-side navigation asks for the loader's data: the same 429.
    const data = await send(server.port, {
      path: `/search?priceMax=26000&_data=${encodeURIComponent('routes/_shop+/search')}`,
      from: '127.0.0.9',
      host,
    });
    expect(data.status).toBe(429);
    expect(data.headers['retry-after']).toBe('17');
    // A platform that is not the built-in backend never sees anything made from our secret.
    expect(proofsSeen).toEqual([]);
    process.stdout.write(
      `[rate limits] upstream 429 on search: page ${page.status} (Retry-After ${page.headers['retry-after']}), data ${data.status}\n`,
    );
  });
});
