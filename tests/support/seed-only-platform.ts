import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A commerce platform that implements only the seed's API (issue 34 point 1): the tracker's calls
// of seed 000 §7 and the documents and insurance calls of seed 001 §7, as
// ../shared/contracts/commerce-api.md words them, plus the identity provider the seeds leave to
// one (sign-in). It answers them by passing them on to a real built-in backend (`target`), so the
// answers have the contract's shapes and the demo's data; every other path, each extension of
// ours among them (…/tracker-state, /api/payments/…, /api/account/shell, /api/fulfillment/…),
// is a plain 404, as a platform without the route answers. `down` makes it answer 503 to all.

const SEED_ENDPOINTS: ReadonlyArray<readonly [method: string, path: RegExp]> = [
  // Seed 000 §7: the tracker's reads.
  ['GET', /^\/public\/commerce\/orders\/[^/]+$/],
  ['GET', /^\/public\/commerce\/history\/[^/]+$/],
  ['GET', /^\/api\/id-verification\/doc-verification\/consumer$/],
  ['GET', /^\/api\/contracting\/signing\/[^/]+\/(readiness|status)$/],
  ['GET', /^\/api\/documents\/packages\/deals\/[^/]+$/],
  // Seed 001 §7: the documents service and the insurance verification service.
  ['GET', /^\/api\/documents\/deals\/[^/]+\/documents$/],
  ['PUT', /^\/api\/documents\/deals\/[^/]+\/documents\/[^/]+$/],
  ['DELETE', /^\/api\/documents\/deals\/[^/]+\/documents\/[^/]+$/],
  ['GET', /^\/api\/documents\/deals\/[^/]+\/documents\/[^/]+(\/thumbnail)?$/],
  ['GET', /^\/public\/insurance-verification\/progress\/[^/]+$/],
  ['POST', /^\/public\/insurance-verification\/(policy|policy\/error|consent)$/],
  // Seed 000 §7: sign-in is the identity provider's.
  ['GET', /^\/api\/identity\//],
  ['POST', /^\/api\/identity\//],
];

export function isSeedEndpoint(method: string, pathname: string): boolean {
  return SEED_ENDPOINTS.some(([m, path]) => m === method && path.test(pathname));
}

export type SeedOnlyPlatform = {
  url: string;
  /** Where the seed's calls are answered (a built-in backend's base URL). */
  target: string;
  /** Every call it got: method, path, and the status it answered. */
  calls: { method: string; path: string; status: number }[];
  /** While true, every call is answered 503 (the platform is down). */
  down: boolean;
  close(): Promise<void>;
};

/** Headers that describe one hop, not the message. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);

export async function startSeedOnlyPlatform(target: string): Promise<SeedOnlyPlatform> {
  const platform: SeedOnlyPlatform = {
    url: '',
    target,
    calls: [],
    down: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://platform.invalid');
    const method = req.method ?? 'GET';
    const answer = (status: number, body: string, type: string) => {
      platform.calls.push({ method, path: url.pathname, status });
      res.writeHead(status, { 'content-type': type }).end(body);
    };
    if (platform.down) {
      req.resume();
      return answer(
        503,
        JSON.stringify({ error: { code: 'error.server.unavailable', message: 'Down' } }),
        'application/json',
      );
    }
    if (!isSeedEndpoint(method, url.pathname)) {
      req.resume();
      return answer(404, 'Not Found', 'text/plain');
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
    }
    const upstream = http.request(`${platform.target}${url.pathname}${url.search}`, { method, headers }, (reply) => {
      platform.calls.push({ method, path: url.pathname, status: reply.statusCode ?? 502 });
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(reply.headers)) {
        if (!HOP_HEADERS.has(name) && value !== undefined) out[name] = value;
      }
      res.writeHead(reply.statusCode ?? 502, out);
      reply.pipe(res);
    });
    upstream.on('error', () => answer(502, 'Bad Gateway', 'text/plain'));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  platform.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return platform;
}
