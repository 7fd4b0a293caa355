import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { qualified } from '../db/qualified';
import { attemptCounters } from '../db/schema';

// Lockouts and rate limits, counted in attempt_counters so they survive a restart and hold
// across every process that shares the database. Times come from the database's clock.

/** `max` events in `windowMs`; the event that reaches `max` starts a lock of `lockMs`. */
export type Limit = { max: number; windowMs: number; lockMs: number };

const MINUTE = 60_000;

export const LIMITS = {
  /** Wrong codes (any one-time code flow): the 5th wrong one locks the flow for 30 minutes (seed 002 §9). */
  codeTries: { max: 5, windowMs: 30 * MINUTE, lockMs: 30 * MINUTE },
  /** Codes sent (first send and resends) per flow: the 5th is sent, then sending locks for 30 minutes. */
  codeRequests: { max: 5, windowMs: 30 * MINUTE, lockMs: 30 * MINUTE },
  /** Password reset requests: 3 an hour, then an hour's wait (seed 002 §8 and §9). */
  resetRequests: { max: 3, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
  /** Existing-e-mail checks per shopper address and tenant. */
  emailCheck: { max: 20, windowMs: 10 * MINUTE, lockMs: 10 * MINUTE },
  /** Existing-e-mail checks per caller of the API, whatever shopper address it names. */
  emailCheckCaller: { max: 600, windowMs: 10 * MINUTE, lockMs: 10 * MINUTE },
} as const satisfies Record<string, Limit>;

/** How long a one-time code is good for. */
export const CODE_TTL_MS = 10 * MINUTE;

export type CounterState = { count: number; lockedUntil: Date | null };

/** A counter key that names an e-mail without storing it: `code-tries:default:passcode:3f2a…`. */
export function counterKey(kind: string, tenantId: string, ...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);
  return `${kind}:${tenantId}:${digest}`;
}

/** An interval literal from one of the constants above (never from input). */
function millis(ms: number) {
  return sql.raw(`interval '${Math.trunc(ms)} milliseconds'`);
}

/** The lock's end when the key is locked now, else null. */
export async function lockedUntil(db: Db, key: string): Promise<Date | null> {
  const [row] = await db
    .select({
      lockedUntil: attemptCounters.lockedUntil,
      active: sql<boolean>`${qualified(attemptCounters.lockedUntil)} > now()`,
    })
    .from(attemptCounters)
    .where(eq(attemptCounters.key, key))
    .limit(1);
  return row?.active && row.lockedUntil ? row.lockedUntil : null;
}

/**
 * Counts one event in ONE statement (insert or increment, and the lock), so parallel
 * requests each get their own count and none can slip past the limit between a read and
 * a write. A window that has passed (while not locked), or a lock that has ended, starts
 * the count again at 1. The event that reaches `max` starts a lock of `lockMs`; it is
 * still allowed, every later one in the lock is not (`allowed: false`).
 */
export async function countEvent(db: Db, key: string, limit: Limit): Promise<CounterState & { allowed: boolean }> {
  const stale = sql`((${attemptCounters.lockedUntil} is null and ${attemptCounters.windowStartedAt} < now() - ${millis(limit.windowMs)})
    or (${attemptCounters.lockedUntil} is not null and ${attemptCounters.lockedUntil} <= now()))`;
  const [row] = await db
    .insert(attemptCounters)
    .values({
      key,
      count: 1,
      windowStartedAt: sql`now()`,
      lockedUntil: limit.max <= 1 ? sql`now() + ${millis(limit.lockMs)}` : null,
    })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`case when ${stale} then 1 else ${attemptCounters.count} + 1 end`,
        windowStartedAt: sql`case when ${stale} then now() else ${attemptCounters.windowStartedAt} end`,
        lockedUntil: sql`case
          when ${stale} then ${limit.max <= 1 ? sql`now() + ${millis(limit.lockMs)}` : sql`null`}
          when ${attemptCounters.lockedUntil} is null and ${attemptCounters.count} + 1 >= ${limit.max} then now() + ${millis(limit.lockMs)}
          else ${attemptCounters.lockedUntil} end`,
      },
    })
    .returning({ count: attemptCounters.count, lockedUntil: attemptCounters.lockedUntil });
  const count = row?.count ?? 1;
  return { count, lockedUntil: count >= limit.max ? (row?.lockedUntil ?? null) : null, allowed: count <= limit.max };
}

/** Gives one counted event back (an attempt that turned out not to be one). */
export async function uncountEvent(db: Db, key: string, limit: Limit): Promise<void> {
  await db
    .update(attemptCounters)
    .set({
      count: sql`greatest(${attemptCounters.count} - 1, 0)`,
      lockedUntil: sql`case when ${attemptCounters.count} - 1 < ${limit.max} then null else ${attemptCounters.lockedUntil} end`,
    })
    .where(eq(attemptCounters.key, key));
}

/** Forgets a key: a right code clears its wrong tries. */
export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
}
