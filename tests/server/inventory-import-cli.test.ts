import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client';
import { vehicles } from '#server/db/schema';

// Issue 29 point 6: with the server running on PGlite, `npm run inventory:import` said "5 added"
// and stored nothing (PGlite serves one process; each had its own copy). The command now refuses,
// naming the process that holds the folder and saying what to do, and imports once it is free.
// The "server" here is this test process holding the same DATA_DIR open, as `npm start` does.

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'import-cli-'));
const SAMPLE = path.join(process.cwd(), 'docs/samples/inventory-feed.csv');

async function importCommand(): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/inventory/import/cli.ts', '--tenant', 'northside', '--partial', SAMPLE],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'warn' } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run inventory:import on PGlite', () => {
  it(
    'refuses while another process holds the database, and imports once it is free',
    { timeout: 120_000 },
    async () => {
      const server = await openDatabase({ dataDir });
      await server.migrate();
      let closed = false;
      try {
        const refused = await importCommand();
        expect(refused.code).toBe(1);
        expect(refused.stdout).not.toMatch(/added/);
        expect(refused.stderr).toContain(
          `The PGlite database in ${dataDir} is open in another process (pid ${process.pid}:`,
        );
        expect(refused.stderr).toContain('Nothing was imported. While the server runs, send the feed to it instead');
        await server.close();
        closed = true;

        const imported = await importCommand();
        expect(imported.stderr).toBe('');
        expect(imported.stdout).toMatch(/: 8 rows \(csv, partial feed\) in [\d.]+ s: 8 added,/);
        expect(imported.code).toBe(0);
      } finally {
        if (!closed) await server.close();
      }
      // Stored for whoever opens the folder next (the server after a restart).
      const after = await openDatabase({ dataDir });
      try {
        expect(await after.db.select().from(vehicles).where(eq(vehicles.tenantId, 'northside'))).toHaveLength(8);
      } finally {
        await after.close();
      }
    },
  );
});
