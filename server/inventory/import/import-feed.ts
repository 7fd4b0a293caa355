// Imports a tenant's inventory feed (issue 16 point 1). Every row is checked (feed-row.ts); the
// good ones are upserted by VIN in batches, one multi-row INSERT ... ON CONFLICT DO UPDATE in
// one transaction per batch. A row whose hash matches what the vehicle last got from a feed is
// left alone, so importing the same feed twice changes nothing. A full feed (the default) lists
// the whole inventory: the tenant's vehicles it does not list become Deleted, except one a
// shopper holds or has ordered here. See docs/decisions/017-inventory.md.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { normalizeVin } from '../../../app/lib/contract/inventory';
import type { Tenant } from '../../../app/lib/shared/tenant/schema';
import type { Db } from '../../db/client';
import { feedRuns } from '../../db/schema';
import { clearInventoryCaches } from '../cache';
import { failedPhotos, queuePhotosSql, wakePhotoWorker } from '../photos/jobs';
import { feedRowSchema, rowWarnings, toVehicleValues, withHash, type RowProblem, type VehicleValues } from './feed-row';
import { LOCAL_PHOTO_REFERENCE } from './local-photo-reference';
import { LocalPhotoProblem, localPhotoResolver, type LocalPhotoOptions } from './local-photos';
import { parseFeed, type FeedFormat, type FeedSource } from './parse';

/** Rows a statement (and a transaction): the rows travel as 28 array parameters, however many. */
export const DEFAULT_BATCH_SIZE = 5000;
/** How long rows are checked before the event loop gets a turn (decision 069). */
const CHECK_SLICE_MS = 8;
/** The report lists at most this many problems (it counts them all). */
export const MAX_REPORTED_PROBLEMS = 1000;

export type ImportOptions = {
  format: FeedFormat;
  /** `full` (default): vehicles missing from the feed become Deleted. `partial`: only upserts. */
  mode?: 'full' | 'partial';
  batchSize?: number;
  now?: Date;
  /** The command line's: photo cells may name files in this folder (local-photos.ts). */
  localPhotos?: LocalPhotoOptions;
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
  /** Rows taken that look wrong (a NEW vehicle with many miles), at most MAX_REPORTED_PROBLEMS. */
  warnings: RowProblem[];
  /** Photos this feed lists that the photo worker gave up on (fetched after an earlier import). */
  photoProblems: PhotoProblem[];
  photoProblemCount: number;
};

export type PhotoProblem = { row: number; url: string; reason: string };

/**
 * Checks records one at a time, in feed order; row numbers count data rows from 1 (a CSV's
 * header is not a row). Keeps what the whole feed needs (the VINs seen, the first row of each
 * VIN, the problems) and nothing of a row once it is checked.
 */
export function rowChecker(now: Date, options: { localPhotos?: boolean } = {}) {
  const schema = feedRowSchema(now, options);
  const seenVins = new Set<string>();
  // Only the problems the report lists are kept (a feed of 300,000 bad rows would otherwise
  // keep 300,000 objects for the garbage collector to walk); all are counted.
  const problems: RowProblem[] = [];
  let problemCount = 0;
  const problem = (entry: RowProblem) => {
    problemCount += 1;
    if (problems.length < MAX_REPORTED_PROBLEMS) problems.push(entry);
  };
  const warnings: RowProblem[] = [];
  const firstRowOf = new Map<string, number>();
  let rejected = 0;
  let accepted = 0;
  // A row with a readable VIN keeps its vehicle from removal even when another cell is wrong:
  // a typo in a price must not take a car off sale.
  const see = (record: Record<string, unknown>) => {
    const vin = typeof record.vin === 'string' ? normalizeVin(record.vin) : null;
    if (vin) seenVins.add(vin);
  };
  /** A row refused before its check (a photo file the pipeline would not take). */
  const reject = (record: Record<string, unknown>, row: number, column: string, reason: string) => {
    see(record);
    rejected += 1;
    problem({ row, column, reason });
  };
  const check = (record: Record<string, unknown>, row: number): VehicleValues | null => {
    see(record);
    const parsed = schema.safeParse(record);
    if (!parsed.success) {
      rejected += 1;
      for (const issue of parsed.error.issues)
        problem({ row, column: String(issue.path[0] ?? ''), reason: issue.message });
      return null;
    }
    const earlier = firstRowOf.get(parsed.data.vin);
    if (earlier !== undefined) {
      rejected += 1;
      problem({ row, column: 'vin', reason: `repeats the VIN of row ${earlier}` });
      return null;
    }
    firstRowOf.set(parsed.data.vin, row);
    accepted += 1;
    for (const warning of rowWarnings(parsed.data))
      if (warnings.length < MAX_REPORTED_PROBLEMS) warnings.push({ row, ...warning });
    return withHash(toVehicleValues(parsed.data));
  };
  return {
    check,
    reject,
    seenVins,
    problems,
    warnings,
    get rejected() {
      return rejected;
    },
    get accepted() {
      return accepted;
    },
    get problemCount() {
      return problemCount;
    },
  };
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
  ['color_name', 'text', (row) => row.colorName],
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

const NEEDS_ESCAPE = /[\\"]/;

/** A PostgreSQL array literal: every element quoted (backslash and quote escaped), NULL bare. */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  const parts = new Array<string>(values.length);
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (value === null || value === undefined) parts[index] = 'NULL';
    else if (typeof value === 'number') parts[index] = String(value);
    // Most cells have nothing to escape: the two regular expressions run only on those that do.
    else if (!NEEDS_ESCAPE.test(value)) parts[index] = `"${value}"`;
    else parts[index] = `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  }
  return `{${parts.join(',')}}`;
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
  // Photos from files are stored already (local-photos.ts); only URLs wait for the worker.
  const photoUrls = [...new Set(batch.flatMap((row) => row.photoUrls))].filter(
    (url) => !LOCAL_PHOTO_REFERENCE.test(url),
  );
  const result = await db.transaction(async (tx) => {
    // Photos are only queued here (one INSERT); the worker fetches them after the import.
    if (photoUrls.length > 0) await tx.execute(queuePhotosSql(tenantId, photoUrls));
    // Counted in the database: one row back, not one a vehicle (PGlite decodes rows slowly).
    return tx.execute(sql`
      with written as (
        insert into vehicles (tenant_id, ${names})
        select ${tenantId}, * from unnest(${arrays})
        on conflict (tenant_id, vin) do update set ${updates},
          status = case when ${HELD} then vehicles.status else excluded.status end,
          held_by = case when ${HELD} then vehicles.held_by else null end,
          hold_until = case when ${HELD} then vehicles.hold_until else null end
        -- Unchanged rows are not written at all; a Deleted vehicle the feed lists again comes back.
        where vehicles.feed_hash is distinct from excluded.feed_hash or vehicles.status = 'Deleted'
        returning (xmax = 0) as inserted)
      select count(*) filter (where inserted)::int as inserted, count(*)::int as written from written`);
  });
  const [counts] = (result as unknown as { rows: { inserted: number; written: number }[] }).rows;
  return { inserted: counts?.inserted ?? 0, updated: (counts?.written ?? 0) - (counts?.inserted ?? 0) };
}

/** Marks Deleted the tenant's vehicles a full feed does not list (not ones held or ordered here). */
async function removeMissing(db: Db, tenantId: string, seenVins: Set<string>): Promise<number> {
  // One array parameter (VINs are letters and digits only, so the literal needs no quoting).
  const listed = `{${[...seenVins].join(',')}}`;
  const result = await db.execute(sql`
    with removed as (
      update vehicles set status = 'Deleted', held_by = null, hold_until = null
      where tenant_id = ${tenantId} and status <> 'Deleted'
        and not (vin = any(${listed}::text[]))
        and not (status = 'PendingSale' and held_by is not null)
      returning 1)
    select count(*)::int as removed from removed`);
  return (result as unknown as { rows: { removed: number }[] }).rows[0]?.removed ?? 0;
}

const FIELD = '\u001f';
const RECORD = '\u001e';

/**
 * The rows a feed would not change: same hash as last applied, and not Deleted since. Read as
 * one text value and split here: PGlite turns 100,000 result rows into objects slowly.
 */
async function unchangedVins(db: Db, tenantId: string): Promise<Map<string, string>> {
  const result = await db.execute(sql`
    select coalesce(string_agg(vin || ${FIELD} || feed_hash, ${RECORD}), '') as pairs from vehicles
    where tenant_id = ${tenantId} and status <> 'Deleted' and feed_hash is not null`);
  const pairs = (result as unknown as { rows: { pairs: string }[] }).rows[0]?.pairs ?? '';
  const current = new Map<string, string>();
  if (pairs === '') return current;
  for (const pair of pairs.split(RECORD)) {
    const split = pair.indexOf(FIELD);
    current.set(pair.slice(0, split), pair.slice(split + 1));
  }
  return current;
}

export async function importFeed(
  db: Db,
  tenant: Tenant,
  source: FeedSource,
  options: ImportOptions,
): Promise<ImportReport> {
  const now = options.now ?? new Date();
  const mode = options.mode ?? 'full';
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const feed = await parseFeed(source, options.format);
  const checker = rowChecker(now, { localPhotos: options.localPhotos !== undefined });
  const resolvePhotos = options.localPhotos ? localPhotoResolver(db, tenant.id, options.localPhotos) : null;
  // Rows whose hash the vehicle already carries are not sent at all (the upsert's own hash
  // check still guards a row that changed in between).
  const current = await unchangedVins(db, tenant.id);
  // Photos are fetched after an import: what became of those of earlier imports is reported now.
  const failed = await failedPhotos(db, tenant.id);
  const photoProblems: PhotoProblem[] = [];
  let photoProblemCount = 0;
  let inserted = 0;
  let updated = 0;
  let sliceStartedAt = performance.now();
  // Parse, check and write a batch at a time: a batch's records are garbage once it is written.
  for (let start = 0; start < feed.count; start += batchSize) {
    const changed: VehicleValues[] = [];
    for (let index = start; index < Math.min(start + batchSize, feed.count); index += 1) {
      // Checks run in slices of a few milliseconds: /healthz and shoppers get the thread between.
      if (performance.now() - sliceStartedAt > CHECK_SLICE_MS) {
        await nextTurn();
        sliceStartedAt = performance.now();
      }
      const record = feed.record(index);
      if (resolvePhotos && record.photo_urls !== undefined) {
        try {
          record.photo_urls = await resolvePhotos(record.photo_urls);
        } catch (error) {
          if (!(error instanceof LocalPhotoProblem)) throw error;
          checker.reject(record, index + 1, 'photo_urls', error.message);
          continue;
        }
      }
      const values = checker.check(record, index + 1);
      if (values && failed.size > 0) {
        for (const url of values.photoUrls) {
          const reason = failed.get(url);
          if (reason === undefined) continue;
          photoProblemCount += 1;
          if (photoProblems.length < MAX_REPORTED_PROBLEMS) photoProblems.push({ row: index + 1, url, reason });
        }
      }
      if (values && current.get(values.vin) !== values.feedHash) changed.push(values);
    }
    if (changed.length === 0) continue;
    const counts = await upsertBatch(db, tenant.id, changed);
    inserted += counts.inserted;
    updated += counts.updated;
  }
  // A full feed with no readable row at all is more likely a broken export than an empty lot:
  // it removes nothing.
  const removed =
    mode === 'full' && checker.seenVins.size > 0 ? await removeMissing(db, tenant.id, checker.seenVins) : 0;
  if (inserted + updated + removed > 0) clearInventoryCaches();
  // A worker in this process (the server's) starts on the queued photos at once.
  if (inserted + updated > 0) wakePhotoWorker();
  const report: ImportReport = {
    tenantId: tenant.id,
    format: options.format,
    mode,
    rows: feed.count,
    accepted: checker.accepted,
    rejected: checker.rejected,
    inserted,
    updated,
    unchanged: checker.accepted - inserted - updated,
    removed,
    unknownColumns: feed.unknownColumns(),
    problems: checker.problems,
    problemCount: checker.problemCount,
    warnings: checker.warnings,
    photoProblems,
    photoProblemCount,
  };
  // Kept for the desk's Inventory page (feed runs with their refused rows and failed photos).
  await db.insert(feedRuns).values({ tenantId: tenant.id, at: now, report });
  return report;
}
