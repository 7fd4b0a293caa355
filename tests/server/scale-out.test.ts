import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleOutProblems } from '#server/secrets';
import { canConnect } from '../support/test-db';

// Two storefront processes (node build/start.js) on one PostgreSQL, as README "Several
// processes" sets them up: a shopper signs in on one and is signed in on the other. Needs the
// production build and a PostgreSQL at SCALE_OUT_DATABASE_URL (default: 127.0.0.1:5432, user
// postgres); skipped, saying so, when either is missing.

const root = path.resolve(import.meta.dirname, '../..');
const adminUrl = process.env.SCALE_OUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `showroom_scale_out_${process.pid}`;
const built = existsSync(path.join(root, 'build/start.js'));

const available = built && (await canConnect(adminUrl));
const skipReason = built ? `no PostgreSQL at ${adminUrl}` : 'no build (npm run build)';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const secrets = {
  SESSION_SECRET: 'scale-out-session-secret-0123456789abcdef',
  IDENTITY_TOKEN_SECRET: 'scale-out-identity-secret-0123456789abcdef',
  PII_ENCRYPTION_KEY: 'scale-out-pii-key-0123456789abcdef-0123',
};
const children: ChildProcess[] = [];
const dataDirs: string[] = [];

async function startProcess(extra: Record<string, string> = {}): Promise<string> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'showroom-scale-out-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['build/start.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: adminUrl.replace(/\/[^/]*$/, `/${database}`),
      SHOWROOM_PROCESSES: '2',
      SHOWROOM_TEST_MODE: '1',
      SEED_VEHICLES: '40',
      // The storefront calls its own backend, not the address the unit tests' setup points at.
      COMMERCE_API_URL: '',
      LOG_LEVEL: 'warn',
      ...secrets,
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 90_000; waited += 300) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode}`);
    const answer = await fetch(`${base}/readyz`).catch(() => null);
    if (answer?.ok) return base;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the process did not get ready in 90 s');
}

describe('start-up with several processes', () => {
  it('names each secret that would be generated, and PGlite', () => {
    expect(scaleOutProblems(1, {})).toEqual([]);
    const problems = scaleOutProblems(2, { SESSION_SECRET: 'short' });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/DATABASE_URL/);
    expect(problems.join('\n')).toMatch(/SESSION_SECRET: must be at least 32/);
    expect(problems.join('\n')).toMatch(/IDENTITY_TOKEN_SECRET: not set/);
    expect(scaleOutProblems(2, { DATABASE_URL: 'postgres://x/y', ...secrets })).toEqual([]);
  });
});

describe.skipIf(!available)(`two processes on one PostgreSQL${available ? '' : ` (skipped: ${skipReason})`}`, () => {
  let first: string;
  let second: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    // One after the other: the first migrates and seeds the empty database.
    first = await startProcess();
    second = await startProcess();
  }, 200_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database}`);
    await admin.end();
  }, 60_000);

  it('refuses to start a process with a generated secret', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['build/start.js'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), SHOWROOM_PROCESSES: '2', SESSION_SECRET: '', DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('SESSION_SECRET: not set');
  }, 60_000);

  it('signs a shopper in on one process and serves their account on the other', async () => {
    const signIn = await fetch(`${first}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: first },
      body: new URLSearchParams({ 'signin-email': 'demo@showroom.test', 'signin-password': 'DemoPass-2026' }),
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ');
    expect(cookie).toMatch(/showroom_session=/);

    const account = await fetch(`${second}/account`, { headers: { cookie }, redirect: 'manual' });
    expect(account.status).toBe(200);
    expect(await account.text()).toContain('demo@showroom.test');
    const signedOut = await fetch(`${second}/account`, { redirect: 'manual' });
    expect(signedOut.status).toBe(302);
  }, 60_000);
});
