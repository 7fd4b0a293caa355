import { Router } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { HEADER } from '../../app/lib/contract/common';
import { LEAD_ERROR_CODES } from '../../app/lib/contract/leads';
import { jsonBody, type StepBackend } from '../orders/backend';
import { getIdentity, HttpError, requireTenant, type Platform } from '../platform/http';
import { INTERNAL_CALLER_HEADER, isInternalCall } from '../../app/lib/shared/internal-caller.server';
import { submitLead } from './service';

// POST /api/leads: the contact-the-dealer form of /contact-us, the vehicle page and the
// not-qualified payment tooltip (contract: app/lib/contract/leads.ts).

export function leadsRouter(platform: Platform, backend: StepBackend): Router {
  const router = Router();
  const endpoint = endpoints.messaging.lead;
  router.use(endpoint.path, jsonBody('16kb'));
  route(router, endpoint, async (req, res, { body }) => {
    const tenant = requireTenant(platform, req);
    const identity = await getIdentity(platform, req, tenant);
    const input = body();
    const sessionId = req.get(HEADER.sessionId) ?? null;
    // The storefront names the shopper's address (its call comes from the storefront's own);
    // any other caller is counted at the address it comes from.
    const internal = isInternalCall(
      platform.identitySecret,
      req.get(INTERNAL_CALLER_HEADER),
      req.method,
      req.originalUrl,
    );
    const address = (internal ? req.get(HEADER.shopperAddress) : req.ip) ?? null;
    const { lead, created } = await submitLead(
      platform.db,
      backend.senders,
      tenant,
      input,
      { userId: identity?.userId ?? null, sessionId, address },
      backend.now(),
    );
    res.setHeader('cache-control', 'no-store');
    if (lead.deliveryStatus !== 'SENT')
      throw new HttpError(502, LEAD_ERROR_CODES.notSent, 'The lead is stored but the dealer did not receive it');
    res
      .status(created ? 201 : 200)
      .json({ data: { id: lead.id, status: lead.deliveryStatus, createdAt: lead.createdAt.toISOString() } });
  });
  return router;
}
