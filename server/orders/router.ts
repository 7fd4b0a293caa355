import { Router } from 'express';
import { dealDecisionRequestSchema, testOrderRequestSchema } from '../../app/lib/contract/tracker';
import { isTestMode } from '../../app/lib/shared/env.server';
import { HttpError, handle, parseBody, requireIdentity, requireTenant, type Platform } from '../platform/http';
import { createStepBackend, tenantOf, type StepBackend, jsonBody } from './backend';
import { requireOwnedOrder } from './ownership';
import { recordDealDecision } from './progress';
import { findOwnedOrder, findOwnedOrderHistory, listOwnedOrders } from './queries';
import { getDealTerms } from './terms';
import { createTestOrder } from './test-orders';

const ORDER_NUMBER = /^[A-Z0-9-]{4,40}$/;

function notFound(): HttpError {
  return new HttpError(404, 'error.order.notFound', 'No such order');
}

export function ordersRouter(platform: Platform, backend: StepBackend = createStepBackend(platform)): Router {
  const router = Router();
  router.use(['/public/commerce/orders', '/api/test/orders'], jsonBody('8kb'));

  router.get(
    '/public/commerce/orders',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const identity = await requireIdentity(platform, req, tenant);
      res.json({ data: await listOwnedOrders(platform.db, { tenantId: tenant.id, userId: identity.userId }) });
    }),
  );

  router.get(
    '/public/commerce/orders/:orderNumber',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      // Anyone but the owner gets the same 404: an order number leaks nothing.
      const identity = await requireIdentity(platform, req, tenant).catch(() => null);
      const orderNumber = String(req.params.orderNumber);
      if (!identity || !ORDER_NUMBER.test(orderNumber)) throw notFound();
      const order = await findOwnedOrder(platform.db, { tenantId: tenant.id, userId: identity.userId }, orderNumber);
      if (!order) throw notFound();
      res.json({ data: order });
    }),
  );

  router.get(
    '/public/commerce/history/:orderNumber',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const identity = await requireIdentity(platform, req, tenant).catch(() => null);
      const orderNumber = String(req.params.orderNumber);
      if (!identity || !ORDER_NUMBER.test(orderNumber)) throw notFound();
      const history = await findOwnedOrderHistory(
        platform.db,
        { tenantId: tenant.id, userId: identity.userId },
        orderNumber,
      );
      if (!history) throw notFound();
      res.json({ data: { history } });
    }),
  );

  // The deal's terms: what deal review, the finance offer, the contract and the payment show.
  router.get(
    '/public/commerce/orders/:orderNumber/terms',
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { orderNumber: String(req.params.orderNumber) });
      res.setHeader('cache-control', 'no-store');
      res.json({ data: await getDealTerms(platform.db, order, tenantOf(backend, order.tenantId)) });
    }),
  );

  // The shopper's answer to a deal or finance offer pending approval (APEN).
  router.post(
    '/public/commerce/orders/:orderNumber/decision',
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { orderNumber: String(req.params.orderNumber) });
      const { decision } = parseBody(dealDecisionRequestSchema, req.body);
      const decided = await recordDealDecision(backend, order, decision);
      if (!decided) throw new HttpError(409, 'error.deal.notPending', 'The deal is not waiting for a decision');
      res.json({ data: { dealStatus: decided.dealStatus, orderStatus: decided.orderStatus } });
    }),
  );

  // Test mode only: a fresh order for the signed-in shopper, so e2e tests never share one.
  router.post(
    '/api/test/orders',
    handle(async (req, res) => {
      if (!isTestMode()) throw new HttpError(404, 'error.route.notFound', 'No such route');
      const tenant = requireTenant(platform, req);
      const identity = await requireIdentity(platform, req, tenant);
      const { template, stage } = parseBody(testOrderRequestSchema, req.body);
      const created = await createTestOrder(
        platform.db,
        { tenantId: tenant.id, userId: identity.userId },
        template,
        backend.now(),
        stage,
      );
      if (!created) throw new HttpError(409, 'error.order.noVehicle', 'The tenant has no vehicle to order');
      res.status(201).json({ data: created });
    }),
  );

  return router;
}
