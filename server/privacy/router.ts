import { Router } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { jsonBody, type StepBackend } from '../orders/backend';
import { HttpError, requireIdentity, requireTenant, type Platform } from '../platform/http';
import { resolvePiiKey } from '../secrets';
import { buildExport } from './export';
import { createRequest, toView, verifyRequest } from './service';

// Privacy requests and the shopper's data export (contract: app/lib/contract/privacy.ts).

export function privacyRouter(platform: Platform, backend: StepBackend): Router {
  const router = Router();
  const piiKey = resolvePiiKey(platform.dataDir);
  router.use('/api/privacy', jsonBody('16kb'));
  route(router, endpoints.privacy.request, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const input = call.body();
    const row = await createRequest(
      platform.db,
      platform.identitySecret,
      backend.senders,
      tenant,
      input,
      backend.now(),
    );
    res.setHeader('cache-control', 'no-store');
    res.status(201).json({ data: toView(row) });
  });
  route(router, endpoints.privacy.verify, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const id = call.params.id;
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new HttpError(404, 'error.privacy.notFound', 'No such privacy request');
    const { code } = call.body();
    const row = await verifyRequest(
      platform.db,
      platform.identitySecret,
      backend.senders,
      tenant,
      id,
      code,
      backend.now(),
    );
    res.setHeader('cache-control', 'no-store');
    res.json({ data: toView(row) });
  });
  route(router, endpoints.privacy.export, async (req, res) => {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    const now = backend.now();
    const copy = await buildExport(platform.db, { tenantId: tenant.id, userId: identity.userId }, now, piiKey);
    if (!copy) throw new HttpError(404, 'error.privacy.notFound', 'No such shopper');
    res.setHeader('cache-control', 'no-store');
    res.setHeader(
      'content-disposition',
      `attachment; filename="${tenant.id}-my-data-${now.toISOString().slice(0, 10)}.json"`,
    );
    res.type('application/json').send(JSON.stringify(copy, null, 2));
  });
  return router;
}
