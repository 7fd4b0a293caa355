import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedImportResponseSchema } from '~/lib/contract/inventory-feeds';
import { searchResponseSchema, similarVehiclesResponseSchema, vehicleResponseSchema } from '~/lib/contract/inventory';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { vinCheckDigit } from '~/lib/shared/vin';
import { createCommerceApi } from '#server/commerce-api';
import type { Database } from '#server/db/client';
import { clearInventoryCaches } from '#server/inventory/cache';
import { feedKeyVariable } from '#server/inventory/import/router';
import { runPhotoJobs } from '#server/inventory/photos/jobs';
import { fileStorage } from '#server/inventory/photos/pipeline';
import { createTestDatabase, databaseKinds } from '../support/test-db';
import { apiHeaders, IDENTITY_SECRET } from './harness';

// Issue 29 point 5: tenants never meet in a query. Two tenants import the same feed (the same
// photo URLs, prices and zips; only the VINs differ), the photo worker stores the photo for
// each, and then search, the vehicle page and its similar vehicles answer each tenant with its
// own vehicles. Before the fix the card's cover-photo subquery compared photo_jobs.tenant_id
// with itself, found the photo of both tenants and PostgreSQL answered 21000 ("more than one
// row returned by a subquery"): a 500 on /search in both tenants.

const SAMPLE = readFileSync(path.join(process.cwd(), 'docs/samples/inventory-feed.csv'), 'utf8');
const [HEADER, ...ROWS] = SAMPLE.trim().split('\n') as [string, ...string[]];
const PHOTO_COLUMN = HEADER.split(',').indexOf('Photo URLs');
const TENANTS = ['lakeview', 'northside'] as const;
const KEY = 'feed-key-for-two-tenants-0123456789';

function withCheckDigit(vin: string): string {
  return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
}

/** The sample's first four rows with one photo each; the second tenant's VINs end differently. */
function feedFor(tenantId: string, photoBase: string): { csv: string; vins: string[] } {
  const rows = ROWS.slice(0, 4).map((row) => {
    const cells = row.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, ''));
    cells[PHOTO_COLUMN] = `${photoBase}/front.jpg`;
    // VINs excepted: a VIN names one vehicle, so the second dealer's are its own.
    // The check digit (position 9) is computed again for the changed VIN, as a real one's is.
    if (tenantId === TENANTS[1]) cells[0] = withCheckDigit(`${cells[0]!.slice(0, 11)}9${cells[0]!.slice(12)}`);
    return cells.slice(0, HEADER.split(',').length);
  });
  return { csv: [HEADER, ...rows.map((cells) => cells.join(','))].join('\n'), vins: rows.map((cells) => cells[0]!) };
}

for (const { kind, label, skip } of await databaseKinds()) {
  describe.skipIf(skip)(`two tenants with the same feed ${label}`, () => {
    let database: Database;
    let dataDir: string;
    let api: Server;
    let photos: Server;
    let url: string;
    let photoBase: string;
    const feeds = new Map<string, { csv: string; vins: string[] }>();

    const call = (tenantId: string, pathname: string) => fetch(`${url}${pathname}`, { headers: apiHeaders(tenantId) });
    const postFeed = (tenantId: string, csv: string, mode: 'full' | 'partial' = 'full') =>
      fetch(`${url}/api/inventory/feeds?mode=${mode}`, {
        method: 'POST',
        body: csv,
        headers: { ...apiHeaders(tenantId), 'content-type': 'text/csv', authorization: `Bearer ${KEY}` },
      });

    beforeAll(async () => {
      clearInventoryCaches();
      for (const tenantId of TENANTS) process.env[feedKeyVariable(tenantId)] = KEY;
      // The photo host plays a dealer's server on this machine: allowed as a private network would be (decision 069).
      process.env.PHOTO_FETCH_ALLOW_NETWORKS = '127.0.0.1/32';
      const front = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6ea5' } })
        .jpeg()
        .toBuffer();
      photos = http.createServer((req, res) => {
        if (req.url === '/front.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(front);
        res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => photos.listen(0, '127.0.0.1', resolve));
      photoBase = `http://127.0.0.1:${(photos.address() as AddressInfo).port}`;
      for (const tenantId of TENANTS) feeds.set(tenantId, feedFor(tenantId, photoBase));

      database = await createTestDatabase(kind);
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'showroom-two-tenants-'));
      const app = express();
      app.use(
        createCommerceApi(
          { database, tenants: getTenants(), identitySecret: IDENTITY_SECRET, dataDir, outboxPage: false },
          { retentionSweep: false, holdSweep: false },
        ),
      );
      api = await new Promise<Server>((resolve) => {
        const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
      });
      url = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      for (const tenantId of TENANTS) delete process.env[feedKeyVariable(tenantId)];
      delete process.env.PHOTO_FETCH_ALLOW_NETWORKS;
      await new Promise<void>((resolve) => api?.close(() => resolve()));
      await new Promise<void>((resolve) => photos?.close(() => resolve()));
      await database?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      clearInventoryCaches();
    });

    it('imports the same feed into each tenant, and the photo worker stores the photo for each', async () => {
      for (const tenantId of TENANTS) {
        const response = await postFeed(tenantId, feeds.get(tenantId)!.csv);
        expect(response.status).toBe(200);
        expect(feedImportResponseSchema.parse(await response.json()).data).toMatchObject({
          inserted: 4,
          rejected: 0,
          removed: 0,
        });
      }
      // One job a tenant for the one URL both feeds list.
      expect(await runPhotoJobs(database.db, fileStorage(dataDir))).toEqual({ stored: 2, refused: 0 });
      clearInventoryCaches();
    });

    it('searches each tenant in every sort: its own four vehicles, each with the stored photo', async () => {
      for (const tenantId of TENANTS) {
        for (const sort of ['price-desc', 'price-asc', 'mileage-asc', 'year-desc', 'newest', 'distance-asc']) {
          const response = await call(tenantId, `/api/inventory/search?sort=${sort}&zip=55401`);
          expect(response.status, `${tenantId} ${sort}`).toBe(200);
          const { vehicles } = searchResponseSchema.parse(await response.json()).data;
          expect(vehicles.map((card) => card.vin).sort()).toEqual([...feeds.get(tenantId)!.vins].sort());
          expect(vehicles.every((card) => card.photo?.src.startsWith('/media/photos/'))).toBe(true);
        }
      }
    });

    it("shows each tenant's vehicle page and similar vehicles, and never the other tenant's vehicle", async () => {
      for (const tenantId of TENANTS) {
        const [first, ...rest] = feeds.get(tenantId)!.vins;
        const page = await call(tenantId, `/api/inventory/vehicles/${first}`);
        expect(page.status).toBe(200);
        const detail = vehicleResponseSchema.parse(await page.json()).data;
        expect(detail.gallery.map((picture) => picture.alt)).toEqual(['2022 Toyota Highlander XLE, photo 1 of 1']);
        expect(detail.photo?.src).toMatch(/^\/media\/photos\//);

        for (const vin of [first, ...rest]) {
          const similar = await call(tenantId, `/api/inventory/vehicles/${vin}/similar`);
          expect(similar.status).toBe(200);
          const cards = similarVehiclesResponseSchema.parse(await similar.json()).data;
          expect(cards.every((card) => feeds.get(tenantId)!.vins.includes(card.vin) && card.photo !== null)).toBe(true);
        }
        const other = TENANTS.find((id) => id !== tenantId)!;
        expect((await call(tenantId, `/api/inventory/vehicles/${feeds.get(other)!.vins[0]}`)).status).toBe(404);
      }
    });

    it("removes what one tenant's full feed no longer lists, and leaves the other tenant's stock alone", async () => {
      const [tenantId, other] = TENANTS;
      const shorter = feeds.get(tenantId)!.csv.split('\n').slice(0, 4).join('\n');
      const response = await postFeed(tenantId, shorter);
      expect(feedImportResponseSchema.parse(await response.json()).data).toMatchObject({ unchanged: 3, removed: 1 });
      clearInventoryCaches();
      const count = async (id: string) =>
        searchResponseSchema.parse(await (await call(id, '/api/inventory/search')).json()).data.vehicles.length;
      expect(await count(tenantId)).toBe(3);
      expect(await count(other)).toBe(4);
    });
  });
}
