import { Router } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { createStepBackend, type StepBackend, jsonBody } from '../orders/backend';
import { requireOwnedOrder } from '../orders/ownership';
import { HttpError, type Platform } from '../platform/http';
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox-gateway';
import { PaymentError, getPaymentSummary, payByBank, payByCard, reconcileStuckPayments } from './service';

// Card and bank details arrive here and go to the gateway; they are never logged (the logger
// scrubs card and account fields too) and only their last four digits are stored.

function asHttpError(error: unknown): unknown {
  return error instanceof PaymentError ? new HttpError(error.status, error.code, error.message) : error;
}

export function paymentsRouter(
  platform: Platform,
  backend: StepBackend = createStepBackend(platform),
  gateway: PaymentGateway = new SandboxGateway(platform.db),
): Router {
  const router = Router();
  router.use('/api/payments', jsonBody('8kb'));

  route(router, endpoints.payments.summary, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: call.params.orderNumber });
    // A payment interrupted mid-way is settled from the gateway's record before it is shown.
    await reconcileStuckPayments(backend, gateway, order.orderNumber);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: await getPaymentSummary(backend, order) });
  });

  route(router, endpoints.payments.card, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: call.params.orderNumber });
    const body = call.body();
    const outcome = await payByCard(backend, gateway, order, body).catch((error: unknown) => {
      throw asHttpError(error);
    });
    res.status(201).json({ data: outcome });
  });

  route(router, endpoints.payments.bank, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: call.params.orderNumber });
    const body = call.body();
    const outcome = await payByBank(backend, gateway, order, body).catch((error: unknown) => {
      throw asHttpError(error);
    });
    res.status(201).json({ data: outcome });
  });

  return router;
}
