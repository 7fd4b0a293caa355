// The photo pipeline's queue (issue 16 point 2): the feed import hands the photo URLs of a
// batch to photo_queue in its own batch transaction (a row per 500 URLs, nothing fetched), and
// this worker records them as `pending` photo_jobs rows when it gets to them, then fetches,
// checks and resizes them (pipeline.ts), one at a time so a feed of thousands of photos never
// takes the CPU from shoppers. The tables are the only record:
// a claim is a lease (`run_after`), so a process that stops mid-photo leaves the row to be
// taken again after a restart, and several processes on one PostgreSQL never take the same row
// (FOR UPDATE SKIP LOCKED). A photo that cannot be fetched is tried again later (three tries);
// one refused by its content is not. See docs/decisions/019-photos-and-storage.md.
import { sql } from 'drizzle-orm';
import type { VehiclePhoto } from '../../../app/lib/contract/inventory';
import { logger } from '../../../app/lib/shared/logger.server';
import type { Db } from '../../db/client';
import { clearInventoryCaches } from '../cache';
import {
  PHOTO_WIDTHS,
  PhotoRejected,
  photoSrcSet,
  photoUrl,
  readPhotoSource,
  storePhoto,
  type PhotoStorage,
  type StoredPhoto,
} from './pipeline';

/** How long a claim lasts: a photo not finished by then is taken again. */
const LEASE_SECONDS = 300;
/** Fetch failures are tried again this many times in all, a minute, then five, apart. */
export const MAX_PHOTO_ATTEMPTS = 3;
const RETRY_SECONDS = [60, 300];
/** How often an idle worker looks for photos queued by another process (the command line). */
const POLL_MS = 15_000;

/** A PostgreSQL text[] literal: every element quoted, backslash and quote escaped. */
function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** URLs a photo_queue row holds: the worker turns one row into photo_jobs in one short statement. */
export const PHOTO_QUEUE_CHUNK = 500;

/**
 * Queues the photo URLs of an import batch (inside its transaction): one photo_queue row per
 * 500 URLs, however many vehicles list them, instead of a photo_jobs row (and three index
 * entries) per URL during the import. The worker records them as photo_jobs when it gets to
 * them (expandQueuedPhotos); a URL already known there is left alone, so nothing is fetched twice.
 */
export function queuePhotosSql(tenantId: string, urls: readonly string[]) {
  const rows = [];
  for (let start = 0; start < urls.length; start += PHOTO_QUEUE_CHUNK)
    rows.push(sql`(${tenantId}, ${textArray(urls.slice(start, start + PHOTO_QUEUE_CHUNK))}::text[])`);
  return sql`insert into photo_queue (tenant_id, urls) values ${sql.join(rows, sql`, `)}`;
}

/**
 * Takes the oldest photo_queue row and records its URLs as pending photo_jobs, in one
 * statement (several processes never take the same row). Answers whether there was a row.
 */
export async function expandQueuedPhotos(db: Db): Promise<boolean> {
  const result = (await db.execute(sql`
    with taken as (
      delete from photo_queue
      where id = (select id from photo_queue order by id limit 1 for update skip locked)
      returning tenant_id, urls),
    added as (
      insert into photo_jobs (tenant_id, source_url)
      select tenant_id, unnest(urls) from taken
      on conflict (tenant_id, source_url) do nothing)
    select count(*)::int as taken from taken`)) as unknown as { rows: { taken: number }[] };
  return (result.rows[0]?.taken ?? 0) > 0;
}

type Claimed = { id: number; source_url: string; attempts: number };

async function claim(db: Db, limit: number): Promise<Claimed[]> {
  const result = (await db.execute(sql`
    update photo_jobs set status = 'working', attempts = attempts + 1, updated_at = now(),
      run_after = now() + make_interval(secs => ${LEASE_SECONDS})
    where id in (
      select id from photo_jobs
      where status in ('pending', 'working') and run_after <= now()
      order by run_after, id limit ${limit}
      for update skip locked)
    returning id, source_url, attempts`)) as unknown as { rows: Claimed[] };
  return result.rows;
}

async function processOne(db: Db, storage: PhotoStorage, job: Claimed): Promise<boolean> {
  try {
    // Feed rows only take http(s) URLs; a path would read this server's own files.
    if (!/^https?:\/\//i.test(job.source_url)) throw new PhotoRejected('fetchFailed', 'is not an http(s) URL');
    const stored = await storePhoto(storage, await readPhotoSource(job.source_url));
    await db.execute(sql`update photo_jobs set status = 'done', photo = ${JSON.stringify(stored)}::jsonb,
      error = null, updated_at = now() where id = ${job.id}`);
    return true;
  } catch (error) {
    const reason = error instanceof PhotoRejected ? error.reason : 'fetchFailed';
    const retry = reason === 'fetchFailed' && job.attempts < MAX_PHOTO_ATTEMPTS;
    const delay = RETRY_SECONDS[Math.min(job.attempts, RETRY_SECONDS.length) - 1] ?? 60;
    // The reason and what happened ("fetchFailed: answered 404"): the feed's next report tells the dealer.
    const detail = error instanceof PhotoRejected ? `${reason}: ${error.message}` : `${reason}: could not be fetched`;
    await db.execute(sql`update photo_jobs set status = ${retry ? 'pending' : 'failed'}, error = ${detail},
      run_after = now() + make_interval(secs => ${retry ? delay : 0}), updated_at = now() where id = ${job.id}`);
    // The URL is the dealer's, not a shopper's: no personal data in it.
    logger.warn({ job: job.id, reason, retry }, 'photos: a photo was not stored');
    return false;
  }
}

/**
 * The tenant's photos that were given up on (or failed once and wait for another try), by URL, with what the dealer reads about each
 * ("answered 404", "is not a JPEG, PNG, WebP or AVIF image", "refused: 10.0.0.8 is a private address").
 */
export async function failedPhotos(db: Db, tenantId: string): Promise<Map<string, string>> {
  const result = (await db.execute(sql`select photo_jobs.source_url, photo_jobs.error, photo_jobs.status
    from photo_jobs where photo_jobs.tenant_id = ${tenantId}
      and (photo_jobs.status = 'failed' or (photo_jobs.status = 'pending' and photo_jobs.error is not null))`)) as unknown as {
    rows: { source_url: string; error: string | null; status: string }[];
  };
  const failed = new Map<string, string>();
  for (const row of result.rows) {
    const error = row.error ?? '';
    const split = error.indexOf(': ');
    const text = split === -1 ? `could not be stored (${error || 'unknown'})` : error.slice(split + 2);
    failed.set(row.source_url, row.status === 'pending' ? `${text} (to be tried again)` : text);
  }
  return failed;
}

/** Works through the due photos (at most `limit`); answers how many were stored and refused. */
export async function runPhotoJobs(
  db: Db,
  storage: PhotoStorage,
  limit = 50,
): Promise<{ stored: number; refused: number }> {
  let stored = 0;
  let refused = 0;
  while (stored + refused < limit) {
    let [job] = await claim(db, 1);
    // Nothing due: record the next chunk of URLs an import queued, until one brings work.
    while (!job && (await expandQueuedPhotos(db))) [job] = await claim(db, 1);
    if (!job) break;
    if (await processOne(db, storage, job)) stored += 1;
    else refused += 1;
  }
  // Cards and galleries read the photos on their next answer.
  if (stored > 0) clearInventoryCaches();
  return { stored, refused };
}

export type PhotoWorker = { wake(): void; stop(): void };

let current: PhotoWorker | null = null;

/** Asks this process's worker (if it runs one) to look at the queue now. */
export function wakePhotoWorker(): void {
  current?.wake();
}

/** Runs the queue in this process: at start, when woken by an import, and every 15 s. */
export function startPhotoWorker(db: Db, storage: PhotoStorage): PhotoWorker {
  let running = false;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    runPhotoJobs(db, storage)
      .catch((error: unknown) => logger.warn({ err: error }, 'photos: the queue could not be read'))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, POLL_MS);
  timer.unref();
  setImmediate(run);
  const worker = {
    wake: run,
    stop() {
      stopped = true;
      clearInterval(timer);
      if (current === worker) current = null;
    },
  };
  current = worker;
  return worker;
}

/** What the contract hands the storefront for one stored photo. */
export function toVehiclePhoto(stored: StoredPhoto): VehiclePhoto {
  const widths = stored.widths.length > 0 ? stored.widths : [PHOTO_WIDTHS[0]];
  const middle = widths[Math.min(1, widths.length - 1)]!;
  return {
    src: photoUrl(stored.key, middle, 'webp'),
    avif: photoSrcSet({ key: stored.key, widths }, 'avif'),
    webp: photoSrcSet({ key: stored.key, widths }, 'webp'),
    full: photoUrl(stored.key, widths[widths.length - 1]!, 'webp'),
    width: stored.width,
    height: stored.height,
    placeholder: stored.placeholder,
  };
}

/** A stored photo as the driver hands jsonb back (parsed, or text on some drivers), or null. */
export function readStoredPhoto(value: unknown): StoredPhoto | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!parsed || typeof parsed !== 'object') return null;
  const photo = parsed as Partial<StoredPhoto>;
  return typeof photo.key === 'string' && Array.isArray(photo.widths) ? (parsed as StoredPhoto) : null;
}

/** The stored photos of these URLs (done ones), by URL. */
export async function storedPhotosOf(
  db: Db,
  tenantId: string,
  urls: readonly string[],
): Promise<Map<string, StoredPhoto>> {
  if (urls.length === 0) return new Map();
  const literal = textArray(urls);
  const result = (await db.execute(sql`select source_url, photo from photo_jobs
    where tenant_id = ${tenantId} and status = 'done' and source_url = any(${literal}::text[])`)) as unknown as {
    rows: { source_url: string; photo: unknown }[];
  };
  const photos = new Map<string, StoredPhoto>();
  for (const row of result.rows) {
    const photo = readStoredPhoto(row.photo);
    if (photo) photos.set(row.source_url, photo);
  }
  return photos;
}
