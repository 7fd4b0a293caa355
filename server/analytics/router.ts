import { Router, json } from 'express';
import { sanitize } from '../../app/lib/shared/analytics/pixel';
import { ANALYTICS_EVENTS_PATH, analyticsEventSchema } from '../../app/lib/contract/analytics';
import { handle, parseBody, requireTenant, type Platform } from '../platform/http';
import { insertAnalyticsEvent } from './queries';

/** The built-in analytics sink: one row per page view or event in analytics_events. */
export function analyticsRouter(platform: Platform): Router {
  const router = Router();
  router.use(ANALYTICS_EVENTS_PATH, json({ limit: '16kb' }));

  router.post(
    ANALYTICS_EVENTS_PATH,
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const event = parseBody(analyticsEventSchema, req.body);
      // The storefront strips personal data already; stripping again keeps any other caller honest.
      await insertAnalyticsEvent(platform.db, tenant.id, sanitize(event));
      res.status(204).end();
    }),
  );

  return router;
}
