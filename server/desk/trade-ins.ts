import { and, asc, eq } from 'drizzle-orm';
import type { DeskTradeIn } from '../../app/lib/contract/desk';
import type { Db } from '../db/client';
import { tradeInOffers, users } from '../db/schema';
import { settleReview, type OfferRow } from '../trade-in/service';
import { recordAudit } from './audit';
import type { ActionResult } from './orders';
import type { Staff } from './staff';

// Trade-ins in further review at the desk (issue 33): staff give the value or deny the offer,
// through the trade-in service's own settling, so the shopper's page reads it as it reads the
// sandbox review's outcome. Each decision is audited with before and after.

export async function listTradeIns(db: Db, tenantId: string): Promise<DeskTradeIn[]> {
  const rows = await db
    .select({
      id: tradeInOffers.id,
      createdAt: tradeInOffers.createdAt,
      readyAt: tradeInOffers.readyAt,
      vin: tradeInOffers.vin,
      year: tradeInOffers.year,
      make: tradeInOffers.make,
      model: tradeInOffers.model,
      trim: tradeInOffers.trim,
      mileage: tradeInOffers.mileage,
      condition: tradeInOffers.condition,
      registrationState: tradeInOffers.registrationState,
      shopperEmail: users.email,
      suggestedCents: tradeInOffers.offerCents,
    })
    .from(tradeInOffers)
    .leftJoin(users, eq(users.id, tradeInOffers.userId))
    .where(and(eq(tradeInOffers.tenantId, tenantId), eq(tradeInOffers.status, 'pending')))
    .orderBy(asc(tradeInOffers.createdAt));
  return rows.map(({ year, make, model, trim, createdAt, readyAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    readyAt: readyAt?.toISOString() ?? null,
    vehicle: `${year} ${make} ${model} ${trim}`.trim(),
  }));
}

export async function reviewTradeIn(
  db: Db,
  staff: Pick<Staff, 'id' | 'tenantId' | 'email'>,
  offerId: string,
  outcome: { offerCents: number } | { denied: true },
  now: Date,
  offerReady?: (offer: OfferRow) => Promise<unknown>,
): Promise<ActionResult> {
  if (!/^[0-9a-f-]{36}$/i.test(offerId)) return 'notFound';
  const [exists] = await db
    .select({ id: tradeInOffers.id })
    .from(tradeInOffers)
    .where(and(eq(tradeInOffers.tenantId, staff.tenantId), eq(tradeInOffers.id, offerId)))
    .limit(1);
  if (!exists) return 'notFound';
  let ready: OfferRow | null = null;
  const result = await db.transaction(async (tx) => {
    const settled = await settleReview(tx, staff.tenantId, offerId, outcome, now);
    if (!settled) return 'notNow' as const;
    if (settled.after.status === 'proposed') ready = settled.after;
    const view = (row: typeof settled.before) => ({ status: row.status, offerCents: row.offerCents });
    await recordAudit(tx, staff, {
      action: 'denied' in outcome ? 'tradeIn.deny' : 'tradeIn.value',
      subjectType: 'tradeIn',
      subjectId: offerId,
      before: view(settled.before),
      after: view(settled.after),
    });
    return 'done' as const;
  });
  // The shopper hears once: only the review that moved the offer out of `pending` gets here.
  if (ready && offerReady) await offerReady(ready);
  return result;
}
