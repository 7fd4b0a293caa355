import { Router, type Request, type Response } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { CHECKOUT_ERROR_CODES as E, creditApplicationStepSchema } from '../../app/lib/contract/checkout';
import { HEADER } from '../../app/lib/contract/common';
import { getEnv } from '../../app/lib/shared/env.server';
import { logger } from '../../app/lib/shared/logger.server';
import { jsonBody } from '../orders/backend';
import type { PaymentGateway } from '../payments/gateway';
import { HttpError, getIdentity, requireIdentity, requireTenant, type Platform } from '../platform/http';
import { ApplicationInvalid } from './application';
import { markFinanceCompleted } from '../prequal/service';
import { withPrequal } from '../prequal/checkout-reuse';
import { getCreditProfile } from './credit-profile';
import { checkIdempotencyKey, getReceipt, placeOrder, settleIfStuck, settleStuckPlacements } from './placement';
import {
  acknowledgeChanges,
  answerDecision,
  chooseProtection,
  claimCart,
  extendHold,
  findCurrentCart,
  listProtection,
  removeVehicle,
  requireCart,
  requireShopperCart,
  saveApplicationStep,
  startCart,
  submitApplication,
  sweepLapsed,
  toCartView,
  updateCart,
  type CartOwner,
  type CartRow,
  type CheckoutContext,
} from './service';

// The checkout area of the commerce API (base /api/checkout; app/lib/contract/checkout.ts is
// its reference). Answers are `{ data }`; carts are never cached. The request bodies of the
// credit application carry SSNs and dates of birth: they are parsed here and stored encrypted
// by the service, never logged (the error logger of `handle` gets no request body).

const ORDER_NUMBER = /^[A-Z0-9-]{4,40}$/;
const SESSION_ID = /^[A-Za-z0-9_-]{8,200}$/;

export type CheckoutOptions = {
  gateway: PaymentGateway;
  piiKey: Buffer;
  now?: () => Date;
  orderCreationSeconds?: () => number;
  orderPlaced?: CheckoutContext['orderPlaced'];
};

export function createCheckoutContext(platform: Platform, options: Omit<CheckoutOptions, 'gateway'>): CheckoutContext {
  return {
    db: platform.db,
    piiKey: options.piiKey,
    now: options.now ?? (() => new Date()),
    orderCreationSeconds: options.orderCreationSeconds ?? (() => getEnv().ORDER_CREATION_SECONDS),
    inventoryLimits: (tenantId) => platform.tenants.byId.get(tenantId)?.inventory,
    ...(options.orderPlaced ? { orderPlaced: options.orderPlaced } : {}),
  };
}

export function checkoutRouter(platform: Platform, options: CheckoutOptions): Router {
  const ctx = createCheckoutContext(platform, options);
  const router = Router();
  router.use('/api/checkout', jsonBody('32kb'));

  async function ownerOf(req: Request): Promise<CartOwner> {
    const tenant = requireTenant(platform, req);
    const identity = await getIdentity(platform, req, tenant);
    const session = req.get(HEADER.sessionId);
    return {
      tenantId: tenant.id,
      userId: identity?.userId ?? null,
      sessionId: session && SESSION_ID.test(session) ? session : null,
    };
  }

  async function loadCart(req: Request): Promise<{ owner: CartOwner; cart: CartRow }> {
    const owner = await ownerOf(req);
    // A change releases lapsed holds first; a read never writes (the sweeper does, issue 30) and
    // reads a lapsed hold as lapsed (toCartView).
    if (req.method !== 'GET') await sweepLapsed(ctx);
    // A placement interrupted mid-way is reconciled as soon as its cart is read (decision 011).
    return {
      owner,
      cart: await settleIfStuck(ctx, options.gateway, await requireCart(ctx, owner, String(req.params.cartId))),
    };
  }

  async function send(res: Response, cart: CartRow, status = 200): Promise<void> {
    res.setHeader('cache-control', 'no-store');
    res.status(status).json({ data: await toCartView(ctx, await withPrequal(ctx, cart)) });
  }

  route(router, endpoints.checkout.currentCart, async (req, res) => {
    const owner = await ownerOf(req);
    const found = await findCurrentCart(ctx, owner);
    const cart = found && (await settleIfStuck(ctx, options.gateway, found));
    res.setHeader('cache-control', 'no-store');
    res.json({ data: cart ? await toCartView(ctx, await withPrequal(ctx, cart)) : null });
  });

  route(router, endpoints.checkout.createCart, async (req, res, call) => {
    const owner = await ownerOf(req);
    const input = call.body();
    const { cart, created } = await startCart(ctx, owner, input);
    await send(res, cart, created ? 201 : 200);
  });

  route(router, endpoints.checkout.cart, async (req, res) => {
    const { cart } = await loadCart(req);
    await send(res, cart);
  });

  route(router, endpoints.checkout.updateCart, async (req, res, call) => {
    const { cart } = await loadCart(req);
    await send(res, await updateCart(ctx, cart, call.body()));
  });

  route(router, endpoints.checkout.extendHold, async (req, res) => {
    const { cart } = await loadCart(req);
    await send(res, await extendHold(ctx, cart));
  });

  route(router, endpoints.checkout.acknowledgeChanges, async (req, res) => {
    const { cart } = await loadCart(req);
    await send(res, await acknowledgeChanges(ctx, cart));
  });

  route(router, endpoints.checkout.removeVehicle, async (req, res) => {
    const { cart } = await loadCart(req);
    await send(res, await removeVehicle(ctx, cart));
  });

  route(router, endpoints.checkout.claimCart, async (req, res) => {
    const tenant = requireTenant(platform, req);
    await requireIdentity(platform, req, tenant);
    const { owner, cart } = await loadCart(req);
    await send(res, await claimCart(ctx, owner, cart));
  });

  route(router, endpoints.checkout.protectionPlans, async (req, res) => {
    const tenant = requireTenant(platform, req);
    await requireIdentity(platform, req, tenant);
    // Signed in is enough: the Account step may not have claimed this session's cart yet.
    const { cart } = await loadCart(req);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: { plans: await listProtection(ctx, cart) } });
  });

  route(router, endpoints.checkout.chooseProtection, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    await requireIdentity(platform, req, tenant);
    const { cart } = await loadCart(req);
    await send(res, await chooseProtection(ctx, cart, call.body()));
  });

  route(router, endpoints.checkout.submitCreditApplication, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    await requireIdentity(platform, req, tenant);
    const { owner, cart } = await loadCart(req);
    requireShopperCart(owner, cart);
    call.body();
    const submitted = await submitApplication(ctx, cart);
    // A credit application made on the pre-qualification completes it (seed 001 §4 mf_completed).
    if (submitted.bureauFile?.source === 'prequal' && owner.userId)
      await markFinanceCompleted(ctx.db, { tenantId: owner.tenantId, userId: owner.userId }, ctx.now());
    await send(res, submitted);
  });

  route(router, endpoints.checkout.saveCreditApplicationStep, async (req, res) => {
    const tenant = requireTenant(platform, req);
    await requireIdentity(platform, req, tenant);
    const { owner, cart } = await loadCart(req);
    requireShopperCart(owner, cart);
    const step = creditApplicationStepSchema.safeParse(req.params.step);
    if (!step.success) throw new HttpError(404, 'error.route.notFound', 'No such credit application step');
    try {
      await send(res, await saveApplicationStep(ctx, cart, step.data, req.body ?? {}));
    } catch (error) {
      if (!(error instanceof ApplicationInvalid)) throw error;
      res.status(422).json({
        error: { code: E.applicationInvalid, message: 'Some answers need another look' },
        fieldErrors: error.fieldErrors,
      });
    }
  });

  route(router, endpoints.checkout.answerDecision, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    await requireIdentity(platform, req, tenant);
    const { owner, cart } = await loadCart(req);
    requireShopperCart(owner, cart);
    const { answer } = call.body();
    await send(res, await answerDecision(ctx, cart, answer));
  });

  route(router, endpoints.checkout.placeOrder, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    await requireIdentity(platform, req, tenant);
    const key = checkIdempotencyKey(req.get('idempotency-key'));
    const { owner, cart } = await loadCart(req);
    requireShopperCart(owner, cart);
    if (cart.orderNumber) return send(res, cart, 202);
    const request = call.body();
    await send(res, await placeOrder(ctx, options.gateway, owner, cart, request, key), 202);
  });

  route(router, endpoints.checkout.creditProfile, async (req, res) => {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: await getCreditProfile(ctx, { tenantId: tenant.id, userId: identity.userId }) });
  });

  route(router, endpoints.checkout.receipt, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant).catch(() => null);
    const orderNumber = call.params.orderNumber;
    const notFound = new HttpError(404, 'error.order.notFound', 'No such order');
    if (!identity || !ORDER_NUMBER.test(orderNumber)) throw notFound;
    const receipt = await getReceipt(ctx, { tenantId: tenant.id, userId: identity.userId }, orderNumber);
    if (!receipt) throw notFound;
    res.setHeader('cache-control', 'no-store');
    res.json({ data: receipt });
  });

  return router;
}

/** The periodic release of lapsed holds (the lazy release covers whoever touches checkout first). */
export function startHoldSweeper(
  platform: Platform,
  intervalMs = 30_000,
  now: () => Date = () => new Date(),
): () => void {
  const ctx = createCheckoutContext(platform, { piiKey: Buffer.alloc(32), now });
  const timer = setInterval(() => {
    sweepLapsed(ctx).catch((error: unknown) => logger.warn({ err: error }, 'checkout: the hold sweep failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Reconciles interrupted placements now (start-up) and then every minute; the same happens
 * whenever a stuck cart is read, so the timer only hurries along carts nobody looks at.
 */
export function startPlacementReconciler(
  platform: Platform,
  gateway: PaymentGateway,
  now: () => Date = () => new Date(),
): () => void {
  const ctx = createCheckoutContext(platform, { piiKey: Buffer.alloc(32), now });
  const run = () => {
    settleStuckPlacements(ctx, gateway).catch((error: unknown) =>
      logger.warn({ err: error }, 'checkout: the placement reconciliation failed'),
    );
  };
  run();
  const timer = setInterval(run, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
