import { Router } from 'express';
import { HttpError, handle, requireTenant, type Platform } from '../platform/http';
import { listOutbox } from './senders';

/** The outbox, for developers: only with OUTBOX_PAGE=1 or under `npm run dev`. */
export function notificationsRouter(platform: Platform): Router {
  const router = Router();
  router.get(
    '/api/notifications/outbox',
    handle(async (req, res) => {
      if (!platform.outboxPage) throw new HttpError(404, 'error.outbox.disabled', 'The outbox is not shown here');
      const tenant = requireTenant(platform, req);
      const rows = await listOutbox(platform.db, tenant.id);
      res.setHeader('cache-control', 'no-store');
      res.json({ data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) });
    }),
  );
  return router;
}
