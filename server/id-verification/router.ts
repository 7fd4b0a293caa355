import { eq } from 'drizzle-orm';
import { Router } from 'express';
import type { IdVerificationStatus } from '../../app/lib/contract/tracker';
import { idVerifications } from '../db/schema';
import { requireOwnedOrder } from '../orders/ownership';
import { HttpError, handle, type Platform } from '../platform/http';

export function idVerificationRouter(platform: Platform): Router {
  const router = Router();
  router.get(
    '/api/id-verification/doc-verification/consumer',
    handle(async (req, res) => {
      const orderNumber = typeof req.query.orderId === 'string' ? req.query.orderId : '';
      if (!orderNumber) throw new HttpError(400, 'error.validation.invalidRequest', 'orderId is required');
      const order = await requireOwnedOrder(platform, req, { orderNumber });
      const [row] = await platform.db.select().from(idVerifications).where(eq(idVerifications.orderNumber, order.orderNumber)).limit(1);
      const body: IdVerificationStatus = {
        status: row?.status ?? 'NOT_STARTED',
        // The text link lapses after 24 hours; a check that never succeeded by then is expired.
        isExpired: Boolean(row?.linkExpiresAt && row.status !== 'SUCCESSFUL' && row.linkExpiresAt < new Date()),
        transactionsAmount: row?.transactionsAmount ?? 0,
      };
      res.json(body);
    }),
  );
  return router;
}
