import { Router } from 'express';
import { addressSchema, appointmentRequestSchema, deliveryZipRequestSchema } from '../../app/lib/contract/tracker';
import { createStepBackend, jsonBody, tenantOf, type StepBackend } from '../orders/backend';
import { requireOwnedOrder } from '../orders/ownership';
import { HttpError, handle, parseBody, type Platform } from '../platform/http';
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

  router.get(
    '/api/fulfillment/:orderNumber',
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { orderNumber: String(req.params.orderNumber) });
      res.setHeader('cache-control', 'no-store');
      res.json({ data: await getFulfillment(backend, await confirmIfDue(backend, order)) });
    }),
  );

  router.post(
    '/api/fulfillment/:orderNumber/delivery-zip',
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { orderNumber: String(req.params.orderNumber) });
      const { zip } = parseBody(deliveryZipRequestSchema, req.body);
      const answer = await checkDeliveryZip(tenantOf(backend, order.tenantId), zip).catch((error: unknown) => {
        throw asHttpError(error);
      });
      res.json({ data: answer });
    }),
  );

  router.post(
    '/api/fulfillment/:orderNumber/address/verify',
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { orderNumber: String(req.params.orderNumber) });
      const address = parseBody(addressSchema, req.body);
      const answer = await verifyAddress(tenantOf(backend, order.tenantId), address).catch((error: unknown) => {
        throw asHttpError(error);
      });
      res.json({ data: answer });
    }),
  );

  router.post(
    '/api/fulfillment/:orderNumber/appointments',
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { orderNumber: String(req.params.orderNumber) });
      const request = parseBody(appointmentRequestSchema, req.body);
      const updated = await requestAppointment(backend, order, request).catch((error: unknown) => {
        throw asHttpError(error);
      });
      res.status(201).json({ data: await getFulfillment(backend, updated) });
    }),
  );

  return router;
}
