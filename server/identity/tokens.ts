import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** `sessionId` names the sign-in the token came from (absent only in tokens made without one). */
export type Identity = { userId: string; tenantId: string; sessionId?: string };

const ISSUER = 'showroom-identity';
export const IDENTITY_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A short-lived signed token naming the shopper and the tenant. */
export async function signIdentityToken(
  identity: Identity,
  secret: string,
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = Math.floor(Date.now() / 1000) + IDENTITY_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    tid: identity.tenantId,
    ...(identity.sessionId ? { sid: identity.sessionId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(identity.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key(secret));
  return { token, expiresAt: expiresAt * 1000 };
}

export async function verifyIdentityToken(token: string, secret: string): Promise<Identity | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string') return null;
    return {
      userId: payload.sub,
      tenantId: payload.tid,
      ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
    };
  } catch {
    return null;
  }
}

/** Refresh tokens are random; only their hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
