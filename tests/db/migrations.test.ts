import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { createTestDatabase, databaseKinds } from '../support/test-db';

const SCHEMA_TABLES = (Object.values(schema).filter((value) => is(value, PgTable)) as PgTable[])
  .map((table) => getTableName(table))
  .sort();

async function publicTables(database: Database): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: Array<{ name: string }> };
  return result.rows.map((row) => row.name);
}

for (const { kind, label, skip } of await databaseKinds()) {
  describe.skipIf(skip)(`migrations ${label}`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase(kind, { migrate: false });
    });
    afterAll(async () => {
      await database?.close();
    });

    it('apply on an empty database and create every table of the schema', async () => {
      expect(await publicTables(database)).toEqual([]);
      await database.migrate();
      expect(await publicTables(database)).toEqual(SCHEMA_TABLES);
    });

    it('do nothing the second time', async () => {
      await database.migrate();
      expect(await publicTables(database)).toEqual(SCHEMA_TABLES);
      const applied = (await database.db.execute(
        sql`select count(*)::int as runs from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: Array<{ runs: number }>;
      };
      expect(applied.rows[0]!.runs).toBeGreaterThan(0);
    });
  });
}
