import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '~/lib/contract/endpoint';
import { listEndpoints } from '~/lib/contract/endpoints';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { createCommerceApi } from '#server/commerce-api';
import { openDatabase, type Database } from '#server/db/client';
import { route } from '#server/http/endpoint-route';

// Every path the commerce API serves is an entry of the endpoint table (app/lib/contract/
// endpoints), registered through route(): a router that writes its own path string, or an
// entry nobody serves, fails here.

type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
};

/** `METHOD /path` for every route of an Express router, mounted routers included. */
function registered(stack: Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const { path, methods } = layer.route;
      return Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`);
    }
    return layer.handle.stack ? registered(layer.handle.stack) : [];
  });
}

describe('the commerce API and the endpoint table', () => {
  let database: Database;
  let served: string[];

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    const api = createCommerceApi(
      {
        database,
        tenants: getTenants(),
        identitySecret: 'x'.repeat(40),
        dataDir: mkdtempSync(path.join(os.tmpdir(), 'showroom-table-')),
        outboxPage: true,
      },
      { retentionSweep: false, holdSweep: false },
    );
    served = registered((api as unknown as { stack: Layer[] }).stack);
  });
  afterAll(() => database.close());

  it('serves no path the table does not list', () => {
    const table = new Set(listEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`));
    expect(served.filter((key) => !table.has(key))).toEqual([]);
  });

  it('serves every entry of the table, each once', () => {
    const table = listEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(table.filter((key) => !served.includes(key))).toEqual([]);
    expect(served.length).toBe(new Set(served).size);
  });
});

describe('route()', () => {
  const entry = defineEndpoint({
    method: 'POST',
    path: '/things/:id',
    summary: 'A test entry.',
    query: z.object({ mode: z.enum(['a', 'b']) }),
    body: z.object({ count: z.number().int() }),
    response: z.object({ data: z.object({ id: z.string(), total: z.number() }) }),
  });
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const router = Router();
    router.use(express.json());
    route(router, entry, async (req, res, call) => {
      const { mode } = call.query();
      const { count } = call.body();
      // `broken` answers a shape the entry does not describe.
      if (req.get('x-broken')) res.json({ data: { id: call.params.id } });
      else res.json({ data: { id: `${call.params.id}-${mode}`, total: count } });
    });
    const app = express().use(router);
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  it('hands the handler the path parameters, the parsed query and the parsed body', async () => {
    const response = await post('/things/t%201?mode=b', { count: 3 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { id: 't 1-b', total: 3 } });
  });

  it('answers 400 with the contract error shape when the body or the query does not fit', async () => {
    const badBody = await post('/things/t1?mode=a', { count: 'three' });
    expect(badBody.status).toBe(400);
    expect(await badBody.json()).toEqual({
      error: { code: 'error.validation.invalidRequest', message: expect.stringMatching(/^count: /) },
    });
    const badQuery = await post('/things/t1?mode=c', { count: 1 });
    expect(badQuery.status).toBe(400);
    expect(await badQuery.json()).toMatchObject({ error: { code: 'error.validation.invalidRequest' } });
  });

  it('answers 500 (outside production) when the answer breaks the response schema', async () => {
    const response = await post('/things/t1?mode=a', { count: 1 }, { 'x-broken': '1' });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { code: 'error.server.contract', message: 'The answer does not follow the contract' },
    });
  });
});
