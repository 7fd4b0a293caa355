import { Router } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { createStepBackend, type StepBackend, jsonBody } from '../orders/backend';
import { requireOwnedOrder } from '../orders/ownership';
import { HttpError, type Platform } from '../platform/http';
import { InsuranceError, findInsurance, recordConsent, recordPolicyError, startPolicyPull } from './service';

const BASE = '/public/insurance-verification';

function asHttpError(error: unknown): unknown {
  return error instanceof InsuranceError ? new HttpError(error.status, error.code, error.message) : error;
}

export function insuranceRouter(platform: Platform, backend: StepBackend = createStepBackend(platform)): Router {
  const router = Router();
  router.use(BASE, jsonBody('16kb'));

  route(router, endpoints.insurance.progress, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: call.params.orderNumber });
    const row = await findInsurance(backend, order.orderNumber);
    res.setHeader('cache-control', 'no-store');
    res.json({
      policyStatus: row?.policyStatus ?? 'NOT_INITIATED',
      ...(row ? { updatedAt: row.updatedAt.toISOString() } : {}),
    });
  });

  route(router, endpoints.insurance.consent, async (req, res, call) => {
    const body = call.body();
    const order = await requireOwnedOrder(platform, req, { orderNumber: body.orderNumber });
    const row = await recordConsent(backend, order.orderNumber, body).catch((error: unknown) => {
      throw asHttpError(error);
    });
    res.json({ orderNumber: order.orderNumber, termsVersion: 1, consentedAt: row.consentedAt!.toISOString() });
  });

  route(router, endpoints.insurance.pullPolicy, async (req, res, call) => {
    const body = call.body();
    const order = await requireOwnedOrder(platform, req, { orderNumber: body.orderNumber });
    const row = await startPolicyPull(backend, order.orderNumber, body.pullId).catch((error: unknown) => {
      throw asHttpError(error);
    });
    res.status(202).json({ orderNumber: order.orderNumber, pullId: row.pullId, policyStatus: row.policyStatus });
  });

  route(router, endpoints.insurance.abandonPolicy, async (req, res, call) => {
    const body = call.body();
    const order = await requireOwnedOrder(platform, req, { orderNumber: body.orderNumber });
    const row = await recordPolicyError(backend, order.orderNumber, body.reason);
    res.json({ orderNumber: order.orderNumber, policyStatus: row.policyStatus });
  });

  return router;
}
