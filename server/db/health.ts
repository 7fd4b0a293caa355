import { logger } from '../../app/lib/shared/logger.server';
import type { Database } from './client';

// Whether the database answers, for /healthz, /readyz and the 503 gate. A connection error
// anywhere (a pool's idle client killed, a query refused) asks for a probe at once; while the
// database is down it is probed every second, so service resumes without a restart as soon
// as it answers again. Nothing here is state that must survive a restart.

const PROBE_TIMEOUT_MS = 2_000;
const DOWN_PROBE_MS = 1_000;
const UP_PROBE_MS = 10_000;

/** PostgreSQL's connection-exception class and shutdown codes, and the socket errors of a lost server. */
const CONNECTION_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const CONNECTION_MESSAGE =
  /connection terminated|not queryable|connection (?:error|refused|closed)|terminating connection|timeout exceeded when trying to connect|PGlite is closed/i;

/** Whether an error (or its cause, as Drizzle wraps driver errors) means the database is out of reach. */
export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}

/** PostgreSQL's data-exception class (a NUL byte, a malformed uuid, a number out of range): bad input, not our failure. */
export function isBadInputError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && code.startsWith('22')) return true;
    current = cause;
  }
  return false;
}

type Listener = (error: unknown) => void;
const listeners = new Set<Listener>();

/** Tells the monitor a query met a connection error (called by the handlers' catch-alls and the pool). */
export function reportDatabaseError(error: unknown): void {
  for (const listener of listeners) listener(error);
}

export type DatabaseMonitor = {
  readonly available: boolean;
  /** When the database was last seen going down, and when it came back (for the logs and tests). */
  readonly downSince: Date | null;
  probe(): Promise<boolean>;
  stop(): void;
};

export function monitorDatabase(database: Pick<Database, 'db'>): DatabaseMonitor {
  let available = true;
  let downSince: Date | null = null;
  let probing: Promise<boolean> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function ping(): Promise<boolean> {
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        database.db.execute('select 1'),
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error('timeout exceeded when trying to connect')), PROBE_TIMEOUT_MS);
        }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timeout);
    }
  }

  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(() => void probe(), available ? UP_PROBE_MS : DOWN_PROBE_MS);
    timer.unref();
  }

  function probe(): Promise<boolean> {
    probing ??= ping()
      .then((ok) => {
        if (ok && !available)
          logger.info(
            { downMs: downSince ? Date.now() - downSince.getTime() : null },
            'database: answering again; service resumed',
          );
        if (!ok && available) logger.error('database: not answering; pages answer 503 until it is back');
        if (!ok && available) downSince = new Date();
        available = ok;
        if (ok) downSince = null;
        return ok;
      })
      .finally(() => {
        probing = null;
        schedule();
      });
    return probing;
  }

  const listener: Listener = (error) => {
    if (isConnectionError(error)) void probe();
  };
  listeners.add(listener);
  schedule();
  return {
    get available() {
      return available;
    },
    get downSince() {
      return downSince;
    },
    probe,
    stop() {
      listeners.delete(listener);
      clearTimeout(timer);
    },
  };
}
