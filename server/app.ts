import path from 'node:path';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import { projectRoot } from '../app/lib/project-root.server';
import type { TenantRegistry } from '../app/lib/tenant/tenants.server';
import { createCommerceApi } from './commerce-api';
import type { Database } from './db/client';
import { correlation } from './http/correlation';
import { crossSiteGuard, cspNonce, securityHeaders } from './http/security';
import { refreshTokensIfNeeded } from '../app/lib/auth.server';
import { logger } from '../app/lib/logger.server';

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
  outboxPage: boolean;
};

export type AppState = { ready: boolean; shuttingDown: boolean };

export function createApp(options: AppOptions, state: AppState = { ready: true, shuttingDown: false }): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ? 1 : false);
  app.use(correlation);
  app.get('/healthz', async (_req, res) => {
    if (!state.ready || state.shuttingDown) {
      res.status(503).json({ status: state.shuttingDown ? 'shutting-down' : 'starting' });
      return;
    }
    try {
      await options.database.db.execute('select 1');
      res.json({ status: 'ok', database: options.database.kind });
    } catch (error) {
      logger.error({ err: error }, 'health check: database did not answer');
      res.status(503).json({ status: 'database-unavailable' });
    }
  });
  app.use(cspNonce);
  app.use(securityHeaders({ dev: Boolean(options.viteMiddleware) }));
  app.use(compression());

  // The built-in commerce backend: the contract's paths, answered from the database.
  app.use(createCommerceApi(options));

  if (options.viteMiddleware) {
    app.use(options.viteMiddleware);
  } else {
    const client = options.clientDir ?? path.join(projectRoot, 'build/client');
    // Hashed file names never change content: cache them for a year.
    app.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(client, { maxAge: '1h', index: false }));
  }
  app.use(express.static(path.join(projectRoot, 'public'), { maxAge: '1h', index: false }));

  // Forms are protected against cross-site posts (Origin, else Sec-Fetch-Site, else Referer).
  app.use(crossSiteGuard);

  if (options.remix) {
    // Refresh an expiring identity token once, before the page's loaders run in parallel.
    app.use((req, res, next) => {
      if (!req.headers.cookie) return next();
      const request = new Request(`${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`, {
        headers: { cookie: req.headers.cookie, host: req.get('host') ?? '' },
      });
      refreshTokensIfNeeded(request)
        .then((refreshed) => {
          if (refreshed) {
            req.headers.cookie = refreshed.cookieHeader;
            res.append('set-cookie', refreshed.setCookie);
          }
          next();
        })
        .catch(next);
    });
    app.all(
      '*',
      createRequestHandler({
        build: options.remix.build,
        mode: options.remix.mode,
        getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip }),
      }),
    );
  }
  return app;
}
