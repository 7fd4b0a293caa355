import { eq, sql } from 'drizzle-orm';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type IncrementResponse, type Options, type Store } from 'express-rate-limit';
import { Redis } from 'ioredis';
import { INTERNAL_CALLER_HEADER, isInternalCall } from '../../app/lib/shared/internal-caller.server';
import { logger } from '../../app/lib/shared/logger.server';
import type { TenantRegistry } from '../../app/lib/shared/tenant/tenants.server';
import type { Db } from '../db/client';
import { attemptCounters } from '../db/schema';
import { sendStatus } from './resilience';

// General rate limits on the public endpoints a shopper's browser reaches (search,
// suggestions, analytics, uploads, sign-in and the other identity forms): per client address,
// per group, per minute, answered 429 with Retry-After. The counts live where every process
// sees them: the attempt_counters table (PostgreSQL or PGlite) by default, Redis when
// REDIS_URL is set. express-rate-limit does the HTTP part; the two small stores are ours.
//
// A limit is tested on the path as the router sees it (`routerPath`), so /SIGN-IN and
// /%73ign-in, which reach the sign-in action, count as /sign-in. The storefront's own calls to
// the built-in backend carry the internal-caller proof and are not counted (decision 067): the
// page that made them was counted against the shopper's address, and 127.0.0.1 is no shopper.

/** A fixed window counted in one statement in the shared attempt_counters table. */
export class DatabaseStore implements Store {
  localKeys = false;
  prefix: string;
  private windowMs = 60_000;

  constructor(
    private readonly db: Db,
    prefix: string,
  ) {
    this.prefix = `rate:${prefix}:`;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const window = sql.raw(`interval '${Math.trunc(this.windowMs)} milliseconds'`);
    const stale = sql`${attemptCounters.windowStartedAt} < now() - ${window}`;
    const [row] = await this.db
      .insert(attemptCounters)
      .values({ key: this.prefix + key, count: 1, windowStartedAt: sql`now()` })
      .onConflictDoUpdate({
        target: attemptCounters.key,
        set: {
          count: sql`case when ${stale} then 1 else ${attemptCounters.count} + 1 end`,
          windowStartedAt: sql`case when ${stale} then now() else ${attemptCounters.windowStartedAt} end`,
        },
      })
      .returning({ count: attemptCounters.count, startedAt: attemptCounters.windowStartedAt });
    return {
      totalHits: row?.count ?? 1,
      resetTime: new Date((row?.startedAt ?? new Date()).getTime() + this.windowMs),
    };
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .update(attemptCounters)
      .set({ count: sql`greatest(${attemptCounters.count} - 1, 0)` })
      .where(eq(attemptCounters.key, this.prefix + key));
  }

  async resetKey(key: string): Promise<void> {
    await this.db.delete(attemptCounters).where(eq(attemptCounters.key, this.prefix + key));
  }
}

/** A fixed window in Redis: INCR, and the window's expiry set by the first hit. */
export class RedisStore implements Store {
  localKeys = false;
  prefix: string;
  private windowMs = 60_000;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.prefix = `showroom:rate:${prefix}:`;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const name = this.prefix + key;
    const answers = await this.redis.multi().set(name, '0', 'PX', this.windowMs, 'NX').incr(name).pttl(name).exec();
    const totalHits = Number(answers?.[1]?.[1] ?? 1);
    const ttl = Number(answers?.[2]?.[1] ?? this.windowMs);
    return { totalHits, resetTime: new Date(Date.now() + (ttl > 0 ? ttl : this.windowMs)) };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.decr(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

/** Per client address and minute. Generous for a person; a script hammering one of them meets the 429. */
export const RATE_LIMITS = {
  search: { path: /^\/(search|api\/inventory\/search)(\/|$)/, perMinute: 120 },
  suggestions: { path: /^\/(resources\/suggestions|api\/inventory\/suggestions)(\/|$)/, perMinute: 300 },
  analytics: { path: /^\/(resources\/analytics-pixel|api\/analytics)(\/|$)/, perMinute: 600 },
  uploads: {
    path: /^\/(progress\/[^/]+\/doc-upload\/files|progress\/id-verification\/capture\/)/,
    perMinute: 30,
    methods: ['POST', 'PUT'],
  },
  identity: {
    path: /^\/(sign-in|sign-up|reset-password|confirm-account|confirm-sms|resources\/email-check)(\/|$|_)/,
    perMinute: 60,
    methods: ['POST'],
  },
  /** Each identity endpoint of the API (sign-in, sign-up, codes, resets…) counted on its own. */
  identityApi: { path: /^\/api\/identity\//, perMinute: 60, methods: ['POST'], perEndpoint: true },
  /** The desk's sign-in pages and API steps (issue 33): the shopper's identity limits. */
  deskSignIn: { path: /^\/(api\/)?desk\/sign-in(\/|$)/, perMinute: 60, methods: ['POST'], perEndpoint: true },
} as const;

/**
 * The path as the storefront's router matches it: the URL parsed as Remix parses it (dot
 * segments resolved, backslashes as slashes), each segment percent-decoded as React Router
 * decodes it, in lower case (routes match case-insensitively, and so does Express), with
 * repeated slashes and the trailing one dropped.
 */
function routerPath(target: string): string {
  let pathname: string;
  try {
    pathname = new URL(`http://showroom.invalid${target.startsWith('/') ? '' : '/'}${target}`).pathname;
  } catch {
    pathname = target;
  }
  const decoded = pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
  return decoded
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1')
    .toLowerCase();
}

let sharedRedis: Redis | undefined;

/** One Redis connection per process, shared by the rate limits and the response cache. */
export function redisClient(url: string): Redis {
  sharedRedis ??= new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  sharedRedis.on('error', (error: Error) =>
    logger.warn({ code: (error as { code?: string }).code }, 'rate limits: Redis connection error'),
  );
  return sharedRedis;
}

/**
 * The limiters, one per group. A store that fails (the database or Redis out of reach) lets
 * the request through (`passOnStoreError`): a limit is never a reason for a 500.
 */
export function rateLimits(options: {
  db: Db;
  tenants?: TenantRegistry;
  redisUrl?: string;
  /** The secret the storefront's internal-caller proof is made with (IDENTITY_TOKEN_SECRET). */
  identitySecret: string;
}): RequestHandler[] {
  // Worked out once per request, not once per group.
  const paths = new WeakMap<Request, string>();
  const pathOf = (req: Request) => {
    let path = paths.get(req);
    if (path === undefined) paths.set(req, (path = routerPath(req.originalUrl)));
    return path;
  };
  return Object.entries(RATE_LIMITS).map(([name, group]) => {
    const limiter = rateLimit({
      windowMs: 60_000,
      limit: group.perMinute,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      passOnStoreError: true,
      store: options.redisUrl
        ? new RedisStore(redisClient(options.redisUrl), name)
        : new DatabaseStore(options.db, name),
      skip: (req) =>
        ('methods' in group && !(group.methods as readonly string[]).includes(req.method)) ||
        !group.path.test(pathOf(req)) ||
        isInternalCall(options.identitySecret, req.get(INTERNAL_CALLER_HEADER), req.method, req.originalUrl),
      keyGenerator: (req) => {
        const address = ipKeyGenerator(req.ip ?? '');
        return 'perEndpoint' in group ? `${address}:${pathOf(req)}` : address;
      },
      handler: (req, res) => {
        // The analytics pixel is always an image, never an error page.
        if (name === 'analytics') {
          res.status(204).end();
          return;
        }
        sendStatus(options.tenants, req, res, 429);
      },
      validate: { trustProxy: false, xForwardedForHeader: false },
    });
    return limiter;
  });
}
