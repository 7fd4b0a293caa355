import { logger } from '../../app/lib/shared/logger.server';
import { Router, type Request } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { jsonBody } from '../orders/backend';
import { getIdentity, requireIdentity, requireTenant, type Platform } from '../platform/http';
import { SandboxAppraiser, type Appraiser } from './appraiser';
import { SandboxPayoffPartner, type PayoffPartner } from './payoff';
import {
  appraise,
  applyOffer,
  createOffer,
  deleteOffer,
  estimatePayoff,
  listOffers,
  lookupPlate,
  lookupVin,
  matchLender,
  quotePayoff,
  refreshOffer,
  requireOffer,
  settleDueReviews,
  toOfferView,
  unapplyOffer,
  type Owner,
  type TradeInContext,
} from './service';

// The trade-in area of the commerce API (base /api/trade-in; app/lib/contract/trade-in.ts is
// its reference). Look-ups and appraisals are open to signed-out shoppers; saving, listing,
// applying and payoff quotes need the shopper's identity (seed 002 §1: saving trade-ins needs
// an account). Payoff requests carry the SSN's last 4: never logged (handle() logs no body),
// never stored.

const BASE = '/api/trade-in';

export type TradeInOptions = {
  appraiser?: Appraiser;
  payoff?: PayoffPartner;
  now?: () => Date;
  offerReady?: TradeInContext['offerReady'];
  /** Settle offers whose review time has come this often, so their e-mail goes unasked (off in tests). */
  reviewSweepMs?: number;
};

export function tradeInRouter(platform: Platform, options: TradeInOptions = {}): Router {
  const ctx: TradeInContext = {
    db: platform.db,
    appraiser: options.appraiser ?? new SandboxAppraiser(),
    payoff: options.payoff ?? new SandboxPayoffPartner(),
    now: options.now ?? (() => new Date()),
    ...(options.offerReady ? { offerReady: options.offerReady } : {}),
    reviewedByStaff: (tenantId) => platform.tenants.byId.get(tenantId)?.partners === 'desk',
  };
  if (options.reviewSweepMs) {
    setInterval(() => {
      settleDueReviews(ctx).catch((error: unknown) => logger.warn({ err: error }, 'trade-in: the review sweep failed'));
    }, options.reviewSweepMs).unref();
  }
  const router = Router();
  router.use(BASE, jsonBody('16kb'));

  async function owner(req: Request): Promise<Owner> {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    return { tenantId: tenant.id, userId: identity.userId };
  }

  route(router, endpoints.tradeIn.lookupVin, async (req, res, call) => {
    requireTenant(platform, req);
    res.json({ data: lookupVin(call.params.vin, ctx.now()) });
  });

  route(router, endpoints.tradeIn.lookupPlate, async (req, res, call) => {
    requireTenant(platform, req);
    const query = call.query();
    res.json({ data: await lookupPlate(ctx, query.plate, query.state) });
  });

  route(router, endpoints.tradeIn.appraise, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    await getIdentity(platform, req, tenant);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: await appraise(ctx, call.body()) });
  });

  route(router, endpoints.tradeIn.listOffers, async (req, res) => {
    const rows = await listOffers(ctx, await owner(req));
    res.setHeader('cache-control', 'no-store');
    res.json({ data: rows.map(toOfferView) });
  });

  route(router, endpoints.tradeIn.saveOffer, async (req, res, call) => {
    const who = await owner(req);
    const { row, created } = await createOffer(ctx, who, call.body());
    res.status(created ? 201 : 200).json({ data: toOfferView(row) });
  });

  route(router, endpoints.tradeIn.getOffer, async (req, res, call) => {
    const row = await requireOffer(ctx, await owner(req), call.params.id);
    res.setHeader('cache-control', 'no-store');
    res.json({ data: toOfferView(row) });
  });

  route(router, endpoints.tradeIn.deleteOffer, async (req, res, call) => {
    await deleteOffer(ctx, await owner(req), call.params.id);
    res.status(204).end();
  });

  route(router, endpoints.tradeIn.refreshOffer, async (req, res, call) => {
    res.json({ data: toOfferView(await refreshOffer(ctx, await owner(req), call.params.id)) });
  });

  route(router, endpoints.tradeIn.applyOffer, async (req, res, call) => {
    const input = call.body();
    res.json({ data: await applyOffer(ctx, await owner(req), call.params.id, input) });
  });

  route(router, endpoints.tradeIn.unapplyOffer, async (req, res, call) => {
    res.json({ data: toOfferView(await unapplyOffer(ctx, await owner(req), call.params.id)) });
  });

  route(router, endpoints.tradeIn.matchLender, async (req, res) => {
    requireTenant(platform, req);
    const name = typeof req.query.name === 'string' ? req.query.name.slice(0, 80) : '';
    const { lender, suggestion } = matchLender(name);
    res.json({ data: { lender: lender && { name: lender.name, requires: lender.requires }, suggestion } });
  });

  route(router, endpoints.tradeIn.quotePayoff, async (req, res, call) => {
    const body = call.body();
    res.json({ data: toOfferView(await quotePayoff(ctx, await owner(req), call.params.id, body)) });
  });

  route(router, endpoints.tradeIn.estimatePayoff, async (req, res, call) => {
    const body = call.body();
    res.json({
      data: toOfferView(await estimatePayoff(ctx, await owner(req), call.params.id, body.balanceCents, body.lender)),
    });
  });

  return router;
}
