import { Router } from 'express';
import { logger } from '../app/lib/shared/logger.server';
import { accountRouter } from './account/router';
import { analyticsRouter } from './analytics/router';
import type { AppOptions } from './app';
import { checkoutRouter, startHoldSweeper, startPlacementReconciler } from './checkout/router';
import { sendOrderPlaced } from './checkout/notices';
import { contractingRouter } from './contracting/router';
import { deskRouter } from './desk/router';
import { sweepDeskRefunds } from './desk/orders';
import { documentsRouter } from './documents/router';
import { removeOrphanedUploads } from './documents/incoming-sweep';
import { purgeExpiredDocuments } from './documents/service';
import { fulfillmentRouter } from './fulfillment/router';
import { idVerificationRouter } from './id-verification/router';
import { identityRouter } from './identity/router';
import { insuranceRouter } from './insurance/router';
import { inventoryRouter } from './inventory/router';
import { leadsRouter } from './leads/router';
import { notificationsRouter } from './notifications/router';
import { createStepBackend, type StepBackendOptions } from './orders/backend';
import { ordersRouter } from './orders/router';
import { trackerStateRouter } from './orders/tracker-state';
import type { PaymentGateway } from './payments/gateway';
import { paymentsRouter } from './payments/router';
import { prequalRouter, startPrequalPurge } from './prequal/router';
import { reconcileStuckPayments } from './payments/service';
import { privacyRouter } from './privacy/router';
import { SandboxGateway } from './payments/sandbox-gateway';
import { sendTradeInOfferReady } from './trade-in/notices';
import { tradeInRouter } from './trade-in/router';
import type { Platform } from './platform/http';
import { resolvePiiKey } from './secrets';
import { localStorage } from './storage/object-storage';

/** Options for the areas that move an order along (tests shorten the partners' delays or move the clock). */
export type CommerceApiExtras = StepBackendOptions & {
  gateway?: PaymentGateway;
  /** Remove documents past their retention period every hour (off in tests). */
  retentionSweep?: boolean;
  /** Release lapsed checkout holds every 30 s (off in tests, which call the sweep themselves). */
  holdSweep?: boolean;
  /** Checkout's order-creation wait in seconds; default ORDER_CREATION_SECONDS. */
  orderCreationSeconds?: () => number;
};

/**
 * The partners the built-in backend answers for with its deterministic sandboxes (named in
 * the start-up log, so nobody mistakes a sandbox for a live connection). Each sits behind an
 * interface; a real one replaces its entry here when it is wired in.
 */
export const SANDBOX_PARTNERS = [
  'payment gateway',
  'credit bureau',
  'lender',
  'insurer',
  'ID verifier',
  'e-signing',
  'delivery scheduling',
] as const;

const RETENTION_SWEEP_MS = 60 * 60 * 1000;

/** The built-in commerce backend: one router per area, all over the same database. */
export function createCommerceApi(
  options: Pick<AppOptions, 'database' | 'tenants' | 'identitySecret' | 'dataDir' | 'storage' | 'outboxPage'>,
  extras: CommerceApiExtras = {},
): Router {
  const platform: Platform = {
    db: options.database.db,
    tenants: options.tenants,
    identitySecret: options.identitySecret,
    dataDir: options.dataDir,
    storage: options.storage ?? localStorage(options.dataDir),
    outboxPage: options.outboxPage,
  };
  const backend = createStepBackend(platform, extras);
  const gateway = extras.gateway ?? new SandboxGateway(platform.db);
  const router = Router();
  router.use(analyticsRouter(platform));
  router.use(identityRouter(platform));
  router.use(inventoryRouter(platform));
  router.use(ordersRouter(platform, backend));
  router.use(trackerStateRouter(platform, backend));
  router.use(idVerificationRouter(platform, backend));
  router.use(contractingRouter(platform, backend));
  router.use(documentsRouter(platform, backend));
  router.use(insuranceRouter(platform, backend));
  router.use(paymentsRouter(platform, backend, gateway));
  router.use(
    checkoutRouter(platform, {
      gateway,
      piiKey: resolvePiiKey(platform.dataDir),
      now: backend.now,
      orderCreationSeconds: extras.orderCreationSeconds,
      orderPlaced: (order) => sendOrderPlaced(backend, order),
    }),
  );
  router.use(prequalRouter(platform, { piiKey: resolvePiiKey(platform.dataDir), now: backend.now }));
  router.use(fulfillmentRouter(platform, backend));
  router.use(notificationsRouter(platform));
  router.use(
    tradeInRouter(platform, {
      now: backend.now,
      offerReady: (offer) => sendTradeInOfferReady(backend, offer),
      ...((extras.holdSweep ?? process.env.NODE_ENV !== 'test') ? { reviewSweepMs: 60_000 } : {}),
    }),
  );
  router.use(leadsRouter(platform, backend));
  router.use(accountRouter(platform, backend, { piiKey: resolvePiiKey(platform.dataDir) }));
  router.use(privacyRouter(platform, backend));
  router.use(deskRouter(platform, backend, { piiKey: resolvePiiKey(platform.dataDir) }, gateway));

  if (extras.retentionSweep ?? process.env.NODE_ENV !== 'test') {
    // Seed 002 §9: documents are deleted after 60 days.
    const sweep = () => {
      purgeExpiredDocuments(platform.db, platform.storage, backend.now()).catch((error: unknown) =>
        logger.warn({ err: error }, 'documents: the retention sweep failed'),
      );
      // Upload parts left behind by a process killed mid-upload (decision 011).
      removeOrphanedUploads(platform.dataDir, backend.now()).catch((error: unknown) =>
        logger.warn({ err: error }, 'documents: the upload sweep failed'),
      );
    };
    removeOrphanedUploads(platform.dataDir, backend.now()).catch((error: unknown) =>
      logger.warn({ err: error }, 'documents: the upload sweep failed'),
    );
    setTimeout(sweep, 60_000).unref();
    setInterval(sweep, RETENTION_SWEEP_MS).unref();
  }
  // Seed 002 §9: pre-qualification data is deleted after 30 days unless the shopper consented.
  if (extras.retentionSweep ?? process.env.NODE_ENV !== 'test') startPrequalPurge(platform, backend.now);
  if (extras.holdSweep ?? process.env.NODE_ENV !== 'test') {
    startHoldSweeper(platform, 30_000, backend.now);
    // Decision 011: placements and payments interrupted by a crash are settled with the gateway.
    startPlacementReconciler(platform, gateway, backend.now);
    const settle = () => {
      reconcileStuckPayments(backend, gateway).catch((error: unknown) =>
        logger.warn({ err: error }, 'payments: the reconciliation failed'),
      );
      // Decision 107: card refunds the gateway did not answer are retried under their key.
      sweepDeskRefunds(backend, gateway).catch((error: unknown) =>
        logger.warn({ err: error }, 'payments: the refund sweep failed'),
      );
    };
    settle();
    setInterval(settle, 60_000).unref();
  }
  return router;
}
