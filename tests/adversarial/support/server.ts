import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createScratchPostgres, isPostgresAvailable } from '../../support/test-db';

// A REAL server process for the adversarial suite: the production build (`node
// build/start.js`, as `npm start` runs it) on its own port, with its own DATA_DIR (PGlite)
// or its own throw-away PostgreSQL database, seeded with a few vehicles and the demo shopper.

export const root = path.resolve(__dirname, '../../..');
export const DEMO = { email: 'demo@showroom.test', password: 'DemoPass-2026' } as const;

export type DbKind = 'pglite' | 'postgres';

export type RunningServer = {
  kind: DbKind;
  port: number;
  baseUrl: string;
  /** The PostgreSQL database's name (for pg_stat_activity filters) and an admin query, when on PostgreSQL. */
  postgres: {
    name: string;
    url: string;
    admin: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }>;
  } | null;
  child: ChildProcess;
  output(): string;
  exitCode(): number | null;
  stop(): Promise<void>;
};

/** The build the process serves; built once when missing (npm test builds before vitest runs). */
export function ensureBuild(): void {
  if (existsSync(path.join(root, 'build/server/index.js')) && existsSync(path.join(root, 'build/start.js'))) return;
  const lock = path.join(root, '.cache/adversarial-build.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  try {
    mkdirSync(lock);
  } catch {
    // Another test file is building: wait for it.
    const until = Date.now() + 240_000;
    while (existsSync(lock) && Date.now() < until) spawnSync('sleep', ['1']);
    return;
  }
  try {
    const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'ignore' });
    if (built.status !== 0) throw new Error('npm run build failed; the adversarial suite needs the production build');
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function postgresAvailable(): Promise<boolean> {
  const available = await isPostgresAvailable();
  if (!available && process.env.SHOWROOM_REQUIRE_POSTGRES === '1')
    throw new Error('PostgreSQL does not answer, but SHOWROOM_REQUIRE_POSTGRES=1');
  return available;
}

/** GET a path; resolves with the status (0 when the connection failed). */
export function probe(url: string, timeoutMs = 2_000): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

/** Starts the built server on its own port and database, and waits until /readyz answers 200. */
export async function startServer(
  kind: DbKind,
  env: Record<string, string> = {},
  options: { databaseUrl?: (url: string) => string } = {},
): Promise<RunningServer> {
  ensureBuild();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `showroom-adversarial-${kind}-`));
  const scratch = kind === 'postgres' ? await createScratchPostgres() : null;
  const child = spawn(process.execPath, ['build/start.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_VEHICLES: '40',
      OUTBOX_PAGE: '1',
      LOG_LEVEL: 'warn',
      ...(scratch ? { DATABASE_URL: options.databaseUrl ? options.databaseUrl(scratch.url) : scratch.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let code: number | null = null;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (exit) => {
      code = exit ?? -1;
      resolve();
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (code === null) {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 8_000);
      await exited;
      clearTimeout(force);
    }
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop().catch(() => {});
  };
  try {
    await waitFor(
      async () => {
        if (code !== null) throw new Error(`the server exited (${code}):\n${output}`);
        return (await probe(`${baseUrl}/readyz`)) === 200;
      },
      150_000,
      200,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    kind,
    port,
    baseUrl,
    postgres: scratch ? { name: scratch.name, url: scratch.url, admin: scratch.admin } : null,
    child,
    output: () => output,
    exitCode: () => code,
    stop,
  };
}

/** JSON to the built-in commerce API, as the storefront calls it. */
export async function api(
  server: RunningServer,
  pathname: string,
  init: { method?: string; json?: unknown; token?: string; tenant?: string } = {},
) {
  const response = await fetch(`${server.baseUrl}${pathname}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      'x-tenant-id': init.tenant ?? 'default',
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return {
    status: response.status,
    body: body as Record<string, unknown> & { data?: Record<string, unknown>; error?: { code: string } },
  };
}

/** The outbox messages to one recipient (the server runs with OUTBOX_PAGE=1). */
export async function outboxFor(
  server: RunningServer,
  recipient: string,
): Promise<Array<{ body: string; subject?: string }>> {
  const answer = await api(server, '/api/notifications/outbox');
  const list = (answer.body.data ?? []) as unknown as Array<{
    recipient: string;
    body: string;
    subject: string | null;
  }>;
  return list
    .filter((message) => message.recipient === recipient)
    .map((message) => ({ body: message.body, subject: message.subject ?? undefined }));
}
