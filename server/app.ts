import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ServerBuild } from '@remix-run/node';
import express, { type Express, type RequestHandler } from 'express';
import { projectRoot } from '../app/lib/shared/project-root.server';
import type { TenantRegistry } from '../app/lib/shared/tenant/tenants.server';
import { createCommerceApi } from './commerce-api';
import type { Database } from './db/client';
import type { ObjectStorage } from './storage/object-storage';
import { correlation } from './http/correlation';
import { tlsAsk } from './http/tls-ask';
import { apiMetrics, metricsEndpoint, metricsMiddleware } from './http/metrics';
import { createInProcessApi } from './http/in-process-api';
import { traceRequests } from './http/tracing';
import { compressResponses } from './http/compression';
import { monitorDatabase } from './db/health';
import {
  bodyDeadline,
  bodyGuard,
  finalErrorHandler,
  pageBodyTypes,
  pageMethods,
  rejectMalformed,
  sendStatus,
  type BodyDeadlines,
} from './http/resilience';
import { apiCaching, pageCaching } from './http/page-cache';
import { rateLimits } from './http/rate-limits';
import { responseCache, type ResponseCacheStore } from './http/response-cache';
import { pageUrl, refreshIdentity, remixHandler } from './http/remix';
import { pooledRemixHandler, type RenderPool } from './http/render-pool';
import { crossSiteGuard, cspNonce, securityHeaders } from './http/security';
import { getEnv, isTestMode } from '../app/lib/shared/env.server';
import { HEADER } from '../app/lib/contract/common';
import { getStorefrontHooks } from '../app/lib/shared/storefront-hooks';
import { logger } from '../app/lib/shared/logger.server';

export type AppOptions = {
  database: Database;
  tenants: TenantRegistry;
  /** The Remix build (production) or a function that loads it (dev). */
  remix?: { build: ServerBuild | (() => Promise<ServerBuild>); mode: 'production' | 'development' };
  /** In development the Vite dev server serves assets and hot updates. */
  viteMiddleware?: RequestHandler;
  trustProxy: boolean;
  /** Where the built browser assets are (build/client by default). */
  clientDir?: string;
  identitySecret: string;
  dataDir: string;
  /** Documents and photos (server/storage); the local folder `dataDir` when not given. */
  storage?: ObjectStorage;
  outboxPage: boolean;
  /** The shared response cache for signed-out pages (server/http/response-cache.ts); none: off. */
  responseCache?: ResponseCacheStore;
  /** Pages rendered on worker threads (decision 045); `remix` is then not needed in this thread. */
  renderPool?: RenderPool;
  /** How long a request body may take to arrive (REQUEST_BODY_SECONDS, UPLOAD_BODY_SECONDS). */
  bodyDeadlines?: BodyDeadlines;
  /**
   * The storefront's API calls answered by this process's backend in memory, not over loopback
   * HTTP (decision 071): its pages (`remix` or `renderPool`) get the dispatch. The HTTP API stays.
   */
  inProcessApi?: boolean;
};

/** How recent an answer from PGlite's thread /healthz takes instead of asking again (the probe's timeout). */
const HEALTH_RECENT_ANSWER_MS = 2_000;

export type AppState = { ready: boolean; shuttingDown: boolean };

/**
 * express.static for a folder whose top-level names are read once at start: a page's path
 * (`/search`, `/vehicles/…`) whose first segment names nothing there goes on without the `stat`
 * serve-static makes for it (one a folder, two a page: about 4% of the request thread on a
 * page, decision 113). What the folder holds is served exactly as before; it changes only with a new build.
 */
function staticFilesOf(dir: string, options: Parameters<typeof express.static>[1]): RequestHandler {
  const serve = express.static(dir, options);
  let names: Set<string>;
  try {
    names = new Set(readdirSync(dir));
  } catch {
    names = new Set();
  }
  return (req, res, next) => {
    const first = req.path.split('/', 2)[1] ?? '';
    let name: string;
    try {
      name = decodeURIComponent(first);
    } catch {
      return serve(req, res, next); // a malformed escape: serve-static answers it as before
    }
    if (first === '' || names.has(name)) return serve(req, res, next);
    next();
  };
}

export function createApp(options: AppOptions, state: AppState = { ready: true, shuttingDown: false }): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ? 1 : false);
  app.use(correlation);
  app.use(metricsMiddleware());
  // A body trickled in slowly is cut off at its route's deadline with a 408.
  app.use(bodyDeadline(options.tenants, options.bodyDeadlines));
  // Malformed URLs, control characters in paths, bad Host headers: a 400 before any route;
  // an absolute-form request line is read as its path (`OPTIONS *` answered here).
  app.use(rejectMalformed(options.tenants));
  const monitor = monitorDatabase(options.database);
  // For load balancers: 200 only while this process takes traffic and its database answers.
  app.get('/readyz', (_req, res) => {
    const ready = state.ready && !state.shuttingDown && monitor.available;
    res.status(ready ? 200 : 503).json({
      status: ready
        ? 'ready'
        : state.shuttingDown
          ? 'shutting-down'
          : !state.ready
            ? 'starting'
            : 'database-unavailable',
    });
  });
  app.get('/healthz', async (_req, res) => {
    if (!state.ready || state.shuttingDown) {
      res.status(503).json({ status: state.shuttingDown ? 'shutting-down' : 'starting' });
      return;
    }
    try {
      if (!monitor.available && !(await monitor.probe())) throw new Error('the database monitor saw it down');
      // PGlite's one connection may be busy with a long statement: an answer within the time a
      // probe would wait for one is proof enough (decision 034). PostgreSQL is asked each time.
      if (!options.database.answeredWithin?.(HEALTH_RECENT_ANSWER_MS)) await options.database.db.execute('select 1');
      res.json({ status: 'ok', database: options.database.kind });
    } catch (error) {
      logger.error({ err: error }, 'health check: database did not answer');
      res.status(503).json({ status: 'database-unavailable' });
    }
  });
  // Prometheus' scrape, behind METRICS_TOKEN (decision 080).
  app.get('/metrics', metricsEndpoint({ token: getEnv().METRICS_TOKEN, database: options.database }));
  // Caddy's on-demand TLS question: a certificate only for a host a tenant lists (decision 080).
  app.get('/internal/tls-ask', tlsAsk());
  // A span per page and per API call, when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 096);
  // after the probes and the scrape, which are nobody's request.
  app.use(traceRequests('http'));
  app.use(cspNonce);
  app.use(securityHeaders({ dev: Boolean(options.viteMiddleware) }));
  // Before compression, so it keeps and replays the compressed bytes (decision 032).
  if (options.responseCache) app.use(responseCache(options.responseCache));
  // At the measured level, or none when a proxy in front compresses (COMPRESSION_LEVEL=0);
  // Brotli with a 256 KB window, not 4 MB, so its native memory starts no full GCs (decision 113).
  const compressionLevel = getEnv().COMPRESSION_LEVEL;
  if (compressionLevel > 0) app.use(compressResponses(compressionLevel));
  // Body sizes per route; unread bodies drained so keep-alive connections never stall.
  app.use(bodyGuard(options.tenants));
  // While the database is out of reach every page and API call answers 503 (assets still load).
  const databaseGate: RequestHandler = (req, res, next) => {
    if (monitor.available || /\.[a-z0-9]+$/i.test(req.path)) return next();
    res.setHeader('retry-after', '5');
    sendStatus(options.tenants, req, res, 503);
  };
  app.use(databaseGate);

  // Rate limits on the public endpoints, shared by every process (database, or Redis with
  // REDIS_URL). Off in test mode, where one address plays every shopper of the suite.
  if (!isTestMode())
    app.use(
      rateLimits({
        db: options.database.db,
        tenants: options.tenants,
        redisUrl: process.env.REDIS_URL || undefined,
        identitySecret: options.identitySecret,
      }),
    );

  // The built-in commerce backend: the contract's paths, answered from the database.
  app.use(apiCaching());
  const commerceApi = express.Router().use(apiMetrics(), createCommerceApi(options));
  app.use(commerceApi);
  const apiDispatch = options.inProcessApi
    ? createInProcessApi({ api: commerceApi, tenants: options.tenants, databaseGate })
    : undefined;

  if (options.viteMiddleware) {
    app.use(options.viteMiddleware);
  } else {
    const client = options.clientDir ?? path.join(projectRoot, 'build/client');
    // Hashed file names never change content: cache them for a year.
    app.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(staticFilesOf(client, { maxAge: '1h', index: false }));
  }
  const publicDir = path.join(projectRoot, 'public');
  // Under npm run dev a file added to public/ is served without a restart.
  app.use(
    options.viteMiddleware
      ? express.static(publicDir, { maxAge: '1h', index: false })
      : staticFilesOf(publicDir, { maxAge: '1h', index: false }),
  );

  // A method no router answered and Remix cannot take (TRACE, PROPFIND, …): 405.
  app.use(pageMethods(options.tenants));
  // Forms are protected against cross-site posts (Origin, else Sec-Fetch-Site, else Referer).
  app.use(crossSiteGuard);
  // A page's action reads forms: anything else posted to one is a 415.
  app.use(pageBodyTypes(options.tenants));

  const pageContext = (req: express.Request, res: express.Response) => ({
    cspNonce: String(res.locals.cspNonce),
    clientIp: req.ip,
  });
  const remix = options.remix;
  if (options.renderPool) {
    if (apiDispatch) options.renderPool.answerApiCalls(apiDispatch);
    // The render thread refreshes an expiring identity token itself, before the page's loaders.
    app.use(pageCaching());
    app.all('*', pooledRemixHandler(options.renderPool, pageContext));
  } else if (remix) {
    // Each build gets the dispatch once (under npm run dev, Vite makes a new one after an edit).
    if (apiDispatch) {
      const served = new WeakSet<ServerBuild>();
      app.use((_req, _res, next) => {
        resolveBuild(remix.build)
          .then((build) => {
            if (served.has(build)) return;
            getStorefrontHooks(build).setApiDispatch(apiDispatch);
            served.add(build);
          })
          .then(() => next(), next);
      });
    }
    // Refresh an expiring identity token once, before the page's loaders run in parallel.
    app.use((req, res, next) => {
      if (!req.headers.cookie) return next();
      const headers = new Headers({ cookie: req.headers.cookie, host: req.get('host') ?? '' });
      const url = pageUrl(req).href;
      const correlationId = res.getHeader(HEADER.correlationId);
      resolveBuild(remix.build)
        .then((build) =>
          refreshIdentity(build, {
            url,
            method: req.method,
            headers,
            correlationId: typeof correlationId === 'string' ? correlationId : undefined,
          }),
        )
        .then((check) => {
          if (check.sessionRefresh) req.headers.cookie = headers.get('cookie') ?? '';
          // Read by the request context with whatever else the answer sets (server/http/remix.ts).
          res.locals.identityCheck = check;
          next();
        })
        .catch(next);
    });
    // Cache-Control and ETags for pages: shared for signed-out shoppers on public pages, else private.
    app.use(pageCaching());
    app.all(
      '*',
      remixHandler({
        build: remix.build,
        mode: remix.mode,
        loadContext: pageContext,
      }),
    );
  }
  app.use(finalErrorHandler(options.tenants));
  return app;
}

/** The production build, or the development build Vite loads (and caches) on demand. */
export function resolveBuild(build: ServerBuild | (() => Promise<ServerBuild>)): Promise<ServerBuild> {
  return typeof build === 'function' ? build() : Promise.resolve(build);
}
