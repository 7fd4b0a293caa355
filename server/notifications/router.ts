import { Router } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { HttpError, requireTenant, type Platform } from '../platform/http';
import { listOutbox } from './senders';

/** The outbox, for developers: only with OUTBOX_PAGE=1 or under `npm run dev`. */
export function notificationsRouter(platform: Platform): Router {
  const router = Router();
  route(router, endpoints.messaging.outbox, async (req, res) => {
    if (!platform.outboxPage) throw new HttpError(404, 'error.outbox.disabled', 'The outbox is not shown here');
    const tenant = requireTenant(platform, req);
    const rows = await listOutbox(platform.db, tenant.id);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) });
  });
  return router;
}
