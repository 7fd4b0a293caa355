import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// These start the real process (server/index.ts through tsx, with the Vite dev
// middleware instead of a build) the way `npm start` does, and watch what it prints.

const root = path.resolve(__dirname, '../..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'showroom-process-'));

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

type Run = { code: number | null; stdout: string; stderr: string };

function startProcess(env: Record<string, string>) {
  // node with tsx as a loader (not the tsx CLI, which relays signals), so SIGTERM reaches our handler.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts', '--dev'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Run>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  return { child, exited, output: () => stdout };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('start-up configuration', () => {
  it('refuses a bad PORT with a message naming the variable', async () => {
    const run = await startProcess({ PORT: 'eighty', DATA_DIR: path.join(scratch, 'env') }).exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Invalid environment configuration');
    expect(run.stderr).toMatch(/PORT: /);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL', async () => {
    const run = await startProcess({ DATABASE_URL: 'mysql://localhost/db', DATA_DIR: path.join(scratch, 'env') })
      .exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });

  it('refuses SHOWROOM_API_TRANSPORT=in-process when COMMERCE_API_URL names another API (decision 071)', async () => {
    const run = await startProcess({
      SHOWROOM_API_TRANSPORT: 'in-process',
      COMMERCE_API_URL: 'https://platform.example.com',
      DATA_DIR: path.join(scratch, 'env'),
    }).exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SHOWROOM_API_TRANSPORT: in-process needs the built-in backend');
  });

  it('refuses a bad tenant file, naming the file and the field', async () => {
    const tenants = path.join(scratch, 'tenants');
    cpSync(path.join(root, 'tenants'), tenants, { recursive: true });
    const file = path.join(tenants, 'northside', 'config.json');
    const config = JSON.parse(readFileSync(file, 'utf8'));
    config.theme.primary = 'green';
    writeFileSync(file, JSON.stringify(config));
    const run = await startProcess({ TENANTS_DIR: tenants, DATA_DIR: path.join(scratch, 'tenant') }).exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${file}: invalid tenant configuration`);
    expect(run.stderr).toContain('theme.primary: must be a colour like #1a2b3c');
  });
});

describe('running and stopping', () => {
  it('keeps its generated session secret in DATA_DIR, serves, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = path.join(scratch, 'run');
    const proc = startProcess({ PORT: String(port), DATA_DIR: dataDir, SEED_VEHICLES: '20' });
    const deadline = Date.now() + 60_000;
    let health: Response | null = null;
    while (Date.now() < deadline) {
      health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
      if (health?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(health?.status).toBe(200);
    const secret = readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    // The secret is kept private and never printed.
    expect(proc.output()).not.toContain(secret);

    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    const correlationId = page.headers.get('x-correlation-id');
    // The search page asks the commerce API for its cards (the landing page needs no call).
    const search = await fetch(`http://127.0.0.1:${port}/search`);
    expect(search.status).toBe(200);
    const searchId = search.headers.get('x-correlation-id');

    proc.child.kill('SIGTERM');
    const run = await proc.exited;
    expect(run.code).toBe(0);
    const lines = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line.path === '/' && line.correlationId === correlationId)).toMatchObject({
      status: 200,
    });
    // Seed 001 §7: the commerce API's own log line of a call the page made carries the page's id.
    const pathOf = (line: Record<string, unknown>) => (typeof line.path === 'string' ? line.path : '');
    expect(lines.filter((line) => pathOf(line).startsWith('/api/') && line.correlationId === searchId)).not.toEqual([]);
    expect(lines.some((line) => line.message === 'stopped')).toBe(true);
  }, 90_000);
});
