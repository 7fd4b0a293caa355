import { createHash } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';

// The signing link's token: which order, in which tenant, for which e-mail. Signed with a key
// derived from the identity secret (never the same key as the identity tokens), valid for a
// couple of hours: the tracker hands out a fresh one each time the contract page loads.

const ISSUER = 'showroom-contracting';
export const SIGNING_TOKEN_TTL_SECONDS = 2 * 60 * 60;

export type SigningClaims = { orderNumber: string; tenantId: string; email: string };

function key(identitySecret: string): Uint8Array {
  return createHash('sha256').update(`contract-signing:${identitySecret}`).digest();
}

export async function signSigningToken(claims: SigningClaims, identitySecret: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ord: claims.orderNumber, tid: claims.tenantId, eml: claims.email.toLowerCase() })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SIGNING_TOKEN_TTL_SECONDS)
    .sign(key(identitySecret));
}

export type TokenCheck = { ok: true; claims: SigningClaims } | { ok: false; reason: 'expired' | 'broken' };

export async function verifySigningToken(token: string, identitySecret: string, now: Date): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, key(identitySecret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const { ord, tid, eml } = payload;
    if (typeof ord !== 'string' || typeof tid !== 'string' || typeof eml !== 'string')
      return { ok: false, reason: 'broken' };
    return { ok: true, claims: { orderNumber: ord, tenantId: tid, email: eml } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'broken' };
  }
}
