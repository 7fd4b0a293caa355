import { Router } from 'express';
import { bankPaymentRequestSchema, cardPaymentRequestSchema } from '../../app/lib/contract/tracker';
import { createStepBackend, type StepBackend, jsonBody } from '../orders/backend';
import { requireOwnedOrder } from '../orders/ownership';
import { HttpError, handle, parseBody, type Platform } from '../platform/http';
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

  router.get(
    '/api/payments/orders/:orderNumber',
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { orderNumber: String(req.params.orderNumber) });
      // A payment interrupted mid-way is settled from the gateway's record before it is shown.
      await reconcileStuckPayments(backend, gateway, order.orderNumber);
      res.setHeader('cache-control', 'no-store');
      res.json({ data: await getPaymentSummary(backend, order) });
    }),
  );

  router.post(
    '/api/payments/orders/:orderNumber/card',
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { orderNumber: String(req.params.orderNumber) });
      const body = parseBody(cardPaymentRequestSchema, req.body);
      const outcome = await payByCard(backend, gateway, order, body).catch((error: unknown) => {
        throw asHttpError(error);
      });
      res.status(201).json({ data: outcome });
    }),
  );

  router.post(
    '/api/payments/orders/:orderNumber/bank',
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { orderNumber: String(req.params.orderNumber) });
      const body = parseBody(bankPaymentRequestSchema, req.body);
      const outcome = await payByBank(backend, gateway, order, body).catch((error: unknown) => {
        throw asHttpError(error);
      });
      res.status(201).json({ data: outcome });
    }),
  );

  return router;
}
