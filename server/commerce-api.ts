import { Router } from 'express';
import { analyticsRouter } from './analytics/router';
import type { AppOptions } from './app';
import { contractingRouter } from './contracting/router';
import { documentsRouter } from './documents/router';
import { idVerificationRouter } from './id-verification/router';
import { identityRouter } from './identity/router';
import { insuranceRouter } from './insurance/router';
import { inventoryRouter } from './inventory/router';
import { notificationsRouter } from './notifications/router';
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
  router.use(analyticsRouter(platform));
  router.use(identityRouter(platform));
  router.use(inventoryRouter(platform));
  router.use(ordersRouter(platform));
  router.use(idVerificationRouter(platform));
  router.use(contractingRouter(platform));
  router.use(documentsRouter(platform));
  router.use(insuranceRouter(platform));
  router.use(notificationsRouter(platform));
  return router;
}
