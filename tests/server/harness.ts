import type { Server } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { createApp, type AppOptions } from '#server/app';
import { openDatabase, type Database } from '#server/db/client';
import { users, vehicles, orders, tradeInOffers } from '#server/db/schema';
import { hashPassword } from '#server/identity/passwords';

export const IDENTITY_SECRET = 'identity-secret-for-tests-0123456789abcdef';

export type Harness = {
  url: string;
  database: Database;
  clientDir: string;
  close(): Promise<void>;
};

/** The Express app (commerce backend and middleware, no Remix build) on a free port over PGlite in memory. */
export async function startHarness(overrides: Partial<AppOptions> = {}): Promise<Harness> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'showroom-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'entry-3f9a1c.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  const app = createApp({
    database,
    tenants: getTenants(),
    trustProxy: false,
    identitySecret: IDENTITY_SECRET,
    dataDir: clientDir,
    outboxPage: false,
    clientDir,
    ...overrides,
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    clientDir,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

let vinCounter = 0;

export async function insertShopper(database: Database, tenantId: string, email: string, password = 'Sup3r-secret!') {
  const [user] = await database.db
    .insert(users)
    .values({ tenantId, email, firstName: 'Avery', lastName: 'Lane', passwordHash: await hashPassword(password) })
    .returning();
  return user!;
}

export async function insertOrder(
  database: Database,
  input: { tenantId: string; userId: string; orderNumber: string },
) {
  vinCounter += 1;
  const [vehicle] = await database.db
    .insert(vehicles)
    .values({
      tenantId: input.tenantId,
      vin: `1HGCM82633A${String(100000 + vinCounter)}`,
      year: 2023,
      make: 'Honda',
      model: 'Accord',
      trim: 'EX-L',
      bodyStyle: 'sedan',
      primaryColor: 'blue',
      mileage: 18250,
      type: 'USED',
      msrpCents: 3_200_000,
      priceCents: 2_799_500,
      dealerZip: '78701',
      status: 'Sold',
      drivetrain: 'FWD',
      engine: '1.5L I4 Turbo',
      transmission: 'CVT',
      fuelType: 'Gasoline',
      seats: 5,
    })
    .returning();
  await database.db.insert(orders).values({
    orderNumber: input.orderNumber,
    tenantId: input.tenantId,
    userId: input.userId,
    vehicleId: vehicle!.id,
    orderStatus: 'SUBMITTED',
    dealRefId: `DEAL-${input.orderNumber}`,
    dealType: 'Finance',
    dealSource: 'ConsumerInitiated',
    dealStatus: 'APEN',
    priceCents: vehicle!.priceCents,
  });
  return vehicle!;
}

/** A trade-in offer in further review (a 2003 Honda Accord EX the sandbox put at $2,100), ready in an hour. */
export async function insertPendingTradeIn(database: Database, input: { tenantId: string; userId: string }) {
  const [offer] = await database.db
    .insert(tradeInOffers)
    .values({
      tenantId: input.tenantId,
      userId: input.userId,
      vin: '1HGCM82633A004352',
      year: 2003,
      make: 'Honda',
      model: 'Accord',
      trim: 'EX',
      mileage: 182_000,
      condition: 'Fair',
      ownership: 'Owned',
      registrationState: 'TX',
      status: 'pending',
      offerCents: 210_000,
      readyAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  return offer!;
}

export function apiHeaders(tenantId: string, token?: string): Record<string, string> {
  return {
    'x-caller-id': 'storefront',
    'x-tenant-id': tenantId,
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}
