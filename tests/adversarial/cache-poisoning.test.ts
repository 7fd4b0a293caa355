import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server';

// The shared page cache of the real built server, asked over real HTTP by a visitor who wants
// to change what every later visitor gets (issue 29): X-Forwarded-Host with and without
// Cache-Control: no-cache, one CSP nonce replayed to everyone, a malformed forwarded host, a
// body trickled in a byte at a time. One process as most deployments run it (no proxy
// trusted), one behind a trusted proxy (TRUST_PROXY=1).

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function page(server: RunningServer, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.baseUrl}${path}`, { agent: false, headers: { accept: 'text/html', ...headers } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

function canonicalOf(html: string): { canonical?: string; ogUrl?: string } {
  return {
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    ogUrl: /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1],
  };
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(` ${attributes}`))
    .map(([, , script]) => script ?? '');
}

/** Sends a form's headers, then its body a byte every 100 ms; what came back and when the connection closed. */
function trickle(
  server: RunningServer,
  path: string,
  giveUpMs: number,
): Promise<{ reply: string; closedAfterMs: number | null }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(server.port, '127.0.0.1');
    let reply = '';
    const done = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ reply, closedAfterMs: closed ? Date.now() - started : null });
    };
    const giveUp = setTimeout(() => done(false), giveUpMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('close', () => done(true));
    socket.on('error', () => undefined);
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.baseUrl}\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n',
    );
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write('a');
    }, 100);
  });
}

let server: RunningServer;
let trusted: RunningServer;

beforeAll(async () => {
  [server, trusted] = await Promise.all([
    startServer('pglite', { REQUEST_BODY_SECONDS: '1' }),
    startServer('pglite', { TRUST_PROXY: '1' }),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.all([server?.stop(), trusted?.stop()]);
});

describe('the shared page cache cannot be poisoned', () => {
  it('a no-cache request with X-Forwarded-Host cannot turn a cached landing page into a search page for everyone', async () => {
    const attack = { 'cache-control': 'no-cache', 'x-forwarded-host': 'x:3222/search?q=CALL+555-0100#' };
    // Cached first, then attacked (the curl); attacked on a cold entry; and without no-cache.
    await page(server, '/?shot=2');
    for (const [path, headers] of [
      ['/?shot=2', attack],
      ['/?shot=3', attack],
      ['/?shot=4', { 'x-forwarded-host': attack['x-forwarded-host'] }],
    ] as const) {
      const answer = await page(server, path, headers);
      // Without a trusted proxy the header is not read at all: the attacker gets the landing page too.
      expect(answer.status, path).toBe(200);
      expect(answer.body.includes('555-0100'), path).toBe(false);
      const later = await page(server, path);
      expect(later.status, path).toBe(200);
      expect(later.body.includes('555-0100'), path).toBe(false);
      expect(/<title>([^<]*)/.exec(later.body)?.[1], path).toBe(
        'Showroom | Buy, Finance or Lease Your Next Car Online',
      );
      expect(canonicalOf(later.body), path).toEqual({ canonical: `${server.baseUrl}/`, ogUrl: `${server.baseUrl}/` });
    }
  });

  it('X-Forwarded-Host: x:6666 puts port 6666 in nobody’s canonical link or og:url', async () => {
    const attack = await page(server, '/faq?shot=5', { 'cache-control': 'no-cache', 'x-forwarded-host': 'x:6666' });
    expect(attack.body.includes(':6666')).toBe(false);
    const later = await page(server, '/faq?shot=5');
    expect(later.body.includes(':6666')).toBe(false);
    expect(canonicalOf(later.body)).toEqual({ canonical: `${server.baseUrl}/faq`, ogUrl: `${server.baseUrl}/faq` });
  });

  it('two visitors of a cached page share no CSP nonce: its inline scripts are allowed by their hash', async () => {
    // The search page: a shared page with inline scripts (the FAQ ships none since decision 073).
    const first = await page(server, '/search');
    const second = await page(server, '/search');
    expect(second.headers['x-cache']).toBe('HIT');
    for (const answer of [first, second]) {
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).not.toContain("'nonce-");
      expect(answer.body).not.toMatch(/\snonce="/);
      const scripts = inlineScripts(answer.body);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts)
        expect(csp).toContain(`'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
    }
    // A page that is never shared keeps a nonce of its own per answer.
    const [one, two] = [await page(server, '/sign-in'), await page(server, '/sign-in')];
    const nonce = (answer: Answer) => /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1];
    expect(nonce(one)).toBeTruthy();
    expect(nonce(one)).not.toBe(nonce(two));
  });
});

describe('forwarded headers', () => {
  it('a malformed X-Forwarded-Host is a 400 behind a trusted proxy, and ignored without one (never a 500)', async () => {
    const ignored = await page(server, '/?uncached=1', { 'x-forwarded-host': 'a:1@evil.example' });
    expect(ignored.status).toBe(200);
    expect(ignored.body.includes('evil.example')).toBe(false);
    const malformed: Array<Record<string, string>> = [
      { 'x-forwarded-host': 'a:1@evil.example' },
      { 'x-forwarded-host': 'shop.example:99999' },
      { 'x-forwarded-host': 'x:3222/search?q=1#' },
      { 'x-forwarded-proto': 'javascript' },
    ];
    for (const headers of malformed) {
      const answer = await page(trusted, '/?uncached=2', headers);
      expect(answer.status, JSON.stringify(headers)).toBe(400);
    }
  });

  it('behind a trusted proxy a valid forwarded host names the canonical link, and never another host’s entry', async () => {
    const proxied = { 'x-forwarded-host': 'shop.example:8443', 'x-forwarded-proto': 'https' };
    const viaProxy = await page(trusted, '/faq?shot=6', proxied);
    expect(canonicalOf(viaProxy.body).canonical).toBe('https://shop.example:8443/faq');
    const direct = await page(trusted, '/faq?shot=6');
    expect(canonicalOf(direct.body).canonical).toBe(`${trusted.baseUrl}/faq`);
    const other = await page(trusted, '/faq?shot=6', { 'x-forwarded-host': 'other.example' });
    expect(canonicalOf(other.body).canonical).toBe('http://other.example/faq');
    const again = await page(trusted, '/faq?shot=6', proxied);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(canonicalOf(again.body).canonical).toBe('https://shop.example:8443/faq');
  });
});

describe('private pages and slow bodies', () => {
  it('a page that is never shared is sent private, no-store', async () => {
    const signIn = await page(server, '/sign-in');
    expect(signIn.status).toBe(200);
    expect(signIn.headers['cache-control']).toBe('private, no-store');
    expect(signIn.headers.etag).toBeUndefined();
  });

  it('a form body trickled a byte every 100 ms is answered 408 and closed at its deadline, not after 300 s', async () => {
    // This process runs with REQUEST_BODY_SECONDS=1 (30 s by default).
    const { reply, closedAfterMs } = await trickle(server, '/sign-in', 8_000);
    expect(closedAfterMs, `still open after 8 s; got ${JSON.stringify(reply.slice(0, 80))}`).not.toBeNull();
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs!).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs!).toBeLessThan(4_000);
  }, 15_000);
});
