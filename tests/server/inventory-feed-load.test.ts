import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '~/lib/contract/common';
import { feedImportResponseSchema } from '~/lib/contract/inventory-feeds';
import { openDatabase, type Database } from '#server/db/client';
import { buildVin } from '#server/db/seed-data/vin';
import { feedKeyVariable } from '#server/inventory/import/router';
import { startHarness, type Harness } from './harness';

// Issue 29 point 4: a dealer's feed cannot stall the server. While a feed is imported over HTTP,
// /healthz is probed again and again; its 95th percentile must stay under 50 ms (before, a 50 MB
// one-line junk CSV held it 50.2 s and 210,000 bad rows 27.8 s). PGlite runs on its own thread,
// as in the served process (decision 034), so what is measured is the request thread's share.
// The machine is shared: the limit is 50 ms over the p95 of the same probes while an empty feed
// is sent (a few ms on an idle machine); `npm run inventory:bench -- --healthz` gives the figures.

const KEY = 'feed-key-for-load-tests-0123456789';
const HEADER =
  'vin,stock_number,year,make,model,trim,body,colors,mileage,type,msrp,price,incentives,options,photo_urls,dealer_zip,status';
let limitMs = 50;

const run = promisify(execFile);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'feed-load-'));
let database: Database;
let harness: Harness;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://', pgliteThread: 'worker' });
  await database.migrate();
  harness = await startHarness({ database });
  process.env[feedKeyVariable('lakeview')] = KEY;
  limitMs = 50 + (await importWhileProbing(HEADER, 'partial')).p95;
});
afterAll(async () => {
  delete process.env[feedKeyVariable('lakeview')];
  await harness.close();
  await database.close();
  rmSync(tmp, { recursive: true, force: true });
});

/**
 * Posts a feed while probing /healthz, from a process of its own (scripts/probe-healthz.mjs), so
 * the client's work never lands on the event loop being measured; answers the feed's response
 * and the probes' 95th percentile.
 */
async function importWhileProbing(body: string, mode: 'full' | 'partial' = 'full') {
  const file = path.join(tmp, `feed-${mode}-${Date.now()}.csv`);
  writeFileSync(file, body);
  const { stdout } = await run(
    process.execPath,
    ['scripts/probe-healthz.mjs', harness.url, 'lakeview', KEY, file, mode],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as { status: number; body: unknown; ms: number; probes: number[] };
  const sorted = [...result.probes].sort((a, b) => a - b);
  const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1]!;
  return { response: result, probes: result.probes.length, p95 };
}

describe('a feed imported over HTTP', () => {
  it('refuses a 50 MB one-line junk CSV at once, with the reason, and /healthz stays quick', async () => {
    const junk = 'vin,' + 'x'.repeat(50 * 1024 * 1024);
    const { response, p95, probes } = await importWhileProbing(junk);
    expect(response.status).toBe(400);
    expect(apiErrorBodySchema.parse(response.body).error).toEqual({
      code: 'error.feed.invalid',
      message: 'The feed is not valid CSV: a row is longer than 1048576 characters (line 1)',
    });
    expect(probes).toBeGreaterThanOrEqual(40);
    expect(p95, `p95 of ${probes} probes`).toBeLessThan(limitMs);
  });

  it('checks 30,000 bad rows while /healthz answers within 50 ms (p95), and reports them', async () => {
    const rows = Array.from({ length: 30_000 }, (_, index) => {
      const vin = buildVin({ wmi: '1HG', descriptor: 'CV1F3', year: 2021, plant: 'B', serial: index });
      // A price that is no price: every row is rejected, with a problem each.
      return `${vin},S${index},2021,Honda,Accord,EX-L,sedan,white,28900,USED,33100,call us,0,,,55401,Available`;
    });
    const { response, p95, probes } = await importWhileProbing([HEADER, ...rows].join('\n'), 'partial');
    expect(response.status).toBe(200);
    expect(feedImportResponseSchema.parse(response.body).data).toMatchObject({
      rows: 30_000,
      rejected: 30_000,
      problemCount: 30_000,
    });
    expect(probes).toBeGreaterThanOrEqual(40);
    expect(p95, `p95 of ${probes} probes while the import took ${Math.round(response.ms)} ms`).toBeLessThan(limitMs);
  });
});
