// Imports a tenant's inventory feed (issue 16 point 1). Every row is checked (feed-row.ts); the
// good ones are upserted by VIN in batches, one multi-row INSERT ... ON CONFLICT DO UPDATE in
// one transaction per batch. A row whose hash matches what the vehicle last got from a feed is
// left alone, so importing the same feed twice changes nothing. A full feed (the default) lists
// the whole inventory: the tenant's vehicles it does not list become Deleted, except one a
// shopper holds or has ordered here. See docs/decisions/017-inventory.md.
import { and, eq, ne, sql } from 'drizzle-orm';
import { normalizeVin } from '../../../app/lib/contract/inventory';
import type { Tenant } from '../../../app/lib/shared/tenant/schema';
import type { Db } from '../../db/client';
import { vehicles } from '../../db/schema';
import { clearInventoryCaches } from '../cache';
import { queuePhotosSql, wakePhotoWorker } from '../photos/jobs';
import { feedRowSchema, toVehicleValues, withHash, type RowProblem, type VehicleValues } from './feed-row';
import { parseFeed, type FeedFormat } from './parse';

/** Rows a statement (and a transaction): the rows travel as 28 array parameters, however many. */
export const DEFAULT_BATCH_SIZE = 5000;
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
      for (const issue of parsed.error.issues)
        problems.push({ row, column: String(issue.path[0] ?? ''), reason: issue.message });
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

/** The columns a batch writes, their types and where each value comes from. */
const BATCH_COLUMNS: [column: string, type: string, value: (row: VehicleValues) => string | number | null][] = [
  ['vin', 'text', (row) => row.vin],
  ['stock_number', 'text', (row) => row.stockNumber],
  ['year', 'smallint', (row) => row.year],
  ['make', 'text', (row) => row.make],
  ['model', 'text', (row) => row.model],
  ['trim', 'text', (row) => row.trim],
  ['body_style', 'text', (row) => row.bodyStyle],
  ['primary_color', 'text', (row) => row.primaryColor],
  ['secondary_color', 'text', (row) => row.secondaryColor],
  ['mileage', 'integer', (row) => row.mileage],
  ['type', 'text', (row) => row.type],
  ['msrp_cents', 'integer', (row) => row.msrpCents],
  ['incentives_cents', 'integer', (row) => row.incentivesCents],
  ['price_cents', 'integer', (row) => row.priceCents],
  ['status', 'text', (row) => row.status],
  ['drivetrain', 'text', (row) => row.drivetrain],
  ['engine', 'text', (row) => row.engine],
  ['transmission', 'text', (row) => row.transmission],
  ['fuel_type', 'text', (row) => row.fuelType],
  ['seats', 'smallint', (row) => row.seats],
  ['mpg_city', 'smallint', (row) => row.mpgCity],
  ['mpg_highway', 'smallint', (row) => row.mpgHighway],
  ['features', 'jsonb', (row) => JSON.stringify(row.features)],
  ['photo_urls', 'jsonb', (row) => JSON.stringify(row.photoUrls)],
  ['dealer_zip', 'text', (row) => row.dealerZip],
  ['feed_hash', 'text', (row) => row.feedHash],
];

/** A PostgreSQL array literal: every element quoted (backslash and quote escaped), NULL bare. */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}

/** Kept as they are when a shopper holds or ordered the vehicle here, unless the feed says Sold. */
const HELD = sql.raw(`vehicles.held_by is not null and vehicles.status = 'PendingSale' and excluded.status <> 'Sold'`);

/**
 * Upserts one batch in one transaction: a single multi-row INSERT ... ON CONFLICT DO UPDATE,
 * the rows passed as one array per column and unnested (28 parameters however long the batch,
 * where a VALUES list would need 28 a row and take longer to build than to run). Answers how
 * many rows were inserted and updated; unchanged ones are not written.
 */
async function upsertBatch(
  db: Db,
  tenantId: string,
  batch: VehicleValues[],
): Promise<{ inserted: number; updated: number }> {
  const names = sql.raw(BATCH_COLUMNS.map(([column]) => column).join(', '));
  const arrays = sql.join(
    BATCH_COLUMNS.map(([, type, value]) => sql`${arrayLiteral(batch.map(value))}::${sql.raw(type)}[]`),
    sql`, `,
  );
  const updates = sql.raw(
    BATCH_COLUMNS.filter(([column]) => column !== 'vin' && column !== 'status')
      .map(([column]) => `${column} = excluded.${column}`)
      .join(', '),
  );
  const photoUrls = [...new Set(batch.flatMap((row) => row.photoUrls))];
  const result = await db.transaction(async (tx) => {
    // Photos are only queued here (one INSERT); the worker fetches them after the import.
    if (photoUrls.length > 0) await tx.execute(queuePhotosSql(tenantId, photoUrls));
    return tx.execute(sql`
      insert into vehicles (tenant_id, ${names})
      select ${tenantId}, * from unnest(${arrays})
      on conflict (tenant_id, vin) do update set ${updates},
        status = case when ${HELD} then vehicles.status else excluded.status end,
        held_by = case when ${HELD} then vehicles.held_by else null end,
        hold_until = case when ${HELD} then vehicles.hold_until else null end
      -- Unchanged rows are not written at all; a Deleted vehicle the feed lists again comes back.
      where vehicles.feed_hash is distinct from excluded.feed_hash or vehicles.status = 'Deleted'
      returning (xmax = 0) as inserted`);
  });
  const { rows } = result as unknown as { rows: { inserted: boolean }[] };
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

/** The rows a feed would not change: same hash as last applied, and not Deleted since. */
async function unchangedVins(db: Db, tenantId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ vin: vehicles.vin, feedHash: vehicles.feedHash })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, tenantId), ne(vehicles.status, 'Deleted'), sql`${vehicles.feedHash} is not null`));
  return new Map(rows.map((row) => [row.vin, row.feedHash!]));
}

export async function importFeed(db: Db, tenant: Tenant, text: string, options: ImportOptions): Promise<ImportReport> {
  const now = options.now ?? new Date();
  const mode = options.mode ?? 'full';
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const { records, unknownColumns } = parseFeed(text, options.format);
  const checked = checkRecords(records, now);
  // Rows whose hash the vehicle already carries are not sent at all (the upsert's own hash
  // check still guards a row that changed in between).
  const current = await unchangedVins(db, tenant.id);
  const changed = checked.good.filter((values) => current.get(values.vin) !== values.feedHash);
  let inserted = 0;
  let updated = 0;
  for (let start = 0; start < changed.length; start += batchSize) {
    const counts = await upsertBatch(db, tenant.id, changed.slice(start, start + batchSize));
    inserted += counts.inserted;
    updated += counts.updated;
  }
  // A full feed with no readable row at all is more likely a broken export than an empty lot:
  // it removes nothing.
  const removed =
    mode === 'full' && checked.seenVins.size > 0 ? await removeMissing(db, tenant.id, checked.seenVins) : 0;
  if (inserted + updated + removed > 0) clearInventoryCaches();
  // A worker in this process (the server's) starts on the queued photos at once.
  if (inserted + updated > 0) wakePhotoWorker();
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
