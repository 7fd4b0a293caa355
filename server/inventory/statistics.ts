// The planner needs column statistics to choose the partial indexes for the search page and a
// hash aggregate for the facet counts. PostgreSQL's autovacuum gathers them; PGlite runs no
// autovacuum, so a freshly seeded PGlite database has none, and the planner then walks the
// wrong index (measured at 100,000 vehicles: the default listing took 480 ms instead of under
// 1 ms, ordering by year through vehicles_listed_year_idx and sorting everything). So once per
// database, when the vehicles table has rows but no statistics, the inventory analyses it
// (about a second at 100,000 vehicles).
import { sql } from 'drizzle-orm';
import { logger } from '../../app/lib/shared/logger.server';
import type { Db } from '../db/client';

const checked = new WeakSet<object>();

export async function ensurePlannerStatistics(db: Db): Promise<'analysed' | 'present' | 'empty'> {
  if (checked.has(db)) return 'present';
  checked.add(db);
  const result = (await db.execute(sql`
    select exists (select 1 from pg_stats where schemaname = current_schema() and tablename = 'vehicles') as has_stats,
           exists (select 1 from vehicles) as has_rows`)) as unknown as {
    rows: { has_stats: boolean; has_rows: boolean }[];
  };
  const row = result.rows[0];
  if (!row?.has_rows) {
    // Nothing to learn yet; check again next time (the seed may still be coming).
    checked.delete(db);
    return 'empty';
  }
  if (row.has_stats) return 'present';
  const started = performance.now();
  await db.execute(sql`analyze vehicles`);
  logger.info(
    { ms: Math.round(performance.now() - started) },
    'analysed the vehicles table: it had no planner statistics',
  );
  return 'analysed';
}
