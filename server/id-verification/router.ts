import { Router } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { type IdVerificationStatus } from '../../app/lib/contract/tracker';
import { createStepBackend, tenantOf, type StepBackend, jsonBody } from '../orders/backend';
import { requireOwnedOrder } from '../orders/ownership';
import { HttpError, requireTenant, type Platform } from '../platform/http';
import {
  IdCheckError,
  captureId,
  captureOfferedFor,
  captureState,
  findCaptureTarget,
  findIdVerification,
  isTenantOrigin,
  sendCaptureLink,
  toStatus,
} from './service';

function asHttpError(error: unknown): unknown {
  return error instanceof IdCheckError ? new HttpError(error.status, error.code, error.message) : error;
}

function linkNotFound(): HttpError {
  return new HttpError(404, 'error.idVerification.linkNotFound', 'No such link');
}

export function idVerificationRouter(platform: Platform, backend: StepBackend = createStepBackend(platform)): Router {
  const router = Router();
  router.use('/api/id-verification/doc-verification', jsonBody('8kb'));

  route(router, endpoints.idVerification.status, async (req, res) => {
    const orderNumber = typeof req.query.orderId === 'string' ? req.query.orderId : '';
    if (!orderNumber) throw new HttpError(400, 'error.validation.invalidRequest', 'orderId is required');
    const order = await requireOwnedOrder(platform, req, { orderNumber });
    const body: IdVerificationStatus = toStatus(
      await findIdVerification(backend, order.orderNumber),
      backend.now(),
      await captureOfferedFor(platform.db, order),
    );
    res.setHeader('cache-control', 'no-store');
    res.json(body);
  });

  // Texts the capture link to the order owner's phone.
  route(router, endpoints.idVerification.sendLink, async (req, res, call) => {
    const body = call.body();
    const order = await requireOwnedOrder(platform, req, { orderNumber: body.orderId });
    const tenant = tenantOf(backend, order.tenantId);
    if (!isTenantOrigin(tenant, body.linkBase))
      throw new HttpError(400, 'error.validation.linkBase', 'linkBase must be an origin of this tenant');
    const sent = await sendCaptureLink(backend, order, tenant, body.linkBase).catch((error: unknown) => {
      throw asHttpError(error);
    });
    res.status(201).json({ status: 'INITIATED', sentTo: sent.sentTo, expiresAt: sent.expiresAt.toISOString() });
  });

  // The capture page on the phone: no identity, the token in the link is the credential.
  route(router, endpoints.idVerification.captureState, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const target = await findCaptureTarget(backend, tenant.id, call.params.token);
    if (!target) throw linkNotFound();
    res.setHeader('cache-control', 'no-store');
    res.json(captureState(target, backend.now()));
  });

  route(router, endpoints.idVerification.capture, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const target = await findCaptureTarget(backend, tenant.id, call.params.token);
    if (!target) throw linkNotFound();
    const result = await captureId(backend, target, req, req.get('content-type')).catch((error: unknown) => {
      throw asHttpError(error);
    });
    res.json(result);
  });

  return router;
}
