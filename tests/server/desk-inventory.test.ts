import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskAuditResponseSchema, deskInventoryResponseSchema, deskTodayResponseSchema } from '~/lib/contract/desk';
import { vehicleResponseSchema } from '~/lib/contract/inventory';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { photoJobs, vehicles } from '#server/db/schema';
import { importFeed } from '#server/inventory/import/import-feed';
import { runPhotoJobs } from '#server/inventory/photos/jobs';
import { fileStorage } from '#server/inventory/photos/pipeline';
import { deskStaffToken } from './desk-staff';
import { errorCode, startStepHarness, type StepHarness } from './tracker-harness';

// Inventory at the desk (issue 33): the feed's runs with their refused rows and failed photos
// as the import reported them, a vehicle's price and status set by sales or admin (audited, a
// finance account refused with a 403 that says why), and nothing of it for another tenant's
// staff, a shopper or nobody (404).

const SAMPLE = readFileSync(path.join(process.cwd(), 'docs/samples/inventory-feed.csv'), 'utf8');
const [HEADER, ...SAMPLE_ROWS] = SAMPLE.trim().split('\n');
const VIN = SAMPLE_ROWS[0]!.split(',')[0]!;
// The sample's first row with a VIN whose check digit is wrong: the feed refuses it.
const BAD_ROW = SAMPLE_ROWS[0]!.replace(VIN, `${VIN.slice(0, 8)}0${VIN.slice(9)}`);
const PHOTO = 'https://photos.example.test/lakeview/broken.jpg';
const TENANT = getTenants().byId.get('lakeview')!;

let harness: StepHarness;
const tokens = { sales: '', finance: '', northside: '', shopper: '' };

async function inventory(token = tokens.sales, q?: string) {
  const response = await harness.call(`/api/desk/inventory${q ? `?q=${encodeURIComponent(q)}` : ''}`, {
    tenantId: 'lakeview',
    token,
  });
  expect(response.status).toBe(200);
  return deskInventoryResponseSchema.parse(await response.json()).data;
}

function update(json: unknown, token = tokens.sales, tenantId = 'lakeview') {
  return harness.call(`/api/desk/inventory/${VIN}`, { tenantId, token, json });
}

async function vehicleRow() {
  const [row] = await harness.database.db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, 'lakeview'), eq(vehicles.vin, VIN)));
  return row!;
}

beforeAll(async () => {
  harness = await startStepHarness();
  tokens.sales = await deskStaffToken(harness, 'lakeview', 'sales');
  tokens.finance = await deskStaffToken(harness, 'lakeview', 'finance');
  tokens.northside = await deskStaffToken(harness, 'northside', 'admin');
  tokens.shopper = (await harness.shopper('lakeview')).token;
  // A photo the worker gave up on, listed again by the feed below.
  await harness.database.db
    .insert(photoJobs)
    .values({ tenantId: 'lakeview', sourceUrl: PHOTO, status: 'failed', error: 'fetchFailed: answered 404' });
  const withPhoto = SAMPLE_ROWS[1]!.replace(',,55401,', `,${PHOTO},55401,`);
  await importFeed(harness.database.db, TENANT, [HEADER, SAMPLE_ROWS[0], withPhoto, BAD_ROW].join('\n'), {
    format: 'csv',
    mode: 'partial',
  });
});
afterAll(async () => {
  await harness.close();
});

describe('the feed at the desk', () => {
  it('lists the run with the row it refused and the photo that failed', async () => {
    const { runs, failedPhotos } = await inventory();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ mode: 'partial', rows: 3, accepted: 2, rejected: 1, problemCount: 1 });
    expect(runs[0]!.problems).toEqual([expect.objectContaining({ row: 3, column: 'vin' })]);
    expect(runs[0]!.photoProblems).toEqual([{ row: 2, url: PHOTO, reason: 'answered 404' }]);
    expect(failedPhotos).toEqual([expect.objectContaining({ url: PHOTO, reason: 'fetchFailed: answered 404' })]);
  });

  it('links the failed photo on Today to the Inventory page', async () => {
    const response = await harness.call('/api/desk/today', { tenantId: 'lakeview', token: tokens.sales });
    const { items, counts } = deskTodayResponseSchema.parse(await response.json()).data;
    expect(counts.feed).toBe(1);
    expect(items.find((item) => item.queue === 'feed')).toMatchObject({ subjectId: PHOTO, href: '/desk/inventory' });
  });
});

describe('a vehicle’s price and status by hand', () => {
  it('finds the vehicle by VIN and sets price and status, shown to shoppers and in the audit trail', async () => {
    const [found] = (await inventory(tokens.sales, VIN.slice(-6))).vehicles;
    expect(found).toMatchObject({ vin: VIN, priceCents: 3_699_500, status: 'Available', heldByShopper: false });
    expect((await update({ priceCents: 3_549_500, status: 'PendingSale' })).status).toBe(204);

    const shopperView = await harness.call(`/api/inventory/vehicles/${VIN}`, { tenantId: 'lakeview' });
    expect(vehicleResponseSchema.parse(await shopperView.json()).data).toMatchObject({ price: 35_495 });
    const audit = await harness.call('/api/desk/audit', { tenantId: 'lakeview', token: tokens.finance });
    expect(deskAuditResponseSchema.parse(await audit.json()).data).toContainEqual(
      expect.objectContaining({
        staffEmail: 'sales@lakeview.test',
        action: 'vehicle.update',
        subjectType: 'vehicle',
        subjectId: VIN,
        before: { priceCents: 3_699_500, status: 'Available' },
        after: { priceCents: 3_549_500, status: 'PendingSale' },
      }),
    );
  });

  it('refuses a finance account with a 403 that says who may', async () => {
    const response = await update({ priceCents: 100_000, status: 'Sold' }, tokens.finance);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Your role (finance) cannot change vehicle prices, statuses and photos: ask a sales or admin member of staff.',
    );
    expect((await vehicleRow()).priceCents).toBe(3_549_500);
  });

  it('refuses a price that is not whole cents or under $1, and a status the feed owns', async () => {
    for (const json of [
      { priceCents: 99, status: 'Available' },
      { priceCents: 1000.5, status: 'Available' },
      { priceCents: 100_000, status: 'Deleted' },
    ]) {
      expect((await update(json)).status).toBe(400);
    }
  });

  it('leaves a vehicle a shopper’s checkout holds alone (409)', async () => {
    const row = await vehicleRow();
    await harness.database.db
      .update(vehicles)
      .set({ heldBy: row.id, holdUntil: new Date(harness.clock.now().getTime() + 600_000) })
      .where(eq(vehicles.id, row.id));
    const response = await update({ priceCents: 100_000, status: 'Sold' });
    expect(response.status).toBe(409);
    expect((await inventory(tokens.sales, VIN)).vehicles[0]).toMatchObject({ heldByShopper: true });
    await harness.database.db.update(vehicles).set({ heldBy: null, holdUntil: null }).where(eq(vehicles.id, row.id));
  });
});

describe('a vehicle’s photos by hand', () => {
  // Addresses inside the network: accepted as URLs, never fetched (the feed's photo fetcher).
  const METADATA = 'http://169.254.169.254/latest/meta-data/photo.jpg';
  const LOOPBACK = 'http://127.0.0.1:3000/photo.jpg';
  const photos = (photoUrls: unknown, token: string | null = tokens.sales, tenantId = 'lakeview') =>
    harness.call(`/api/desk/inventory/${VIN}/photos`, { tenantId, token: token ?? undefined, json: { photoUrls } });
  const queued = async () =>
    (
      (await harness.database.db.execute(
        sql`select unnest(urls) as url from photo_queue where tenant_id = 'lakeview'`,
      )) as unknown as { rows: Array<{ url: string }> }
    ).rows.map((row) => row.url);

  it('adds, reorders and removes photo URLs, queues only new ones for the photo pipeline, and audits each change', async () => {
    expect((await photos([METADATA, LOOPBACK])).status).toBe(204);
    expect((await inventory(tokens.sales, VIN)).vehicles[0]!.photoUrls).toEqual([METADATA, LOOPBACK]);
    expect((await queued()).filter((url) => url === METADATA || url === LOOPBACK).sort()).toEqual(
      [LOOPBACK, METADATA].sort(),
    );
    const queuedBefore = (await queued()).length;
    expect((await photos([LOOPBACK, METADATA])).status).toBe(204);
    expect((await photos([LOOPBACK])).status).toBe(204);
    expect((await vehicleRow()).photoUrls).toEqual([LOOPBACK]);
    expect(await queued()).toHaveLength(queuedBefore);

    const audit = await harness.call('/api/desk/audit', { tenantId: 'lakeview', token: tokens.finance });
    const changes = deskAuditResponseSchema
      .parse(await audit.json())
      .data.filter((event) => event.action === 'vehicle.photos');
    expect(changes.map((event) => [event.staffEmail, event.before, event.after])).toEqual([
      ['sales@lakeview.test', { photoUrls: [] }, { photoUrls: [METADATA, LOOPBACK] }],
      ['sales@lakeview.test', { photoUrls: [METADATA, LOOPBACK] }, { photoUrls: [LOOPBACK, METADATA] }],
      ['sales@lakeview.test', { photoUrls: [LOOPBACK, METADATA] }, { photoUrls: [LOOPBACK] }],
    ]);
  });

  it('fetches them like the feed’s: an address inside the network is refused and listed with the failed photos', async () => {
    await runPhotoJobs(harness.database.db, fileStorage(harness.dataDir));
    const jobs = await harness.database.db.select().from(photoJobs).where(eq(photoJobs.tenantId, 'lakeview'));
    for (const url of [METADATA, LOOPBACK])
      expect(jobs.find((job) => job.sourceUrl === url)).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('refused'),
      });
    const { failedPhotos } = await inventory();
    expect(failedPhotos.map((photo) => photo.url)).toEqual(expect.arrayContaining([METADATA, LOOPBACK]));
  });

  it('refuses what is not an http or https URL, a photo twice, more than 40, and a finance account', async () => {
    for (const photoUrls of [
      ['file:///etc/passwd'],
      ['/srv/photos/a.jpg'],
      ['javascript:alert(1)'],
      [LOOPBACK, LOOPBACK],
      Array.from({ length: 41 }, (_, index) => `https://photos.example.test/${index}.jpg`),
    ]) {
      expect((await photos(photoUrls)).status).toBe(400);
    }
    expect((await photos([METADATA], tokens.finance)).status).toBe(403);
    for (const [token, tenantId] of [
      [tokens.northside, 'northside'],
      [tokens.northside, 'lakeview'],
      [tokens.shopper, 'lakeview'],
      [null, 'lakeview'],
    ] as const) {
      expect((await photos([METADATA], token, tenantId)).status).toBe(404);
    }
    expect((await vehicleRow()).photoUrls).toEqual([LOOPBACK]);
  });
});

describe('tenant isolation', () => {
  it('answers 404 to another tenant’s staff, a shopper and nobody, and changes nothing', async () => {
    for (const token of [tokens.northside, tokens.shopper, null]) {
      const list = await harness.call('/api/desk/inventory', { tenantId: 'lakeview', token: token ?? undefined });
      expect(list.status).toBe(404);
      expect(await errorCode(list)).toBe('error.desk.notFound');
      const change = await harness.call(`/api/desk/inventory/${VIN}`, {
        tenantId: 'lakeview',
        token: token ?? undefined,
        json: { priceCents: 100_000, status: 'Sold' },
      });
      expect(change.status).toBe(404);
    }
    // Lakeview's VIN through Northside's own desk is as absent as a missing one.
    expect((await update({ priceCents: 100_000, status: 'Sold' }, tokens.northside, 'northside')).status).toBe(404);
    const northside = await harness.call('/api/desk/inventory', { tenantId: 'northside', token: tokens.northside });
    const { runs, vehicles: listed } = deskInventoryResponseSchema.parse(await northside.json()).data;
    expect(runs).toEqual([]);
    expect(listed.map((vehicle) => vehicle.vin)).not.toContain(VIN);
    expect(await vehicleRow()).toMatchObject({ priceCents: 3_549_500, status: 'PendingSale' });
  });
});
