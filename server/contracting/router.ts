import { eq } from 'drizzle-orm';
import { Router } from 'express';
import type { SigningReadiness, SigningStatus } from '../../app/lib/contract/tracker';
import { signings } from '../db/schema';
import { requireOwnedOrder } from '../orders/ownership';
import { handle, type Platform } from '../platform/http';

export function contractingRouter(platform: Platform): Router {
  const router = Router();

  async function signingOf(orderNumber: string) {
    const [row] = await platform.db.select().from(signings).where(eq(signings.orderNumber, orderNumber)).limit(1);
    return row ?? null;
  }

  router.get(
    '/api/contracting/signing/:orderNumber/readiness',
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { orderNumber: String(req.params.orderNumber) });
      const row = await signingOf(order.orderNumber);
      const body: SigningReadiness = { ready: row?.ready ?? false, isSigningNotificationSent: row?.notificationSent ?? false };
      res.json(body);
    }),
  );

  router.get(
    '/api/contracting/signing/:orderNumber/status',
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { orderNumber: String(req.params.orderNumber) });
      const row = await signingOf(order.orderNumber);
      const body: SigningStatus = {
        status: row?.status ?? 'NotStarted',
        signersCompleted: { buyer: row?.buyerSigned ?? false, dealer: row?.dealerSigned ?? false },
      };
      res.json(body);
    }),
  );
  return router;
}
