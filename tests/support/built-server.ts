import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The production build (node build/start.js) as a real process for the tests that need one:
// a port of its own, a DATA_DIR of its own, ready once /readyz answers 200.

export const projectDir = path.resolve(import.meta.dirname, '../..');
export const isBuilt = existsSync(path.join(projectDir, 'build/start.js'));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type BuiltServer = {
  base: string;
  port: number;
  child: ChildProcess;
  dataDir: string;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** SIGTERM, then waits for the exit; answers the exit code. */
  stop(): Promise<number | null>;
};

export async function startBuiltServer(
  env: Record<string, string>,
  options: { port?: number; readyWithinMs?: number } = {},
): Promise<BuiltServer> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'showroom-built-'));
  const child = spawn(process.execPath, ['build/start.js'], {
    cwd: projectDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SHOWROOM_TEST_MODE: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const server: BuiltServer = {
    base,
    port,
    child,
    dataDir,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
  const deadline = Date.now() + (options.readyWithinMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode}: ${stderr.slice(-2000)}`);
    const answer = await fetch(`${base}/readyz`).catch(() => null);
    if (answer?.ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await server.stop();
  throw new Error('the process did not get ready in time');
}

/** Signs the demo shopper in (no JavaScript) and answers the cookies to send. */
export async function signInDemoShopper(base: string, email: string, password: string): Promise<string> {
  const answer = await fetch(`${base}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ 'signin-email': email, 'signin-password': password }),
  });
  if (answer.status !== 302) throw new Error(`sign-in answered ${answer.status}`);
  return answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}
