import { existsSync } from 'node:fs';
import http, { type Server } from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import type { RequestHandler } from 'express';
import { EnvError, apiTransportOf, isResponseCacheOn, parseEnv } from '../app/lib/shared/env.server';
import { logger } from '../app/lib/shared/logger.server';
import { projectRoot } from '../app/lib/shared/project-root.server';
import { getStorefrontHooks } from '../app/lib/shared/storefront-hooks';
import { TenantConfigError, getTenants, liveTenants } from '../app/lib/shared/tenant/tenants.server';
import { createApp, resolveBuild, type AppState } from './app';
import { SANDBOX_PARTNERS } from './commerce-api';
import { openDatabase, type Database } from './db/client';
import { seedIfEmpty } from './db/seed';
import { createFirstAdmins } from './desk/first-admin';
import { parseAllowList } from './http/outbound';
import { redisClient } from './http/rate-limits';
import { RenderPool } from './http/render-pool';
import { logThreadStart } from './http/thread-id';
import { memoryResponseStore, redisResponseStore } from './http/response-cache';
import { resolvePiiKey, resolveSecret, scaleOutProblems } from './secrets';
import type { ObjectStorage } from './storage/object-storage';
import { StorageConfigError, storageFromEnv } from './storage/s3';
import { startTracing } from './http/tracing';

const startedAt = performance.now();
const HEADERS_TIMEOUT_MS = 20_000;
const dev = process.argv.includes('--dev');

function fail(message: string): never {
  process.stderr.write(`\nShowroom cannot start.\n${message}\n\n`);
  process.exit(1);
}

type LoadedRemix = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  vite?: RequestHandler;
  close?: () => Promise<void>;
};

async function loadRemix(): Promise<LoadedRemix> {
  if (dev) {
    const vite = await import('vite');
    const before = new Set(process.listeners('SIGTERM'));
    const server = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' });
    // Vite exits on SIGTERM by itself (code 143); our own handler drains requests and closes the database first.
    for (const listener of process.listeners('SIGTERM')) {
      if (!before.has(listener)) process.off('SIGTERM', listener);
    }
    return {
      build: () => server.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
      mode: 'development',
      vite: server.middlewares as unknown as RequestHandler,
      close: () => server.close(),
    };
  }
  const buildFile = path.join(projectRoot, 'build/server/index.js');
  if (!existsSync(buildFile))
    fail(`The storefront is not built: ${buildFile} is missing. Run npm run build (npm start does).`);
  return { build: (await import(pathToFileURL(buildFile).href)) as ServerBuild, mode: 'production' };
}

async function main(): Promise<void> {
  let env;
  let apiTransport;
  try {
    env = parseEnv();
    apiTransport = apiTransportOf(env);
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
  // Before the app is made, so its first request is traced (only with OTEL_EXPORTER_OTLP_ENDPOINT).
  const stopTracing = await startTracing();
  const scaleOut = scaleOutProblems(env.SHOWROOM_PROCESSES, process.env);
  if (scaleOut.length > 0)
    fail(
      `SHOWROOM_PROCESSES=${env.SHOWROOM_PROCESSES} needs what every process shares (README, "Several processes"):\n${scaleOut.map((line) => `  ${line}`).join('\n')}`,
    );
  try {
    parseAllowList(process.env.PHOTO_FETCH_ALLOW_NETWORKS);
  } catch (error) {
    fail(`PHOTO_FETCH_ALLOW_NETWORKS: ${(error as Error).message}`);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  // The storefront reads its cookie secret from the environment; the embedded default keeps one in DATA_DIR.
  process.env.SESSION_SECRET = resolveSecret(env.SESSION_SECRET, dataDir, 'session-secret');
  const identitySecret = resolveSecret(process.env.IDENTITY_TOKEN_SECRET, dataDir, 'identity-secret');
  // The storefront (and its render threads) prove their calls to the built-in backend with it (decision 067).
  process.env.IDENTITY_TOKEN_SECRET = identitySecret;
  // Documents and photos: DATA_DIR, or with STORAGE=s3 the bucket every process shares.
  let storage: ObjectStorage;
  try {
    storage = storageFromEnv(dataDir);
  } catch (error) {
    if (error instanceof StorageConfigError) fail(error.message);
    throw error;
  }
  if (env.SHOWROOM_PROCESSES > 1 && storage.kind === 'local')
    logger.warn(
      { dataDir },
      'several processes with STORAGE=local: documents and photos are only shared if every process has this same DATA_DIR (a network folder); set STORAGE=s3 otherwise',
    );

  let tenants;
  try {
    tenants = getTenants();
  } catch (error) {
    if (error instanceof TenantConfigError) fail(error.message);
    throw error;
  }

  // Flag datafiles start loading now (while the database opens); the service refreshes them every 5 minutes.
  // With render threads, each thread loads the build and its flags; this thread serves no page.
  const remix = await loadRemix();
  const renderThreads = dev ? 0 : (env.RENDER_THREADS ?? Math.max(0, Math.min(4, availableParallelism() - 1)));
  const tenantIds = tenants.all.map((tenant) => tenant.id);
  const renderPool =
    renderThreads > 0
      ? new RenderPool({
          threads: renderThreads,
          workerFile: path.join(projectRoot, 'build/render-worker.js'),
          data: {
            buildFile: path.join(projectRoot, 'build/server/index.js'),
            tenantIds,
            inProcessApi: apiTransport === 'in-process',
          },
        })
      : undefined;
  if (!renderPool) getStorefrontHooks(await resolveBuild(remix.build)).startFlags(tenantIds);

  const state: AppState = { ready: false, shuttingDown: false };
  let database: Database;
  try {
    // PGlite on a thread of its own (decision 034): a long statement never holds this one.
    // PGLITE_THREAD=main keeps it in this thread (to compare, or should the thread misbehave).
    const pgliteThread = process.env.PGLITE_THREAD === 'main' ? 'main' : 'worker';
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, pgliteThread });
    await database.migrate();
  } catch (error) {
    fail(
      `The database could not be opened or migrated (${env.DATABASE_URL ? 'DATABASE_URL' : `PGlite in ${dataDir}`}): ${(error as Error).message}`,
    );
  }
  const seeded = await seedIfEmpty(database.db, {
    vehicles: env.SEED_VEHICLES,
    tenants: tenants.all,
    dataDir,
    storage,
  });
  if (seeded) logger.info({ vehicles: seeded.vehicles, ms: seeded.ms }, 'seeded the empty database with demo data');
  await createFirstAdmins(database.db, { piiKey: resolvePiiKey(dataDir) }, tenants.all);
  try {
    await renderPool?.ready();
  } catch (error) {
    fail(`A render thread could not load the storefront build: ${(error as Error).message}`);
  }

  const app = createApp(
    {
      database,
      tenants: liveTenants(),
      remix: { build: remix.build, mode: remix.mode },
      renderPool,
      inProcessApi: apiTransport === 'in-process',
      viteMiddleware: remix.vite,
      trustProxy: env.TRUST_PROXY === '1',
      identitySecret,
      dataDir,
      storage,
      // Every passcode is on that page: only when asked for, or under `npm run dev`, whatever NODE_ENV says.
      outboxPage: dev || env.OUTBOX_PAGE === '1',
      // Never under npm run dev: a page edited there must show on the next reload.
      bodyDeadlines: { requestMs: env.REQUEST_BODY_SECONDS * 1000, uploadMs: env.UPLOAD_BODY_SECONDS * 1000 },
      responseCache:
        dev || !isResponseCacheOn()
          ? undefined
          : process.env.REDIS_URL
            ? redisResponseStore(redisClient(process.env.REDIS_URL))
            : memoryResponseStore(),
    },
    state,
  );

  // Deadlines for what the shopper sends, instead of Node's defaults (a request may arrive over
  // 300 s): the headers within 20 s; the body at its route's deadline (bodyDeadline answers
  // 408), Node's own requestTimeout a little after the longest of them, for anything else.
  const server: Server = http.createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: Math.max(env.REQUEST_BODY_SECONDS, env.UPLOAD_BODY_SECONDS) * 1000 + HEADERS_TIMEOUT_MS,
    },
    app,
  );
  server.listen(env.PORT, env.HOST, () => {
    state.ready = true;
    logger.info(
      {
        port: env.PORT,
        database: database.kind,
        storage: storage.kind,
        tenants: tenants.all.map((t) => t.id),
        renderThreads,
        apiTransport,
        startupMs: Math.round(performance.now() - startedAt),
      },
      `Showroom listening on http://localhost:${env.PORT}`,
    );
    logger.info({ partners: SANDBOX_PARTNERS }, `sandbox partners active: ${SANDBOX_PARTNERS.join(', ')}`);
    logThreadStart('main');
  });
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    state.shuttingDown = true;
    logger.info({ signal }, 'shutting down: finishing open requests');
    const force = setTimeout(() => {
      logger.warn('open requests did not finish in 10 s; closing anyway');
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close(async () => {
      await remix.close?.().catch((error: unknown) => logger.error({ err: error }, 'closing the dev server failed'));
      await renderPool
        ?.close()
        .catch((error: unknown) => logger.error({ err: error }, 'closing the render threads failed'));
      await database.close().catch((error: unknown) => logger.error({ err: error }, 'closing the database failed'));
      await stopTracing?.().catch((error: unknown) => logger.warn({ err: error }, 'the last spans could not be sent'));
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
