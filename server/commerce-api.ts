import { Router } from 'express';
import { logger } from '../app/lib/logger.server';
import { analyticsRouter } from './analytics/router';
import type { AppOptions } from './app';
import { contractingRouter } from './contracting/router';
import { documentsRouter } from './documents/router';
import { purgeExpiredDocuments } from './documents/service';
import { fulfillmentRouter } from './fulfillment/router';
import { idVerificationRouter } from './id-verification/router';
import { identityRouter } from './identity/router';
import { insuranceRouter } from './insurance/router';
import { inventoryRouter } from './inventory/router';
import { notificationsRouter } from './notifications/router';
import { createStepBackend, type StepBackendOptions } from './orders/backend';
import { ordersRouter } from './orders/router';
import type { PaymentGateway } from './payments/gateway';
import { paymentsRouter } from './payments/router';
import { SandboxGateway } from './payments/sandbox-gateway';
import type { Platform } from './platform/http';

/** Options for the areas that move an order along (tests shorten the partners' delays or move the clock). */
export type CommerceApiExtras = StepBackendOptions & {
  gateway?: PaymentGateway;
  /** Remove documents past their retention period every hour (off in tests). */
  retentionSweep?: boolean;
};

const RETENTION_SWEEP_MS = 60 * 60 * 1000;

/** The built-in commerce backend: one router per area, all over the same database. */
export function createCommerceApi(
  options: Pick<AppOptions, 'database' | 'tenants' | 'identitySecret' | 'dataDir' | 'outboxPage'>,
  extras: CommerceApiExtras = {},
): Router {
  const platform: Platform = {
    db: options.database.db,
    tenants: options.tenants,
    identitySecret: options.identitySecret,
    dataDir: options.dataDir,
    outboxPage: options.outboxPage,
  };
  const backend = createStepBackend(platform, extras);
  const router = Router();
  router.use(analyticsRouter(platform));
  router.use(identityRouter(platform));
  router.use(inventoryRouter(platform));
  router.use(ordersRouter(platform, backend));
  router.use(idVerificationRouter(platform, backend));
  router.use(contractingRouter(platform, backend));
  router.use(documentsRouter(platform, backend));
  router.use(insuranceRouter(platform, backend));
  router.use(paymentsRouter(platform, backend, extras.gateway ?? new SandboxGateway()));
  router.use(fulfillmentRouter(platform, backend));
  router.use(notificationsRouter(platform));

  if (extras.retentionSweep ?? process.env.NODE_ENV !== 'test') {
    // Seed 002 §9: documents are deleted after 60 days.
    const sweep = () => {
      purgeExpiredDocuments(platform.db, platform.dataDir, backend.now()).catch((error: unknown) =>
        logger.warn({ err: error }, 'documents: the retention sweep failed'),
      );
    };
    setTimeout(sweep, 60_000).unref();
    setInterval(sweep, RETENTION_SWEEP_MS).unref();
  }
  return router;
}
