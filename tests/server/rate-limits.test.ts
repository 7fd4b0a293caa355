import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseStore, RedisStore } from '../../server/http/rate-limits';
import { createTestDatabase, databaseKinds } from '../support/test-db';

// The rate-limit stores count in one atomic step, so parallel hits from several processes
// each get their own number: 50 parallel hits are counted 1..50, never twice the same.

function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    socket.setTimeout(1_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const options = { windowMs: 60_000 } as never;

for (const { kind, label, skip } of await databaseKinds()) {
  describe.skipIf(skip)(`the database rate-limit store ${label}`, () => {
    it('counts 50 parallel hits 1..50 and resets', async () => {
      const database = await createTestDatabase(kind);
      try {
        const store = new DatabaseStore(database.db, 'test');
        store.init(options);
        const hits = await Promise.all(Array.from({ length: 50 }, () => store.increment('1.2.3.4')));
        expect(hits.map((hit) => hit.totalHits).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 50 }, (_, i) => i + 1),
        );
        expect(hits[0]!.resetTime!.getTime()).toBeGreaterThan(Date.now());
        await store.resetKey('1.2.3.4');
        expect((await store.increment('1.2.3.4')).totalHits).toBe(1);
      } finally {
        await database.close();
      }
    });
  });
}

const redis = await redisAnswers();
if (!redis && process.env.SHOWROOM_REQUIRE_REDIS === '1')
  throw new Error('Redis does not answer on 127.0.0.1:6379, but SHOWROOM_REQUIRE_REDIS=1');

describe.skipIf(!redis)('the Redis rate-limit store (127.0.0.1:6379)', () => {
  const client = redis ? new Redis('redis://127.0.0.1:6379', { lazyConnect: true }) : null;
  afterAll(async () => {
    await client?.quit();
  });

  it('counts 50 parallel hits 1..50 in a window that expires', async () => {
    const store = new RedisStore(client!, `test-${process.pid}-${Date.now()}`);
    store.init(options);
    const hits = await Promise.all(Array.from({ length: 50 }, () => store.increment('1.2.3.4')));
    expect(hits.map((hit) => hit.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await client!.pttl(`${store.prefix}1.2.3.4`)).toBeGreaterThan(0);
    await store.resetKey('1.2.3.4');
    expect((await store.increment('1.2.3.4')).totalHits).toBe(1);
    await store.resetKey('1.2.3.4');
  });
});
