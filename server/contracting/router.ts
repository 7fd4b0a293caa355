import { and, eq } from 'drizzle-orm';
import { Router, type Request } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { CONTRACT_ERRORS } from '../../app/lib/contract/tracker';
import { orders, users } from '../db/schema';
import { createStepBackend, findOrderOwner, tenantOf, type StepBackend, jsonBody } from '../orders/backend';
import type { OrderRow } from '../orders/changes';
import { requireOwnedOrder } from '../orders/ownership';
import { getDealTerms } from '../orders/terms';
import { HttpError, requireIdentity, requireTenant, type Platform } from '../platform/http';
import { renderContractPdf } from './contract-pdf';
import {
  ContractError,
  advanceEnvelope,
  envelopeState,
  findSigning,
  prepareEnvelope,
  signAsBuyer,
  toEnvelope,
  toReadiness,
  toSigningStatus,
} from './envelope';
import { verifySigningToken } from './tokens';

function asHttpError(error: unknown): unknown {
  return error instanceof ContractError ? new HttpError(error.status, error.code, error.message) : error;
}

export function contractingRouter(platform: Platform, backend: StepBackend = createStepBackend(platform)): Router {
  const router = Router();
  router.use('/api/contracting/signing', jsonBody('8kb'));

  /** The order's signing row, with whatever the contract service and the dealer did since. */
  async function currentSigning(order: OrderRow) {
    return advanceEnvelope(backend, order, await findSigning(backend, order.orderNumber));
  }

  route(router, endpoints.contracting.readiness, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: call.params.orderNumber });
    res.setHeader('cache-control', 'no-store');
    res.json(toReadiness(await currentSigning(order)));
  });

  route(router, endpoints.contracting.status, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: call.params.orderNumber });
    res.setHeader('cache-control', 'no-store');
    res.json(toSigningStatus(await currentSigning(order)));
  });

  route(router, endpoints.contracting.envelope, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: call.params.orderNumber });
    res.setHeader('cache-control', 'no-store');
    res.json({ data: await toEnvelope(backend, order, await currentSigning(order)) });
  });

  route(router, endpoints.contracting.prepare, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { orderNumber: call.params.orderNumber });
    const row = await prepareEnvelope(backend, order).catch((error: unknown) => {
      throw asHttpError(error);
    });
    res.status(202).json({ data: await toEnvelope(backend, order, row) });
  });

  /**
   * The order a signing token opens, for the signed-in shopper. The token names the e-mail tied
   * to the order; a shopper signed in with another e-mail is told so (seed 002 §6, §8), not 404.
   */
  async function requireSigningOrder(req: Request): Promise<OrderRow> {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    const check = await verifySigningToken(String(req.params.token), platform.identitySecret, backend.now());
    if (!check.ok) {
      throw check.reason === 'expired'
        ? new HttpError(410, CONTRACT_ERRORS.linkExpired, 'The signing link has expired')
        : new HttpError(404, CONTRACT_ERRORS.linkBroken, 'The signing link is broken');
    }
    const { claims } = check;
    if (claims.tenantId !== tenant.id)
      throw new HttpError(404, CONTRACT_ERRORS.linkBroken, 'The signing link is broken');
    const [order] = await platform.db
      .select()
      .from(orders)
      .where(and(eq(orders.orderNumber, claims.orderNumber), eq(orders.tenantId, tenant.id)))
      .limit(1);
    if (!order) throw new HttpError(404, CONTRACT_ERRORS.linkBroken, 'The signing link is broken');
    const [signedIn] = await platform.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, identity.userId))
      .limit(1);
    const owner = await findOrderOwner(platform.db, order);
    const orderEmail = owner.email.toLowerCase();
    if (
      !signedIn ||
      signedIn.email.toLowerCase() !== claims.email ||
      orderEmail !== claims.email ||
      identity.userId !== order.userId
    ) {
      throw new HttpError(
        403,
        CONTRACT_ERRORS.differentEmail,
        'Sign in with the e-mail tied to this order to sign its contract',
      );
    }
    return order;
  }

  route(router, endpoints.contracting.document, async (req, res) => {
    const order = await requireSigningOrder(req);
    const row = await currentSigning(order);
    const terms = await getDealTerms(platform.db, order, tenantOf(backend, order.tenantId));
    res.setHeader('cache-control', 'no-store');
    res.json({
      data: {
        orderNumber: order.orderNumber,
        state: envelopeState(row, backend.now()),
        terms,
        buyerName: `${terms.buyer.firstName} ${terms.buyer.lastName}`,
      },
    });
  });

  route(router, endpoints.contracting.documentPdf, async (req, res) => {
    const order = await requireSigningOrder(req);
    const row = await currentSigning(order);
    const tenant = tenantOf(backend, order.tenantId);
    const terms = await getDealTerms(platform.db, order, tenant);
    const buyerName = `${terms.buyer.firstName} ${terms.buyer.lastName}`;
    const bytes = await renderContractPdf(
      terms,
      { buyerName, buyerSignedAt: row?.buyerSigned ? row.updatedAt : null, dealerSigned: row?.dealerSigned ?? false },
      backend.now(),
      tenant.timeZone,
    );
    res.setHeader('cache-control', 'no-store');
    res.setHeader('content-disposition', `inline; filename="contract-${order.orderNumber}.pdf"`);
    res.type('application/pdf').send(Buffer.from(bytes));
  });

  route(router, endpoints.contracting.sign, async (req, res, call) => {
    const order = await requireSigningOrder(req);
    const { typedName } = call.body();
    const row = await signAsBuyer(backend, order, typedName).catch((error: unknown) => {
      throw asHttpError(error);
    });
    res.json({ data: await toEnvelope(backend, order, row) });
  });

  return router;
}
