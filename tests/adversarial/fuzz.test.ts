import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditApplicationStepSchema } from '~/lib/contract/checkout';
import { endpointParamNames } from '~/lib/contract/endpoint';
import { listEndpoints } from '~/lib/contract/endpoints';
import { DEMO, api, ensureBuild, root, startServer, type RunningServer } from './support/server';

// Issue 29 point 3: a fuzz pass over every page (the Remix route manifest of the build: a GET
// and a POST each, so every page action) and every entry of the commerce API's endpoint table,
// anonymous and as the demo shopper (with a financed cart, so the credit application's steps
// are reached), with malformed request lines, methods, headers and bodies. Hostile input must
// get a 4xx: no answer of 500 or more, and no stack trace or file path in any answer.

/** A page's or an endpoint's path and method; `action`: a page whose route has an action. */
type Target = { method: string; path: string; kind: 'page' | 'api'; action?: boolean };
type Probe = {
  method: string;
  /** Written as is on the request line: an origin-form path, an absolute URL or `*`. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  label: string;
  /**
   * When it is sent: probes that may end the session or empty the cart go after the ones that
   * need them (0: reads and step saves, 1: other posts, 2: deletes and sign-outs).
   */
  phase: 0 | 1 | 2;
};
/** The demo shopper's credentials and the real ids the signed-in probes fill paths with. */
type Shopper = { token: string; cookie: string; cartId: string; orderNumber: string; dealId: string; vin: string };

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const SOME_VIN = '1HGCM82633A004352';

/** Values for a path parameter: the shopper's own where there is one, every step of the credit application. */
function samples(name: string, shopper: Shopper | null): string[] {
  if (name === 'step') return [...creditApplicationStepSchema.options];
  if (name === 'cartId') return [shopper?.cartId ?? ANY_ID];
  if (/order/i.test(name)) return [shopper?.orderNumber ?? 'SR-DEFAULT-10001'];
  if (name === 'dealId') return [shopper?.dealId ?? 'DEAL-DEFAULT-10001'];
  if (/vin/i.test(name)) return [shopper?.vin ?? SOME_VIN];
  if (/id$/i.test(name)) return [ANY_ID];
  return ['x'];
}

type ManifestRoute = { id: string; parentId?: string; path?: string; module: { action?: unknown } };

async function pageRoutes(): Promise<Record<string, ManifestRoute>> {
  ensureBuild();
  const build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as {
    routes: Record<string, ManifestRoute>;
  };
  return build.routes;
}

/** A GET and a POST to every page of the build; the routes with an action are counted. */
function pageTargets(routes: Record<string, ManifestRoute>): { targets: Target[]; actions: number } {
  const full = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId ? full(route.parentId) : '';
    return [parent, route.path ?? ''].filter(Boolean).join('/');
  };
  const paths = new Map<string, boolean>();
  let actions = 0;
  for (const [id, route] of Object.entries(routes)) {
    if (id.includes('__test')) continue;
    if (route.module.action) actions += 1;
    const pattern = full(id)
      .split('/')
      .map((segment) =>
        segment.startsWith(':')
          ? samples(segment.slice(1).replace(/\?$/, ''), null)[0]!
          : segment === '*'
            ? 'x'
            : segment.replace(/\?$/, ''),
      )
      .join('/');
    const p = `/${pattern}`.replace(/\/+/g, '/');
    paths.set(p, Boolean(paths.get(p) || route.module.action));
  }
  const targets = [...paths].flatMap(([p, action]) => [
    { method: 'GET', path: p, kind: 'page' as const },
    { method: 'POST', path: p, kind: 'page' as const, action },
  ]);
  return { targets, actions };
}

/** Every entry of the endpoint table, its parameters filled (one target per credit application step). */
function apiTargets(shopper: Shopper | null): Target[] {
  return listEndpoints().flatMap(({ endpoint }) => {
    let paths = [endpoint.path];
    for (const name of endpointParamNames(endpoint)) {
      paths = paths.flatMap((p) =>
        samples(name, shopper).map((value) => p.replace(new RegExp(`:${name}(?![A-Za-z0-9_])`), value)),
      );
    }
    return paths.map((p) => ({ method: endpoint.method, path: p, kind: 'api' as const }));
  });
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
/** Every other control character, a lone surrogate and the line separators, in the fields most forms have. */
const CONTROL_FIELDS = {
  email: `a${String.fromCharCode(...Array.from({ length: 31 }, (_, i) => i + 1))}@example.com`,
  firstName: 'A\u007f\u0085\u2028\u2029B',
  lastName: 'B\ud800',
  zip: '\u001b[31m78701',
  intent: '\u202e',
};
const HUGE = 'a'.repeat(100_000);
const WRONG_TYPES = {
  email: ['a@b.test'],
  password: { $gt: '' },
  vin: 1e308,
  amountCents: -1e21,
  page: 'NaN',
  zip: null,
  firstName: true,
};
const FORM = 'application/x-www-form-urlencoded';

/** What the storefront's API client sends, or a browser. */
function clientHeaders(kind: Target['kind']): Record<string, string> {
  return kind === 'api' ? { accept: 'application/json', 'x-tenant-id': 'default' } : { accept: 'text/html' };
}

/** What each request line, method and header does to a path, whatever its method. */
function targetProbes(p: string, port: number, kind: Target['kind'], auth: Record<string, string>): Probe[] {
  const headers = { ...clientHeaders(kind), ...auth };
  const phase = 0 as const;
  return [
    { method: 'TRACE', path: p, headers, label: 'TRACE', phase },
    { method: 'PROPFIND', path: p, headers, label: 'PROPFIND', phase },
    { method: 'OPTIONS', path: p, headers, label: 'OPTIONS', phase },
    { method: 'GET', path: `http://127.0.0.1:${port}${p}`, headers, label: 'absolute-form', phase },
    {
      method: 'GET',
      path: `http://northside.localhost:${port}${p}`,
      headers,
      label: 'absolute-form naming another host',
      phase,
    },
    { method: 'GET', path: p, headers: { ...headers, 'x-forwarded-host': 'a:1@evil.example' }, label: 'XFH', phase },
    { method: 'GET', path: p, headers: { ...headers, 'x-filler': HUGE.slice(0, 20_000) }, label: 'huge header', phase },
  ];
}

function getProbes(target: Target, auth: Record<string, string>): Probe[] {
  const p = target.path;
  const sub = (suffix: string) => `${p.replace(/\/$/, '')}/${suffix}`;
  const html = { accept: 'text/html', ...auth };
  const phase = 0 as const;
  const probes: Probe[] = [
    { method: 'GET', path: p, headers: html, label: 'plain', phase },
    { method: 'GET', path: sub('%00'), headers: html, label: 'nul segment', phase },
    { method: 'GET', path: sub('a%01b%7F'), headers: html, label: 'control segment', phase },
    { method: 'GET', path: `${p}%E0%A4%A`, headers: html, label: 'malformed escape', phase },
    {
      method: 'GET',
      path: `${p}?q=%00&zip=%E0%A4%A&page=-1&sort=%00&make=${HUGE.slice(0, 4_000)}&year=1e308`,
      headers: html,
      label: 'bad query',
      phase,
    },
    { method: 'GET', path: p, headers: { ...html, host: 'localhost:99999' }, label: 'bad host port', phase },
    {
      method: 'GET',
      path: p,
      headers: { ...html, cookie: 'showroom_session=%00garbage; showroom_auth=x.y' },
      label: 'bad cookie',
      phase,
    },
  ];
  if (target.kind === 'api') {
    probes.push(
      {
        method: 'GET',
        path: p,
        headers: { 'x-tenant-id': 'default\u0001', accept: 'application/json', ...auth },
        label: 'bad tenant',
        phase,
      },
      {
        method: 'GET',
        path: p,
        headers: { 'x-tenant-id': 'default', authorization: 'Bearer a.b.c', 'x-session-id': 'abc\tdef' },
        label: 'bad token',
        phase,
      },
    );
  }
  return probes;
}

function bodyProbes(target: Target, auth: Record<string, string>, phase: Probe['phase']): Probe[] {
  const { method, path: p } = target;
  const headers = { ...clientHeaders(target.kind), ...auth };
  const typed = (type: string) => ({ ...headers, 'content-type': type });
  const nulForm = new URLSearchParams(NUL_FIELDS).toString();
  const repeated =
    'email=a%40b.test&email=c%40d.test&signin-email=a%40b.test&signin-email=x&password=Aa1!aaaa&password=x&firstName=A&firstName=B&intent=a&intent=b';
  const probe = (label: string, probeHeaders: Record<string, string>, body?: string | Buffer): Probe => ({
    method,
    path: p,
    headers: probeHeaders,
    body,
    label,
    phase,
  });
  return [
    probe('no body', headers),
    probe('Content-Length: 0', { ...headers, 'content-length': '0' }),
    probe('Content-Length: 0, JSON', { ...typed('application/json'), 'content-length': '0' }),
    probe('Content-Length: 0, form', { ...typed(FORM), 'content-length': '0' }),
    probe('Content-Length: 0, multipart', { ...typed('multipart/form-data; boundary=zz'), 'content-length': '0' }),
    probe('form with NUL', typed(FORM), nulForm),
    probe('form with controls', typed(FORM), new URLSearchParams(CONTROL_FIELDS).toString()),
    probe('form with a huge value', typed(FORM), `email=${HUGE}&firstName=${HUGE}`),
    probe('repeated fields', typed(FORM), repeated),
    probe('deep json', typed('application/json'), deepJson(5000)),
    probe('deep array', typed('application/json'), `${'['.repeat(5000)}${']'.repeat(5000)}`),
    probe('json with NUL', typed('application/json'), JSON.stringify(NUL_FIELDS)),
    probe('json with controls', typed('application/json'), JSON.stringify(CONTROL_FIELDS)),
    probe('json with wrong types', typed('application/json'), JSON.stringify(WRONG_TYPES)),
    probe('json with a huge value', typed('application/json'), JSON.stringify({ email: HUGE, firstName: HUGE })),
    probe('broken json', typed('application/json'), '{"email":'),
    probe('json array', typed('application/json'), '[1,2,3]'),
    probe('json null', typed('application/json'), 'null'),
    probe('text/plain', typed('text/plain'), 'email=a@b.c'),
    probe('no content type', headers, 'email=a%40b.test'),
    probe('multipart without boundary', typed('multipart/form-data'), 'x'),
    probe(
      'broken multipart',
      typed('multipart/form-data; boundary=zz'),
      '--zz\r\nContent-Disposition: form-data; name="a\u0000"\r\n\r\nx\r\n--zz',
    ),
    probe('large body', typed(FORM), Buffer.alloc(2 * 1024 * 1024, 97)),
    { ...probe('nul segment post', typed(FORM), nulForm), path: `${p.replace(/\/$/, '')}/%00` },
  ];
}

/** Request lines no route names: `OPTIONS *`, other targets and schemes, CONNECT. */
function lineProbes(port: number): Probe[] {
  const html = { accept: 'text/html' };
  const phase = 0 as const;
  return [
    { method: 'OPTIONS', path: '*', headers: html, label: 'OPTIONS *', phase },
    { method: 'GET', path: '*', headers: html, label: 'GET *', phase },
    { method: 'POST', path: '*', headers: { ...html, 'content-length': '0' }, label: 'POST *', phase },
    { method: 'GET', path: 'faq', headers: html, label: 'no leading slash', phase },
    { method: 'GET', path: '//evil.example/faq', headers: html, label: 'protocol-relative', phase },
    { method: 'GET', path: `https://127.0.0.1:${port}/faq`, headers: html, label: 'absolute https', phase },
    { method: 'GET', path: `ftp://127.0.0.1:${port}/faq`, headers: html, label: 'absolute ftp', phase },
    { method: 'GET', path: `http://a:1@127.0.0.1:${port}/faq`, headers: html, label: 'absolute with user', phase },
    { method: 'GET', path: `http:///faq`, headers: html, label: 'absolute without host', phase },
    { method: 'CONNECT', path: `127.0.0.1:${port}`, headers: html, label: 'CONNECT', phase },
  ];
}

/** What a page without an action is sent: it answers every body the same way (405 after the guards). */
const NO_ACTION_PROBES = new Set([
  'no body',
  'Content-Length: 0',
  'Content-Length: 0, form',
  'form with NUL',
  'deep json',
]);
/** The bodies that reach a page's action (the others are answered before it, the same signed in or not). */
const FORM_PROBES = new Set([
  'no body',
  'Content-Length: 0',
  'Content-Length: 0, form',
  'Content-Length: 0, multipart',
  'form with NUL',
  'form with controls',
  'form with a huge value',
  'repeated fields',
  'broken multipart',
]);

/**
 * Every probe for the API; for pages, signed in, a malformed query to each page and each body
 * that reaches an action (a page answers the rest before its code runs, signed in or not).
 */
function probesFor(target: Target, shopper: Shopper | null): Probe[] {
  const auth: Record<string, string> = shopper
    ? target.kind === 'api'
      ? { authorization: `Bearer ${shopper.token}` }
      : { cookie: shopper.cookie }
    : {};
  if (target.method === 'GET') {
    const probes = getProbes(target, auth);
    return shopper && target.kind === 'page' ? probes.filter((probe) => probe.label === 'bad query') : probes;
  }
  if (target.kind === 'page' && !target.action)
    return shopper ? [] : bodyProbes(target, auth, 0).filter((probe) => NO_ACTION_PROBES.has(probe.label));
  // A signed-in delete or sign-out goes last, a post after the step saves, so they find the cart and the session.
  const phase = !shopper
    ? 0
    : target.method === 'DELETE' || /sign-out/.test(target.path)
      ? 2
      : target.method === 'POST'
        ? 1
        : 0;
  const probes = bodyProbes(target, auth, phase);
  return shopper && target.kind === 'page' ? probes.filter((probe) => FORM_PROBES.has(probe.label)) : probes;
}

/**
 * One request over a raw socket (Connection: close), so the fuzz can send what Node's own
 * client refuses to (control characters in headers, absolute-form and `*` request lines).
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

/** The demo shopper signed in to the API and to the pages, with a financed cart and one of its orders. */
async function signIn(server: RunningServer): Promise<Shopper> {
  const signedIn = await api(server, '/api/identity/sign-in', { json: { email: DEMO.email, password: DEMO.password } });
  const token = String(signedIn.body.data?.identityToken);
  const search = await api(server, '/api/inventory/search');
  const vehicles = (search.body.data?.vehicles ?? []) as Array<{ vin: string; status: string }>;
  const vin = vehicles.find((vehicle) => vehicle.status === 'Available')!.vin;
  const cart = await api(server, '/api/checkout/carts', { json: { vin, dealType: 'Finance' }, token });
  expect(cart.status, JSON.stringify(cart.body)).toBe(201);
  const orders = (await api(server, '/public/commerce/orders', { token })).body.data as unknown as Array<{
    orderNumber: string;
    orderStatus: string;
    deal: { dealRefId: string };
  }>;
  const order = orders.find((o) => o.orderStatus !== 'DELIVERED') ?? orders[0]!;
  const form = new URLSearchParams({
    'signin-email': DEMO.email,
    'signin-password': DEMO.password,
    intent: 'password',
  });
  const page = await fetch(`${server.baseUrl}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': FORM, origin: server.baseUrl, accept: 'text/html' },
    body: form,
  });
  const cookie = page.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
  expect(cookie, `sign-in page answered ${page.status}`).toMatch(/showroom_session=/);
  return {
    token,
    cookie,
    cartId: String(cart.body.data?.id),
    orderNumber: order.orderNumber,
    dealId: order.deal.dealRefId,
    vin,
  };
}

const LEAK = /(\n\s+at [^\n]+\(|\/work\/|node_modules|\/build\/server\/)/;
const CONCURRENCY = 6;

/** The status, the headers (names in lower case) and the body of a raw answer. */
function parse(raw: string): { status: number; headers: string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).toLowerCase();
  return { status: Number(/^http\/1\.1 (\d{3})/.exec(head)?.[1] ?? -1), headers: head, body: raw.slice(split + 4) };
}

describe('adversarial fuzz over every page and API endpoint (PGlite)', () => {
  let server: RunningServer;
  let shopper: Shopper;

  beforeAll(async () => {
    server = await startServer('pglite');
    shopper = await signIn(server);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  // Runs first: the fuzz below may sign the shopper out and empty the cart.
  it('answers each kind the issue found with a 4xx a shopper or a client can act on', async () => {
    const ask = async (probe: Omit<Probe, 'label' | 'phase'>) =>
      parse((await send(server, { ...probe, label: '', phase: 0 })).body);
    const html = { accept: 'text/html' };
    // A post to an action with no body (or an empty one, no type) is the empty form: its own messages.
    for (const headers of [
      html,
      { ...html, 'content-length': '0' },
      { ...html, 'content-type': FORM, 'content-length': '0' },
    ]) {
      const answer = await ask({ method: 'POST', path: '/sign-in', headers });
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('Your email is required.');
      expect(answer.body).toContain('Your password is required.');
    }
    // An empty body of a type no form has: 415, the branded page.
    const json = await ask({
      method: 'POST',
      path: '/sign-in',
      headers: { ...html, 'content-type': 'application/json', 'content-length': '0' },
    });
    expect(json.status).toBe(415);
    expect(json.body).toContain('<header>Showroom</header>');
    // TRACE: 405 with the methods there are; the API's in the contract's error shape.
    const tracePage = await ask({ method: 'TRACE', path: '/faq', headers: html });
    expect(tracePage.status).toBe(405);
    expect(tracePage.headers).toContain('allow: get, head, post');
    const traceApi = await ask({
      method: 'TRACE',
      path: '/api/inventory/search',
      headers: { accept: 'application/json' },
    });
    expect(traceApi.status).toBe(405);
    expect(JSON.parse(traceApi.body)).toEqual({
      error: { code: 'error.route.methodNotAllowed', message: 'This path does not answer that method' },
    });
    // OPTIONS *: what the server does.
    const star = await ask({ method: 'OPTIONS', path: '*', headers: {} });
    expect(star.status).toBe(204);
    expect(star.headers).toContain('allow: get, head, post');
    // Absolute-form: the page of the tenant the Host header names; naming another host is a 400.
    const northside = `northside.localhost:${server.port}`;
    const absolute = await ask({
      method: 'GET',
      path: `http://${northside}/faq`,
      headers: { ...html, host: northside },
    });
    expect(absolute.status).toBe(200);
    expect(absolute.body).toContain('<title>Questions and Answers | Northside Motors</title>');
    const disagreeing = await ask({ method: 'GET', path: `http://${northside}/faq`, headers: html });
    expect(disagreeing.status).toBe(400);
    expect(disagreeing.body).toContain('<header>Showroom</header>');
    // A 5,000-deep body to a credit application step: 400 with the contract's error body; a shallow one is still read.
    const step = `/api/checkout/carts/${shopper.cartId}/credit-application/personal`;
    const api = {
      'x-tenant-id': 'default',
      authorization: `Bearer ${shopper.token}`,
      'content-type': 'application/json',
    };
    const deep = await ask({ method: 'PUT', path: step, headers: api, body: deepJson(5000) });
    expect(deep.status).toBe(400);
    expect(JSON.parse(deep.body)).toEqual({
      error: { code: 'error.validation.invalidRequest', message: 'The request body is nested too deeply' },
    });
    const shallow = await ask({
      method: 'PUT',
      path: step,
      headers: api,
      body: JSON.stringify({ address: { zip: 'x' } }),
    });
    expect(shallow.status).toBe(422);
    expect(JSON.parse(shallow.body)).toMatchObject({ error: { code: 'error.creditApplication.invalid' } });
  });

  it('answers every malformed request below 500, without stack traces or file paths', async () => {
    const pages = pageTargets(await pageRoutes());
    const endpoints = apiTargets(shopper);
    const targets = [...pages.targets, ...endpoints];
    const paths = [...new Set(targets.map((target) => `${target.kind} ${target.path}`))];
    const probes = [
      ...lineProbes(server.port),
      ...paths.flatMap((entry) => {
        const [kind, p] = entry.split(' ') as [Target['kind'], string];
        return targetProbes(p, server.port, kind, {});
      }),
      ...targets.flatMap((target) => probesFor(target, null)),
      ...targets.flatMap((target) => probesFor(target, shopper)),
    ];
    const failures: string[] = [];
    const leaks: string[] = [];
    const run = async (batch: Probe[]) => {
      let next = 0;
      const worker = async () => {
        while (next < batch.length) {
          const probe = batch[next++]!;
          const answer = await send(server, probe);
          const signedIn = probe.headers.cookie === shopper.cookie || Boolean(probe.headers.authorization);
          const what = `${probe.method} ${probe.path.slice(0, 90)} [${probe.label}${signedIn ? ', signed in' : ''}]`;
          if (answer.status >= 500) failures.push(`${answer.status} ${what}`);
          if (LEAK.test(answer.body)) leaks.push(what);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    };
    const started = Date.now();
    for (const phase of [0, 1, 2]) await run(probes.filter((probe) => probe.phase === phase));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `[adversarial fuzz] ${probes.length} requests over ${targets.length} targets (${pages.targets.length / 2} pages with ${pages.actions} actions, ` +
        `${listEndpoints().length} endpoints of the table as ${endpoints.length} targets), anonymous and signed in, in ${seconds} s: ` +
        `${failures.length} answers >= 500, ${leaks.length} with a stack trace or path\n`,
    );
    if (failures.length) {
      const byKind = new Map<string, number>();
      for (const failure of failures) {
        const kind = /\[([^\]]+)\]$/.exec(failure)![1]!;
        byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      }
      process.stdout.write(`by kind: ${[...byKind].map(([kind, count]) => `${kind} ${count}`).join(', ')}\n`);
      process.stdout.write(`${failures.slice(0, 60).join('\n')}\n`);
    }
    if (leaks.length) process.stdout.write(`leaks:\n${leaks.slice(0, 20).join('\n')}\n`);
    expect(server.exitCode()).toBeNull();
    // Every entry of the table (one target per credit application step) and every page action.
    expect(endpoints.length).toBe(listEndpoints().length + creditApplicationStepSchema.options.length - 1);
    expect(pages.actions).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    expect(leaks).toEqual([]);
  }, 300_000);
});
