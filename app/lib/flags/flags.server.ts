import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { logger } from '../shared/logger.server';
import { getTenants } from '../shared/tenant/tenants.server';
import { parseForcedFlags, type ForcedFlags } from './force';
import {
  KNOWN_FLAGS,
  flagDatafileSchema,
  isKnownFlag,
  type FlagDatafile,
  type KnownFlagKey,
  type KnownFlagValues,
} from './schema';
import { isOneOf, keysOf } from '../shared/guards';

// The storefront keeps each tenant's flag datafile in memory and refreshes it in the
// background (seed 001 §4 and §7), so a page never waits on the flag source. Every
// storefront process reads the same datafile, which keeps them stateless.

/** Seed 001 §9: the datafile is refreshed every 300000 ms. */
export const FLAG_REFRESH_MS = 300_000;

/** Seed 001 §9: until a first load succeeds, retry after 15 s, doubling, at most 20 s apart. */
export const FLAG_STARTUP_RETRY = { baseMs: 15_000, maxMs: 20_000 } as const;

/** How long a datafile fetch over HTTP may take. */
export const FLAG_FETCH_TIMEOUT_MS = 20_000;

/** Where a tenant's datafile comes from. `read` answers the raw JSON; the service validates it. */
export interface FlagSource {
  /** Names the datafile in log lines (a file path or a URL). */
  describe(tenantId: string): string;
  read(tenantId: string): Promise<unknown>;
}

/** tenants/<id>/flags.json, next to the tenant's config. */
export function createFileFlagSource(
  folderFor: (tenantId: string) => string = (id) => getTenants().folder(id),
): FlagSource {
  const fileFor = (tenantId: string) => path.join(folderFor(tenantId), 'flags.json');
  return {
    describe: fileFor,
    async read(tenantId) {
      const data: unknown = JSON.parse(await readFile(fileFor(tenantId), 'utf8'));
      return data;
    },
  };
}

/**
 * A datafile served over HTTP (the seed's flag proxy). It sends the last ETag back, so an
 * unchanged datafile costs a 304 and no parsing.
 */
export function createHttpFlagSource(
  urlFor: (tenantId: string) => string | URL,
  options: { timeoutMs?: number; headers?: Record<string, string> } = {},
): FlagSource {
  const cache = new Map<string, { etag: string; body: unknown }>();
  return {
    describe: (tenantId) => String(urlFor(tenantId)),
    async read(tenantId) {
      const cached = cache.get(tenantId);
      const headers = new Headers({ accept: 'application/json', ...options.headers });
      if (cached) headers.set('if-none-match', cached.etag);
      const response = await fetch(urlFor(tenantId), {
        headers,
        signal: AbortSignal.timeout(options.timeoutMs ?? FLAG_FETCH_TIMEOUT_MS),
      });
      if (response.status === 304 && cached) return cached.body;
      if (!response.ok) throw new Error(`the flag datafile answered HTTP ${response.status}`);
      const body: unknown = await response.json();
      const etag = response.headers.get('etag');
      if (etag) cache.set(tenantId, { etag, body });
      else cache.delete(tenantId);
      return body;
    },
  };
}

export type FlagService = {
  /** Starts loading these tenants' datafiles now (start-up) instead of at first use. */
  start(tenantIds: readonly string[]): void;
  /** Resolves once a load attempt has finished: true when the tenant's flags can be read. */
  ready(tenantId: string): Promise<boolean>;
  isReady(tenantId: string): boolean;
  /**
   * A boolean flag's value, `forceFlag=<key>` in the request's query turning it on.
   * Before the data is ready: logs an error and answers undefined.
   */
  isEnabled(tenantId: string, key: string, request?: Request | URL): boolean | undefined;
  /**
   * A variable flag's option; `forceFlag=<key>:<value>` picks another option for this request
   * (ignored when the value is not one of the options). Before the data is ready: logs an
   * error and answers undefined.
   */
  getVariable(tenantId: string, key: string, request?: Request | URL): string | undefined;
  /** Reloads a tenant's datafile now. A failure keeps the last good data. */
  refresh(tenantId: string): Promise<boolean>;
  /** Stops the refresh timers (tests, shutdown). */
  stop(): void;
};

type TenantFlags = {
  data: FlagDatafile | null;
  inFlight: Promise<boolean> | null;
  failures: number;
  timer: ReturnType<typeof setTimeout> | null;
};

function forcedFrom(request: Request | URL | undefined): ForcedFlags {
  if (!request) return new Map();
  return parseForcedFlags(request instanceof URL ? request : new URL(request.url));
}

export function createFlagService(options: { source?: FlagSource; refreshMs?: number } = {}): FlagService {
  const source = options.source ?? createFileFlagSource();
  const refreshMs = options.refreshMs ?? FLAG_REFRESH_MS;
  const tenants = new Map<string, TenantFlags>();
  let stopped = false;

  function schedule(tenantId: string, entry: TenantFlags): void {
    if (stopped) return;
    if (entry.timer) clearTimeout(entry.timer);
    const delay = entry.data
      ? refreshMs
      : Math.min(FLAG_STARTUP_RETRY.baseMs * 2 ** Math.max(entry.failures - 1, 0), FLAG_STARTUP_RETRY.maxMs);
    entry.timer = setTimeout(() => {
      entry.timer = null;
      void load(tenantId);
    }, delay);
    // A refresh never keeps the process alive on its own.
    entry.timer.unref?.();
  }

  function load(tenantId: string): Promise<boolean> {
    const entry = ensure(tenantId, false);
    if (entry.inFlight) return entry.inFlight;
    const attempt = (async () => {
      try {
        const raw = await source.read(tenantId);
        const parsed = flagDatafileSchema.safeParse(raw);
        if (parsed.success) {
          entry.data = parsed.data;
          entry.failures = 0;
        } else {
          entry.failures += 1;
          logger.error(
            {
              tenantId,
              source: source.describe(tenantId),
              issues: parsed.error.issues
                .slice(0, 5)
                .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
              keptPreviousData: entry.data !== null,
            },
            'flag datafile is invalid',
          );
        }
      } catch (error) {
        entry.failures += 1;
        logger.error(
          { tenantId, source: source.describe(tenantId), err: error, keptPreviousData: entry.data !== null },
          'flag datafile could not be loaded',
        );
      } finally {
        entry.inFlight = null;
        schedule(tenantId, entry);
      }
      return entry.data !== null;
    })();
    entry.inFlight = attempt;
    return attempt;
  }

  function ensure(tenantId: string, startLoading = true): TenantFlags {
    let entry = tenants.get(tenantId);
    if (!entry) {
      entry = { data: null, inFlight: null, failures: 0, timer: null };
      tenants.set(tenantId, entry);
      if (startLoading) void load(tenantId);
    }
    return entry;
  }

  /** The tenant's datafile, or null after logging that it was asked for too early. */
  function readyData(tenantId: string, key: string): FlagDatafile | null {
    const entry = ensure(tenantId);
    if (!entry.data) logger.error({ tenantId, flag: key }, 'flag checked before the flag data is ready');
    return entry.data;
  }

  return {
    start(tenantIds) {
      for (const tenantId of tenantIds) ensure(tenantId);
    },
    async ready(tenantId) {
      const entry = ensure(tenantId);
      if (entry.data) return true;
      return entry.inFlight ?? false;
    },
    isReady(tenantId) {
      return Boolean(tenants.get(tenantId)?.data);
    },
    isEnabled(tenantId, key, request) {
      const data = readyData(tenantId, key);
      if (!data) return undefined;
      const flag = data.flags[key];
      if (flag?.type === 'variable') {
        logger.warn({ tenantId, flag: key }, 'a variable flag was read as a boolean');
        return undefined;
      }
      const forced = forcedFrom(request).get(key);
      if (forced === true || forced === 'true') return true;
      if (forced === 'false') return false;
      return flag?.value ?? false;
    },
    getVariable(tenantId, key, request) {
      const data = readyData(tenantId, key);
      if (!data) return undefined;
      const flag = data.flags[key];
      if (flag?.type === 'boolean') {
        logger.warn({ tenantId, flag: key }, 'a boolean flag was read as a variable');
        return undefined;
      }
      const known = isKnownFlag(key) ? KNOWN_FLAGS[key] : undefined;
      const options: readonly string[] = flag?.options ?? (known?.type === 'variable' ? known.options : []);
      const forced = forcedFrom(request).get(key);
      if (typeof forced === 'string' && options.includes(forced)) return forced;
      return flag?.value;
    },
    refresh(tenantId) {
      ensure(tenantId, false);
      return load(tenantId);
    },
    stop() {
      stopped = true;
      for (const entry of tenants.values()) {
        if (entry.timer) clearTimeout(entry.timer);
        entry.timer = null;
      }
    },
  };
}

declare global {
  // The server bundle and the Remix build each import this module: one service per process.
  var showroomFlagService: FlagService | undefined;
}

export function getFlagService(): FlagService {
  globalThis.showroomFlagService ??= createFlagService();
  return globalThis.showroomFlagService;
}

/**
 * The known flags for one page, forced values included, for a loader to hand to its
 * component. Waits for the first load; when the data is still not there it logs once and
 * every value is undefined.
 */
export async function getRequestFlags(
  request: Request,
  tenant: string | { id: string },
  service: FlagService = getFlagService(),
): Promise<KnownFlagValues> {
  const tenantId = typeof tenant === 'string' ? tenant : tenant.id;
  if (!(await service.ready(tenantId))) {
    logger.error({ tenantId, flags: keysOf(KNOWN_FLAGS) }, 'flag checked before the flag data is ready');
    return readKnownFlags({ boolean: () => undefined, variable: () => undefined });
  }
  return readKnownFlags({
    boolean: (key) => service.isEnabled(tenantId, key, request),
    variable(key, options) {
      const value = service.getVariable(tenantId, key, request);
      if (value === undefined || isOneOf(options, value)) return value;
      // A datafile may offer options the code does not know yet; the page only sees known ones.
      logger.warn({ tenantId, flag: key, value }, 'flag value is not one the storefront knows');
      return undefined;
    },
  });
}

type FlagReader = {
  boolean(key: KnownFlagKey): boolean | undefined;
  variable<const O extends string>(key: KnownFlagKey, options: readonly O[]): O | undefined;
};

/** One value per known flag: a flag added to KNOWN_FLAGS fails the typecheck here until it is read. */
function readKnownFlags(read: FlagReader): KnownFlagValues {
  return {
    'consolidate-finance-and-signing': read.boolean('consolidate-finance-and-signing'),
    'deal-review-page': read.boolean('deal-review-page'),
    'progress-message-banner': read.variable('progress-message-banner', KNOWN_FLAGS['progress-message-banner'].options),
    'price-guide-badge': read.boolean('price-guide-badge'),
  };
}
