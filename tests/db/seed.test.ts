import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneProblem } from '../../app/lib/shared/validation/phone';
import type { Database } from '../../server/db/client';
import { carts, documents, orders, seedRuns, users, vehicles } from '../../server/db/schema';
import { seedDatabase, seedIfEmpty } from '../../server/db/seed';
import { DEMO_SHOPPER, SCENARIOS } from '../../server/db/seed-data/scenarios';
import { isValidVin } from '../../server/db/seed-data/vin';
import { documentsKey, readDocument } from '../../server/documents/storage';
import { verifyPassword } from '../../server/identity/passwords';
import { localStorage } from '../../server/storage/object-storage';
import { createTestDatabase, databaseKinds } from '../support/test-db';
import { NOW, TENANTS, tenantById } from './fixtures';

const TOTAL = 601;
const PDF = [0x25, 0x50, 0x44, 0x46]; // %PDF
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function vehiclesPerTenant(database: Database): Promise<Record<string, number>> {
  const rows = await database.db
    .select({ tenantId: vehicles.tenantId, n: count() })
    .from(vehicles)
    .groupBy(vehicles.tenantId);
  return Object.fromEntries(rows.map((row) => [row.tenantId, row.n]));
}

async function ordersPerTenant(database: Database): Promise<Record<string, number>> {
  const rows = await database.db
    .select({ tenantId: orders.tenantId, n: count() })
    .from(orders)
    .groupBy(orders.tenantId);
  return Object.fromEntries(rows.map((row) => [row.tenantId, row.n]));
}

for (const { kind, label, skip } of await databaseKinds()) {
  describe.skipIf(skip)(`seed ${label}`, () => {
    let database: Database;
    let dataDir: string;
    let result: Awaited<ReturnType<typeof seedDatabase>>;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'showroom-seed-'));
      database = await createTestDatabase(kind);
      result = await seedDatabase(database.db, { vehicles: TOTAL, tenants: TENANTS, dataDir, now: NOW });
    });
    afterAll(async () => {
      await database?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('writes the total number of vehicles, shared out evenly, and records the run', async () => {
      expect(result.vehicles).toBe(TOTAL);
      expect(result.tenants).toEqual(['default', 'north', 'compact']);
      expect(result.orders).toBe(SCENARIOS.length * TENANTS.length);
      expect(await vehiclesPerTenant(database)).toEqual({ default: 201, north: 200, compact: 200 });
      const runs = await database.db.select().from(seedRuns);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ vehicles: TOTAL, tenants: ['default', 'north', 'compact'] });
    });

    it('gives every vehicle a valid VIN, unique across tenants', async () => {
      const rows = await database.db.select({ vin: vehicles.vin }).from(vehicles);
      expect(rows).toHaveLength(TOTAL);
      expect(rows.filter((row) => !isValidVin(row.vin))).toEqual([]);
      expect(new Set(rows.map((row) => row.vin)).size).toBe(TOTAL);
    });

    it('keeps every vehicle within its tenant limits', async () => {
      const rows = await database.db.select().from(vehicles);
      for (const vehicle of rows) {
        const limits = tenantById(vehicle.tenantId).inventory;
        if (vehicle.type === 'NEW') expect(vehicle.mileage).toBeLessThan(50);
        expect(vehicle.mileage).toBeLessThan(limits.mileageLimit);
        expect(NOW.getUTCFullYear() - vehicle.year).toBeLessThanOrEqual(limits.ageLimit);
        expect(vehicle.priceCents).toBeGreaterThan(0);
        expect(['Available', 'PendingSale', 'Sold']).toContain(vehicle.status);
        expect(Array.isArray(vehicle.features)).toBe(true);
      }
      expect(rows.some((vehicle) => vehicle.status === 'Sold')).toBe(true);
      expect(rows.some((vehicle) => vehicle.status === 'PendingSale')).toBe(true);
      expect(rows.some((vehicle) => vehicle.secondaryColor !== null)).toBe(true);
      expect(rows.some((vehicle) => vehicle.priceGuide !== null)).toBe(true);
    });

    it('creates the demo shopper in every tenant, with a password that verifies', async () => {
      const shoppers = await database.db.select().from(users).where(eq(users.email, DEMO_SHOPPER.email));
      expect(shoppers.map((shopper) => shopper.tenantId).sort()).toEqual(['compact', 'default', 'north']);
      for (const shopper of shoppers) {
        expect(shopper).toMatchObject({ firstName: 'Dana', lastName: 'Rivera', email: 'demo@showroom.test' });
        expect(shopper.emailVerifiedAt).toBeInstanceOf(Date);
        expect(phoneProblem(shopper.phone ?? '')).toBeNull();
      }
      // Hashed once and reused.
      expect(new Set(shoppers.map((shopper) => shopper.passwordHash)).size).toBe(1);
      expect(await verifyPassword(shoppers[0]!.passwordHash!, 'DemoPass-2026')).toBe(true);
      expect(await verifyPassword(shoppers[0]!.passwordHash!, 'demopass-2026')).toBe(false);
    });

    it('writes the sample documents encrypted: no licence, card or pay stub lies in the clear (issue 29 point 7)', async () => {
      const files = (await readdir(path.join(dataDir, 'documents'), { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name));
      const stored = await database.db
        .select({ storagePath: documents.storagePath, contentType: documents.contentType })
        .from(documents)
        .where(sql`${documents.storagePath} is not null`);
      expect(files).toHaveLength(stored.length);
      expect(files.length).toBeGreaterThan(100);
      for (const file of files) {
        const head = [...(await readFile(file)).subarray(0, 8)];
        expect(head.slice(0, 4), file).not.toEqual(PDF);
        expect(head, file).not.toEqual(PNG);
      }
      // And the documents service reads each back as the file it was.
      const storage = localStorage(dataDir);
      for (const { storagePath, contentType } of stored) {
        const plain = await readDocument(storage, documentsKey(dataDir), storagePath!);
        expect([...plain!.subarray(0, 4)]).toEqual(contentType === 'image/png' ? PNG.slice(0, 4) : PDF);
      }
    });

    it('does nothing from seedIfEmpty once the database has been seeded', async () => {
      expect(await seedIfEmpty(database.db, { vehicles: 10, tenants: TENANTS, dataDir, now: NOW })).toBeNull();
      expect(await database.db.select({ n: count() }).from(seedRuns)).toEqual([{ n: 1 }]);
    });

    it("replaces only the chosen tenant's data when it is seeded again", async () => {
      const [other] = await database.db
        .insert(users)
        .values({ tenantId: 'north', email: 'someone@example.test', firstName: 'Sam', lastName: 'Other' })
        .returning();
      // A cart on one of the vehicles the seed replaces (the bench opens one for the demo shopper).
      const [vehicle] = await database.db.select().from(vehicles).where(eq(vehicles.tenantId, 'north')).limit(1);
      const [demo] = await database.db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, 'north'), eq(users.email, DEMO_SHOPPER.email)));
      await database.db
        .insert(carts)
        .values({ tenantId: 'north', userId: demo!.id, vehicleId: vehicle!.id, dealType: 'Finance', termMonths: 60 });
      await seedDatabase(database.db, { vehicles: 150, tenants: TENANTS, tenantIds: ['north'], dataDir, now: NOW });
      expect(await database.db.select().from(carts).where(eq(carts.tenantId, 'north'))).toEqual([]);
      expect(await vehiclesPerTenant(database)).toEqual({ default: 201, north: 150, compact: 200 });
      expect(await ordersPerTenant(database)).toEqual({
        default: SCENARIOS.length,
        north: SCENARIOS.length,
        compact: SCENARIOS.length,
      });
      expect(await database.db.select({ n: count() }).from(users).where(eq(users.email, DEMO_SHOPPER.email))).toEqual([
        { n: 3 },
      ]);
      // Other shoppers stay, unless the seed resets the tenant.
      expect(await database.db.select().from(users).where(eq(users.id, other!.id))).toHaveLength(1);
      await seedDatabase(database.db, {
        vehicles: 150,
        tenants: TENANTS,
        tenantIds: ['north'],
        dataDir,
        now: NOW,
        reset: true,
      });
      expect(await database.db.select().from(users).where(eq(users.id, other!.id))).toHaveLength(0);
      expect(
        await database.db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.tenantId, 'north'), eq(users.email, DEMO_SHOPPER.email))),
      ).toEqual([{ n: 1 }]);
      expect(await database.db.select({ n: count() }).from(seedRuns)).toEqual([{ n: 3 }]);
    });

    it('is deterministic: the same input gives the same vehicles', async () => {
      const before = await database.db.execute(
        sql`select vin, price_cents, mileage from vehicles where tenant_id = 'north' order by vin`,
      );
      await seedDatabase(database.db, { vehicles: 150, tenants: TENANTS, tenantIds: ['north'], dataDir, now: NOW });
      const after = await database.db.execute(
        sql`select vin, price_cents, mileage from vehicles where tenant_id = 'north' order by vin`,
      );
      expect((after as unknown as { rows: unknown[] }).rows).toEqual((before as unknown as { rows: unknown[] }).rows);
    });

    it('rejects an unknown tenant id', async () => {
      await expect(
        seedDatabase(database.db, { vehicles: 5, tenants: TENANTS, tenantIds: ['nowhere'], dataDir, now: NOW }),
      ).rejects.toThrow(/Unknown tenant "nowhere"/);
    });
  });

  describe.skipIf(skip)(`seedIfEmpty ${label}`, () => {
    let database: Database;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'showroom-seed-once-'));
      database = await createTestDatabase(kind);
    });
    afterAll(async () => {
      await database?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('seeds an empty database once and records the run', async () => {
      const options = { vehicles: 40, tenants: TENANTS.slice(0, 1), dataDir, now: NOW };
      const first = await seedIfEmpty(database.db, options);
      expect(first).toEqual({ vehicles: 40, ms: expect.any(Number) });
      expect(await seedIfEmpty(database.db, options)).toBeNull();
      expect(await database.db.select({ n: count() }).from(seedRuns)).toEqual([{ n: 1 }]);
      expect(await vehiclesPerTenant(database)).toEqual({ default: 40 });
    });
  });
}
