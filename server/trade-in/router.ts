import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  applyTradeInRequestSchema,
  appraisalRequestSchema,
  payoffEstimateRequestSchema,
  payoffQuoteRequestSchema,
} from '../../app/lib/contract/trade-in';
import { jsonBody } from '../orders/backend';
import { getIdentity, handle, parseBody, requireIdentity, requireTenant, type Platform } from '../platform/http';
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
const plateQuery = z.object({ plate: z.string().min(1).max(10), state: z.string().regex(/^[A-Z]{2}$/) });

export type TradeInOptions = { appraiser?: Appraiser; payoff?: PayoffPartner; now?: () => Date };

export function tradeInRouter(platform: Platform, options: TradeInOptions = {}): Router {
  const ctx: TradeInContext = {
    db: platform.db,
    appraiser: options.appraiser ?? new SandboxAppraiser(),
    payoff: options.payoff ?? new SandboxPayoffPartner(),
    now: options.now ?? (() => new Date()),
  };
  const router = Router();
  router.use(BASE, jsonBody('16kb'));

  async function owner(req: Request): Promise<Owner> {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    return { tenantId: tenant.id, userId: identity.userId };
  }

  router.get(
    `${BASE}/vins/:vin`,
    handle(async (req, res) => {
      requireTenant(platform, req);
      res.json({ data: lookupVin(String(req.params.vin), ctx.now()) });
    }),
  );

  router.get(
    `${BASE}/plates`,
    handle(async (req, res) => {
      requireTenant(platform, req);
      const query = parseBody(plateQuery, req.query);
      res.json({ data: lookupPlate(query.plate, query.state, ctx.now()) });
    }),
  );

  router.post(
    `${BASE}/appraisals`,
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      await getIdentity(platform, req, tenant);
      res.setHeader('cache-control', 'no-store');
      res.json({ data: await appraise(ctx, parseBody(appraisalRequestSchema, req.body)) });
    }),
  );

  router.get(
    `${BASE}/offers`,
    handle(async (req, res) => {
      const rows = await listOffers(ctx, await owner(req));
      res.setHeader('cache-control', 'no-store');
      res.json({ data: rows.map(toOfferView) });
    }),
  );

  router.post(
    `${BASE}/offers`,
    handle(async (req, res) => {
      const who = await owner(req);
      const row = await createOffer(ctx, who, parseBody(appraisalRequestSchema, req.body));
      res.status(201).json({ data: toOfferView(row) });
    }),
  );

  router.get(
    `${BASE}/offers/:id`,
    handle(async (req, res) => {
      const row = await requireOffer(ctx, await owner(req), String(req.params.id));
      res.setHeader('cache-control', 'no-store');
      res.json({ data: toOfferView(row) });
    }),
  );

  router.delete(
    `${BASE}/offers/:id`,
    handle(async (req, res) => {
      await deleteOffer(ctx, await owner(req), String(req.params.id));
      res.status(204).end();
    }),
  );

  router.post(
    `${BASE}/offers/:id/refresh`,
    handle(async (req, res) => {
      res.json({ data: toOfferView(await refreshOffer(ctx, await owner(req), String(req.params.id))) });
    }),
  );

  router.post(
    `${BASE}/offers/:id/apply`,
    handle(async (req, res) => {
      const input = parseBody(applyTradeInRequestSchema, req.body);
      res.json({ data: await applyOffer(ctx, await owner(req), String(req.params.id), input) });
    }),
  );

  router.delete(
    `${BASE}/offers/:id/apply`,
    handle(async (req, res) => {
      res.json({ data: toOfferView(await unapplyOffer(ctx, await owner(req), String(req.params.id))) });
    }),
  );

  router.get(
    `${BASE}/lenders`,
    handle(async (req, res) => {
      requireTenant(platform, req);
      const name = typeof req.query.name === 'string' ? req.query.name.slice(0, 80) : '';
      const { lender, suggestion } = matchLender(name);
      res.json({ data: { lender: lender && { name: lender.name, requires: lender.requires }, suggestion } });
    }),
  );

  router.post(
    `${BASE}/offers/:id/payoff`,
    handle(async (req, res) => {
      const body = parseBody(payoffQuoteRequestSchema, req.body);
      res.json({ data: toOfferView(await quotePayoff(ctx, await owner(req), String(req.params.id), body)) });
    }),
  );

  router.post(
    `${BASE}/offers/:id/payoff-estimate`,
    handle(async (req, res) => {
      const body = parseBody(payoffEstimateRequestSchema, req.body);
      res.json({
        data: toOfferView(
          await estimatePayoff(ctx, await owner(req), String(req.params.id), body.balanceCents, body.lender),
        ),
      });
    }),
  );

  return router;
}
