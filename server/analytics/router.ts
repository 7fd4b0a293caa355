import { Router, json } from 'express';
import { sanitize } from '../../app/lib/shared/analytics/pixel';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { requireTenant, type Platform } from '../platform/http';
import { insertAnalyticsEvent } from './queries';

/** The built-in analytics sink: one row per page view or event in analytics_events. */
export function analyticsRouter(platform: Platform): Router {
  const router = Router();
  const endpoint = endpoints.messaging.analyticsEvent;
  router.use(endpoint.path, json({ limit: '16kb' }));

  route(router, endpoint, async (req, res, input) => {
    const tenant = requireTenant(platform, req);
    const event = input.body();
    // The storefront strips personal data already; stripping again keeps any other caller honest.
    await insertAnalyticsEvent(platform.db, tenant.id, sanitize(event));
    res.status(204).end();
  });

  return router;
}
