import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { TokensResponse } from '../../app/lib/contract/identity';
import type { Db } from '../db/client';
import { identitySessions, pendingConfirmations, refreshTokens, users } from '../db/schema';
import { forgetSessions, isSessionLive } from './live-sessions';
import { hashPassword, verifyPassword } from './passwords';
import { REFRESH_TOKEN_TTL_MS, hashToken, newRefreshToken, signIdentityToken } from './tokens';

type UserRow = typeof users.$inferSelect;

/** Failed sign-ins in a row before the account locks, and for how long. */
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_LOCK_MS = 15 * 60 * 1000;

let dummy: Promise<string> | undefined;

/** A hash of nothing in particular, made once, to check unknown e-mails against. */
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`no account ${Math.random()}`);
  return dummy;
}

export type SignInResult =
  { ok: true; tokens: TokensResponse } | { ok: false; reason: 'invalid' | 'locked' | 'unconfirmed' };

/** Tokens for a sign-in: a new session, or (on refresh) the session the old refresh token belonged to. */
export async function issueTokens(
  db: Db,
  user: UserRow,
  secret: string,
  existingSessionId?: string | null,
): Promise<TokensResponse> {
  let sessionId = existingSessionId ?? null;
  if (!sessionId) {
    const [session] = await db
      .insert(identitySessions)
      .values({ userId: user.id })
      .returning({ id: identitySessions.id });
    sessionId = session!.id;
  }
  const { token, expiresAt } = await signIdentityToken({ userId: user.id, tenantId: user.tenantId, sessionId }, secret);
  const refresh = newRefreshToken();
  await db.insert(refreshTokens).values({
    sessionId,
    userId: user.id,
    tokenHash: refresh.hash,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return {
    identityToken: token,
    refreshToken: refresh.token,
    expiresAt,
    shopper: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email },
  };
}

export async function signInWithPassword(
  db: Db,
  input: { tenantId: string; email: string; password: string },
  secret: string,
): Promise<SignInResult> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, input.tenantId), eq(users.email, input.email.toLowerCase())))
    .limit(1);
  if (!user?.passwordHash) {
    // The same work as a real check, so the answer's timing does not tell who has an account.
    await verifyPassword(await dummyHash(), input.password);
    return { ok: false, reason: 'invalid' };
  }
  // The attempt is counted BEFORE the password is checked, in one statement that also
  // refuses a locked account: of 50 parallel wrong passwords only the first five are even
  // compared, and the fifth failure locks the account.
  const [reserved] = await db
    .update(users)
    .set({
      failedSignIns: sql`case when ${users.lockedUntil} is not null and ${users.lockedUntil} <= now() then 1 else ${users.failedSignIns} + 1 end`,
      lockedUntil: sql`case when ${users.lockedUntil} <= now() then null else ${users.lockedUntil} end`,
    })
    .where(and(eq(users.id, user.id), or(isNull(users.lockedUntil), lte(users.lockedUntil, sql`now()`))))
    .returning({ attempt: users.failedSignIns });
  if (!reserved || reserved.attempt > SIGN_IN_MAX_FAILURES) return { ok: false, reason: 'locked' };
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    if (reserved.attempt < SIGN_IN_MAX_FAILURES) return { ok: false, reason: 'invalid' };
    await db
      .update(users)
      .set({ failedSignIns: 0, lockedUntil: sql`now() + ${sql.raw(`interval '${SIGN_IN_LOCK_MS} milliseconds'`)}` })
      .where(eq(users.id, user.id));
    return { ok: false, reason: 'locked' };
  }
  // The right password: this attempt and the failures before it are forgotten.
  await db
    .update(users)
    .set({ failedSignIns: 0 })
    .where(and(eq(users.id, user.id), isNull(users.lockedUntil)));
  // Only after the right password: a sign-up nobody confirmed signs in once a code confirms it.
  if (await isAwaitingConfirmation(db, user.id)) return { ok: false, reason: 'unconfirmed' };
  return { ok: true, tokens: await issueTokens(db, user, secret) };
}

/** Swaps a refresh token for new tokens; the old one is revoked (rotation). */
export async function refreshSession(
  db: Db,
  tenantId: string,
  refreshToken: string,
  secret: string,
): Promise<TokensResponse | null> {
  const [row] = await db
    .select({ token: refreshTokens, user: users })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(refreshToken)),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
        eq(users.tenantId, tenantId),
      ),
    )
    .limit(1);
  if (!row) return null;
  // Only one of two parallel refreshes with the same token gets new tokens.
  const used = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (used.length === 0) return null;
  if (row.token.sessionId && !(await isSessionLive(db, row.token.sessionId))) return null;
  return issueTokens(db, row.user, secret, row.token.sessionId);
}

/** Signing out: the refresh token and the whole session it belongs to end, so its identity tokens stop working at once. */
export async function revokeRefreshToken(db: Db, refreshToken: string): Promise<void> {
  const [row] = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
    .returning({ sessionId: refreshTokens.sessionId });
  if (row?.sessionId) await revokeSessions(db, { sessionId: row.sessionId });
}

/** Ends one session, or every session of a user (a password reset). */
export async function revokeSessions(db: Db, which: { sessionId: string } | { userId: string }): Promise<void> {
  const now = new Date();
  forgetSessions(which);
  if ('sessionId' in which) {
    await db
      .update(identitySessions)
      .set({ revokedAt: now })
      .where(and(eq(identitySessions.id, which.sessionId), isNull(identitySessions.revokedAt)));
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.sessionId, which.sessionId), isNull(refreshTokens.revokedAt)));
    return;
  }
  await db
    .update(identitySessions)
    .set({ revokedAt: now })
    .where(and(eq(identitySessions.userId, which.userId), isNull(identitySessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, which.userId), isNull(refreshTokens.revokedAt)));
}

export async function findProfile(db: Db, tenantId: string, userId: string) {
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
    .limit(1);
  return user ?? null;
}

export async function isAwaitingConfirmation(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: pendingConfirmations.userId })
    .from(pendingConfirmations)
    .where(eq(pendingConfirmations.userId, userId))
    .limit(1);
  return Boolean(row);
}
