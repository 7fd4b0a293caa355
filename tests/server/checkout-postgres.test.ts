import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartResponseSchema } from '~/lib/contract/checkout';
import { tokensResponseSchema } from '~/lib/contract/identity';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { createCommerceApi } from '#server/commerce-api';
import type { Database } from '#server/db/client';
import { orders, payments, users, vehicles } from '#server/db/schema';
import { hashPassword } from '#server/identity/passwords';
import { SANDBOX_CARDS } from '#server/payments/sandbox-gateway';
import { createTestDatabase, isPostgresAvailable, POSTGRES_UNAVAILABLE_REASON } from '../support/test-db';
import { IDENTITY_SECRET } from './harness';

// The two races of checkout on PostgreSQL, where requests really run at once on several
// connections: two shoppers starting a purchase of one vehicle, and one shopper's doubled
// Place order. (PGlite runs one statement at a time; the other checkout tests use it.)

const available = await isPostgresAvailable();

describe.skipIf(!available)(
  `checkout races on PostgreSQL${available ? '' : ` (${POSTGRES_UNAVAILABLE_REASON})`}`,
  () => {
    let database: Database;
    let server: Server;
    let url: string;
    let dataDir: string;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'showroom-checkout-pg-'));
      const app = express();
      app.use(
        createCommerceApi(
          { database, tenants: getTenants(), identitySecret: IDENTITY_SECRET, dataDir, outboxPage: false },
          { retentionSweep: false, holdSweep: false },
        ),
      );
      server = await new Promise<Server>((resolve) => {
        const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
      });
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    function call(pathname: string, init: { token?: string; json?: unknown; headers?: Record<string, string> } = {}) {
      const headers: Record<string, string> = {
        'x-caller-id': 'storefront',
        'x-tenant-id': 'default',
        ...init.headers,
      };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      return fetch(`${url}${pathname}`, {
        method: init.json === undefined ? 'GET' : 'POST',
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
    }

    let shoppers = 0;
    async function shopper() {
      shoppers += 1;
      const email = `racer${shoppers}.${Date.now().toString(36)}@shop.test`;
      const [user] = await database.db
        .insert(users)
        .values({
          tenantId: 'default',
          email,
          firstName: 'Avery',
          lastName: 'Lane',
          passwordHash: await hashPassword('Sup3r-secret!'),
        })
        .returning();
      const response = await call('/api/identity/sign-in', { json: { email, password: 'Sup3r-secret!' } });
      return { userId: user!.id, token: tokensResponseSchema.parse(await response.json()).data.identityToken };
    }

    async function vehicle() {
      const [row] = await database.db
        .insert(vehicles)
        .values({
          tenantId: 'default',
          vin: `3FA6P0H7XKR${String(100000 + Math.floor(Math.random() * 899999))}`,
          year: 2021,
          make: 'Ford',
          model: 'Fusion',
          trim: 'SE',
          bodyStyle: 'sedan',
          primaryColor: 'blue',
          mileage: 30_000,
          type: 'USED',
          msrpCents: 2_600_000,
          priceCents: 2_200_000,
          dealerZip: '78701',
          drivetrain: 'FWD',
          engine: '1.5L I4',
          transmission: 'Automatic',
          fuelType: 'Gasoline',
          seats: 5,
        })
        .returning();
      return row!;
    }

    it('lets exactly one of five racing shoppers hold the vehicle', async () => {
      const target = await vehicle();
      const racers = await Promise.all([shopper(), shopper(), shopper(), shopper(), shopper()]);
      const answers = await Promise.all(
        racers.map((racer) =>
          call('/api/checkout/carts', { token: racer.token, json: { vin: target.vin, dealType: 'Cash' } }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    });

    it('makes one order and one payment of a doubled Place order', async () => {
      const owner = await shopper();
      const target = await vehicle();
      const cart = cartResponseSchema.parse(
        await (
          await call('/api/checkout/carts', { token: owner.token, json: { vin: target.vin, dealType: 'Cash' } })
        ).json(),
      ).data;
      const body = {
        method: 'DEPOSIT',
        amountCents: 50_000,
        card: {
          email: 'avery@example.com',
          number: SANDBOX_CARDS.approved,
          expMonth: 12,
          expYear: 2099,
          cvc: '123',
          name: 'Avery Lane',
          country: 'US',
          postalCode: '78701',
        },
      };
      const answers = await Promise.all(
        ['key-one-12345', 'key-two-12345', 'key-one-12345'].map((key) =>
          call(`/api/checkout/carts/${cart.id}/place`, {
            token: owner.token,
            json: body,
            headers: { 'idempotency-key': key },
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
      const made = await database.db.select().from(orders).where(eq(orders.userId, owner.userId));
      expect(made).toHaveLength(1);
      expect(
        await database.db.select().from(payments).where(eq(payments.orderNumber, made[0]!.orderNumber)),
      ).toHaveLength(1);
    });
  },
);
