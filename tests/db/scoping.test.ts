import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { orderHistory, orders, users, vehicles } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed';
import { DEMO_SHOPPER, SCENARIOS, scenarioOrderNumber } from '../../server/db/seed-data/scenarios';
import { findOwnedOrder, findOwnedOrderHistory, listOwnedOrders } from '../../server/orders/queries';
import { createTestDatabase, databaseKinds } from '../support/test-db';
import { NOW, TENANTS } from './fixtures';

type Owner = { tenantId: string; userId: string };

for (const { kind, label, skip } of await databaseKinds()) {
  describe.skipIf(skip)(`order queries stay with their owner ${label}`, () => {
    let database: Database;
    let dataDir: string;
    let demoDefault: Owner;
    let demoNorth: Owner;
    let otherShopper: Owner;
    const otherOrder = 'SR-TEST-90001';

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'showroom-scoping-'));
      database = await createTestDatabase(kind);
      await seedDatabase(database.db, { vehicles: 60, tenants: TENANTS.slice(0, 2), dataDir, now: NOW });
      const demos = await database.db.select().from(users).where(eq(users.email, DEMO_SHOPPER.email));
      const demoIn = (tenantId: string) => ({ tenantId, userId: demos.find((user) => user.tenantId === tenantId)!.id });
      demoDefault = demoIn('default');
      demoNorth = demoIn('north');

      // A second shopper in the default tenant, with one order of their own.
      const [other] = await database.db
        .insert(users)
        .values({ tenantId: 'default', email: 'other@showroom.test', firstName: 'Olive', lastName: 'Other' })
        .returning();
      otherShopper = { tenantId: 'default', userId: other!.id };
      const [vehicle] = await database.db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.tenantId, 'default'), eq(vehicles.status, 'Available')))
        .limit(1);
      await database.db.insert(orders).values({
        orderNumber: otherOrder,
        tenantId: 'default',
        userId: other!.id,
        vehicleId: vehicle!.id,
        orderStatus: 'SUBMITTED',
        dealRefId: 'DEAL-TEST-90001',
        dealType: 'Cash',
        dealSource: 'ConsumerInitiated',
        priceCents: vehicle!.priceCents,
      });
      await database.db.insert(orderHistory).values({ orderNumber: otherOrder, orderStatus: 'SUBMITTED' });
    });
    afterAll(async () => {
      await database?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it("lists only the shopper's own orders in the tenant, oldest first", async () => {
      const mine = await listOwnedOrders(database.db, demoDefault);
      expect(mine).toHaveLength(SCENARIOS.length);
      expect(mine.every((order) => order.tenantId === 'default')).toBe(true);
      expect(mine.map((order) => order.orderNumber)).not.toContain(otherOrder);
      const times = mine.map((order) => Date.parse(order.createdAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));

      expect((await listOwnedOrders(database.db, otherShopper)).map((order) => order.orderNumber)).toEqual([
        otherOrder,
      ]);
      // The same user id asked through another tenant sees nothing.
      expect(await listOwnedOrders(database.db, { tenantId: 'north', userId: demoDefault.userId })).toEqual([]);
    });

    it("never finds another shopper's order", async () => {
      const demoOrder = scenarioOrderNumber('default', 10001);
      expect(await findOwnedOrder(database.db, demoDefault, demoOrder)).toMatchObject({
        orderNumber: demoOrder,
        tenantId: 'default',
      });
      expect(await findOwnedOrder(database.db, demoDefault, otherOrder)).toBeNull();
      expect(await findOwnedOrder(database.db, otherShopper, demoOrder)).toBeNull();
      expect(await findOwnedOrder(database.db, otherShopper, otherOrder)).toMatchObject({ orderNumber: otherOrder });
    });

    it("never finds another tenant's order, even for the same e-mail", async () => {
      const northOrder = scenarioOrderNumber('north', 10001);
      const defaultOrder = scenarioOrderNumber('default', 10001);
      expect(await findOwnedOrder(database.db, demoDefault, northOrder)).toBeNull();
      expect(await findOwnedOrder(database.db, demoNorth, defaultOrder)).toBeNull();
      // Right user, wrong tenant (and the reverse).
      expect(
        await findOwnedOrder(database.db, { tenantId: 'north', userId: demoDefault.userId }, defaultOrder),
      ).toBeNull();
      expect(
        await findOwnedOrder(database.db, { tenantId: 'default', userId: demoNorth.userId }, northOrder),
      ).toBeNull();
      expect(await findOwnedOrder(database.db, demoNorth, northOrder)).toMatchObject({
        orderNumber: northOrder,
        tenantId: 'north',
      });
    });

    it('returns history only to the owner', async () => {
      const offRamp = scenarioOrderNumber('default', 10024);
      const history = await findOwnedOrderHistory(database.db, demoDefault, offRamp);
      expect(history?.map((entry) => entry.values.orderStatus)).toContain('OFFRAMP');
      expect(history?.at(-1)?.values).toEqual({ orderStatus: 'CONTRACT_PENDING', deal: { status: 'SIGN' } });
      expect(await findOwnedOrderHistory(database.db, otherShopper, offRamp)).toBeNull();
      expect(await findOwnedOrderHistory(database.db, demoNorth, offRamp)).toBeNull();
      expect(
        await findOwnedOrderHistory(database.db, { tenantId: 'north', userId: demoDefault.userId }, offRamp),
      ).toBeNull();
      expect(await findOwnedOrderHistory(database.db, demoDefault, otherOrder)).toBeNull();
      expect(await findOwnedOrderHistory(database.db, demoDefault, 'SR-NOPE-1')).toBeNull();
    });
  });
}
