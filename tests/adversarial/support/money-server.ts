import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';

// A real Showroom process for the money tests of the adversarial suite (decision 011): the
// server as `npm run dev` starts it (node with tsx as a loader, the Vite middleware only
// loaded for pages, which these tests never ask for), on its own port and database, in test
// mode, with the outbox readable so shoppers can confirm their accounts over HTTP.

const root = path.resolve(__dirname, '../../..');

export type MoneyServerOptions = {
  dataDir: string;
  databaseUrl?: string;
  /** SHOWROOM_TEST_CRASH_AT: the process kills itself (SIGKILL) at this point of a payment. */
  crashAt?: 'after-claim' | 'after-charge';
};

export type MoneyServer = {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
  stop: () => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startMoneyServer(options: MoneyServerOptions): Promise<MoneyServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    SEED_VEHICLES: '120',
    SHOWROOM_TEST_MODE: '1',
    OUTBOX_PAGE: '1',
    // An interrupted payment counts as stuck after 2 s here (60 s by default).
    PAYMENT_RECONCILE_AFTER_SECONDS: '2',
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.crashAt) env.SHOWROOM_TEST_CRASH_AT = options.crashAt;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts', '--dev'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  let dead = false;
  void exited.then(() => (dead = true));
  while (Date.now() < deadline && !dead) {
    const ready = await fetch(`${url}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (dead || Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`the server did not start:\n${output.slice(-3000)}`);
  }
  return {
    url,
    child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000)),
      ]);
      if (!stopped) child.kill('SIGKILL');
    },
  };
}

/** A caller of the commerce API for one tenant, with a shopper's token once signed in. */
export class ApiCaller {
  token: string | null = null;

  constructor(
    readonly server: MoneyServer,
    readonly tenant = 'default',
  ) {}

  call(
    pathname: string,
    init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { 'x-tenant-id': this.tenant, ...init.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    return fetch(`${this.server.url}${pathname}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  }

  async json<T = Record<string, unknown>>(
    pathname: string,
    init: Parameters<ApiCaller['call']>[1] = {},
    status = 200,
  ): Promise<T> {
    const response = await this.call(pathname, init);
    const text = await response.text();
    if (response.status !== status)
      throw new Error(
        `${init.method ?? 'GET'} ${pathname}: ${response.status} (expected ${status}) ${text.slice(0, 300)}`,
      );
    return (text ? JSON.parse(text) : null) as T;
  }

  /** A new confirmed shopper (sign-up, the e-mailed code from the outbox), signed in. */
  async signUp(): Promise<{ email: string; password: string }> {
    const email = `money.${Date.now().toString(36)}.${randomBytes(3).toString('hex')}@shop.test`;
    const password = 'Adversarial-Pass-2026!';
    const phone = `512555${String(1000 + Math.floor(Math.random() * 8999))}`;
    await this.json(
      '/api/identity/sign-up',
      { json: { firstName: 'Morgan', lastName: 'Reyes', email, phone, password } },
      201,
    );
    const outbox = await this.json<{ data: Array<{ recipient: string; body: string }> }>('/api/notifications/outbox');
    const code = /\b(\d{6})\b/.exec(outbox.data.find((message) => message.recipient === email)?.body ?? '')?.[1];
    await this.json('/api/identity/confirmation/verify', { json: { email, channel: 'email', code } });
    await this.signIn(email, password);
    return { email, password };
  }

  async signIn(email: string, password: string): Promise<void> {
    const signedIn = await this.json<{ data: { identityToken: string } }>('/api/identity/sign-in', {
      json: { email, password },
    });
    this.token = signedIn.data.identityToken;
  }
}

/** Sandbox test card (seed card of the sandbox gateway) in the API's shape. */
export const APPROVED_CARD = {
  email: 'morgan.reyes@example.com',
  number: '4242424242424242',
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
  name: 'Morgan Reyes',
  country: 'US',
  postalCode: '78701',
};

export function idempotencyKey(label: string): string {
  return `${label}-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
}
