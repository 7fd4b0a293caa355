import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponseSchema, vehicleResponseSchema } from '~/lib/contract/inventory';
import { feedImportResponseSchema } from '~/lib/contract/inventory-feeds';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { photoJobs, photoQueue, vehicles } from '#server/db/schema';
import { importFeed } from '#server/inventory/import/import-feed';
import { feedKeyVariable } from '#server/inventory/import/router';
import { expandQueuedPhotos, PHOTO_QUEUE_CHUNK, queuePhotosSql, runPhotoJobs } from '#server/inventory/photos/jobs';
import { fileStorage } from '#server/inventory/photos/pipeline';
import { apiHeaders, startHarness, type Harness } from './harness';

// Issue 16 point 2, wired: a feed lists photo URLs (served here by a local HTTP server, never the
// internet); the import only queues them (photo_queue, a row per 500 URLs), the worker fetches, checks and resizes
// them, and then the card and the vehicle page's gallery carry srcsets of the stored renditions,
// which the backend serves with immutable cache headers. A refused photo is left out; a vehicle
// whose photos are all refused keeps the drawn art. The command line's feeds may also name photo
// files (local-photos.ts): those go through the same pipeline during the import.

const SAMPLE = readFileSync(path.join(process.cwd(), 'docs/samples/inventory-feed.csv'), 'utf8');
const [HEADER, FIRST, SECOND] = SAMPLE.trim().split('\n') as [string, string, string];
const TENANT = getTenants().byId.get('lakeview')!;
const PHOTO_COLUMN = HEADER.split(',').indexOf('Photo URLs');

let server: http.Server;
let base: string;
let requests: string[] = [];
let dataDir: string;
let harness: Harness;

/** A CSV row (without quoted commas before the photo column's neighbours) with its photos set. */
function withPhotos(row: string, urls: string[]): string {
  // The sample's rows quote only the money columns, which come before the photo column.
  const cells = row.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, ''));
  cells[PHOTO_COLUMN] = urls.join('|');
  return cells.slice(0, HEADER.split(',').length).join(',');
}

/** The vehicle page's gallery, which must show the Highlander's two photos in order. */
async function galleryOfTwo(vin: string) {
  const detail = vehicleResponseSchema.parse(
    await (await fetch(`${harness.url}/api/inventory/vehicles/${vin}`, { headers: apiHeaders('lakeview') })).json(),
  ).data;
  expect(detail.gallery.map((picture) => picture.alt)).toEqual([
    '2022 Toyota Highlander XLE, photo 1 of 2',
    '2022 Toyota Highlander XLE, photo 2 of 2',
  ]);
  return { detail, photos: detail.gallery.map((picture) => picture.photo!) };
}

beforeAll(async () => {
  const front = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
  const side = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#a53a3a' } })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    // A query string names the same file at another URL (a photo job of its own).
    req.url = (req.url ?? '').split('?')[0];
    if (req.url === '/front.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(front);
    if (req.url === '/side.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(side);
    if (req.url === '/notes.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('not a photo');
    if (req.url === '/huge.jpg')
      return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(16 << 20));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // This test's dealer photo host is on loopback, which the fetcher refuses unless allowed.
  process.env.PHOTO_FETCH_ALLOW_NETWORKS = '127.0.0.1/32';
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'photo-import-'));
  harness = await startHarness({ dataDir });
});
afterAll(async () => {
  delete process.env.PHOTO_FETCH_ALLOW_NETWORKS;
  await new Promise((resolve) => server.close(resolve));
  await harness.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a feed with photo URLs', () => {
  it('queues the photos in the import, and the worker stores them for the card and the gallery', async () => {
    const vin = FIRST.split(',')[0]!;
    const other = SECOND.split(',')[0]!;
    const feed = [
      HEADER,
      withPhotos(FIRST, [`${base}/front.jpg`, `${base}/notes.jpg`, `${base}/side.png`]),
      withPhotos(SECOND, [`${base}/notes.jpg`]),
    ].join('\n');
    const report = await importFeed(harness.database.db, TENANT, feed, { format: 'csv', mode: 'partial' });
    expect(report).toMatchObject({ inserted: 2, rejected: 0 });
    // Nothing fetched during the import: the photos wait in the queue.
    expect(requests).toEqual([]);
    // One queue row for the batch (not a row per URL); the worker records the URLs as jobs.
    const queued = await harness.database.db.select().from(photoQueue).where(eq(photoQueue.tenantId, 'lakeview'));
    expect(queued.map((row) => [...row.urls].sort())).toEqual([
      [`${base}/front.jpg`, `${base}/notes.jpg`, `${base}/side.png`],
    ]);
    expect(await harness.database.db.select().from(photoJobs).where(eq(photoJobs.tenantId, 'lakeview'))).toEqual([]);

    // Before the worker ran, the page shows the drawn art.
    const before = vehicleResponseSchema.parse(
      await (await fetch(`${harness.url}/api/inventory/vehicles/${vin}`, { headers: apiHeaders('lakeview') })).json(),
    ).data;
    expect(before.gallery).toHaveLength(4);
    expect(before.gallery[0]!.url).toMatch(/^\/media\/vehicles\/.+\.svg$/);
    expect(before.photo).toBeNull();

    expect(await runPhotoJobs(harness.database.db, fileStorage(dataDir))).toEqual({ stored: 2, refused: 1 });
    // Each URL fetched once, even the one two vehicles list.
    expect(requests.sort()).toEqual(['/front.jpg', '/notes.jpg', '/side.png']);
    const jobs = await harness.database.db.select().from(photoJobs).where(eq(photoJobs.tenantId, 'lakeview'));
    expect(jobs.find((job) => job.sourceUrl.endsWith('/notes.jpg'))).toMatchObject({
      status: 'failed',
      error: 'unsupportedType: is not a JPEG, PNG, WebP or AVIF image',
    });

    // The refused photo is left out; the others keep the feed's order.
    const { detail, photos } = await galleryOfTwo(vin);
    const [first, second] = photos;
    expect(first!.webp).toMatch(/^\/media\/photos\/[a-f0-9]{32}\/w480\.webp 480w, \S+w960\.webp 960w$/);
    expect(first!.avif).toContain('w960.avif 960w');
    expect([first!.width, first!.height]).toEqual([960, 720]);
    expect(first!.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(second!.src).not.toBe(first!.src);
    expect(detail.photo).toEqual(first);

    // The search card carries the first photo; the vehicle whose only photo was refused keeps the art.
    const search = searchResponseSchema.parse(
      await (
        await fetch(`${harness.url}/api/inventory/search?make=Toyota`, { headers: apiHeaders('lakeview') })
      ).json(),
    ).data;
    expect(search.vehicles.find((card) => card.vin === vin)?.photo).toEqual(first);
    const plain = vehicleResponseSchema.parse(
      await (await fetch(`${harness.url}/api/inventory/vehicles/${other}`, { headers: apiHeaders('lakeview') })).json(),
    ).data;
    expect(plain.photo).toBeNull();
    expect(plain.gallery).toHaveLength(4);

    // The renditions are served with immutable cache headers.
    const served = await fetch(`${harness.url}${first!.src}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(960);

    // Importing the same feed again queues nothing and fetches nothing.
    requests = [];
    await importFeed(harness.database.db, TENANT, feed, { format: 'csv', mode: 'partial' });
    expect(await runPhotoJobs(harness.database.db, fileStorage(dataDir))).toEqual({ stored: 0, refused: 0 });
    expect(requests).toEqual([]);
    await harness.database.db.delete(vehicles).where(eq(vehicles.tenantId, 'lakeview'));
  });

  it('tells the dealer in the feed’s report which photos could not be stored, and why', async () => {
    const key = 'feed-key-for-photo-tests-0123456789';
    process.env[feedKeyVariable('lakeview')] = key;
    const feed = [
      HEADER,
      withPhotos(FIRST, [`${base}/front.jpg?report`, `${base}/missing.jpg`, `${base}/notes.jpg?report`]),
      withPhotos(SECOND, [`${base}/huge.jpg`]),
    ].join('\n');
    const send = async () => {
      const response = await fetch(`${harness.url}/api/inventory/feeds?mode=partial`, {
        method: 'POST',
        body: feed,
        headers: { ...apiHeaders('lakeview'), 'content-type': 'text/csv', authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(200);
      return feedImportResponseSchema.parse(await response.json()).data;
    };
    try {
      // Nothing fetched yet: nothing to say about the photos.
      expect(await send()).toMatchObject({ inserted: 2, photoProblems: [], photoProblemCount: 0 });
      expect(await runPhotoJobs(harness.database.db, fileStorage(dataDir))).toEqual({ stored: 1, refused: 3 });
      // The next feed's report lists each photo that failed, by row, URL and reason.
      const report = await send();
      expect(report.photoProblems).toEqual([
        { row: 1, url: `${base}/missing.jpg`, reason: 'answered 404 (to be tried again)' },
        { row: 1, url: `${base}/notes.jpg?report`, reason: 'is not a JPEG, PNG, WebP or AVIF image' },
        { row: 2, url: `${base}/huge.jpg`, reason: 'larger than 15728640 bytes' },
      ]);
      expect(report.photoProblemCount).toBe(3);
      // Refused and counted as problems of the photos, not of the rows: both vehicles stand.
      expect(report).toMatchObject({ rejected: 0, unchanged: 2 });
    } finally {
      delete process.env[feedKeyVariable('lakeview')];
      await harness.database.db.delete(vehicles).where(eq(vehicles.tenantId, 'lakeview'));
      await harness.database.db.delete(photoJobs).where(eq(photoJobs.tenantId, 'lakeview'));
      await harness.database.db.delete(photoQueue).where(eq(photoQueue.tenantId, 'lakeview'));
    }
  });

  it('writes nothing when the same feed comes again: no new row version, no queued photo', async () => {
    const feed = [HEADER, withPhotos(FIRST, [`${base}/a.jpg`, `${base}/b.jpg`]), withPhotos(SECOND, [])].join('\n');
    const db = harness.database.db;
    expect(await importFeed(db, TENANT, feed, { format: 'csv', mode: 'partial' })).toMatchObject({ inserted: 2 });
    // xmin is the transaction that wrote a row's current version: an untouched row keeps it.
    const versions = async () =>
      (
        (await db.execute(
          sql`select vin, xmin::text as version from vehicles where tenant_id = 'lakeview' order by vin`,
        )) as unknown as { rows: { vin: string; version: string }[] }
      ).rows;
    const queued = async () => (await db.select().from(photoQueue).where(eq(photoQueue.tenantId, 'lakeview'))).length;
    const before = await versions();
    expect(await queued()).toBe(1);

    const again = await importFeed(db, TENANT, feed, { format: 'csv', mode: 'partial' });
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    expect(await versions()).toEqual(before);
    expect(await queued()).toBe(1);
    await db.delete(photoQueue).where(eq(photoQueue.tenantId, 'lakeview'));
    await db.delete(vehicles).where(eq(vehicles.tenantId, 'lakeview'));
  });

  it('queues the URLs of a batch a chunk to a row, and the worker records each URL once as a job', async () => {
    const db = harness.database.db;
    const urls = Array.from({ length: PHOTO_QUEUE_CHUNK * 2 + 20 }, (_, index) => `${base}/many/${index}.jpg`);
    await db.execute(queuePhotosSql('lakeview', urls));
    // The same URLs again (a later import listing them once more) add no job.
    await db.execute(queuePhotosSql('lakeview', urls.slice(0, 10)));
    const rows = await db.select().from(photoQueue).where(eq(photoQueue.tenantId, 'lakeview'));
    expect(rows.map((row) => row.urls.length)).toEqual([PHOTO_QUEUE_CHUNK, PHOTO_QUEUE_CHUNK, 20, 10]);

    const many = and(eq(photoJobs.tenantId, 'lakeview'), like(photoJobs.sourceUrl, `${base}/many/%`));
    try {
      let taken = 0;
      while (await expandQueuedPhotos(db)) taken += 1;
      expect(taken).toBe(4);
      expect(await db.select().from(photoQueue).where(eq(photoQueue.tenantId, 'lakeview'))).toEqual([]);
      const jobs = await db.select().from(photoJobs).where(many);
      expect(jobs).toHaveLength(urls.length);
      expect(new Set(jobs.map((job) => job.sourceUrl))).toEqual(new Set(urls));
      expect(jobs.every((job) => job.status === 'pending')).toBe(true);
    } finally {
      await db.delete(photoQueue).where(eq(photoQueue.tenantId, 'lakeview'));
      await db.delete(photoJobs).where(many);
    }
  });

  it('stores photos a command-line feed names by file path, through the same pipeline, for the gallery', async () => {
    const vin = FIRST.split(',')[0]!;
    const other = SECOND.split(',')[0]!;
    const folder = mkdtempSync(path.join(os.tmpdir(), 'feed-photos-'));
    mkdirSync(path.join(folder, 'photos'));
    writeFileSync(
      path.join(folder, 'photos', 'front.jpg'),
      await sharp({ create: { width: 1700, height: 1000, channels: 3, background: '#2d8a57' } })
        .jpeg()
        .toBuffer(),
    );
    // A PNG whatever its name says: the type is read from the content.
    writeFileSync(
      path.join(folder, 'photos', 'rear.webp'),
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a2d57' } })
        .png()
        .toBuffer(),
    );
    writeFileSync(path.join(folder, 'photos', 'notes.jpg'), 'not a photo');
    const storage = fileStorage(dataDir);
    const feed = [
      HEADER,
      withPhotos(FIRST, ['photos/front.jpg', 'photos/rear.webp']),
      withPhotos(SECOND, ['photos/notes.jpg']),
    ].join('\n');
    try {
      requests = [];
      const report = await importFeed(harness.database.db, TENANT, feed, {
        format: 'csv',
        mode: 'partial',
        localPhotos: { dir: folder, storage },
      });
      // The row whose file is not a photo is refused with its reason; nothing was fetched.
      expect(report).toMatchObject({ inserted: 1, rejected: 1 });
      expect(report.problems).toEqual([
        { row: 2, column: 'photo_urls', reason: 'photos/notes.jpg is not a JPEG, PNG, WebP or AVIF image' },
      ]);
      expect(requests).toEqual([]);
      // Stored during the import: nothing is left for the worker.
      expect(await runPhotoJobs(harness.database.db, storage)).toEqual({ stored: 0, refused: 0 });

      const [front, rear] = (await galleryOfTwo(vin)).photos;
      // Resized to the pipeline's widths (never up), in AVIF and WebP.
      expect(front!.avif).toMatch(/w480\.avif 480w, \S+w960\.avif 960w, \S+w1600\.avif 1600w$/);
      expect(rear!.webp).toMatch(/w480\.webp 480w$/);
      expect([rear!.width, rear!.height]).toEqual([480, 360]);
      const served = await fetch(`${harness.url}${front!.full}`);
      expect(served.status).toBe(200);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1600);

      // The same feed again changes nothing; a file that changed updates the vehicle.
      const again = await importFeed(harness.database.db, TENANT, feed, {
        format: 'csv',
        mode: 'partial',
        localPhotos: { dir: folder, storage },
      });
      expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
      writeFileSync(
        path.join(folder, 'photos', 'front.jpg'),
        await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#57578a' } })
          .jpeg()
          .toBuffer(),
      );
      const changed = await importFeed(harness.database.db, TENANT, feed, {
        format: 'csv',
        mode: 'partial',
        localPhotos: { dir: folder, storage },
      });
      expect(changed).toMatchObject({ inserted: 0, updated: 1 });

      // A path may not leave the folder, and a feed without the option (HTTP) takes no paths at all.
      const escaping = await importFeed(
        harness.database.db,
        TENANT,
        [HEADER, withPhotos(SECOND, ['../secret.jpg'])].join('\n'),
        { format: 'csv', mode: 'partial', localPhotos: { dir: folder, storage } },
      );
      expect(escaping.problems).toEqual([
        { row: 1, column: 'photo_urls', reason: `../secret.jpg is not a file inside ${folder}` },
      ]);
      const remoteOnly = await importFeed(harness.database.db, TENANT, feed, { format: 'csv', mode: 'partial' });
      expect(remoteOnly.problems).toContainEqual({
        row: 1,
        column: 'photo_urls',
        reason: 'each photo must be an http or https URL',
      });
      const refused = await fetch(`${harness.url}/api/inventory/vehicles/${other}`, {
        headers: apiHeaders('lakeview'),
      });
      expect(refused.status).toBe(404);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await harness.database.db.delete(vehicles).where(eq(vehicles.tenantId, 'lakeview'));
    }
  });
});
