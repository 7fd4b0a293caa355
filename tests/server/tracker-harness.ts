import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import express from 'express';
import { expect } from 'vitest';
import { apiErrorBodySchema } from '~/lib/contract/common';
import { tokensResponseSchema } from '~/lib/contract/identity';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { createCommerceApi } from '#server/commerce-api';
import type { Database } from '#server/db/client';
import { orderHistory, orders, users } from '#server/db/schema';
import { hashPassword } from '#server/identity/passwords';
import type { SandboxTimings } from '#server/orders/backend';
import { createTestOrder } from '#server/orders/test-orders';
import { OutboxSender, type MessageSender, type OutgoingMessage } from '#server/notifications/senders';
import { createTestDatabase, type DatabaseKind } from '../support/test-db';
import { IDENTITY_SECRET, insertOrder } from './harness';
import type { PaymentGateway } from '#server/payments/gateway';
import { SANDBOX_CARDS } from '#server/payments/sandbox-gateway';

// The built-in commerce backend for the step tests: its routers over PGlite in memory, a data
// folder of its own, a clock the test moves, the partners' delays cut to milliseconds, and the
// messages it sends kept in a list instead of the outbox.

export const PASSWORD = 'Sup3r-secret!';

/** The card form a test shopper pays with: the sandbox's approved card. */
export const APPROVED_CARD = {
  number: SANDBOX_CARDS.approved,
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
  name: 'Dana Rivera',
  postalCode: '78701',
};

export class MemorySender implements MessageSender {
  readonly name = 'memory';
  readonly sent: OutgoingMessage[] = [];
  async send(message: OutgoingMessage): Promise<void> {
    this.sent.push(message);
  }
}

export type StepHarness = {
  url: string;
  database: Database;
  dataDir: string;
  messages: MemorySender;
  clock: { now(): Date; advance(ms: number): void; set(date: Date): void };
  /** A shopper with a phone, signed in: their identity token. */
  shopper(
    tenantId?: string,
    email?: string,
    options?: { phone?: string | null; firstName?: string; lastName?: string; textConsent?: boolean },
  ): Promise<{ userId: string; token: string }>;
  /** A just-placed order of the shopper (as POST /api/test/orders makes them). */
  order(
    owner: { userId: string },
    template: 'finance' | 'lease' | 'cash' | 'cash-dealer',
    tenantId?: string,
  ): Promise<{ orderNumber: string; dealRefId: string }>;
  call(
    pathname: string,
    init?: {
      method?: string;
      token?: string;
      tenantId?: string;
      json?: unknown;
      body?: BodyInit;
      headers?: Record<string, string>;
    },
  ): Promise<Response>;
  orderRow(orderNumber: string): Promise<typeof orders.$inferSelect>;
  history(orderNumber: string): Promise<Array<{ orderStatus: string; dealStatus: string | null }>>;
  close(): Promise<void>;
};

let counter = 0;

export async function startStepHarness(
  timings: Partial<SandboxTimings> = {},
  tenants = getTenants(),
  options: {
    outbox?: boolean;
    /** PGlite unless told (PostgreSQL when the test found it answering). */
    kind?: DatabaseKind;
    /** The card company the backend talks to (the sandbox over the database unless given). */
    gateway?: (db: Database['db']) => PaymentGateway;
  } = {},
): Promise<StepHarness> {
  const database = await createTestDatabase(options.kind ?? 'pglite');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'showroom-steps-'));
  const messages = new MemorySender();
  let current = new Date();
  const clock = {
    now: () => new Date(current.getTime()),
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
    set: (date: Date) => {
      current = date;
    },
  };
  const app = express();
  app.use(
    createCommerceApi(
      { database, tenants, identitySecret: IDENTITY_SECRET, dataDir, outboxPage: false },
      {
        // With `outbox`, messages land in the sandbox outbox as they do in development.
        senders: options.outbox
          ? { email: new OutboxSender(database.db), sms: new OutboxSender(database.db) }
          : { email: messages, sms: messages },
        now: clock.now,
        timings: {
          insurancePullMs: 20,
          contractPreparationMs: 4_000,
          countersignMs: 5_000,
          appointmentConfirmMs: 5_000,
          ...timings,
        },
        retentionSweep: false,
        ...(options.gateway ? { gateway: options.gateway(database.db) } : {}),
      },
    ),
  );
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const passwordHash = await hashPassword(PASSWORD);

  async function call(pathname: string, init: Parameters<StepHarness['call']>[1] = {}) {
    const headers: Record<string, string> = {
      'x-caller-id': 'storefront',
      'x-tenant-id': init.tenantId ?? 'default',
      ...init.headers,
    };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    return fetch(`${url}${pathname}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  }

  return {
    url,
    database,
    dataDir,
    messages,
    clock,
    call,
    async shopper(tenantId = 'default', email, options = {}) {
      counter += 1;
      const address = email ?? `shopper${counter}.${Date.now().toString(36)}@shop.test`;
      const [user] = await database.db
        .insert(users)
        .values({
          tenantId,
          email: address,
          firstName: options.firstName ?? 'Avery',
          lastName: options.lastName ?? 'Lane',
          phone: options.phone === undefined ? '5125550147' : options.phone,
          marketingSms: options.textConsent ?? false,
          passwordHash,
        })
        .returning();
      const response = await call('/api/identity/sign-in', { tenantId, json: { email: address, password: PASSWORD } });
      expect(response.status).toBe(200);
      return { userId: user!.id, token: tokensResponseSchema.parse(await response.json()).data.identityToken };
    },
    async order(owner, template, tenantId = 'default') {
      // A vehicle of the tenant for the order (the harness database has no seed).
      const [existing] = await database.db.select().from(orders).where(eq(orders.userId, owner.userId)).limit(1);
      if (!existing) {
        counter += 1;
        await insertOrder(database, { tenantId, userId: owner.userId, orderNumber: `SR-SEED-${counter}` });
        await database.db
          .update(orders)
          .set({ orderStatus: 'DELIVERED' })
          .where(eq(orders.orderNumber, `SR-SEED-${counter}`));
      }
      const created = await createTestOrder(database.db, { tenantId, userId: owner.userId }, template, clock.now());
      if (!created) throw new Error('no vehicle for the test order');
      return created;
    },
    async orderRow(orderNumber) {
      const [row] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
      if (!row) throw new Error(`no order ${orderNumber}`);
      return row;
    },
    async history(orderNumber) {
      const rows = await database.db
        .select()
        .from(orderHistory)
        .where(eq(orderHistory.orderNumber, orderNumber))
        .orderBy(asc(orderHistory.changedAt), asc(orderHistory.id));
      return rows.map((row) => ({ orderStatus: row.orderStatus, dealStatus: row.dealStatus }));
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The error code of an error answer, checked against the contract's error body. */
export async function errorCode(response: Response): Promise<string> {
  return apiErrorBodySchema.parse(await response.json()).error.code;
}

/** A multipart body with the given files under their field names. */
export function multipart(files: Array<{ field: string; name: string; type: string; bytes: Uint8Array }>): FormData {
  const form = new FormData();
  for (const file of files)
    form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}
