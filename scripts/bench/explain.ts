// EXPLAIN ANALYZE of the queries behind the search page, run on the bench database once the
// server has stopped (PGlite allows one process at a time; PostgreSQL with --database-url), so the plans are those the server
// had, after its own check for planner statistics (server/inventory/statistics.ts). The SQL
// mirrors what server/inventory/search.ts, snapshot.ts and vehicles.ts send; keep them in step.
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../../server/db/client';

export type ExplainLine = { name: string; plan: string; executionMs: number; planningMs: number };

function statements(tenantId: string, now: Date, vin: string) {
  const listed = `tenant_id = '${tenantId}' and status in ('Available', 'PendingSale') and mileage <= 900000 and year >= ${now.getUTCFullYear() - 50}`;
  const page = `select vin, year, make, model, trim, mileage, type, msrp_cents, incentives_cents, price_cents, status,
    primary_color, secondary_color, body_style, price_guide, dealer_zip from vehicles where ${listed}`;
  return [
    ['search page, default (price high to low)', `${page} order by price_cents desc nulls last, id asc limit 24`],
    [
      'search page, make=Toyota&bodyStyle=suv&priceMax=40000',
      `${page} and price_cents <= 4000049 and make = 'Toyota' and body_style in ('suv') order by price_cents desc nulls last, id asc limit 24`,
    ],
    ['search page 40, price low to high', `${page} order by price_cents asc nulls first, id desc limit 24 offset 936`],
    [
      'search page, used, lowest mileage (one branch)',
      `${page} and type = 'USED' order by mileage asc, id asc limit 24`,
    ],
    ['search page, newest', `${page} order by created_at desc nulls last, id asc limit 24`],
    [
      'inventory snapshot for counts and suggestions (kept 60 s)',
      `select length(string_agg(concat_ws(E'\\x1f', year, price_cents, mileage, make, model, trim, body_style, type, primary_color, dealer_zip), E'\\x1e'))
         from vehicles where ${listed}`,
    ],
    [
      'distance sort: one dealer zip branch',
      `${page} and dealer_zip = (select dealer_zip from vehicles where vin = '${vin}' and tenant_id = '${tenantId}')
         order by price_cents desc nulls last, id asc limit 24`,
    ],
    [
      'vehicle by VIN',
      `select * from vehicles where tenant_id = '${tenantId}' and vin = '${vin}' and status <> 'Deleted' limit 1`,
    ],
    [
      'similar vehicles: same body style, next cheaper (the dearer side reads the index backwards)',
      `${page} and body_style = 'suv' and vin <> '${vin}' and price_cents <= 3000000 and price_cents >= 2250000
         order by price_cents desc nulls last limit 8`,
    ],
  ] as const;
}

/** Compact plan: one line per node, indented, with the index names and row counts. */
function compact(lines: string[]): { plan: string; executionMs: number; planningMs: number } {
  const planLines: string[] = [];
  let executionMs = Number.NaN;
  let planningMs = Number.NaN;
  for (const line of lines) {
    const execution = /^Execution Time: ([\d.]+) ms/.exec(line);
    const planning = /^Planning Time: ([\d.]+) ms/.exec(line);
    if (execution) executionMs = Number(execution[1]);
    else if (planning) planningMs = Number(planning[1]);
    else if (
      /^\s*(->\s*)?([A-Z][A-Za-z ]*)?(Scan|Sort|Aggregate|Limit|Append|Join|Loop|Result|Gather|Unique|Materialize|Memoize)\b/.test(
        line,
      )
    ) {
      planLines.push(line.replace(/\(actual time=[^)]*\)/, '').replace(/\s+$/, ''));
    } else if (/^\s+(Index Cond|Filter|Rows Removed by Filter|Sort Method|Heap Fetches):/.test(line)) {
      planLines.push(line.replace(/\s+$/, ''));
    }
  }
  return { plan: planLines.join('\n'), executionMs, planningMs };
}

async function statisticsState(db: Db): Promise<string> {
  const result = (await db.execute(
    sql`select count(*)::int as columns from pg_stats where schemaname = current_schema() and tablename = 'vehicles'`,
  )) as unknown as { rows: { columns: number }[] };
  const columns = Number(result.rows[0]?.columns ?? 0);
  return columns > 0
    ? `planner statistics present (${columns} columns analysed)`
    : 'no planner statistics: the vehicles table was never analysed (PGlite runs no autovacuum)';
}

type Where = { databaseUrl?: string; dataDir: string };

export async function plannerStatistics(where: Where): Promise<string> {
  const database = await openDatabase(where);
  try {
    return await statisticsState(database.db);
  } finally {
    await database.close();
  }
}

export async function explainSearchQueries(
  where: Where,
  tenantId: string,
): Promise<{ lines: ExplainLine[]; analyzed: string }> {
  const database = await openDatabase(where);
  try {
    const analyzed = await statisticsState(database.db);
    const picked = (await database.db.execute(
      sql`select vin from vehicles where tenant_id = ${tenantId} and status = 'Available' order by vin limit 1`,
    )) as unknown as { rows: { vin: string }[] };
    const vin = picked.rows[0]?.vin ?? '';
    const lines: ExplainLine[] = [];
    for (const [name, text] of statements(tenantId, new Date(), vin)) {
      // The first run warms the cache, as the server's would be; the second is reported.
      await database.db.execute(sql.raw(text));
      const result = (await database.db.execute(
        sql.raw(`explain (analyze, costs off, summary on) ${text}`),
      )) as unknown as {
        rows: Record<string, string>[];
      };
      lines.push({ name, ...compact(result.rows.map((r) => Object.values(r)[0]!)) });
    }
    return { lines, analyzed };
  } finally {
    await database.close();
  }
}
