import { Router, type Request } from 'express';
import { DESK_ERRORS, refusalMessage, staffMay, type DeskPermission } from '../../app/lib/contract/desk';
import { endpoints } from '../../app/lib/contract/endpoints';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import { jsonBody, type StepBackend } from '../orders/backend';
import { route } from '../http/endpoint-route';
import { HttpError, requireTenant, type Platform } from '../platform/http';
import { checkStaffCode, checkStaffPassword, endStaffSession, staffForToken, type StaffKeys } from './staff';
import { readAudit } from './audit';
import { FulfillmentError } from '../fulfillment/service';
import type { PaymentGateway } from '../payments/gateway';
import { SandboxGateway } from '../payments/sandbox-gateway';
import { PaymentError } from '../payments/service';
import {
  cancelDelivery,
  confirmDelivery,
  markDelivered,
  moveDelivery,
  recordMoney,
  countersignContract,
  listOrders,
  readOrder,
  reviewDocument,
  sendDeal,
  type ActionResult,
} from './orders';
import { readInventory, setVehiclePhotos, updateVehicle } from './inventory';
import { listLeads, updateLead } from './leads';
import { extendPrivacyRequest, fulfilPrivacyRequest, listPrivacyRequests, type PrivacyActionResult } from './privacy';
import { readToday } from './today';
import { listTradeIns, reviewTradeIn } from './trade-ins';
import { sendTradeInOfferReady } from '../trade-in/notices';

// The dealer desk API (issue 33, decision 075). Staff only: the desk token names a session of a
// staff member of THIS tenant; anything else (no token, a shopper's token, another tenant's
// staff) is a 404, so a desk URL tells an outsider nothing, not even that it exists.

const NOT_FOUND = new HttpError(404, DESK_ERRORS.notFound, 'Not found');

export type DeskCaller = { tenant: Tenant; staff: NonNullable<Awaited<ReturnType<typeof staffForToken>>> };

export async function requireStaff(platform: Platform, req: Request): Promise<DeskCaller> {
  const tenant = requireTenant(platform, req);
  const header = req.get('authorization');
  const staff = header?.startsWith('Bearer ') ? await staffForToken(platform.db, tenant.id, header.slice(7)) : null;
  if (!staff) throw NOT_FOUND;
  return { tenant, staff };
}

/** Staff whose role may not do this get a 403 that says so (decision 093); reading is open to every role. */
function requireRole(caller: DeskCaller, permission: DeskPermission): void {
  if (!staffMay(caller.staff.role, permission))
    throw new HttpError(403, DESK_ERRORS.forbidden, refusalMessage(caller.staff.role, permission));
}

const NOT_NOW = new HttpError(409, 'error.desk.notNow', 'This is not waiting for that any more: reload the order');

function acted(result: ActionResult | PrivacyActionResult): void {
  if (result === 'notFound') throw NOT_FOUND;
  if (result === 'notNow') throw NOT_NOW;
  if (result === 'noteMissing')
    throw new HttpError(400, 'error.desk.noteMissing', 'Say what was corrected: the shopper reads it');
}

/** A payments or fulfilment refusal (an amount too high, a time outside business hours) as the API's error. */
function asHttpError(error: unknown): unknown {
  return error instanceof PaymentError || error instanceof FulfillmentError
    ? new HttpError(error.status, error.code, error.message)
    : error;
}

export function deskRouter(
  platform: Platform,
  backend: StepBackend,
  keys: StaffKeys,
  gateway: PaymentGateway = new SandboxGateway(platform.db),
): Router {
  const router = Router();
  router.use('/api/desk', ...jsonBody());

  route(router, endpoints.desk.signIn, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const input = call.body();
    const result = await checkStaffPassword(platform.db, platform.identitySecret, { tenantId: tenant.id, ...input });
    if (!result.ok) {
      if (result.reason === 'locked')
        throw new HttpError(423, DESK_ERRORS.locked, 'The account is locked for 15 minutes');
      throw new HttpError(401, DESK_ERRORS.invalidCredentials, 'E-mail or password is incorrect');
    }
    res.setHeader('cache-control', 'no-store');
    res.json({ data: { challenge: result.challenge } });
  });

  route(router, endpoints.desk.signInCode, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const input = call.body();
    const result = await checkStaffCode(
      platform.db,
      { ...keys, secret: platform.identitySecret },
      { tenantId: tenant.id, brandName: tenant.brandName, ...input },
    );
    if (!result.ok) {
      switch (result.reason) {
        case 'expired':
          throw new HttpError(410, DESK_ERRORS.challengeExpired, 'The sign-in took too long: start again');
        case 'locked':
          throw new HttpError(423, DESK_ERRORS.codeLocked, 'Too many wrong codes: codes are locked for 30 minutes');
        case 'wrongLastTry':
          throw new HttpError(400, DESK_ERRORS.wrongCodeLastTry, 'The code is not right; one more wrong code locks it');
        case 'wrong':
          throw new HttpError(400, DESK_ERRORS.wrongCode, 'The code is not right');
      }
    }
    res.setHeader('cache-control', 'no-store');
    res.json({
      data: {
        token: result.token,
        staff: { id: result.staff.id, email: result.staff.email, role: result.staff.role },
        recoveryCodesLeft: result.recoveryCodesLeft,
        usedRecoveryCode: result.usedRecoveryCode,
      },
    });
  });

  route(router, endpoints.desk.signOut, async (req, res) => {
    const { staff } = await requireStaff(platform, req);
    await endStaffSession(platform.db, staff.sessionId);
    res.status(204).end();
  });

  route(router, endpoints.desk.me, async (req, res) => {
    const { staff } = await requireStaff(platform, req);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: { id: staff.id, email: staff.email, role: staff.role } });
  });

  route(router, endpoints.desk.today, async (req, res) => {
    const { tenant } = await requireStaff(platform, req);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: await readToday(platform.db, tenant.id) });
  });

  route(router, endpoints.desk.orders, async (req, res, call) => {
    const { tenant } = await requireStaff(platform, req);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: await listOrders(backend, tenant.id, call.query().q || undefined) });
  });

  route(router, endpoints.desk.order, async (req, res, call) => {
    const { tenant } = await requireStaff(platform, req);
    const order = await readOrder(backend, tenant.id, call.params.orderNumber);
    if (!order) throw NOT_FOUND;
    res.setHeader('cache-control', 'no-store');
    res.json({ data: order });
  });

  route(router, endpoints.desk.reviewDocument, async (req, res, call) => {
    const caller = await requireStaff(platform, req);
    requireRole(caller, 'reviewDocument');
    const { staff } = caller;
    const review = call.body();
    acted(
      await reviewDocument(backend, staff, {
        orderNumber: call.params.orderNumber,
        documentId: call.params.documentId,
        ...review,
      }),
    );
    res.status(204).end();
  });

  route(router, endpoints.desk.sendDeal, async (req, res, call) => {
    const caller = await requireStaff(platform, req);
    requireRole(caller, 'sendDeal');
    const { staff } = caller;
    acted(await sendDeal(backend, staff, call.params.orderNumber));
    res.status(204).end();
  });

  route(router, endpoints.desk.countersign, async (req, res, call) => {
    const caller = await requireStaff(platform, req);
    requireRole(caller, 'countersign');
    const { staff } = caller;
    acted(await countersignContract(backend, staff, call.params.orderNumber));
    res.status(204).end();
  });

  route(router, endpoints.desk.confirmDelivery, async (req, res, call) => {
    const caller = await requireStaff(platform, req);
    requireRole(caller, 'confirmDelivery');
    const { staff } = caller;
    acted(await confirmDelivery(backend, staff, call.params.orderNumber));
    res.status(204).end();
  });

  route(router, endpoints.desk.markDelivered, async (req, res, call) => {
    const caller = await requireStaff(platform, req);
    requireRole(caller, 'confirmDelivery');
    acted(await markDelivered(backend, caller.staff, call.params.orderNumber));
    res.status(204).end();
  });

  route(router, endpoints.desk.money, async (req, res, call) => {
    const caller = await requireStaff(platform, req);
    requireRole(caller, 'money');
    const input = call.body();
    acted(
      await recordMoney(backend, gateway, caller.staff, { orderNumber: call.params.orderNumber, ...input }).catch(
        (error: unknown) => {
          throw asHttpError(error);
        },
      ),
    );
    res.status(204).end();
  });

  route(router, endpoints.desk.moveDelivery, async (req, res, call) => {
    const caller = await requireStaff(platform, req);
    requireRole(caller, 'moveDelivery');
    const slot = call.body();
    acted(
      await moveDelivery(backend, caller.staff, { orderNumber: call.params.orderNumber, ...slot }).catch(
        (error: unknown) => {
          throw asHttpError(error);
        },
      ),
    );
    res.status(204).end();
  });

  route(router, endpoints.desk.cancelDelivery, async (req, res, call) => {
    const caller = await requireStaff(platform, req);
    requireRole(caller, 'moveDelivery');
    acted(await cancelDelivery(backend, caller.staff, call.params.orderNumber));
    res.status(204).end();
  });

  route(router, endpoints.desk.leads, async (req, res) => {
    const { tenant } = await requireStaff(platform, req);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: await listLeads(platform.db, tenant.id) });
  });

  route(router, endpoints.desk.updateLead, async (req, res, call) => {
    const caller = await requireStaff(platform, req);
    requireRole(caller, 'updateLead');
    const { staff } = caller;
    const input = call.body();
    acted(await updateLead(platform.db, staff, { leadId: call.params.leadId, ...input }));
    res.status(204).end();
  });

  route(router, endpoints.desk.inventory, async (req, res, call) => {
    const { tenant } = await requireStaff(platform, req);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: await readInventory(platform.db, tenant.id, call.query().q || undefined, backend.now()) });
  });

  route(router, endpoints.desk.updateVehicle, async (req, res, call) => {
    const caller = await requireStaff(platform, req);
    requireRole(caller, 'editInventory');
    const input = call.body();
    acted(await updateVehicle(platform.db, caller.staff, { vin: call.params.vin, ...input }, backend.now()));
    res.status(204).end();
  });

  route(router, endpoints.desk.vehiclePhotos, async (req, res, call) => {
    const caller = await requireStaff(platform, req);
    requireRole(caller, 'editInventory');
    const input = call.body();
    acted(await setVehiclePhotos(platform.db, caller.staff, { vin: call.params.vin, ...input }, backend.now()));
    res.status(204).end();
  });

  route(router, endpoints.desk.tradeIns, async (req, res) => {
    const { tenant } = await requireStaff(platform, req);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: await listTradeIns(platform.db, tenant.id) });
  });

  route(router, endpoints.desk.reviewTradeIn, async (req, res, call) => {
    const caller = await requireStaff(platform, req);
    requireRole(caller, 'reviewTradeIn');
    const { staff } = caller;
    const review = call.body();
    const outcome = review.decision === 'value' ? { offerCents: review.offerCents } : { denied: true as const };
    acted(
      await reviewTradeIn(platform.db, staff, call.params.offerId, outcome, new Date(), (offer) =>
        sendTradeInOfferReady(backend, offer),
      ),
    );
    res.status(204).end();
  });

  route(router, endpoints.desk.privacyRequests, async (req, res) => {
    const { tenant } = await requireStaff(platform, req);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: await listPrivacyRequests(platform.db, tenant.id, backend.now()) });
  });

  route(router, endpoints.desk.fulfilPrivacy, async (req, res, call) => {
    const caller = await requireStaff(platform, req);
    requireRole(caller, 'privacy');
    const { note } = call.body();
    acted(
      await fulfilPrivacyRequest(
        platform.db,
        backend.senders,
        caller.tenant,
        caller.staff,
        { requestId: call.params.requestId, note },
        backend.now(),
      ),
    );
    res.status(204).end();
  });

  route(router, endpoints.desk.extendPrivacy, async (req, res, call) => {
    const caller = await requireStaff(platform, req);
    requireRole(caller, 'privacy');
    const { reason } = call.body();
    acted(
      await extendPrivacyRequest(
        platform.db,
        backend.senders,
        caller.tenant,
        caller.staff,
        { requestId: call.params.requestId, reason },
        backend.now(),
      ),
    );
    res.status(204).end();
  });

  route(router, endpoints.desk.audit, async (req, res) => {
    const { tenant } = await requireStaff(platform, req);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: await readAudit(platform.db, tenant.id) });
  });

  return router;
}
