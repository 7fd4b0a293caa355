import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepPath } from '~/lib/tracker/steps';
import { SCENARIOS, scenarioOrderNumber } from '#server/db/seed-data/scenarios';
import { scaleOutProblems } from '#server/secrets';
import { startS3Server, type TestS3Server } from '../support/s3-server';
import { canConnect } from '../support/test-db';
import { freePort, isBuilt as built, startBuiltServer, type BuiltServer } from '../support/built-server';

// Two storefront processes (node build/start.js) on one PostgreSQL and one S3-compatible bucket
// (an S3 server started here, tests/support/s3-server.ts), each with a DATA_DIR of its own, as
// README "Several processes" sets them up: a shopper signs in on one and is signed in on the
// other, and a document uploaded through one downloads through the other. Needs the production
// build and a PostgreSQL at SCALE_OUT_DATABASE_URL (default: 127.0.0.1:5432, user postgres);
// skipped, saying so, when either is missing.

const root = path.resolve(import.meta.dirname, '../..');
const adminUrl = process.env.SCALE_OUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `showroom_scale_out_${process.pid}`;

const available = built && (await canConnect(adminUrl));
const skipReason = built ? `no PostgreSQL at ${adminUrl}` : 'no build (npm run build)';

const secrets = {
  SESSION_SECRET: 'scale-out-session-secret-0123456789abcdef',
  IDENTITY_TOKEN_SECRET: 'scale-out-identity-secret-0123456789abcdef',
  PII_ENCRYPTION_KEY: 'scale-out-pii-key-0123456789abcdef-0123',
};
const servers: BuiltServer[] = [];
let s3: TestS3Server | undefined;

async function startProcess(extra: Record<string, string> = {}): Promise<string> {
  const server = await startBuiltServer({
    DATABASE_URL: adminUrl.replace(/\/[^/]*$/, `/${database}`),
    SHOWROOM_PROCESSES: '2',
    SEED_VEHICLES: '40',
    // The storefront calls its own backend, not the address the unit tests' setup points at.
    COMMERCE_API_URL: '',
    ...secrets,
    ...s3?.env,
    S3_PREFIX: 'deployment-1/',
    ...extra,
  });
  servers.push(server);
  return server.base;
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
    s3 = await startS3Server();
    // Together, as compose starts two replicas on an empty database: one migrates and seeds it
    // (and the bucket) under advisory locks, the other waits and finds both done.
    [first, second] = await Promise.all([startProcess(), startProcess()]);
  }, 200_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await s3?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database}`);
    await admin.end();
  }, 60_000);

  it('seeded the empty database once, though both processes started on it together', async () => {
    const client = new pg.Client({ connectionString: adminUrl.replace(/\/[^/]*$/, `/${database}`) });
    await client.connect();
    try {
      const { rows } = await client.query<{ all: string; distinct: string }>(
        'select count(*) as all, count(distinct (tenant_id, vin)) as distinct from vehicles',
      );
      expect(Number(rows[0]!.all)).toBeGreaterThan(0);
      expect(rows[0]!.all).toBe(rows[0]!.distinct);
      const orders = await client.query('select order_number from orders where order_number = $1', [
        scenarioOrderNumber('default', SCENARIOS[0]!.suffix),
      ]);
      expect(orders.rowCount).toBe(1);
    } finally {
      await client.end();
    }
  });

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

  async function signIn(base: string): Promise<string> {
    const answer = await fetch(`${base}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ 'signin-email': 'demo@showroom.test', 'signin-password': 'DemoPass-2026' }),
    });
    expect(answer.status).toBe(302);
    return answer.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ');
  }

  const ORDER = 'SR-DEFAULT-10007';
  const DEAL = 'DEAL-DEFAULT-10007';
  const uploadPage = (base: string) => `${base}/progress/${ORDER}/doc-upload`;

  /** The documents the upload page links to, by id, as the shopper sees them (no JavaScript). */
  async function listedDocuments(base: string, cookie: string): Promise<Set<string>> {
    const page = await fetch(uploadPage(base), { headers: { cookie }, redirect: 'manual' });
    expect(page.status).toBe(200);
    const html = await page.text();
    return new Set([...html.matchAll(/doc-upload\/files\/([0-9a-f-]{36})\?deal=/g)].map((match) => match[1]!));
  }

  it('answers the bare /progress/<order> of every demo order with the active step the seed gives it (no JavaScript)', async () => {
    const cookie = await signIn(first);
    for (const item of SCENARIOS) {
      const orderNumber = scenarioOrderNumber('default', item.suffix);
      const answer = await fetch(`${second}/progress/${orderNumber}`, { headers: { cookie }, redirect: 'manual' });
      const expected = item.expected.activeStep;
      if (!expected) {
        expect(answer.status, orderNumber).toBe(404);
        continue;
      }
      expect(answer.status, orderNumber).toBe(302);
      expect(answer.headers.get('location'), orderNumber).toBe(stepPath(orderNumber, expected));
    }
  }, 60_000);

  it('finishes a request in flight when it gets SIGTERM, then exits cleanly (with Redis, as compose runs it)', async () => {
    const third = await startProcess({ REDIS_URL: process.env.SCALE_OUT_REDIS_URL ?? 'redis://127.0.0.1:6379' });
    const body = new URLSearchParams({
      'signin-email': 'demo@showroom.test',
      'signin-password': 'DemoPass-2026',
    }).toString();
    const url = new URL(`${third}/sign-in`);
    // The body arrives in two parts; SIGTERM comes between them.
    const answer = new Promise<number>((resolve, reject) => {
      const request = http.request(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
            origin: third,
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => {
        servers.at(-1)!.child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 500);
      }, 300);
    });
    expect(await answer).toBe(302);
    // No new work is taken once it is stopping; then it exits 0 (database closed, timers stopped).
    expect(await servers.at(-1)!.stop()).toBe(0);
  }, 120_000);

  it('stores a document uploaded through one process where the other serves it, encrypted in the shared bucket', async () => {
    const cookie = await signIn(first);
    const before = await listedDocuments(second, cookie);
    // The seeded licence, stored in the bucket by the process that seeded, is served by the other.
    expect(before.size).toBe(1);
    const [licence] = [...before];
    const seeded = await fetch(`${uploadPage(second)}/files/${licence}?deal=${DEAL}&view=thumbnail`, {
      headers: { cookie },
    });
    expect(seeded.status).toBe(200);
    expect(seeded.headers.get('content-type')).toBe('image/webp');

    const pdf = Buffer.from(`%PDF-1.4\n% pay stub ${Date.now()} for Jane Shopper\n%%EOF\n`);
    const form = new FormData();
    form.append('documents', new Blob([pdf], { type: 'application/pdf' }), 'pay-stub.pdf');
    const upload = await fetch(`${uploadPage(first)}/files?deal=${DEAL}&type=PayStub`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: first },
      body: form,
    });
    expect(upload.status).toBe(302);
    expect(upload.headers.get('location')).toContain('uploaded=1');

    const after = await listedDocuments(second, cookie);
    const added = [...after].filter((id) => !before.has(id));
    expect(added).toHaveLength(1);
    const download = await fetch(`${uploadPage(second)}/files/${added[0]}?deal=${DEAL}`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain('pay-stub.pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    // Another visitor gets nothing from either process.
    const stranger = await fetch(`${uploadPage(second)}/files/${added[0]}?deal=${DEAL}`, { redirect: 'manual' });
    expect(stranger.status).not.toBe(200);

    // In the bucket, under the prefix, as ciphertext; in neither process's own folder.
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3!.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const object = await client.send(
      new GetObjectCommand({ Bucket: s3!.bucket, Key: `deployment-1/documents/${DEAL}/${added[0]}.pdf` }),
    );
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect(stored.includes(Buffer.from('Jane Shopper'))).toBe(false);
    client.destroy();
    for (const dir of servers.map((server) => server.dataDir)) {
      const folder = path.join(dir, 'documents', DEAL);
      expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
    }
  }, 60_000);
});
