import { and, desc, eq, lte } from 'drizzle-orm';
import { logger } from '../../app/lib/shared/logger.server';
import {
  EXPIRED_KEEP_DAYS,
  OFFER_VALID_DAYS,
  TRADE_IN_ERROR_CODES as E,
  type Appraisal,
  type AppraisalRequest,
  type CartTradeIn,
  type PayoffQuoteRequest,
  type TradeInOffer,
  type TradeInReason,
  type VehicleLookup,
} from '../../app/lib/contract/trade-in';
import { decodeModelYear, isValidVin, normalizeVin } from '../../app/lib/shared/vin';
import type { Db } from '../db/client';
import type { DbOrTx } from '../orders/changes';
import { carts, tradeInOffers, type CartTradeInRow } from '../db/schema';
import { HttpError } from '../platform/http';
import { currentModelYear, type Appraiser } from './appraiser';
import { matchLender, type PayoffPartner } from './payoff';
import { findModel, makeForWmi, modelsForVin } from './valuation';

// The trade-in area's service: look-ups, appraisals, the shopper's saved offers and their
// states, one trade-in per cart, and the payoff quote.

export type TradeInContext = {
  db: Db;
  appraiser: Appraiser;
  payoff: PayoffPartner;
  now: () => Date;
  /** Tells the shopper an offer left review with a value (server/trade-in/notices.ts); sent once. */
  offerReady?: (offer: OfferRow) => Promise<unknown>;
  /** Whether staff settle the tenant's offers in further review (partners: desk): then no timer does. */
  reviewedByStaff?: (tenantId: string) => boolean;
};
export type OfferRow = typeof tradeInOffers.$inferSelect;
export type Owner = { tenantId: string; userId: string };

const DAY_MS = 24 * 60 * 60_000;

// ------------------------------------------------------------------------ Look-ups

export function lookupVin(rawVin: string, now: Date): VehicleLookup {
  const vin = normalizeVin(rawVin);
  if (!isValidVin(vin)) throw new HttpError(422, E.invalidVin, 'That VIN is not valid. Check its 17 characters.');
  const year = decodeModelYear(vin, currentModelYear(now) + 1);
  const make = makeForWmi(vin.slice(0, 3));
  if (!year || !make) throw new HttpError(422, E.unknownVehicle, 'We could not find a vehicle for that VIN.');
  const models = modelsForVin(vin.slice(0, 3), make, year, vin.slice(3, 8));
  if (models.length === 0) throw new HttpError(422, E.unknownVehicle, 'We could not find a vehicle for that VIN.');
  return { vin, year, make, models };
}

/**
 * The car registered with a plate in a state, through the appraisal partner's registry look-up;
 * its VIN decodes to the registered model, so the vehicle step lists that model's trims only.
 */
export async function lookupPlate(ctx: TradeInContext, plate: string, state: string): Promise<VehicleLookup> {
  const now = ctx.now();
  const record = await ctx.appraiser.lookupPlate(plate, state, now);
  if (!record) {
    throw new HttpError(404, E.plateNotFound, 'We could not find a vehicle registered with that plate in that state.');
  }
  const found = lookupVin(record.vin, now);
  const registered = found.models.filter((entry) => entry.model === record.model);
  return { ...found, models: registered.length > 0 ? registered : found.models };
}

// ------------------------------------------------------------------------ Appraisals

export async function appraise(ctx: TradeInContext, input: AppraisalRequest): Promise<Appraisal> {
  const now = ctx.now();
  const found = lookupVin(input.vin, now);
  const answer = await ctx.appraiser.appraise({ ...input, vin: found.vin, year: found.year, make: found.make }, now);
  return { ...answer, readyAt: answer.readyAt?.toISOString() ?? null, year: found.year, make: found.make };
}

function statusOf(outcome: Appraisal['outcome']): OfferRow['status'] {
  return outcome === 'instant' ? 'available' : outcome === 'review' ? 'pending' : outcome;
}

function expiryOf(outcome: Appraisal['outcome'], now: Date, readyAt: Date | null): Date | null {
  if (outcome === 'instant') return new Date(now.getTime() + OFFER_VALID_DAYS * DAY_MS);
  if (outcome === 'review' && readyAt) return new Date(readyAt.getTime() + OFFER_VALID_DAYS * DAY_MS);
  return null;
}

/**
 * Saves the shopper's offer for a vehicle: one per shopper and VIN (issue 31), so "Save my
 * offer" sent again (Back, then the button once more) answers the offer it saved instead of a
 * copy. Saved again with other answers, the offer is appraised again in place; one already
 * applied to a purchase stays as it is. `created` is false when an offer was already there.
 */
export async function createOffer(
  ctx: TradeInContext,
  owner: Owner,
  input: AppraisalRequest,
): Promise<{ row: OfferRow; created: boolean }> {
  const now = ctx.now();
  const vin = normalizeVin(input.vin);
  const appraisal = await appraise(ctx, input);
  const readyAt = appraisal.readyAt ? new Date(appraisal.readyAt) : null;
  const values = {
    year: appraisal.year,
    make: appraisal.make,
    model: findModel(appraisal.make, input.model)?.model ?? input.model,
    trim: input.trim,
    mileage: input.mileage,
    condition: input.condition,
    ownership: input.ownership,
    registrationState: input.registrationState,
    applyToPurchase: input.applyToPurchase,
    hasLoan: input.hasLoan,
    amountOwedCents: input.hasLoan ? input.amountOwedCents : null,
    status: statusOf(appraisal.outcome),
    offerCents: appraisal.offerCents,
    reasons: appraisal.reasons,
    readyAt,
    expiresAt: expiryOf(appraisal.outcome, now, readyAt),
    updatedAt: now,
  };
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(tradeInOffers)
      .where(
        and(
          eq(tradeInOffers.tenantId, owner.tenantId),
          eq(tradeInOffers.userId, owner.userId),
          eq(tradeInOffers.vin, vin),
        ),
      )
      .orderBy(desc(tradeInOffers.createdAt))
      .limit(1)
      .for('update');
    if (existing?.status === 'applied') return { row: existing, created: false };
    if (existing && sameAnswers(existing, values) && settledStatus(existing, now) !== 'expired')
      return { row: existing, created: false };
    if (existing) {
      const [updated] = await tx.update(tradeInOffers).set(values).where(eq(tradeInOffers.id, existing.id)).returning();
      return { row: updated!, created: false };
    }
    const [row] = await tx
      .insert(tradeInOffers)
      .values({ tenantId: owner.tenantId, userId: owner.userId, vin, ...values, createdAt: now })
      .returning();
    return { row: row!, created: true };
  });
}

/** The shopper's answers are the ones the saved offer was appraised on. */
function sameAnswers(
  row: OfferRow,
  values: Pick<
    OfferRow,
    'model' | 'trim' | 'mileage' | 'condition' | 'ownership' | 'registrationState' | 'hasLoan' | 'amountOwedCents'
  >,
): boolean {
  return (
    row.model === values.model &&
    row.trim === values.trim &&
    row.mileage === values.mileage &&
    row.condition === values.condition &&
    row.ownership === values.ownership &&
    row.registrationState === values.registrationState &&
    row.hasLoan === values.hasLoan &&
    row.amountOwedCents === values.amountOwedCents
  );
}

// ------------------------------------------------------------------------ States

/** What the row is at `now`: pending → proposed at ready_at; proposed/available → expired at expiry. */
export function settledStatus(row: Pick<OfferRow, 'status' | 'readyAt' | 'expiresAt'>, now: Date): OfferRow['status'] {
  let status = row.status;
  if (status === 'pending' && row.readyAt && row.readyAt <= now) status = 'proposed';
  if ((status === 'proposed' || status === 'available') && row.expiresAt && row.expiresAt <= now) status = 'expired';
  return status;
}

/** Expired offers stay 30 days after expiry; denied and ineligible ones 30 days after they were made. */
export function removeAt(row: Pick<OfferRow, 'status' | 'expiresAt' | 'createdAt'>): Date | null {
  if (row.status === 'expired' && row.expiresAt) return new Date(row.expiresAt.getTime() + EXPIRED_KEEP_DAYS * DAY_MS);
  if (row.status === 'denied' || row.status === 'ineligible')
    return new Date(row.createdAt.getTime() + EXPIRED_KEEP_DAYS * DAY_MS);
  return null;
}

/** Writes the settled status and removes rows past their keep; answers the row, or null once removed. */
async function settle(ctx: TradeInContext, row: OfferRow): Promise<OfferRow | null> {
  const now = ctx.now();
  // At a desk tenant an offer in further review waits for staff (issue 33), whatever its ready time.
  if (row.status === 'pending' && ctx.reviewedByStaff?.(row.tenantId)) return row;
  const status = settledStatus(row, now);
  let current = row;
  if (status !== row.status) {
    // Only the request whose update moved the offer tells the shopper it is ready.
    const [updated] = await ctx.db
      .update(tradeInOffers)
      .set({ status, updatedAt: now })
      .where(and(eq(tradeInOffers.id, row.id), eq(tradeInOffers.status, row.status)))
      .returning();
    current = updated ?? { ...row, status };
    if (updated && row.status === 'pending' && updated.status === 'proposed') await offerReady(ctx, updated);
  }
  const purgeAt = removeAt(current);
  if (purgeAt && purgeAt <= now) {
    await ctx.db.delete(tradeInOffers).where(eq(tradeInOffers.id, row.id));
    return null;
  }
  return current;
}

async function offerReady(ctx: Pick<TradeInContext, 'offerReady'>, offer: OfferRow): Promise<void> {
  await ctx
    .offerReady?.(offer)
    .catch((error: unknown) =>
      logger.warn({ err: error, offerId: offer.id }, 'trade-in: the offer-ready message was not sent'),
    );
}

/**
 * Offers whose review time has come, settled without waiting for the shopper to look (the
 * e-mail is what tells them); a desk tenant's wait for staff. Answers how many left review.
 */
export async function settleDueReviews(ctx: TradeInContext): Promise<number> {
  const due = await ctx.db
    .select()
    .from(tradeInOffers)
    .where(and(eq(tradeInOffers.status, 'pending'), lte(tradeInOffers.readyAt, ctx.now())));
  let settled = 0;
  for (const row of due) if ((await settle(ctx, row))?.status !== 'pending') settled += 1;
  return settled;
}

/**
 * A person settles an offer in further review (the desk, issue 33): a value makes it `proposed`
 * from now for the usual validity, as the review timer does at ready_at; a denial makes it
 * `denied`. Answers the row before and after, or null when no offer of the tenant waits in review.
 */
export async function settleReview(
  db: DbOrTx,
  tenantId: string,
  id: string,
  outcome: { offerCents: number } | { denied: true },
  now: Date,
): Promise<{ before: OfferRow; after: OfferRow } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(tradeInOffers)
      .where(and(eq(tradeInOffers.id, id), eq(tradeInOffers.tenantId, tenantId), eq(tradeInOffers.status, 'pending')))
      .for('update');
    if (!before) return null;
    const change =
      'denied' in outcome
        ? { status: 'denied' as const, offerCents: null, readyAt: now, expiresAt: null }
        : {
            status: settledStatus({ status: 'pending', readyAt: now, expiresAt: null }, now),
            offerCents: outcome.offerCents,
            readyAt: now,
            expiresAt: expiryOf('review', now, now),
          };
    const [after] = await tx
      .update(tradeInOffers)
      .set({ ...change, updatedAt: now })
      .where(eq(tradeInOffers.id, id))
      .returning();
    return { before, after: after! };
  });
}

export function payoffCentsOf(row: Pick<OfferRow, 'hasLoan' | 'payoff' | 'amountOwedCents'>): number {
  if (!row.hasLoan) return 0;
  return row.payoff?.balanceCents ?? row.amountOwedCents ?? 0;
}

export function toOfferView(row: OfferRow): TradeInOffer {
  const payoffCents = payoffCentsOf(row);
  const removal = removeAt(row);
  return {
    id: row.id,
    vin: row.vin,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    mileage: row.mileage,
    condition: row.condition,
    ownership: row.ownership,
    registrationState: row.registrationState,
    applyToPurchase: row.applyToPurchase,
    hasLoan: row.hasLoan,
    amountOwedCents: row.amountOwedCents,
    status: row.status,
    offerCents: row.status === 'pending' ? null : row.offerCents,
    reasons: row.reasons as TradeInReason[],
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    removeAt: removal?.toISOString() ?? null,
    payoff: row.payoff ?? null,
    payoffCents,
    equityCents: row.offerCents === null || row.status === 'pending' ? null : row.offerCents - payoffCents,
    appliedCartId: row.appliedCartId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Seed 002 §4: the listed statuses are active, pending, proposed and expired. */
const LISTED: ReadonlySet<OfferRow['status']> = new Set(['available', 'applied', 'pending', 'proposed', 'expired']);

export async function listOffers(ctx: TradeInContext, owner: Owner): Promise<OfferRow[]> {
  const rows = await ctx.db
    .select()
    .from(tradeInOffers)
    .where(and(eq(tradeInOffers.tenantId, owner.tenantId), eq(tradeInOffers.userId, owner.userId)))
    .orderBy(desc(tradeInOffers.createdAt));
  const settled: OfferRow[] = [];
  for (const row of rows) {
    const current = await settle(ctx, row);
    if (current && LISTED.has(current.status)) settled.push(current);
  }
  return settled;
}

export async function requireOffer(ctx: TradeInContext, owner: Owner, id: string): Promise<OfferRow> {
  const notFound = new HttpError(404, E.notFound, 'That trade-in offer was not found.');
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound;
  const [row] = await ctx.db
    .select()
    .from(tradeInOffers)
    .where(
      and(eq(tradeInOffers.id, id), eq(tradeInOffers.tenantId, owner.tenantId), eq(tradeInOffers.userId, owner.userId)),
    )
    .limit(1);
  const current = row && (await settle(ctx, row));
  if (!current) throw notFound;
  return current;
}

async function clearCart(ctx: TradeInContext, cartId: string | null): Promise<void> {
  if (!cartId) return;
  await ctx.db
    .update(carts)
    .set({ tradeIn: null, updatedAt: ctx.now() })
    .where(and(eq(carts.id, cartId), eq(carts.status, 'open')));
}

export async function deleteOffer(ctx: TradeInContext, owner: Owner, id: string): Promise<void> {
  const row = await requireOffer(ctx, owner, id);
  await clearCart(ctx, row.appliedCartId);
  await ctx.db.delete(tradeInOffers).where(eq(tradeInOffers.id, row.id));
}

/** An expired offer appraised again with the same answers: a fresh value and 7 more days. */
export async function refreshOffer(ctx: TradeInContext, owner: Owner, id: string): Promise<OfferRow> {
  const row = await requireOffer(ctx, owner, id);
  if (row.status !== 'expired') throw new HttpError(409, E.notApplicable, 'Only an expired offer can be refreshed.');
  const now = ctx.now();
  const appraisal = await appraise(ctx, {
    vin: row.vin,
    model: row.model,
    trim: row.trim,
    mileage: row.mileage,
    condition: row.condition,
    ownership: row.ownership,
    onTitle: true,
    registrationState: row.registrationState,
    applyToPurchase: row.applyToPurchase,
    hasLoan: row.hasLoan,
    amountOwedCents: row.amountOwedCents,
  });
  const readyAt = appraisal.readyAt ? new Date(appraisal.readyAt) : null;
  const [updated] = await ctx.db
    .update(tradeInOffers)
    .set({
      status: statusOf(appraisal.outcome),
      offerCents: appraisal.offerCents,
      reasons: appraisal.reasons,
      readyAt,
      expiresAt: expiryOf(appraisal.outcome, now, readyAt),
      createdAt: now,
      updatedAt: now,
    })
    .where(eq(tradeInOffers.id, row.id))
    .returning();
  return updated!;
}

// ------------------------------------------------------------------------ The cart

function cartTradeIn(row: OfferRow, taxCredit: boolean): CartTradeInRow {
  const payoffCents = payoffCentsOf(row);
  const offer = row.offerCents ?? 0;
  return {
    offerId: row.id,
    vin: row.vin,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    offerCents: offer,
    payoffCents,
    equityCents: offer - payoffCents,
    taxCredit,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

async function requireOpenCart(ctx: TradeInContext, owner: Owner, cartId: string) {
  const [cart] = await ctx.db
    .select()
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.tenantId, owner.tenantId), eq(carts.userId, owner.userId)))
    .limit(1);
  if (!cart || cart.status === 'abandoned') throw new HttpError(404, 'error.cart.notFound', 'That cart was not found.');
  if (cart.status !== 'open' || cart.placementStatus !== 'NOT_PLACED')
    throw new HttpError(409, E.cartClosed, 'This purchase can no longer change its trade-in.');
  return cart;
}

/** Applies an available (or proposed, which accepts it) offer to the shopper's cart: one per purchase. */
export async function applyOffer(
  ctx: TradeInContext,
  owner: Owner,
  id: string,
  input: { cartId: string; taxCredit: boolean; replace: boolean },
): Promise<CartTradeIn> {
  const row = await requireOffer(ctx, owner, id);
  const cart = await requireOpenCart(ctx, owner, input.cartId);
  if (row.status === 'applied' && row.appliedCartId === cart.id) {
    const tradeIn = cartTradeIn(row, input.taxCredit);
    await ctx.db.update(carts).set({ tradeIn, updatedAt: ctx.now() }).where(eq(carts.id, cart.id));
    return tradeIn;
  }
  if (row.status !== 'available' && row.status !== 'proposed') {
    throw new HttpError(409, E.notApplicable, 'Only an available offer can be applied to a purchase.');
  }
  if (cart.tradeIn && cart.tradeIn.offerId !== row.id) {
    if (!input.replace)
      throw new HttpError(409, E.onePerPurchase, 'Only one trade-in vehicle can be applied per purchase.');
    await ctx.db
      .update(tradeInOffers)
      .set({ status: 'available', appliedCartId: null, updatedAt: ctx.now() })
      .where(eq(tradeInOffers.id, cart.tradeIn.offerId));
  }
  const tradeIn = cartTradeIn(row, input.taxCredit);
  await ctx.db.transaction(async (tx) => {
    await tx.update(carts).set({ tradeIn, updatedAt: ctx.now() }).where(eq(carts.id, cart.id));
    await tx
      .update(tradeInOffers)
      .set({ status: 'applied', appliedCartId: cart.id, updatedAt: ctx.now() })
      .where(eq(tradeInOffers.id, row.id));
  });
  return tradeIn;
}

/** Removes the offer from its cart; it is available again (or expired, if its week is over). */
export async function unapplyOffer(ctx: TradeInContext, owner: Owner, id: string): Promise<OfferRow> {
  const row = await requireOffer(ctx, owner, id);
  if (row.status !== 'applied') throw new HttpError(409, E.notApplicable, 'That offer is not applied to a purchase.');
  await clearCart(ctx, row.appliedCartId);
  const [updated] = await ctx.db
    .update(tradeInOffers)
    .set({ status: 'available', appliedCartId: null, updatedAt: ctx.now() })
    .where(eq(tradeInOffers.id, row.id))
    .returning();
  return (await settle(ctx, updated!))!;
}

async function savePayoff(
  ctx: TradeInContext,
  row: OfferRow,
  payoff: NonNullable<OfferRow['payoff']>,
): Promise<OfferRow> {
  const [updated] = await ctx.db
    .update(tradeInOffers)
    .set({ payoff, hasLoan: true, updatedAt: ctx.now() })
    .where(eq(tradeInOffers.id, row.id))
    .returning();
  // An applied offer's new payoff changes the cart's equity.
  if (updated!.status === 'applied' && updated!.appliedCartId) {
    const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, updated!.appliedCartId)).limit(1);
    if (cart?.status === 'open') {
      await ctx.db
        .update(carts)
        .set({ tradeIn: cartTradeIn(updated!, cart.tradeIn?.taxCredit ?? false), updatedAt: ctx.now() })
        .where(eq(carts.id, cart.id));
    }
  }
  return updated!;
}

// ------------------------------------------------------------------------ Payoff

export async function quotePayoff(
  ctx: TradeInContext,
  owner: Owner,
  id: string,
  request: PayoffQuoteRequest,
): Promise<OfferRow> {
  const row = await requireOffer(ctx, owner, id);
  const { lender, suggestion } = matchLender(request.lender);
  if (!lender) {
    throw new HttpError(
      422,
      E.lenderNotListed,
      suggestion ? `We don't recognise that lender. Did you mean ${suggestion}?` : "We don't recognise that lender.",
    );
  }
  const missing = lender.requires.find((field) => !request[field]);
  if (missing) throw new HttpError(422, E.missingField, `${lender.name} needs ${missing} to find your loan.`);
  if (normalizeVin(request.vin) !== row.vin)
    throw new HttpError(422, E.vinMismatch, 'That VIN does not match your trade-in.');
  const answer = await ctx.payoff.quote({ ...request, lender: lender.name });
  if (answer.result === 'notFound') throw new HttpError(404, E.loanNotFound, 'We could not find your loan.');
  if (answer.result === 'failed')
    throw new HttpError(502, E.retrievalFailed, 'We could not retrieve your payoff quote.');
  if (answer.result === 'unavailable') throw new HttpError(503, E.unavailable, 'We are having technical difficulties.');
  return savePayoff(ctx, row, {
    lender: lender.name,
    source: 'quote',
    balanceCents: answer.balanceCents,
    accountLast4: lender.requires.includes('accountLast4') ? (request.accountLast4 ?? null) : null,
    quotedAt: ctx.now().toISOString(),
  });
}

export async function estimatePayoff(
  ctx: TradeInContext,
  owner: Owner,
  id: string,
  balanceCents: number,
  lender: string | null,
): Promise<OfferRow> {
  const row = await requireOffer(ctx, owner, id);
  return savePayoff(ctx, row, {
    lender: lender ?? '',
    source: 'estimate',
    balanceCents,
    accountLast4: null,
    quotedAt: ctx.now().toISOString(),
  });
}

export { matchLender };
