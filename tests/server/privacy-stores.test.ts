import { randomUUID } from 'node:crypto';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyRequestResponseSchema } from '~/lib/contract/privacy';
import * as schema from '#server/db/schema';
import { SHOPPER_STORES } from '#server/privacy/stores';
import { insertOrder } from './harness';
import { startStepHarness, type StepHarness } from './tracker-harness';

// Issue 35 points 1 and 2: the export holds every table keyed by the shopper, and a verified
// deletion empties or anonymises each of them. The tables are derived from the Drizzle schema
// (any column naming a user, an order, a deal or an e-mail), so a new table that holds a
// shopper fails here until server/privacy/stores.ts says where it is exported and deleted.

const KEY_COLUMNS = [
  'user_id',
  'order_number',
  'order_id',
  'deal_id',
  'email',
  'subject_email',
  'recipient',
  'subject',
  'target',
];

// Staff (the dealer desk, issue 33) are a second kind of user, never a shopper: their e-mail
// column names a staff member.
const STAFF_TABLES = ['staff_accounts'];

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const shopperTables = tables
  .map((table) => ({ table, name: getTableName(table), columns: getTableConfig(table).columns.map((c) => c.name) }))
  .filter(({ name }) => !STAFF_TABLES.includes(name))
  .filter(({ name, columns }) => name === 'users' || columns.some((column) => KEY_COLUMNS.includes(column)));

type Shopper = { userId: string; email: string; phone: string; orderNumbers: string[]; dealRefs: string[] };

/** Rows of the table that name the shopper by any of its key columns. */
async function rowsOf(harness: StepHarness, name: string, columns: string[], who: Shopper): Promise<number> {
  const names = [who.email, who.userId, who.phone];
  const conditions = columns.flatMap((column) => {
    const id = sql.identifier(column);
    if (column === 'user_id') return [sql`${id}::text = ${who.userId}`];
    if (column === 'order_number' || column === 'order_id')
      return who.orderNumbers.map((number) => sql`${id} = ${number}`);
    if (column === 'deal_id') return who.dealRefs.map((ref) => sql`${id} = ${ref}`);
    if (KEY_COLUMNS.includes(column)) return names.map((value) => sql`${id}::text = ${value}`);
    return [];
  });
  if (name === 'users') conditions.push(sql`id = ${who.userId}::uuid`);
  const result = await harness.database.db.execute<{ count: number }>(
    sql`select count(*)::int as count from ${sql.identifier(name)} where ${sql.join(conditions, sql` or `)}`,
  );
  return Number((result as unknown as { rows: Array<{ count: number }> }).rows[0]!.count);
}

/** How many items the export has at a store's path: `a`, `a.b`, `a[].b` or `a[kind=x]`. */
function countAt(copy: Record<string, unknown>, path: string): number {
  const filter = /^(\w+)\[(\w+)=(\w+)\]$/.exec(path);
  if (filter)
    return (copy[filter[1]!] as Array<Record<string, unknown>>).filter((i) => i[filter[2]!] === filter[3]).length;
  const [head, ...rest] = path.split('.');
  const perItem = head!.endsWith('[]');
  const value = copy[perItem ? head!.slice(0, -2) : head!];
  const count = (item: unknown): number =>
    Array.isArray(item) ? item.length : item === null || item === undefined ? 0 : 1;
  if (perItem) {
    const key = rest.join('.');
    return (value as Array<Record<string, unknown>>).reduce((sum, item) => sum + count(item[key]), 0);
  }
  return rest.length ? count((value as Record<string, unknown>)[rest[0]!]) : count(value);
}

let harness: StepHarness;
beforeAll(async () => {
  harness = await startStepHarness();
});
afterAll(async () => {
  await harness.close();
});

function lastCodeFor(email: string): string {
  const message = [...harness.messages.sent].reverse().find((sent) => sent.to === email);
  return /\b(\d{6})\b/.exec(message?.body ?? '')![1]!;
}

/** A shopper with a row in every store: the API where it makes them, the table where it does not. */
async function shopperEverywhere(): Promise<Shopper & { token: string }> {
  const email = `everywhere.${Date.now().toString(36)}@shop.test`;
  const phone = '5125550147';
  const owner = await harness.shopper('default', email, { phone });
  const { db } = harness.database;
  const placed = await harness.order(owner, 'cash');
  const draftNumber = `SR-DRAFT-${Date.now().toString(36)}`;
  await insertOrder(harness.database, { tenantId: 'default', userId: owner.userId, orderNumber: draftNumber });
  await db.update(schema.orders).set({ orderStatus: 'DRAFT' }).where(eq(schema.orders.orderNumber, draftNumber));
  const owned = await db.select().from(schema.orders).where(eq(schema.orders.userId, owner.userId));
  const [order] = owned.filter((row) => row.orderNumber === placed.orderNumber);
  const lead = await harness.call('/api/leads', {
    token: owner.token,
    json: { submissionId: randomUUID(), source: 'contactUs', firstName: 'Avery', lastName: 'Lane', email },
  });
  expect(lead.status).toBe(201);
  expect(
    (await harness.call('/api/privacy/requests', { json: { requester: 'self', kind: 'access', subjectEmail: email } }))
      .status,
  ).toBe(201);
  await db.insert(schema.favorites).values({ userId: owner.userId, vehicleId: order!.vehicleId }).onConflictDoNothing();
  await db.insert(schema.tradeInOffers).values({
    tenantId: 'default',
    userId: owner.userId,
    vin: '1HGCM82633A004352',
    year: 2003,
    make: 'Honda',
    model: 'Accord',
    trim: 'EX',
    mileage: 120_000,
    condition: 'Good',
    ownership: 'Owned',
    registrationState: 'TX',
    status: 'available',
    offerCents: 250_000,
  });
  await db.insert(schema.prequalifications).values({
    tenantId: 'default',
    userId: owner.userId,
    status: 'mq_approved',
    outcome: 'approved',
    score: 720,
  });
  await db.insert(schema.carts).values({ tenantId: 'default', userId: owner.userId, dealType: 'Cash', termMonths: 0 });
  await db
    .insert(schema.socialIdentities)
    .values({ tenantId: 'default', userId: owner.userId, provider: 'north-id', subject: randomUUID(), email });
  await db.insert(schema.pendingConfirmations).values({ userId: owner.userId });
  await db
    .insert(schema.analyticsEvents)
    .values({ tenantId: 'default', kind: 'pageview', path: '/orders', orderId: order!.orderNumber });
  await db
    .insert(schema.outboxMessages)
    .values({ tenantId: 'default', channel: 'sms', recipient: phone, body: 'Your order is on its way' });
  for (const number of [placed.orderNumber, draftNumber]) {
    await db
      .insert(schema.idVerifications)
      .values({ orderNumber: number, linkTokenHash: 'hash' })
      .onConflictDoNothing();
    await db
      .insert(schema.insuranceVerifications)
      .values({ orderNumber: number, pullId: 'pull-1' })
      .onConflictDoNothing();
    await db.insert(schema.signings).values({ orderNumber: number, ready: true, status: 'Sent' }).onConflictDoNothing();
  }
  await db.insert(schema.documents).values({
    dealId: order!.dealRefId,
    key: 'DriversLicense',
    type: 'DriversLicense',
    status: 'COMPLETE',
    fileName: 'license.jpg',
  });
  await db.insert(schema.payments).values({
    orderNumber: placed.orderNumber,
    method: 'CARD',
    amountCents: 50_000,
    status: 'approved',
    cardLast4: '4242',
    idempotencyKey: randomUUID(),
  });
  return {
    ...owner,
    email,
    phone,
    orderNumbers: owned.map((row) => row.orderNumber),
    dealRefs: owned.map((row) => row.dealRefId),
  };
}

describe('every store of a shopper', () => {
  it('is named in server/privacy/stores.ts, derived from the schema', () => {
    expect(shopperTables.map(({ name }) => name).sort()).toEqual(Object.keys(SHOPPER_STORES).sort());
  });

  it('is in the export, row for row, and a verified deletion leaves only what the law keeps', async () => {
    const who = await shopperEverywhere();
    const response = await harness.call('/api/privacy/export', { token: who.token });
    expect(response.status).toBe(200);
    const copy = (await response.json()) as Record<string, unknown>;
    for (const { name, columns } of shopperTables) {
      const held = await rowsOf(harness, name, columns, who);
      expect.soft(held, `${name} has rows of the shopper`).toBeGreaterThan(0);
      const store = SHOPPER_STORES[name as keyof typeof SHOPPER_STORES] as { export: string | { omitted: string } };
      if (typeof store.export === 'string')
        expect.soft(countAt(copy, store.export), `${name} in the export`).toBe(held);
    }
    const orders = copy.orders as Array<{ orderNumber: string; vehicle: { vin: string } }>;
    expect(orders.every((order) => /^[A-HJ-NPR-Z0-9]{17}$/.test(order.vehicle.vin))).toBe(true);
    expect((copy.documents as Array<{ kind: string }>).map((row) => row.kind).sort()).toEqual(
      expect.arrayContaining(['contract', 'receipt', 'upload']),
    );

    // A verified deletion.
    const created = await harness.call('/api/privacy/requests', {
      json: { requester: 'self', kind: 'deletion', subjectEmail: who.email },
    });
    const request = privacyRequestResponseSchema.parse(await created.json()).data;
    const verified = await harness.call(`/api/privacy/requests/${request.id}/verify`, {
      json: { code: lastCodeFor(who.email) },
    });
    expect(verified.status).toBe(200);
    for (const { name, columns } of shopperTables) {
      const store = SHOPPER_STORES[name as keyof typeof SHOPPER_STORES];
      const left = await rowsOf(harness, name, columns, who);
      if (store.deletion.startsWith('Deleted')) expect.soft(left, `${name} after the deletion`).toBe(0);
    }
    const { db } = harness.database;
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, who.userId));
    expect(user).toMatchObject({ firstName: 'Deleted', lastName: 'Shopper', phone: null, passwordHash: null });
    expect(user!.email).not.toBe(who.email);
    // The placed order stays (a record of the sale), the draft goes; the session has ended.
    const left = await db.select().from(schema.orders).where(eq(schema.orders.userId, who.userId));
    expect(left.map((row) => row.orderStatus)).not.toContain('DRAFT');
    expect(left.length).toBe(who.orderNumbers.length - 1);
    const [idCheck] = await db
      .select()
      .from(schema.idVerifications)
      .where(eq(schema.idVerifications.orderNumber, left[0]!.orderNumber));
    expect(idCheck?.linkTokenHash ?? null).toBeNull();
    expect((await harness.call('/api/privacy/export', { token: who.token })).status).toBe(401);
    // The tenant's privacy contact heard of each verified request, naming no one after a deletion.
    const toContact = harness.messages.sent.filter((sent) => sent.subject?.startsWith('Verified privacy request'));
    expect(toContact.at(-1)?.to).toMatch(/@/);
    expect(toContact.at(-1)?.body).not.toContain(who.email);
  });
});
