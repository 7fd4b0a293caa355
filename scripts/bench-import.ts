// npm run inventory:bench [-- --rows 100000] [--batch 1000] [--only pglite|postgres]
// npm run inventory:bench -- --healthz [--mb 50]
//
// Times the inventory feed import (server/inventory/import) on a fresh in-memory PGlite and,
// when it is reachable, a throw-away PostgreSQL database (tests/support/test-db.ts): a CSV of
// N generated vehicles imported into an empty inventory, the same feed again (nothing
// changes), and the feed with one vehicle in ten repriced and the last 1% left out (updates
// and removals). Prints one line per run, with the CPU time of this process (the parsing, the
// checks, and on PGlite the database too; PostgreSQL's own work is not in it), which says more
// than the wall time on a busy machine; on PostgreSQL also the CPU time of the server's
// backends that served the import (read from /proc, so only when the server runs on this
// machine). The issue's target: 100,000 rows under a minute.
//
// With --healthz (issue 29 point 4, decision 069): the API on PGlite in its own thread, as
// served, takes three feeds over HTTP (a one-line junk CSV of --mb MB, as many bad rows, and a
// good feed of that size; first an empty one, for the machine's own noise) while another
// process probes /healthz (scripts/probe-healthz.mjs);
// prints each feed's answer and time, the probes' p50, p95 and worst, and the server's own
// event-loop delay (p95 and worst) over the import. The target: p95 under 50 ms.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs, promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { getTenants } from '../app/lib/shared/tenant/tenants.server';
import { importFeed, type ImportReport } from '../server/inventory/import/import-feed';
import { FEED_COLUMNS } from '../server/inventory/import/feed-row';
import { buildVin } from '../server/db/seed-data/vin';
import { openDatabase } from '../server/db/client';
import { feedKeyVariable } from '../server/inventory/import/router';
import { startHarness } from '../tests/server/harness';
import { createTestDatabase, isPostgresAvailable, type DatabaseKind } from '../tests/support/test-db';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    batch: { type: 'string', default: '5000' },
    only: { type: 'string' },
    healthz: { type: 'boolean', default: false },
    mb: { type: 'string', default: '50' },
  },
});
const ROWS = Number(args.rows);
const BATCH = Number(args.batch);

const MODELS = [
  ['Toyota', 'Camry', 'LE', 'sedan'],
  ['Honda', 'CR-V', 'EX', 'suv'],
  ['Ford', 'F-150', 'XLT', 'truck'],
  ['Subaru', 'Outback', 'Premium', 'wagon'],
  ['Mazda', 'MX-5 Miata', 'Club', 'convertible'],
  ['Kia', 'Carnival', 'EX', 'minivan'],
] as const;
const COLOURS = ['white', 'black', 'silver', 'Magnetic Gray', 'red/black', 'blue'];

function generateFeed(rows: number, variant: 'base' | 'changed'): string {
  const lines = [FEED_COLUMNS.join(',')];
  const kept = variant === 'changed' ? Math.floor(rows * 0.99) : rows;
  for (let i = 0; i < kept; i += 1) {
    const [make, model, trim, body] = MODELS[i % MODELS.length]!;
    const year = 2015 + (i % 10);
    const vin = buildVin({
      wmi: '1FT',
      descriptor: 'FW1E5',
      year,
      plant: String.fromCharCode(65 + (Math.floor(i / 1_000_000) % 8)),
      serial: i % 1_000_000,
    });
    const price = 15_000 + ((i * 7919) % 40_000) + (variant === 'changed' && i % 10 === 0 ? 500 : 0);
    const mileage = year >= 2024 ? 10 : (2025 - year) * 11_000 + (i % 5_000);
    lines.push(
      [
        vin,
        `S${i}`,
        year,
        make,
        model,
        trim,
        body,
        COLOURS[i % COLOURS.length],
        mileage,
        year >= 2024 ? 'NEW' : 'USED',
        price + 4_000,
        price,
        0,
        'Heated seats|Rear camera',
        `https://photos.dealer.test/${vin}/1.jpg|https://photos.dealer.test/${vin}/2.jpg`,
        '78701',
        'Available',
        'FWD',
        '2.5L I4',
        'Automatic',
        'Gasoline',
        5,
        27,
        35,
      ].join(','),
    );
  }
  return lines.join('\n');
}

/** CPU seconds (user + system) of each PostgreSQL backend connected to this database, by pid. */
async function backendCpu(db: Db): Promise<Map<number, number>> {
  const result = (await db.execute(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  )) as unknown as { rows: { pid: number }[] };
  const seconds = new Map<number, number>();
  for (const { pid } of result.rows) {
    try {
      // Fields after the command name: state is the 1st, utime the 12th, stime the 13th (clock ticks).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // A backend on another machine (or one that just ended): not counted.
    }
  }
  return seconds;
}

function line(kind: string, run: string, report: ImportReport, ms: number, cpuMs: number, serverS?: number): string {
  const server = serverS === undefined ? '' : ` + server ${serverS.toFixed(1)} s`;
  return (
    `${kind.padEnd(9)} ${run.padEnd(22)} ${(ms / 1000).toFixed(1).padStart(6)} s (this process's CPU ${(cpuMs / 1000).toFixed(1).padStart(5)} s${server})  ${Math.round(
      report.rows / (ms / 1000),
    )
      .toString()
      .padStart(7)} rows/s  ` +
    `+${report.inserted} ~${report.updated} =${report.unchanged} -${report.removed} !${report.rejected}`
  );
}

async function benchOn(kind: DatabaseKind, base: string, changed: string): Promise<void> {
  const database = await createTestDatabase(kind);
  const tenant = getTenants().byId.get('default')!;
  try {
    for (const [run, text] of [
      ['first import', base],
      ['same feed again', base],
      ['10% repriced, 1% gone', changed],
    ] as const) {
      const serverBefore = kind === 'postgres' ? await backendCpu(database.db) : null;
      const started = performance.now();
      const cpu = process.cpuUsage();
      const report = await importFeed(database.db, tenant, text, { format: 'csv', batchSize: BATCH });
      const used = process.cpuUsage(cpu);
      const ms = performance.now() - started;
      let server: number | undefined;
      if (serverBefore) {
        server = 0;
        for (const [pid, seconds] of await backendCpu(database.db)) server += seconds - (serverBefore.get(pid) ?? 0);
      }
      console.log(line(kind, run, report, ms, (used.user + used.system) / 1000, server));
    }
  } finally {
    await database.close();
  }
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * share) - 1)] ?? 0;
}

/** Feeds of about `bytes` over HTTP while /healthz is probed from other processes. */
async function benchHealthz(bytes: number): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://', pgliteThread: 'worker' });
  await database.migrate();
  // The photo worker would try the generated feed's photo URLs: not part of the measure.
  process.env.NODE_ENV = 'test';
  const harness = await startHarness({ database });
  const key = 'bench-feed-key-0123456789abcdef';
  process.env[feedKeyVariable('default')] = key;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-healthz-'));
  const header = FEED_COLUMNS.join(',');
  const badRow = (i: number) =>
    `${buildVin({ wmi: '1HG', descriptor: 'CV1F3', year: 2021, plant: 'C', serial: i })},S${i},2021,Honda,Accord,EX-L,sedan,white,28900,USED,33100,call us,0,Heated seats|Rear camera,,55401,Available,FWD,1.5L I4,CVT,Gasoline,5,30,38`;
  const badRows = Math.floor(bytes / (badRow(0).length + 1));
  const sample = generateFeed(1000, 'base');
  const goodRows = Math.floor((1000 * bytes) / Buffer.byteLength(sample));
  const feeds: [string, () => string, 'full' | 'partial'][] = [
    // The machine's own noise: the same probes while an empty feed is sent.
    ['no rows (baseline)', () => header, 'partial'],
    ['one-line junk CSV', () => `vin,${'x'.repeat(bytes)}`, 'full'],
    [
      `${badRows} bad rows`,
      () => [header, ...Array.from({ length: badRows }, (_, i) => badRow(i))].join('\n'),
      'partial',
    ],
    [`${goodRows} good rows`, () => generateFeed(goodRows, 'base'), 'full'],
  ];
  try {
    for (const [name, build, mode] of feeds) {
      const file = path.join(tmp, 'feed.csv');
      const text = build();
      writeFileSync(file, text);
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['scripts/probe-healthz.mjs', harness.url, 'default', key, file, mode],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      delay.disable();
      const result = JSON.parse(stdout) as { status: number; body: unknown; ms: number; probes: number[] };
      const data = (result.body as { data?: { rows: number; inserted: number; rejected: number } }).data;
      const error = (result.body as { error?: { message: string } }).error;
      console.log(
        `${name.padEnd(20)} ${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB: ${result.status} in ${(result.ms / 1000).toFixed(1)} s ` +
          `(${data ? `${data.rows} rows, +${data.inserted} !${data.rejected}` : error?.message}); ` +
          `/healthz ${result.probes.length} probes p50 ${percentile(result.probes, 0.5).toFixed(1)} ms, ` +
          `p95 ${percentile(result.probes, 0.95).toFixed(1)} ms, worst ${Math.max(...result.probes).toFixed(1)} ms; ` +
          `event-loop delay p95 ${(delay.percentile(95) / 1e6).toFixed(1)} ms, worst ${(delay.max / 1e6).toFixed(1)} ms`,
      );
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    await harness.close();
    await database.close();
  }
}

async function main(): Promise<void> {
  if (args.healthz) {
    await benchHealthz(Number(args.mb) * 1024 * 1024);
    return;
  }
  const started = performance.now();
  const base = generateFeed(ROWS, 'base');
  const changed = generateFeed(ROWS, 'changed');
  console.log(
    `${ROWS} rows (${(Buffer.byteLength(base) / 1e6).toFixed(1)} MB of CSV) generated in ${((performance.now() - started) / 1000).toFixed(1)} s; batches of ${BATCH}`,
  );
  if (args.only !== 'postgres') await benchOn('pglite', base, changed);
  if (args.only !== 'pglite') {
    if (await isPostgresAvailable()) await benchOn('postgres', base, changed);
    else console.log('postgres  not reachable: skipped');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
