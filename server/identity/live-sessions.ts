import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { identitySessions } from '../db/schema';
import { verifyIdentityToken, type Identity } from './tokens';

// One identity check per page, not one per API call (issue 30, decision 072). A page's calls
// carry the same token: its signature is verified once and the answer kept until the token
// expires, and its session's liveness is read from the database at most once in
// LIVE_FOR_MS. A sign-out in this process forgets the session at once (revokeSessions calls
// `forgetSessions`); another process of the deployment sees it within LIVE_FOR_MS.

/** How long a session read as live is taken as live without asking the database again. */
export const LIVE_FOR_MS = 2_000;
const MAX_ENTRIES = 10_000;

type Verified = { identity: Identity; expiresAt: number };
const verified = new Map<string, Verified>();
const live = new Map<string, { userId: string; until: number }>();

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  // The oldest entry goes first once the map is full.
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as K);
}

/** The token's identity when its signature and expiry hold, verified once per token. */
export async function verifiedIdentity(token: string, secret: string): Promise<Identity | null> {
  const known = verified.get(token);
  if (known && known.expiresAt > Date.now()) return known.identity;
  const identity = await verifyIdentityToken(token, secret);
  if (!identity) return null;
  remember(verified, token, { identity, expiresAt: tokenExpiry(token) });
  return identity;
}

/** The token's `exp` in milliseconds (its signature was verified before this is called). */
function tokenExpiry(token: string): number {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const exp = typeof payload === 'object' && payload !== null ? (payload as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/** Whether a session has not been signed out, read from the database. */
export async function isSessionLive(db: Db, sessionId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
  const [row] = await db
    .select({ id: identitySessions.id })
    .from(identitySessions)
    .where(and(eq(identitySessions.id, sessionId), isNull(identitySessions.revokedAt)))
    .limit(1);
  return Boolean(row);
}

/** Whether the sign-in has not been signed out: the database at most once in LIVE_FOR_MS per session. */
export async function sessionIsLive(db: Db, identity: Identity & { sessionId: string }): Promise<boolean> {
  const known = live.get(identity.sessionId);
  if (known && known.until > Date.now()) return true;
  if (!(await isSessionLive(db, identity.sessionId))) {
    live.delete(identity.sessionId);
    return false;
  }
  remember(live, identity.sessionId, { userId: identity.userId, until: Date.now() + LIVE_FOR_MS });
  return true;
}

/** Called when sessions end in this process: their tokens stop working at once. */
export function forgetSessions(which: { sessionId: string } | { userId: string }): void {
  if ('sessionId' in which) {
    live.delete(which.sessionId);
    return;
  }
  for (const [sessionId, entry] of live) if (entry.userId === which.userId) live.delete(sessionId);
}
