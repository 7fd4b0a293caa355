import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { count, eq } from 'drizzle-orm';
import { listEndpoints } from '../../app/lib/contract/endpoints';
import { logger } from '../../app/lib/shared/logger.server';
import type { Database } from '../db/client';
import { outboxMessages, photoJobs, photoQueue } from '../db/schema';

// GET /metrics in Prometheus' text format (issue 34 point 4, decision 080), behind a bearer
// token (METRICS_TOKEN; without it the endpoint does not exist) and kept off the public site by
// the proxy. Labels carry route patterns, endpoint-table names, methods and status codes only:
// never a URL, an order number, a host or anything a shopper typed.

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'showroom_' });

const requestDuration = new Histogram({
  name: 'showroom_http_request_duration_seconds',
  help: 'Requests by route pattern (not the raw URL), method and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const apiDuration = new Histogram({
  name: 'showroom_commerce_api_duration_seconds',
  help: 'Commerce API calls answered by the built-in backend, by endpoint-table entry and status.',
  labelNames: ['endpoint', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 20],
  registers: [metricsRegistry],
});

function counter<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  return new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}

const cacheLookups = counter(
  'showroom_response_cache_lookups_total',
  'Signed-out page GETs by what the shared response cache did (hit, stale, miss); ratio = hit / all.',
  ['result'],
);
const rateLimited = counter(
  'showroom_rate_limit_refusals_total',
  'Requests refused with 429 by a rate limit, by route pattern.',
  ['route'],
);
const paymentOutcomes = counter(
  'showroom_payment_outcomes_total',
  'Card and bank payments by method and answer (201 accepted, 402 declined, 422 refused by a rule, …).',
  ['method', 'status'],
);
const placementOutcomes = counter(
  'showroom_order_placement_outcomes_total',
  'Order placements by answer (202 placed, 409 conflict, 422 refused, …).',
  ['status'],
);

/** The endpoint table as matchers: method, a regular expression of its path, and its name. */
const API_ROUTES = listEndpoints().map(({ area, name, endpoint }) => ({
  method: endpoint.method,
  name: `${area}.${name}`,
  pattern: new RegExp(`^${endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`),
}));

/** The endpoint-table entry a request is, or null. */
export function endpointName(method: string, pathname: string): string | null {
  return API_ROUTES.find((route) => route.method === method && route.pattern.test(pathname))?.name ?? null;
}

/** A page's route pattern: segments with digits or long ids become parameters, so the label stays bounded. */
export function routePattern(req: Pick<Request, 'method' | 'path'>, status: number): string {
  const api = endpointName(req.method, req.path);
  if (api) return `api:${api}`;
  if (status === 404) return 'unmatched';
  if (/\.[a-z0-9]+$/i.test(req.path)) return req.path.startsWith('/assets/') ? '/assets/*' : 'static';
  const segments = req.path
    .split('/')
    .filter(Boolean)
    .slice(0, 6)
    .map((segment) => (/\d/.test(segment) || segment.length > 40 ? ':param' : segment));
  return `/${segments.join('/')}`;
}

/** Every answer's duration by route pattern and status, signed-out pages' cache use, and 429s. */
export function metricsMiddleware(): RequestHandler {
  return (req, res, next) => {
    const stop = requestDuration.startTimer();
    res.once('finish', () => {
      const status = res.statusCode;
      const route = routePattern(req, status);
      stop({ method: req.method, route, status: String(status) });
      if (status === 429) rateLimited.inc({ route });
      if (req.method === 'GET' && route.startsWith('/') && status === 200 && route !== '/assets/*') {
        const cache = String(res.getHeader('x-cache') ?? '').toLowerCase();
        cacheLookups.inc({ result: cache === 'hit' || cache === 'stale' ? cache : 'miss' });
      }
    });
    next();
  };
}

/**
 * In front of the built-in backend's router, so it sees the calls the storefront hands it in
 * memory (decision 071) as well as over HTTP: duration by endpoint-table entry and status, and
 * the outcomes of payments and placements.
 */
export function apiMetrics(): RequestHandler {
  return (req, res, next) => {
    const name = endpointName(req.method, req.path);
    if (!name) return next();
    const stop = apiDuration.startTimer({ endpoint: name });
    res.once('finish', () => {
      const status = String(res.statusCode);
      stop({ status });
      if (name === 'payments.card' || name === 'payments.bank')
        paymentOutcomes.inc({ method: name.slice('payments.'.length), status });
      if (name === 'checkout.placeOrder') placementOutcomes.inc({ status });
    });
    next();
  };
}

/** Queue depths, read when scraped: photos waiting to be fetched, URLs waiting to be queued, the outbox. */
function queueGauges(database: Database) {
  new Gauge({
    name: 'showroom_queue_depth',
    help: 'Work waiting: photo jobs pending, photo_queue rows not yet turned into jobs, outbox messages kept.',
    labelNames: ['queue'] as const,
    registers: [metricsRegistry],
    async collect() {
      try {
        const [[jobs], [queued], [outbox]] = await Promise.all([
          database.db.select({ n: count() }).from(photoJobs).where(eq(photoJobs.status, 'pending')),
          database.db.select({ n: count() }).from(photoQueue),
          database.db.select({ n: count() }).from(outboxMessages),
        ]);
        this.set({ queue: 'photo_jobs' }, jobs?.n ?? 0);
        this.set({ queue: 'photo_queue' }, queued?.n ?? 0);
        this.set({ queue: 'outbox' }, outbox?.n ?? 0);
      } catch (error) {
        logger.warn({ err: error }, 'metrics: the queue depths could not be read');
      }
    },
  });
}

/** Statements waiting for a database connection (pool) or behind PGlite's running statement, read when scraped. */
function databaseWaiting(database: Database) {
  const { waiting, onConnectionWait } = database;
  if (onConnectionWait) {
    const waits = new Histogram({
      name: 'showroom_database_connection_wait_seconds',
      help: "Time each statement or transaction waited for one of the PostgreSQL pool's connections.",
      labelNames: ['database'] as const,
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
      registers: [metricsRegistry],
    });
    onConnectionWait((seconds) => waits.observe({ database: database.kind }, seconds));
  }
  if (!waiting) return;
  new Gauge({
    name: 'showroom_database_waiting_statements',
    help: "Statements waiting for the database: callers queued for a pool connection, or queued on PGlite's thread.",
    labelNames: ['database'] as const,
    registers: [metricsRegistry],
    collect() {
      this.set({ database: database.kind }, waiting());
    },
  });
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets
 * a 404, as does everyone when no token is set (metrics off).
 */
export function metricsEndpoint(options: { token: string | undefined; database: Database }): RequestHandler {
  if (options.token) {
    queueGauges(options.database);
    databaseWaiting(options.database);
  }
  return async (req, res) => {
    const header = req.get('authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!options.token || !sameToken(given, options.token)) {
      res.status(404).type('text/plain').send('Not Found');
      return;
    }
    res.setHeader('cache-control', 'no-store');
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  };
}
