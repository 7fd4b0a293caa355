import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { vehicles } from '#server/db/schema';
import { metricsEndpoint } from '#server/http/metrics';
import { createTestDatabase, isPostgresAvailable, POSTGRES_UNAVAILABLE_REASON } from '../support/test-db';

// Issue 34 point 4: GET /metrics carries the time callers waited for the database. On
// PostgreSQL that is the wait for one of the pool's 10 connections: twelve transactions that
// each hold theirs for 150 ms leave two of them waiting, and the histogram shows it.

const available = await isPostgresAvailable();
const TOKEN = 'metrics-token-for-the-wait-test';

describe.skipIf(!available)(
  `the database wait-time metric on PostgreSQL${available ? '' : ` (${POSTGRES_UNAVAILABLE_REASON})`}`,
  () => {
    let database: Database;
    let server: Server;
    let base = '';

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const app = express();
      app.get('/metrics', metricsEndpoint({ token: TOKEN, database }));
      server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }, 60_000);

    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await database?.close();
    });

    it('observes every wait for a connection, and a full pool makes callers wait', async () => {
      const waits: number[] = [];
      database.onConnectionWait!((seconds) => waits.push(seconds));
      await Promise.all(
        Array.from({ length: 12 }, () =>
          database.db.transaction(async (tx) => {
            await tx.select({ vin: vehicles.vin }).from(vehicles).limit(1);
            await new Promise((resolve) => setTimeout(resolve, 150));
          }),
        ),
      );
      expect(waits).toHaveLength(12);
      // Ten got a connection at once; the other two waited for a transaction to end.
      expect(waits.filter((seconds) => seconds >= 0.1)).toHaveLength(2);

      const scrape = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scrape.status).toBe(200);
      const text = await scrape.text();
      const countLine = text
        .split('\n')
        .find((line) => line.startsWith('showroom_database_connection_wait_seconds_count'));
      expect(countLine).toBe('showroom_database_connection_wait_seconds_count{database="postgres"} 12');
      // Two waits of at least 0.1 s: at most ten fall in the buckets up to 0.05 s.
      const upTo = text
        .split('\n')
        .find((line) =>
          line.startsWith('showroom_database_connection_wait_seconds_bucket{le="0.05",database="postgres"}'),
        );
      expect(Number(upTo?.split(' ')[1])).toBeLessThanOrEqual(10);
    }, 30_000);
  },
);
