import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verificationCodes } from '../db/schema';
import { CODE_TTL_MS, LIMITS, clearCounter, countEvent, counterKey, uncountEvent, type Limit } from './limits';

// Six-digit one-time codes. Only an HMAC of each code is stored (keyed with the identity
// secret and the row id, so a leaked table cannot be matched against the million codes);
// a new code replaces the subject's previous one; each code works once, for 10 minutes.

export type CodePurpose = (typeof verificationCodes.$inferInsert)['purpose'];

/** Which counters a purpose shares: the e-mail and SMS confirmation codes are one flow. */
export type CodeFlow = 'confirm' | 'passcode' | 'reset' | 'email-change' | 'privacy';

const FLOW_OF: Record<CodePurpose, CodeFlow> = {
  'confirm-email': 'confirm',
  'confirm-sms': 'confirm',
  passcode: 'passcode',
  reset: 'reset',
  'email-change': 'email-change',
  privacy: 'privacy',
};

export type CodeScope = { tenantId: string; purpose: CodePurpose; subject: string };

function hashCode(secret: string, id: string, code: string): string {
  return createHmac('sha256', secret).update(`${id}:${code}`).digest('hex');
}

/** Six digits, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Stores a new code for the subject (replacing any live one) and answers it, to be sent. */
export async function issueCode(db: Db, secret: string, scope: CodeScope & { target: string | null }): Promise<string> {
  const code = newCode();
  const id = randomUUID();
  await db
    .delete(verificationCodes)
    .where(
      and(
        eq(verificationCodes.tenantId, scope.tenantId),
        eq(verificationCodes.purpose, scope.purpose),
        eq(verificationCodes.subject, scope.subject),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await db.insert(verificationCodes).values({
    id,
    tenantId: scope.tenantId,
    purpose: scope.purpose,
    subject: scope.subject,
    target: scope.target,
    codeHash: hashCode(secret, id, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return code;
}

export type CodeCheck = { result: 'ok'; target: string | null } | { result: 'wrong' | 'expired' };

/** Checks a code against the subject's live one; a right code is used up. */
async function checkCode(db: Db, secret: string, scope: CodeScope, code: string): Promise<CodeCheck> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.tenantId, scope.tenantId),
        eq(verificationCodes.purpose, scope.purpose),
        eq(verificationCodes.subject, scope.subject),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  // No live code: the last one was used or replaced, or none was asked for. A new one is needed.
  if (!row || row.expiresAt.getTime() <= Date.now()) return { result: 'expired' };
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(secret, row.id, code), 'hex');
  if (!timingSafeEqual(expected, given)) return { result: 'wrong' };
  const used = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  // Two requests raced with the same code: only one of them gets to use it.
  if (used.length === 0) return { result: 'expired' };
  return { result: 'ok', target: row.target };
}

/** Ends every live code of the subject (after a lock, or when the shopper cancels). */
export async function revokeCodes(db: Db, scope: CodeScope): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.tenantId, scope.tenantId),
        eq(verificationCodes.purpose, scope.purpose),
        eq(verificationCodes.subject, scope.subject),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

/** The target of the subject's live, unexpired code (a requested new e-mail), if any. */
export async function liveCodeTarget(db: Db, scope: CodeScope): Promise<string | null> {
  const [row] = await db
    .select({ target: verificationCodes.target })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.tenantId, scope.tenantId),
        eq(verificationCodes.purpose, scope.purpose),
        eq(verificationCodes.subject, scope.subject),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row?.target ?? null;
}

function requestsKey(scope: CodeScope): string {
  return counterKey('code-requests', scope.tenantId, FLOW_OF[scope.purpose], scope.subject);
}

function triesKey(scope: CodeScope): string {
  return counterKey('code-tries', scope.tenantId, FLOW_OF[scope.purpose], scope.subject);
}

export type CodeRequest = { ok: true; warning: 'lastRequest' | null } | { ok: false; lockedUntil: Date };

/**
 * Counts a request for a code before one is sent. The request that reaches the limit is
 * still served, and starts the lock; the one before it carries the warning.
 */
export async function allowCodeRequest(
  db: Db,
  scope: CodeScope,
  limit: Limit = LIMITS.codeRequests,
): Promise<CodeRequest> {
  // One atomic count: of 30 parallel requests only the first `max` are served.
  const state = await countEvent(db, requestsKey(scope), limit);
  if (!state.allowed) return { ok: false, lockedUntil: state.lockedUntil ?? new Date(Date.now() + limit.lockMs) };
  return { ok: true, warning: state.count === limit.max - 1 ? 'lastRequest' : null };
}

export type CodeVerification =
  | { result: 'ok'; target: string | null }
  | { result: 'wrong' | 'wrongLastTry' | 'expired' }
  | { result: 'locked'; lockedUntil: Date };

/**
 * Checks a code with the flow's lockout: every wrong code counts; the one before the last
 * says so (`wrongLastTry`); the 5th locks the flow for 30 minutes and ends the live code.
 * A right code clears the flow's counters.
 */
export async function verifyCodeWithLimits(
  db: Db,
  secret: string,
  scope: CodeScope,
  code: string,
): Promise<CodeVerification> {
  const key = triesKey(scope);
  // The try is counted BEFORE the code is compared, in one statement: parallel guesses past
  // the limit are refused without a comparison, so none of them can be the right code.
  const state = await countEvent(db, key, LIMITS.codeTries);
  if (!state.allowed)
    return { result: 'locked', lockedUntil: state.lockedUntil ?? new Date(Date.now() + LIMITS.codeTries.lockMs) };
  const check = await checkCode(db, secret, scope, code);
  if (check.result === 'ok') {
    await Promise.all([clearCounter(db, key), clearCounter(db, requestsKey(scope))]);
    return check;
  }
  if (check.result === 'expired') {
    // Nothing was compared: the try is given back (and a lock it started is lifted).
    await uncountEvent(db, key, LIMITS.codeTries);
    return check;
  }
  if (state.lockedUntil) {
    await revokeCodes(db, scope);
    return { result: 'locked', lockedUntil: state.lockedUntil };
  }
  return { result: state.count === LIMITS.codeTries.max - 1 ? 'wrongLastTry' : 'wrong' };
}
