import { eq } from 'drizzle-orm';
import { Router } from 'express';
import { insuranceVerifications } from '../db/schema';
import { requireOwnedOrder } from '../orders/ownership';
import { handle, type Platform } from '../platform/http';

export function insuranceRouter(platform: Platform): Router {
  const router = Router();
  router.get(
    '/public/insurance-verification/progress/:orderNumber',
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { orderNumber: String(req.params.orderNumber) });
      const [row] = await platform.db
        .select({ policyStatus: insuranceVerifications.policyStatus })
        .from(insuranceVerifications)
        .where(eq(insuranceVerifications.orderNumber, order.orderNumber))
        .limit(1);
      res.json({ policyStatus: row?.policyStatus ?? 'NOT_INITIATED' });
    }),
  );
  return router;
}
