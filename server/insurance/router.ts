import { Router } from 'express';
import {
  insuranceConsentRequestSchema,
  insurancePolicyErrorRequestSchema,
  insurancePolicyRequestSchema,
} from '../../app/lib/contract/tracker';
import { createStepBackend, type StepBackend, jsonBody } from '../orders/backend';
import { requireOwnedOrder } from '../orders/ownership';
import { HttpError, handle, parseBody, type Platform } from '../platform/http';
import { InsuranceError, findInsurance, recordConsent, recordPolicyError, startPolicyPull } from './service';

const BASE = '/public/insurance-verification';

function asHttpError(error: unknown): unknown {
  return error instanceof InsuranceError ? new HttpError(error.status, error.code, error.message) : error;
}

export function insuranceRouter(platform: Platform, backend: StepBackend = createStepBackend(platform)): Router {
  const router = Router();
  router.use(BASE, jsonBody('16kb'));

  router.get(
    `${BASE}/progress/:orderNumber`,
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { orderNumber: String(req.params.orderNumber) });
      const row = await findInsurance(backend, order.orderNumber);
      res.setHeader('cache-control', 'no-store');
      res.json({
        policyStatus: row?.policyStatus ?? 'NOT_INITIATED',
        ...(row ? { updatedAt: row.updatedAt.toISOString() } : {}),
      });
    }),
  );

  router.post(
    `${BASE}/consent`,
    handle(async (req, res) => {
      const body = parseBody(insuranceConsentRequestSchema, req.body);
      const order = await requireOwnedOrder(platform, req, { orderNumber: body.orderNumber });
      const row = await recordConsent(backend, order.orderNumber, body).catch((error: unknown) => {
        throw asHttpError(error);
      });
      res.json({ orderNumber: order.orderNumber, termsVersion: 1, consentedAt: row.consentedAt!.toISOString() });
    }),
  );

  router.post(
    `${BASE}/policy`,
    handle(async (req, res) => {
      const body = parseBody(insurancePolicyRequestSchema, req.body);
      const order = await requireOwnedOrder(platform, req, { orderNumber: body.orderNumber });
      const row = await startPolicyPull(backend, order.orderNumber, body.pullId).catch((error: unknown) => {
        throw asHttpError(error);
      });
      res.status(202).json({ orderNumber: order.orderNumber, pullId: row.pullId, policyStatus: row.policyStatus });
    }),
  );

  router.post(
    `${BASE}/policy/error`,
    handle(async (req, res) => {
      const body = parseBody(insurancePolicyErrorRequestSchema, req.body);
      const order = await requireOwnedOrder(platform, req, { orderNumber: body.orderNumber });
      const row = await recordPolicyError(backend, order.orderNumber, body.reason);
      res.json({ orderNumber: order.orderNumber, policyStatus: row.policyStatus });
    }),
  );

  return router;
}
