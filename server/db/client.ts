import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectRoot } from '../../app/lib/shared/project-root.server';
import { logger } from '../../app/lib/shared/logger.server';
import { reportDatabaseError } from './health';
import { lockPgliteDir } from './pglite-lock';
import { PGliteThread } from './pglite-thread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite on its thread: whether it answered any statement in the last `ms` milliseconds.
   * PGlite has one connection, so a health check's own `select 1` would wait behind the
   * longest statement in its queue (a snapshot read, seconds at 100,000 vehicles); a recent
   * answer is the same proof that it is alive without the wait (decision 034).
   */
  answeredWithin?: (ms: number) => boolean;
  /**
   * Statements waiting for the database now (GET /metrics): callers queued for one of the
   * pool's connections, or statements queued on PGlite's thread behind the one it runs.
   */
  waiting?: () => number;
  /**
   * PostgreSQL: calls `listener` with the seconds each caller waited for one of the pool's
   * connections (every statement outside a transaction and every transaction takes one), for
   * GET /metrics' wait-time histogram.
   */
  onConnectionWait?: (listener: (seconds: number) => void) => void;
};

export const migrationsFolder = path.join(projectRoot, 'server/db/migrations');

/**
 * Where PGlite runs when the caller does not say: on a worker thread when PGLITE_THREAD=worker
 * (the test suites' switch to run on the served process's arrangement), else in this thread.
 */
function defaultPgliteThread(): 'worker' | 'main' {
  return process.env.PGLITE_THREAD === 'worker' ? 'worker' : 'main';
}

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise PGlite in a folder
 * (or in memory when the folder is `memory://`). One instance per process.
 *
 * `pgliteThread: 'worker'` runs PGlite on a worker thread of its own (decision 034): the served
 * process does, so a long statement never holds the thread that answers requests. Command-line
 * tools (migrate, seed, import) and most tests keep it in their own thread, which is quicker
 * when nothing else is waiting.
 */
type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void;

/**
 * Times each wait for a pool connection: `pool.query` (what drizzle calls for a statement) and
 * a transaction both take their connection through `pool.connect`, so the wrapper sees them all.
 */
function measureConnectionWaits(pool: pg.Pool): Array<(seconds: number) => void> {
  const listeners: Array<(seconds: number) => void> = [];
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const tell = (started: number) => {
    const seconds = (performance.now() - started) / 1000;
    for (const listener of listeners) listener(seconds);
  };
  const timed = (callback?: ConnectCallback) => {
    const started = performance.now();
    if (callback) {
      return connect((error, client, done) => {
        tell(started);
        callback(error, client, done);
      });
    }
    return connect()!.finally(() => tell(started));
  };
  pool.connect = timed as typeof pool.connect;
  return listeners;
}

/** The advisory lock the replicas of one deployment take to migrate: one runs them, the others wait. */
const MIGRATION_LOCK = 0x53_68_6f_77; // 'Show'

/**
 * Runs the migrations under a PostgreSQL advisory lock on one connection: replicas started
 * together take turns, so the first applies them and the others find nothing left to apply.
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  pgliteThread?: 'worker' | 'main';
}): Promise<Database> {
  if (options.databaseUrl) {
    // A lost connection (a restart, a failover, pg_terminate_backend, a proxy's idle timeout)
    // must never take the process down: the pool drops the client and opens a new one later.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    const lost = (error: Error) => {
      logger.warn({ code: (error as { code?: string }).code }, 'database: a connection was lost');
      reportDatabaseError(error);
    };
    pool.on('error', lost);
    // A checked-out client (a transaction) that loses its connection emits on itself too.
    pool.on('connect', (client) => client.on('error', lost));
    const waitListeners = measureConnectionWaits(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      onConnectionWait: (listener) => waitListeners.push(listener),
      migrate: () => migrateOnce(pool),
      close: () => pool.end(),
      waiting: () => pool.waitingCount,
    };
  }
  let dataDir = options.dataDir;
  // A folder is one process's at a time (pglite-lock.ts): a second process is refused, by name.
  let release = () => {};
  if (!dataDir.startsWith('memory://')) {
    dataDir = path.resolve(dataDir, 'pglite');
    mkdirSync(path.dirname(dataDir), { recursive: true });
    release = lockPgliteDir(dataDir);
  }
  try {
    if ((options.pgliteThread ?? defaultPgliteThread()) === 'worker') {
      const thread = await PGliteThread.create(dataDir);
      // The thread's proxy answers every call drizzle's PGlite driver makes (pglite-thread.ts).
      const db = drizzlePglite({ client: thread as unknown as PGlite, schema }) as unknown as Db;
      return {
        db,
        kind: 'pglite',
        migrate: () => migratePglite(db as never, { migrationsFolder }),
        close: () => thread.close().finally(release),
        answeredWithin: (ms) => thread.answeredWithin(ms),
        waiting: () => thread.waiting,
      };
    }
    const client = await PGlite.create(dataDir);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db as never, { migrationsFolder }),
      close: () => client.close().finally(release),
    };
  } catch (error) {
    release();
    throw error;
  }
}
