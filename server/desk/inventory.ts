import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { deskFeedRunSchema, type DeskInventory, type deskVehicleUpdateSchema } from '../../app/lib/contract/desk';
import { queuePhotosSql, wakePhotoWorker } from '../inventory/photos/jobs';
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
      photoUrls: row.photoUrls,
    })),
  };
}

function isHeld(row: Pick<typeof vehicles.$inferSelect, 'heldBy' | 'holdUntil'>, now: Date): boolean {
  return Boolean(row.heldBy && row.holdUntil && row.holdUntil > now);
}

/** The tenant's vehicle with this VIN, its row locked for the rest of the transaction. */
async function lockVehicle(tx: Pick<Db, 'select'>, tenantId: string, vin: string) {
  const [row] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.vin, vin.toUpperCase())))
    .for('update');
  return row;
}

/** Sets the vehicle's price and status; 'notNow' while a shopper's checkout holds it or the feed removed it. */
export async function updateVehicle(
  db: Db,
  staff: Staff,
  input: { vin: string } & z.infer<typeof deskVehicleUpdateSchema>,
  now: Date,
): Promise<ActionResult> {
  const result = await db.transaction(async (tx) => {
    const before = await lockVehicle(tx, staff.tenantId, input.vin);
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

/**
 * Sets the vehicle's photo URLs in the order given (added, removed, reordered by hand). URLs
 * not listed before go to the feed's photo pipeline in the same transaction (photo_queue): the
 * worker fetches them from outside addresses only, as it does a feed's, and a failure shows
 * with the feed's. 'notNow' for a vehicle the feed removed.
 */
export async function setVehiclePhotos(
  db: Db,
  staff: Staff,
  input: { vin: string; photoUrls: string[] },
  now: Date,
): Promise<ActionResult> {
  const result = await db.transaction(async (tx) => {
    const before = await lockVehicle(tx, staff.tenantId, input.vin);
    if (!before) return 'notFound' as const;
    if (before.status === 'Deleted') return 'notNow' as const;
    if (JSON.stringify(before.photoUrls) === JSON.stringify(input.photoUrls)) return 'same' as const;
    await tx.update(vehicles).set({ photoUrls: input.photoUrls }).where(eq(vehicles.id, before.id));
    const added = input.photoUrls.filter((url) => !before.photoUrls.includes(url));
    if (added.length > 0) await tx.execute(queuePhotosSql(staff.tenantId, added));
    await recordAudit(tx, staff, {
      action: 'vehicle.photos',
      subjectType: 'vehicle',
      subjectId: before.vin,
      before: { photoUrls: before.photoUrls },
      after: { photoUrls: input.photoUrls },
      at: now,
    });
    return 'done' as const;
  });
  if (result === 'same') return 'done';
  if (result === 'done') {
    wakePhotoWorker();
    clearInventoryCaches();
  }
  return result;
}
