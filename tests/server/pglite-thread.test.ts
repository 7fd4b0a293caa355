// PGlite on its worker thread (decision 034): what drizzle does through the proxy behaves as
// in-process PGlite, and a long statement no longer holds this thread.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client';
import { isBadInputError } from '#server/db/health';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://', pgliteThread: 'worker' });
  await database.db.execute(sql`create table ledger (id int primary key, note text, at timestamptz)`);
}, 120_000);
afterAll(async () => {
  await database.close();
});

/** Both drivers answer raw statements with `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

const ids = async () =>
  rowsOf(await database.db.execute(sql`select id from ledger order by id`)).map((row) => Number(row.id));

describe('PGlite on a worker thread', () => {
  it('commits a transaction, rolls back one that throws, and keeps a nested rollback to its savepoint', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger (id, note) values (1, 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ledger (id, note) values (2, 'undone')`);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger (id, note) values (3, 'kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into ledger (id, note) values (4, 'undone')`);
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    expect(await ids()).toEqual([1, 3]);
  });

  it("brings PostgreSQL's error back with its code", async () => {
    const failure = await database.db.execute(sql`select 'not a number'::int`).catch((error: unknown) => error);
    expect(isBadInputError(failure)).toBe(true);
    const duplicate = await database.db
      .execute(sql`insert into ledger (id, note) values (1, 'again')`)
      .catch((error: unknown) => error);
    // Drizzle wraps the driver's error; PostgreSQL's fields are on its cause.
    expect(duplicate).toMatchObject({ cause: { code: '23505', constraint: 'ledger_pkey' } });
  });

  it('gives timestamps back as drizzle reads them (its parsers applied on this side)', async () => {
    await database.db.execute(sql`insert into ledger (id, note, at) values (5, 'dated', '2026-11-27T02:00:00Z')`);
    const [row] = rowsOf(await database.db.execute(sql`select at from ledger where id = 5`));
    expect(typeof row?.at).toBe('string');
    expect(new Date(String(row?.at)).toISOString()).toBe('2026-11-27T02:00:00.000Z');
  });

  it('leaves this thread free while a long statement runs', async () => {
    const long = database.db.execute(sql`select count(*) from generate_series(1, 1000000) as g(n) where n % 7 = 3`);
    // Ticks of this thread's event loop while the statement runs on the other one.
    let ticks = 0;
    let running = true;
    const started = performance.now();
    const tick = (): void => {
      ticks += 1;
      if (running) setTimeout(tick, 5);
    };
    setTimeout(tick, 5);
    await long;
    running = false;
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThan(100);
    // In-process PGlite would give no tick at all until the statement ended.
    expect(ticks).toBeGreaterThan(3);
    expect(database.answeredWithin?.(2_000)).toBe(true);
  });
});
