import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { deskFeedRunSchema, type DeskInventory, type deskVehicleUpdateSchema } from '../../app/lib/contract/desk';
import type { Db } from '../db/client';
import { feedRuns, photoJobs, vehicles } from '../db/schema';
import { clearInventoryCaches } from '../inventory/cache';
import { recordAudit } from './audit';
import type { ActionResult } from './orders';
import type { Staff } from './staff';

// Inventory at the desk (issue 33): the feed's runs as importFeed stored them (feed_runs), the
// photos the worker gave up on, and a vehicle's price and status set by hand, in one
// transaction with the row locked, audited with before and after. Every read names the tenant.

const RUNS = 20;
const VEHICLE_ROWS = 100;

export async function readInventory(
  db: Db,
  tenantId: string,
  q: string | undefined,
  now: Date,
): Promise<DeskInventory> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (match) => `\\${match}`)}%` : null;
  const [runs, failed, rows] = await Promise.all([
    db.select().from(feedRuns).where(eq(feedRuns.tenantId, tenantId)).orderBy(desc(feedRuns.at)).limit(RUNS),
    db
      .select({ url: photoJobs.sourceUrl, error: photoJobs.error, at: photoJobs.updatedAt })
      .from(photoJobs)
      .where(and(eq(photoJobs.tenantId, tenantId), eq(photoJobs.status, 'failed')))
      .orderBy(asc(photoJobs.updatedAt))
      .limit(RUNS * 10),
    db
      .select()
      .from(vehicles)
      .where(
        and(
          eq(vehicles.tenantId, tenantId),
          ne(vehicles.status, 'Deleted'),
          pattern
            ? or(
                ilike(vehicles.vin, pattern),
                ilike(vehicles.stockNumber, pattern),
                ilike(sql`${vehicles.make} || ' ' || ${vehicles.model}`, pattern),
              )
            : undefined,
        ),
      )
      .orderBy(desc(vehicles.createdAt), asc(vehicles.vin))
      .limit(VEHICLE_ROWS),
  ]);
  return {
    runs: runs.map((run) => deskFeedRunSchema.parse({ ...run.report, id: run.id, at: run.at.toISOString() })),
    failedPhotos: failed.map((row) => ({ url: row.url, reason: row.error ?? 'failed', at: row.at.toISOString() })),
    vehicles: rows.map((row) => ({
      vin: row.vin,
      stockNumber: row.stockNumber,
      vehicle: `${row.year} ${row.make} ${row.model} ${row.trim}`.trim(),
      priceCents: row.priceCents,
      status: row.status,
      heldByShopper: isHeld(row, now),
    })),
  };
}

function isHeld(row: Pick<typeof vehicles.$inferSelect, 'heldBy' | 'holdUntil'>, now: Date): boolean {
  return Boolean(row.heldBy && row.holdUntil && row.holdUntil > now);
}

/** Sets the vehicle's price and status; 'notNow' while a shopper's checkout holds it or the feed removed it. */
export async function updateVehicle(
  db: Db,
  staff: Staff,
  input: { vin: string } & z.infer<typeof deskVehicleUpdateSchema>,
  now: Date,
): Promise<ActionResult> {
  const result = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.tenantId, staff.tenantId), eq(vehicles.vin, input.vin.toUpperCase())))
      .for('update');
    if (!before) return 'notFound' as const;
    if (before.status === 'Deleted' || isHeld(before, now)) return 'notNow' as const;
    if (before.priceCents === input.priceCents && before.status === input.status) return 'done' as const;
    await tx
      .update(vehicles)
      .set({ priceCents: input.priceCents, status: input.status })
      .where(eq(vehicles.id, before.id));
    await recordAudit(tx, staff, {
      action: 'vehicle.update',
      subjectType: 'vehicle',
      subjectId: before.vin,
      before: { priceCents: before.priceCents, status: before.status },
      after: { priceCents: input.priceCents, status: input.status },
      at: now,
    });
    return 'done' as const;
  });
  if (result === 'done') clearInventoryCaches();
  return result;
}
