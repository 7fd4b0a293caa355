import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '~/lib/contract/common';
import type { AnalyticsEvent } from '~/lib/contract/analytics';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { analyticsRouter } from '#server/analytics/router';
import { openDatabase, type Database } from '#server/db/client';
import { analyticsEvents } from '#server/db/schema';
import type { Platform } from '#server/platform/http';

let database: Database;
let httpServer: Server;
let baseUrl: string;
const tenantId = getTenants().defaultTenant.id;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const platform = {
    db: database.db,
    tenants: getTenants(),
    identitySecret: 'unused-in-these-tests',
    dataDir: 'memory://',
    outboxPage: false,
  } as Platform;
  const app = express();
  app.use(analyticsRouter(platform));
  httpServer = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  baseUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => httpServer.close(() => resolve()));
  await database.close();
});

function post(body: unknown, headers: Record<string, string> = { 'x-tenant-id': tenantId }): Promise<Response> {
  return fetch(`${baseUrl}/api/analytics/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-caller-id': 'storefront', ...headers },
    body: JSON.stringify(body),
  });
}

const event: AnalyticsEvent = {
  kind: 'event',
  name: 'errorpage',
  sessionId: 'session-sink-1',
  path: '/progress/SR-1001/payment',
  query: 'utm_source=news',
  vin: null,
  trafficSource: 'news',
  orderId: 'SR-1001',
  properties: { trackingId: 'T-42' },
};

describe('analytics sink', () => {
  it('stores the event for the tenant and answers 204', async () => {
    const response = await post(event);
    expect(response.status).toBe(204);
    const rows = await database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.sessionId, 'session-sink-1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId, ...event });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('strips personal data that a caller sent anyway', async () => {
    const response = await post({
      ...event,
      sessionId: 'session-sink-2',
      query: 'email=a%40b.co&firstName=Avery&zip=78701',
      properties: { lastName: 'Lane', step: 'payment' },
    });
    expect(response.status).toBe(204);
    const [row] = await database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.sessionId, 'session-sink-2'));
    expect(row).toMatchObject({ query: 'zip=78701', properties: { step: 'payment' } });
  });

  it('refuses an event that breaks the contract', async () => {
    const response = await post({ ...event, vin: 'not-a-vin' });
    expect(response.status).toBe(400);
    expect(apiErrorBodySchema.parse(await response.json()).error.code).toBe('error.validation.invalidRequest');
  });

  it('refuses a call without a known tenant', async () => {
    const response = await post(event, { 'x-tenant-id': 'nobody' });
    expect(response.status).toBe(400);
    expect(apiErrorBodySchema.parse(await response.json()).error.code).toBe('error.tenant.unknown');
  });
});
