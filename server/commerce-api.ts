import { Router } from 'express';
import type { AppOptions } from './app';
import { identityRouter } from './identity/router';
import { inventoryRouter } from './inventory/router';
import { ordersRouter } from './orders/router';
import type { Platform } from './platform/http';

/** The built-in commerce backend: one router per area, all over the same database. */
export function createCommerceApi(options: Pick<AppOptions, 'database' | 'tenants' | 'identitySecret' | 'dataDir' | 'outboxPage'>): Router {
  const platform: Platform = {
    db: options.database.db,
    tenants: options.tenants,
    identitySecret: options.identitySecret,
    dataDir: options.dataDir,
    outboxPage: options.outboxPage,
  };
  const router = Router();
  router.use(identityRouter(platform));
  router.use(inventoryRouter(platform));
  router.use(ordersRouter(platform));
  return router;
}
