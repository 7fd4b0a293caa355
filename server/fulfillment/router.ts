import { Router } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { createStepBackend, jsonBody, tenantOf, type StepBackend } from '../orders/backend';
import { requireOwnedOrder } from '../orders/ownership';
import { HttpError, type Platform } from '../platform/http';
import {
  FulfillmentError,
  checkDeliveryZip,
  confirmIfDue,
  getFulfillment,
  requestAppointment,
  verifyAddress,
} from './service';

function asHttpError(error: unknown): unknown {
  return error instanceof FulfillmentError ? new HttpError(error.status, error.code, error.message) : error;
}

export function fulfillmentRouter(platform: Platform, backend: StepBackend = createStepBackend(platform)): Router {
  const router = Router();
  router.use('/api/fulfillment', jsonBody('8kb'));

  route(router, endpoints.fulfillment.get, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: call.params.orderNumber });
    res.setHeader('cache-control', 'no-store');
    res.json({ data: await getFulfillment(backend, await confirmIfDue(backend, order)) });
  });

  route(router, endpoints.fulfillment.deliveryZip, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: call.params.orderNumber });
    const { zip } = call.body();
    const answer = await checkDeliveryZip(platform.db, order, zip).catch((error: unknown) => {
      throw asHttpError(error);
    });
    res.json({ data: answer });
  });

  route(router, endpoints.fulfillment.verifyAddress, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: call.params.orderNumber });
    const address = call.body();
    const answer = await verifyAddress(platform.db, tenantOf(backend, order.tenantId), order, address).catch(
      (error: unknown) => {
        throw asHttpError(error);
      },
    );
    res.json({ data: answer });
  });

  route(router, endpoints.fulfillment.book, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: call.params.orderNumber });
    const request = call.body();
    const updated = await requestAppointment(backend, order, request).catch((error: unknown) => {
      throw asHttpError(error);
    });
    res.status(201).json({ data: await getFulfillment(backend, updated) });
  });

  return router;
}
