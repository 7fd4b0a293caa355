import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, root, startServer, type RunningServer } from './support/server';

// A fuzz pass over every page (the Remix route manifest of the build) and every backend
// endpoint (the paths the routers under server/ declare), with malformed paths, headers and
// bodies. Hostile input must get a 4xx: no answer of 500 or more, and no stack trace or
// file path in any answer.

type Target = { method: string; path: string; kind: 'page' | 'api' };
type Probe = { method: string; path: string; headers: Record<string, string>; body?: string | Buffer; label: string };

const ORDER = 'SR-DEFAULT-10001';

function sample(name: string): string {
  if (/order/i.test(name)) return ORDER;
  if (/vin/i.test(name)) return '1HGCM82633A004352';
  if (/id$/i.test(name)) return '00000000-0000-4000-8000-000000000000';
  return 'x';
}

async function pageTargets(): Promise<Target[]> {
  ensureBuild();
  const build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as {
    routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }>;
  };
  const routes = build.routes;
  const full = (id: string): string => {
    const route = routes[id]!;
    const own = route.path ?? '';
    const parent = route.parentId ? full(route.parentId) : '';
    return [parent, own].filter(Boolean).join('/');
  };
  const paths = new Set<string>();
  for (const id of Object.keys(routes)) {
    if (id.includes('__test')) continue;
    const pattern = full(id)
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? sample(segment.slice(1)) : segment === '*' ? 'x' : segment.replace(/\?$/, ''),
      )
      .join('/');
    paths.add(`/${pattern}`.replace(/\/+/g, '/'));
  }
  return [...paths].flatMap((p) => [
    { method: 'GET', path: p, kind: 'page' as const },
    { method: 'POST', path: p, kind: 'page' as const },
  ]);
}

function apiTargets(): Target[] {
  const targets: Target[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const source = readFileSync(file, 'utf8');
        for (const match of source.matchAll(/\.(get|post|put|patch|delete)\(\s*'(\/(?:api|public)\/[^']*)'/g)) {
          const p = match[2]!.replace(/:([A-Za-z]+)/g, (_, name: string) => sample(name));
          targets.push({ method: match[1]!.toUpperCase(), path: p, kind: 'api' });
        }
      }
    }
  };
  walk(path.join(root, 'server'));
  return targets;
}

function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const NUL_FIELDS = {
  email: 'a\u0000b@example.com',
  'signin-email': 'demo\u0000@showroom.test',
  'signin-password': 'x\u0000y',
  password: 'Pass\u0000word-1',
  code: '12\u00003456',
  'confirm-otp': '1\u000023456',
  intent: '\u0000',
  zip: '787\u000001',
  q: 'to\u0000yota',
  firstName: 'A\u0001B',
  sessionId: 'abc\u0000def',
};

function probesFor(target: Target): Probe[] {
  const json = { 'content-type': 'application/json', 'x-tenant-id': 'default', accept: 'application/json' };
  const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
  const nulForm = new URLSearchParams(NUL_FIELDS).toString();
  const repeated =
    'email=a%40b.test&email=c%40d.test&signin-email=a%40b.test&signin-email=x&password=Aa1!aaaa&password=x&firstName=A&firstName=B&intent=a&intent=b';
  const probes: Probe[] = [];
  const p = target.path;
  const sub = (suffix: string) => `${p.replace(/\/$/, '')}/${suffix}`;
  if (target.method === 'GET') {
    probes.push(
      { method: 'GET', path: p, headers: { accept: 'text/html' }, label: 'plain' },
      { method: 'GET', path: sub('%00'), headers: { accept: 'text/html' }, label: 'nul segment' },
      { method: 'GET', path: sub('a%01b%7F'), headers: { accept: 'text/html' }, label: 'control segment' },
      { method: 'GET', path: `${p}%E0%A4%A`, headers: { accept: 'text/html' }, label: 'malformed escape' },
      {
        method: 'GET',
        path: `${p}?q=%00&zip=%E0%A4%A&page=-1&sort=%00`,
        headers: { accept: 'text/html' },
        label: 'bad query',
      },
      { method: 'GET', path: p, headers: { accept: 'text/html', host: 'localhost:99999' }, label: 'bad host port' },
      {
        method: 'GET',
        path: p,
        headers: { accept: 'text/html', cookie: 'showroom_session=%00garbage; showroom_auth=x.y' },
        label: 'bad cookie',
      },
    );
    if (target.kind === 'api') {
      probes.push(
        {
          method: 'GET',
          path: p,
          headers: { 'x-tenant-id': 'default\u0001', accept: 'application/json' },
          label: 'bad tenant',
        },
        {
          method: 'GET',
          path: p,
          headers: { 'x-tenant-id': 'default', authorization: 'Bearer a.b.c', 'x-session-id': 'abc\tdef' },
          label: 'bad token',
        },
      );
    }
    return probes;
  }
  const method = target.method;
  const headers = target.kind === 'api' ? json : form;
  probes.push(
    { method, path: p, headers: form, body: nulForm, label: 'form with NUL' },
    { method, path: p, headers: form, body: repeated, label: 'repeated fields' },
    {
      method,
      path: p,
      headers: { ...headers, 'content-type': 'application/json' },
      body: deepJson(5000),
      label: 'deep json',
    },
    {
      method,
      path: p,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(NUL_FIELDS),
      label: 'json with NUL',
    },
    {
      method,
      path: p,
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"email":',
      label: 'broken json',
    },
    {
      method,
      path: p,
      headers: { ...headers, 'content-type': 'application/json' },
      body: '[1,2,3]',
      label: 'json array',
    },
    {
      method,
      path: p,
      headers: { ...headers, 'content-type': 'text/plain' },
      body: 'email=a@b.c',
      label: 'text/plain',
    },
    {
      method,
      path: p,
      headers: { ...headers, 'content-type': 'multipart/form-data' },
      body: 'x',
      label: 'multipart without boundary',
    },
    {
      method,
      path: p,
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=zz' },
      body: '--zz\r\nContent-Disposition: form-data; name="a\u0000"\r\n\r\nx\r\n--zz',
      label: 'broken multipart',
    },
    {
      method,
      path: p,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.alloc(2 * 1024 * 1024, 97),
      label: 'large body',
    },
    { method, path: sub('%00'), headers, body: nulForm, label: 'nul segment post' },
  );
  return probes;
}

/**
 * One request over a raw socket (Connection: close), so the fuzz can send what Node's own
 * client refuses to (control characters in headers) and the test's HTTP mocks never see it.
 */
function send(server: RunningServer, probe: Probe): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const body =
      probe.body === undefined ? undefined : Buffer.isBuffer(probe.body) ? probe.body : Buffer.from(probe.body);
    const headers: Record<string, string> = { host: `127.0.0.1:${server.port}`, connection: 'close', ...probe.headers };
    if (body) headers['content-length'] = String(body.length);
    const head = `${probe.method} ${probe.path} HTTP/1.1\r\n${Object.entries(headers)
      .map(([key, value]) => `${key}: ${value}`)
      .join('\r\n')}\r\n\r\n`;
    const socket = net.connect(server.port, '127.0.0.1');
    let text = '';
    let settled = false;
    const finish = (status?: number) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: status ?? (match ? Number(match[1]) : -1), body: text });
    };
    socket.setTimeout(20_000, () => finish(599));
    socket.on('data', (chunk: Buffer) => {
      if (text.length < 300_000) text += chunk.toString('latin1');
    });
    socket.on('end', () => finish());
    // A refused oversized body may reset the connection before it is all written: its status line still counts.
    socket.on('error', () => finish());
    socket.on('connect', () => {
      socket.write(head);
      if (body) socket.write(body);
    });
  });
}

const LEAK = /(\n\s+at [^\n]+\(|\/work\/|node_modules|\/build\/server\/)/;

describe('adversarial fuzz over every page and API endpoint (PGlite)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer('pglite');
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('answers every malformed request below 500, without stack traces or file paths', async () => {
    const targets = [...(await pageTargets()), ...apiTargets()];
    const probes = targets.flatMap(probesFor);
    const failures: string[] = [];
    const leaks: string[] = [];
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < probes.length) {
        const probe = probes[next++]!;
        const answer = await send(server, probe);
        done += 1;
        if (answer.status >= 500)
          failures.push(`${answer.status} ${probe.method} ${probe.path.slice(0, 80)} [${probe.label}]`);
        if (LEAK.test(answer.body)) leaks.push(`${probe.method} ${probe.path.slice(0, 80)} [${probe.label}]`);
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: 6 }, worker));
    process.stdout.write(
      `[adversarial fuzz] ${done} requests over ${targets.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s: ${failures.length} answers >= 500, ${leaks.length} with a stack trace or path\n`,
    );
    if (failures.length) process.stdout.write(`${failures.slice(0, 60).join('\n')}\n`);
    if (leaks.length) process.stdout.write(`leaks:\n${leaks.slice(0, 20).join('\n')}\n`);
    expect(server.exitCode()).toBeNull();
    expect(failures).toEqual([]);
    expect(leaks).toEqual([]);
  }, 170_000);
});
