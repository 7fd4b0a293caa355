// Imports a tenant's inventory feed (issue 16 point 1). Every row is checked (feed-row.ts); the
// good ones are upserted by VIN in batches, one multi-row INSERT ... ON CONFLICT DO UPDATE in
// one transaction per batch. A row whose hash matches what the vehicle last got from a feed is
// left alone, so importing the same feed twice changes nothing. A full feed (the default) lists
// the whole inventory: the tenant's vehicles it does not list become Deleted, except one a
// shopper holds or has ordered here. See docs/decisions/017-inventory.md.
import { and, eq, ne, sql } from 'drizzle-orm';
import { normalizeVin } from '../../../app/lib/contract/inventory';
import type { Tenant } from '../../../app/lib/tenant/schema';
import type { Db } from '../../db/client';
import { vehicles } from '../../db/schema';
import { clearInventoryCaches } from '../cache';
import { feedRowSchema, toVehicleValues, withHash, type RowProblem, type VehicleValues } from './feed-row';
import { parseFeed, type FeedFormat } from './parse';

export const DEFAULT_BATCH_SIZE = 1000;
/** The report lists at most this many problems (it counts them all). */
export const MAX_REPORTED_PROBLEMS = 1000;

export type ImportOptions = {
  format: FeedFormat;
  /** `full` (default): vehicles missing from the feed become Deleted. `partial`: only upserts. */
  mode?: 'full' | 'partial';
  batchSize?: number;
  now?: Date;
};

export type ImportReport = {
  tenantId: string;
  format: FeedFormat;
  mode: 'full' | 'partial';
  rows: number;
  accepted: number;
  rejected: number;
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
  unknownColumns: string[];
  problems: RowProblem[];
  problemCount: number;
};

type Checked = { good: VehicleValues[]; seenVins: Set<string>; problems: RowProblem[]; rejected: number };

/** Checks every record; row numbers count data rows from 1 (a CSV's header is not a row). */
export function checkRecords(records: Record<string, unknown>[], now: Date): Checked {
  const schema = feedRowSchema(now);
  const good: VehicleValues[] = [];
  const seenVins = new Set<string>();
  const problems: RowProblem[] = [];
  const firstRowOf = new Map<string, number>();
  let rejected = 0;
  records.forEach((record, index) => {
    const row = index + 1;
    // A row with a readable VIN keeps its vehicle from removal even when another cell is wrong:
    // a typo in a price must not take a car off sale.
    const vin = typeof record.vin === 'string' ? normalizeVin(record.vin) : null;
    if (vin) seenVins.add(vin);
    const parsed = schema.safeParse(record);
    if (!parsed.success) {
      rejected += 1;
      for (const issue of parsed.error.issues) problems.push({ row, column: String(issue.path[0] ?? ''), reason: issue.message });
      return;
    }
    const earlier = firstRowOf.get(parsed.data.vin);
    if (earlier !== undefined) {
      rejected += 1;
      problems.push({ row, column: 'vin', reason: `repeats the VIN of row ${earlier}` });
      return;
    }
    firstRowOf.set(parsed.data.vin, row);
    good.push(withHash(toVehicleValues(parsed.data)));
  });
  return { good, seenVins, problems, rejected };
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** Upserts one batch; answers how many rows were inserted and updated (the rest were unchanged). */
async function upsertBatch(db: Db, tenantId: string, batch: VehicleValues[]): Promise<{ inserted: number; updated: number }> {
  const rows = await db.transaction(async (tx) =>
    tx
      .insert(vehicles)
      .values(batch.map((values) => ({ ...values, tenantId })))
      .onConflictDoUpdate({
        target: [vehicles.tenantId, vehicles.vin],
        set: {
          stockNumber: excluded('stock_number'),
          year: excluded('year'),
          make: excluded('make'),
          model: excluded('model'),
          trim: excluded('trim'),
          bodyStyle: excluded('body_style'),
          primaryColor: excluded('primary_color'),
          secondaryColor: excluded('secondary_color'),
          mileage: excluded('mileage'),
          type: excluded('type'),
          msrpCents: excluded('msrp_cents'),
          incentivesCents: excluded('incentives_cents'),
          priceCents: excluded('price_cents'),
          // A vehicle a shopper holds or ordered here stays Sale Pending whatever the feed says,
          // unless the dealer sold it; otherwise the feed's status, and no hold left over.
          status: sql`case when ${vehicles.heldBy} is not null and ${vehicles.status} = 'PendingSale' and excluded.status <> 'Sold' then ${vehicles.status} else excluded.status end`,
          heldBy: sql`case when ${vehicles.heldBy} is not null and ${vehicles.status} = 'PendingSale' and excluded.status <> 'Sold' then ${vehicles.heldBy} else null end`,
          holdUntil: sql`case when ${vehicles.heldBy} is not null and ${vehicles.status} = 'PendingSale' and excluded.status <> 'Sold' then ${vehicles.holdUntil} else null end`,
          drivetrain: excluded('drivetrain'),
          engine: excluded('engine'),
          transmission: excluded('transmission'),
          fuelType: excluded('fuel_type'),
          seats: excluded('seats'),
          mpgCity: excluded('mpg_city'),
          mpgHighway: excluded('mpg_highway'),
          features: excluded('features'),
          photoUrls: excluded('photo_urls'),
          dealerZip: excluded('dealer_zip'),
          feedHash: excluded('feed_hash'),
        },
        // Unchanged rows are not written at all; a Deleted vehicle the feed lists again comes back.
        setWhere: sql`${vehicles.feedHash} is distinct from excluded.feed_hash or ${vehicles.status} = 'Deleted'`,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` }),
  );
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

/** Marks Deleted the tenant's vehicles a full feed does not list (not ones held or ordered here). */
async function removeMissing(db: Db, tenantId: string, seenVins: Set<string>): Promise<number> {
  const removed = await db
    .update(vehicles)
    .set({ status: 'Deleted', heldBy: null, holdUntil: null })
    .where(
      and(
        eq(vehicles.tenantId, tenantId),
        ne(vehicles.status, 'Deleted'),
        // One array parameter (VINs are letters and digits only, so the literal needs no quoting).
        sql`not (${vehicles.vin} = any(${`{${[...seenVins].join(',')}}`}::text[]))`,
        sql`not (${vehicles.status} = 'PendingSale' and ${vehicles.heldBy} is not null)`,
      ),
    )
    .returning({ id: vehicles.id });
  return removed.length;
}

export async function importFeed(db: Db, tenant: Tenant, text: string, options: ImportOptions): Promise<ImportReport> {
  const now = options.now ?? new Date();
  const mode = options.mode ?? 'full';
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const { records, unknownColumns } = parseFeed(text, options.format);
  const checked = checkRecords(records, now);
  let inserted = 0;
  let updated = 0;
  for (let start = 0; start < checked.good.length; start += batchSize) {
    const counts = await upsertBatch(db, tenant.id, checked.good.slice(start, start + batchSize));
    inserted += counts.inserted;
    updated += counts.updated;
  }
  // A full feed with no readable row at all is more likely a broken export than an empty lot:
  // it removes nothing.
  const removed = mode === 'full' && checked.seenVins.size > 0 ? await removeMissing(db, tenant.id, checked.seenVins) : 0;
  if (inserted + updated + removed > 0) clearInventoryCaches();
  return {
    tenantId: tenant.id,
    format: options.format,
    mode,
    rows: records.length,
    accepted: checked.good.length,
    rejected: checked.rejected,
    inserted,
    updated,
    unchanged: checked.good.length - inserted - updated,
    removed,
    unknownColumns,
    problems: checked.problems.slice(0, MAX_REPORTED_PROBLEMS),
    problemCount: checked.problems.length,
  };
}
