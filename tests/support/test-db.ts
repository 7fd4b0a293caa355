// Databases for backend tests: PGlite in memory (always there) or a throw-away PostgreSQL
// database on the local server (when one answers). Each call gives a fresh, migrated database.
//
//   const database = await createTestDatabase('pglite');
//   … database.db …
//   await database.close();   // for PostgreSQL this also drops the database
//
// TEST_POSTGRES_URL overrides the server to use (its database is only used to create others).
//
// A new PGlite costs seconds of initdb; a copy of a ready data directory costs half a second.
// So the first PGlite database builds an empty and a migrated template, keeps them for the
// process and in the system temp folder (keyed by the PGlite version and the migration files),
// and every test database starts as a copy.

import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectRoot } from '../../app/lib/shared/project-root.server';
import { migrationsFolder, openDatabase, type Database, type Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';

export type DatabaseKind = 'pglite' | 'postgres';

const POSTGRES_HOST = '127.0.0.1';
const POSTGRES_PORT = 5432;
/** Trust authentication: the postgres role, and root on machines where that is the superuser. */
const ADMIN_URLS = process.env.TEST_POSTGRES_URL
  ? [process.env.TEST_POSTGRES_URL]
  : [
      `postgres://postgres@${POSTGRES_HOST}:${POSTGRES_PORT}/test`,
      `postgres://root@${POSTGRES_HOST}:${POSTGRES_PORT}/test`,
    ];

const adminTarget = new URL(ADMIN_URLS[0]!);
export const POSTGRES_UNAVAILABLE_REASON = `PostgreSQL not reachable on ${adminTarget.hostname}:${adminTarget.port || POSTGRES_PORT}`;

function portAnswers(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => done(true));
  });
}

/** Whether a PostgreSQL URL answers a query within 2 seconds. */
export async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

let adminUrl: Promise<string | null> | undefined;

/** The first admin URL that accepts a connection, or null; asked once per process. */
function findAdminUrl(): Promise<string | null> {
  adminUrl ??= (async () => {
    if (!(await portAnswers(adminTarget.hostname, Number(adminTarget.port || POSTGRES_PORT), 1_000))) return null;
    for (const candidate of ADMIN_URLS) {
      if (await canConnect(candidate)) return candidate;
    }
    return null;
  })();
  return adminUrl;
}

/** True when a local PostgreSQL server takes connections (a quick port check first). */
export async function isPostgresAvailable(): Promise<boolean> {
  return (await findAdminUrl()) !== null;
}

/**
 * The kinds to run backend tests on, with a reason for the ones that must be skipped:
 *
 *   for (const { kind, label, skip } of await databaseKinds()) {
 *     describe.skipIf(skip)(label, () => { … createTestDatabase(kind) … });
 *   }
 */
export async function databaseKinds(): Promise<Array<{ kind: DatabaseKind; label: string; skip: boolean }>> {
  const postgres = await isPostgresAvailable();
  // `npm test` sets this when 127.0.0.1:5432 answers: then a PostgreSQL suite must run, never skip.
  if (!postgres && process.env.SHOWROOM_REQUIRE_POSTGRES === '1')
    throw new Error(`${POSTGRES_UNAVAILABLE_REASON}, but SHOWROOM_REQUIRE_POSTGRES=1`);
  return [
    { kind: 'pglite', label: 'on PGlite', skip: false },
    {
      kind: 'postgres',
      label: postgres ? 'on PostgreSQL' : `on PostgreSQL (skipped: ${POSTGRES_UNAVAILABLE_REASON})`,
      skip: !postgres,
    },
  ];
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(projectRoot, 'node_modules/@electric-sql/pglite/package.json')));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

type Templates = { empty: Blob; migrated: Blob };
let templates: Promise<Templates> | undefined;

async function buildTemplates(): Promise<Templates> {
  const client = await PGlite.create('memory://');
  try {
    const empty = await client.dumpDataDir('none');
    await migratePglite(drizzle(client, { schema }), { migrationsFolder });
    const migrated = await client.dumpDataDir('none');
    return { empty, migrated };
  } finally {
    await client.close();
  }
}

/** The two PGlite data directories every test database is copied from. */
function pgliteTemplates(): Promise<Templates> {
  templates ??= (async () => {
    const base = path.join(tmpdir(), `showroom-pglite-${templateKey()}`);
    try {
      const [empty, migrated] = await Promise.all([readFile(`${base}-empty.tar`), readFile(`${base}-migrated.tar`)]);
      return { empty: new Blob([empty]), migrated: new Blob([migrated]) };
    } catch {
      const built = await buildTemplates();
      // Written under a private name and renamed, so a parallel worker never reads half a file.
      const unique = `${process.pid}-${randomBytes(4).toString('hex')}`;
      for (const [name, blob] of Object.entries(built)) {
        await writeFile(`${base}-${name}.${unique}`, new Uint8Array(await blob.arrayBuffer()));
        await rename(`${base}-${name}.${unique}`, `${base}-${name}.tar`);
      }
      return built;
    }
  })();
  return templates;
}

async function createPgliteDatabase(migrate: boolean): Promise<Database> {
  const template = await pgliteTemplates();
  const client = await PGlite.create({ loadDataDir: migrate ? template.migrated : template.empty });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * An empty, uniquely named PostgreSQL database on the local server, for a process the test
 * starts itself (it migrates the database on start-up); drop() removes it. Null when no
 * server answers.
 */
export async function createThrowawayPostgres(
  label = 'showroom_test',
): Promise<{ url: string; name: string; drop: () => Promise<void> } | null> {
  const admin = await findAdminUrl();
  if (!admin) return null;
  const name = `${label}_${process.pid}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin(admin, (client) => client.query(`create database "${name}"`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdmin(admin, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(
        () => undefined,
      ),
  };
}

/**
 * A fresh migrated database (`{ migrate: false }` leaves it empty). PGlite lives in memory;
 * PostgreSQL gets a uniquely named database, dropped by close().
 */
export async function createTestDatabase(
  kind: DatabaseKind = 'pglite',
  options: { migrate?: boolean } = {},
): Promise<Database> {
  const migrate = options.migrate ?? true;
  if (kind === 'pglite') return createPgliteDatabase(migrate);

  const admin = await findAdminUrl();
  if (!admin) throw new Error(`${POSTGRES_UNAVAILABLE_REASON}: cannot create a test database`);
  const name = `showroom_test_${process.pid}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin(admin, (client) => client.query(`create database "${name}"`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const dropDatabase = () =>
    withAdmin(admin, (client) => client.query(`drop database if exists "${name}" with (force)`));
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  try {
    if (migrate) await database.migrate();
  } catch (error) {
    await database.close().catch(() => {});
    await dropDatabase();
    throw error;
  }
  const closePool = database.close;
  return {
    ...database,
    async close() {
      await closePool();
      await dropDatabase();
    },
  };
}

/**
 * An empty PostgreSQL database for a whole server process (it migrates and seeds itself):
 * its URL, its name (to pick its own connections out of pg_stat_activity) and how to drop it.
 */
export async function createScratchPostgres(): Promise<{
  url: string;
  name: string;
  admin: (sql: string) => Promise<pg.QueryResult>;
  drop: () => Promise<void>;
}> {
  const admin = await findAdminUrl();
  if (!admin) throw new Error(`${POSTGRES_UNAVAILABLE_REASON}: cannot create a test database`);
  const name = `showroom_adv_${process.pid}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin(admin, (client) => client.query(`create database "${name}"`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    admin: (sql) => withAdmin(admin, (client) => client.query(sql)),
    drop: () =>
      withAdmin(admin, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(
        () => undefined,
      ),
  };
}
