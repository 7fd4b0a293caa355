import { Router } from 'express';
import { HttpError, handle, requireIdentity, requireTenant, type Platform } from '../platform/http';
import { findOwnedOrder, findOwnedOrderHistory, listOwnedOrders } from './queries';

const ORDER_NUMBER = /^[A-Z0-9-]{4,40}$/;

function notFound(): HttpError {
  return new HttpError(404, 'error.order.notFound', 'No such order');
}

export function ordersRouter(platform: Platform): Router {
  const router = Router();

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
      const history = await findOwnedOrderHistory(platform.db, { tenantId: tenant.id, userId: identity.userId }, orderNumber);
      if (!history) throw notFound();
      res.json({ data: { history } });
    }),
  );

  return router;
}
