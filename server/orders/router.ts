import { Router } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { isTestMode } from '../../app/lib/shared/env.server';
import { HttpError, requireIdentity, requireTenant, type Platform } from '../platform/http';
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
  router.use(['/public/commerce/orders', endpoints.orders.testOrder.path], jsonBody('8kb'));

  route(router, endpoints.orders.myOrders, async (req, res) => {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    res.json({ data: await listOwnedOrders(platform.db, { tenantId: tenant.id, userId: identity.userId }) });
  });

  route(router, endpoints.orders.order, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    // Anyone but the owner gets the same 404: an order number leaks nothing.
    const identity = await requireIdentity(platform, req, tenant).catch(() => null);
    const orderNumber = call.params.orderNumber;
    if (!identity || !ORDER_NUMBER.test(orderNumber)) throw notFound();
    const order = await findOwnedOrder(platform.db, { tenantId: tenant.id, userId: identity.userId }, orderNumber);
    if (!order) throw notFound();
    res.json({ data: order });
  });

  route(router, endpoints.orders.history, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant).catch(() => null);
    const orderNumber = call.params.orderNumber;
    if (!identity || !ORDER_NUMBER.test(orderNumber)) throw notFound();
    const history = await findOwnedOrderHistory(
      platform.db,
      { tenantId: tenant.id, userId: identity.userId },
      orderNumber,
    );
    if (!history) throw notFound();
    res.json({ data: { history } });
  });

  // The deal's terms: what deal review, the finance offer, the contract and the payment show.
  route(router, endpoints.orders.terms, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: call.params.orderNumber });
    res.setHeader('cache-control', 'no-store');
    res.json({ data: await getDealTerms(platform.db, order, tenantOf(backend, order.tenantId)) });
  });

  // The shopper's answer to a deal or finance offer pending approval (APEN).
  route(router, endpoints.orders.decision, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: call.params.orderNumber });
    const { decision } = call.body();
    const decided = await recordDealDecision(backend, order, decision);
    if (!decided) throw new HttpError(409, 'error.deal.notPending', 'The deal is not waiting for a decision');
    res.json({ data: { dealStatus: decided.dealStatus, orderStatus: decided.orderStatus } });
  });

  // Test mode only: a fresh order for the signed-in shopper, so e2e tests never share one.
  route(router, endpoints.orders.testOrder, async (req, res, call) => {
    if (!isTestMode()) throw new HttpError(404, 'error.route.notFound', 'No such route');
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    const { template, stage } = call.body();
    const created = await createTestOrder(
      platform.db,
      { tenantId: tenant.id, userId: identity.userId },
      template,
      backend.now(),
      stage,
    );
    if (!created) throw new HttpError(409, 'error.order.noVehicle', 'The tenant has no vehicle to order');
    res.status(201).json({ data: created });
  });

  return router;
}
