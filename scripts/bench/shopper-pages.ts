import http from 'node:http';
import { cpuBetween, threadCpu, threadRoles, THREAD_ROLES, type ThreadRole } from './threads';
import { request, type LoadGenerator, type LoadResult } from './load';

// The pages a shopper who is buying gets (issue 30): each a distinct URL or a signed-in page, so
// no shared cache can answer it. Measured at the bench's connections for throughput and p95, and
// in CPU milliseconds per page, thread by thread, from /proc.

export type ShopperTarget = { name: string; paths: string[]; headers: Record<string, string> };

export type ShopperResult = {
  target: ShopperTarget;
  load: LoadResult;
  /** CPU milliseconds per page by thread role, and all threads together. */
  cpu: Record<ThreadRole, number> & { total: number };
};

/** Goals (issue 30): at most 20 ms of CPU a page, 0.05× /healthz's req/s, p95 under 150 ms, no errors. */
export const SHOPPER_GOALS = { cpuMs: 20, ratio: 0.05, p95Ms: 150 } as const;

const SIGN_IN = { email: 'demo@showroom.test', password: 'DemoPass-2026' } as const;

/** VINs of the tenant's inventory, for a distinct vehicle page per request. */
export async function listVins(baseUrl: string, apiHeaders: Record<string, string>, wanted: number): Promise<string[]> {
  const agent = new http.Agent({ keepAlive: true });
  const vins: string[] = [];
  try {
    for (let page = 1; vins.length < wanted && page <= 20; page += 1) {
      const answer = await request(agent, new URL(`/api/inventory/search?page=${page}`, baseUrl), {
        ...apiHeaders,
        'accept-encoding': 'identity',
      });
      if (answer.status !== 200) break;
      const body = JSON.parse(answer.body.toString()) as { data: { vehicles: { vin: string }[] } };
      if (body.data.vehicles.length === 0) break;
      vins.push(...body.data.vehicles.map((vehicle) => vehicle.vin));
    }
  } finally {
    agent.destroy();
  }
  return vins.slice(0, wanted);
}

/**
 * Gives the demo shopper an open cart on `vin` through the API (so a checkout step has one),
 * unless they have one already. False when the shopper or the cart could not be had.
 */
export async function openCartFor(baseUrl: string, tenant: string, vin: string): Promise<boolean> {
  const headers = { 'content-type': 'application/json', 'x-tenant-id': tenant, 'x-caller-id': 'storefront' };
  const signIn = await fetch(new URL('/api/identity/sign-in', baseUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify(SIGN_IN),
  });
  if (signIn.status !== 200) return false;
  const token = ((await signIn.json()) as { data: { identityToken: string } }).data.identityToken;
  const cart = await fetch(new URL('/api/checkout/carts', baseUrl), {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: JSON.stringify({ vin, dealType: 'Finance' }),
  });
  return cart.status === 200 || cart.status === 201;
}

export function shopperTargets(options: {
  browserHeaders: Record<string, string>;
  cookie: string | null;
  vins: string[];
  trackerStep: string;
  checkoutStep: string | null;
}): ShopperTarget[] {
  const { browserHeaders, cookie, vins } = options;
  const rendered = { ...browserHeaders, 'cache-control': 'no-cache' };
  const distinctSearches = Array.from(
    { length: 400 },
    (_, i) => `/search?priceMax=${20_000 + i * 125}&sort=${i % 2 ? 'price-asc' : 'mileage-asc'}`,
  );
  const vehicles = vins.map((vin) => `/vehicles/${vin}`);
  const targets: ShopperTarget[] = [
    { name: 'search page, distinct filters', paths: distinctSearches, headers: rendered },
    { name: 'vehicle page, distinct VINs', paths: vehicles, headers: rendered },
  ];
  if (!cookie) return targets;
  const signedIn = { ...browserHeaders, cookie };
  targets.push(
    { name: 'landing, signed in', paths: ['/'], headers: signedIn },
    { name: 'search, signed in, distinct filters', paths: distinctSearches, headers: signedIn },
    { name: 'vehicle page, signed in, distinct VINs', paths: vehicles, headers: signedIn },
    { name: 'cart, signed in', paths: ['/checkout/cart'], headers: signedIn },
    ...(options.checkoutStep
      ? [{ name: `checkout step ${options.checkoutStep}`, paths: [options.checkoutStep], headers: signedIn }]
      : []),
    { name: `tracker step ${options.trackerStep}`, paths: [options.trackerStep], headers: signedIn },
    { name: 'account orders, signed in', paths: ['/account/orders'], headers: signedIn },
  );
  return targets;
}

/**
 * Runs each target on the load generator with the server's CPU read before and after, per
 * thread; `requests` per target (at least), after a warm-up of 20.
 */
export async function measureShopperPages(options: {
  generator: LoadGenerator;
  baseUrl: string;
  targets: ShopperTarget[];
  concurrency: number;
  requests: number;
  pid: number;
  logFile: string;
}): Promise<ShopperResult[]> {
  const roles = threadRoles(options.logFile, options.pid);
  const results: ShopperResult[] = [];
  for (const target of options.targets) {
    const job = (maxRequests: number) => ({
      baseUrl: options.baseUrl,
      paths: target.paths,
      headers: target.headers,
      concurrency: options.concurrency,
      maxRequests,
      durationMs: 60_000,
    });
    await options.generator.run(job(20));
    const before = threadCpu(options.pid);
    const load = await options.generator.run(job(options.requests));
    const spent = cpuBetween(before, threadCpu(options.pid), roles);
    const pages = Math.max(1, load.requests);
    const cpu = { main: 0, render: 0, pglite: 0, other: 0, total: 0 };
    for (const role of THREAD_ROLES) {
      cpu[role] = spent[role] / pages;
      cpu.total += cpu[role];
    }
    results.push({ target, load, cpu });
  }
  return results;
}

/** The table: throughput and latency beside /healthz, CPU per page by thread, and the verdict. */
export function shopperTable(results: ShopperResult[], trivial: LoadResult): string[] {
  const pad = (text: string, width: number, right = true) => (right ? text.padStart(width) : text.padEnd(width));
  const lines = [
    `Pages a buying shopper gets (issue 30): distinct URLs or signed in, so no shared cache answers them. Goal: at most ${SHOPPER_GOALS.cpuMs} ms of CPU a page (all threads), at least ${SHOPPER_GOALS.ratio}× /healthz's req/s, p95 under ${SHOPPER_GOALS.p95Ms} ms, no errors.`,
  ];
  const header = `  ${pad('page', 46, false)}${pad('req/s', 7)}${pad('vs /healthz', 12)}${pad('p95', 8)}${pad('errors', 7)}${pad('CPU ms/page', 12)}${THREAD_ROLES.map((role) => pad(role, 8)).join('')}${pad('goal', 6)}`;
  lines.push(header, `  ${'-'.repeat(header.length - 2)}`);
  for (const { target, load, cpu } of results) {
    const ratio = load.perSecond / trivial.perSecond;
    const met =
      cpu.total <= SHOPPER_GOALS.cpuMs &&
      ratio >= SHOPPER_GOALS.ratio &&
      load.p95 < SHOPPER_GOALS.p95Ms &&
      load.errors === 0;
    lines.push(
      `  ${pad(target.name.slice(0, 45), 46, false)}${pad(load.perSecond.toFixed(1), 7)}${pad(`${ratio.toFixed(3)}×`, 12)}${pad(load.p95.toFixed(1), 8)}${pad(String(load.errors), 7)}${pad(cpu.total.toFixed(1), 12)}${THREAD_ROLES.map((role) => pad(cpu[role].toFixed(1), 8)).join('')}${pad(met ? 'met' : 'no', 6)}`,
    );
    if (load.errors > 0) lines.push(`      statuses: ${JSON.stringify(load.statuses)}`);
  }
  return lines;
}
