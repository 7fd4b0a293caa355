import { createHmac, timingSafeEqual } from 'node:crypto';

// The storefront's calls to the built-in backend say they are its own with a proof an outsider
// cannot make (decision 067): an HMAC, keyed from IDENTITY_TOKEN_SECRET (which every process of
// a deployment shares), over the second it was made, the method and the request target. The
// backend's rate limits skip such calls: the page that made them was already counted against
// the shopper's own address. A proof overheard is good for that one call for a minute at most.

/** The header that carries the proof; only ever sent to the built-in backend (app/lib/api.server.ts). */
export const INTERNAL_CALLER_HEADER = 'x-showroom-internal-caller';

/** How far the proof's second may be from the backend's clock. */
const MAX_SKEW_SECONDS = 60;

const PROOF = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The secret both ends hold: set by server/index.ts from IDENTITY_TOKEN_SECRET or DATA_DIR. */
export function getInternalCallerSecret(): string | undefined {
  return process.env.IDENTITY_TOKEN_SECRET || undefined;
}

/** The proofs' own key per secret, derived once: every limited request and every call over HTTP needs it. */
const keys = new Map<string, Buffer>();

function mac(secret: string, second: number, method: string, target: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    // A key of its own, so the identity secret signs nothing but identity tokens directly.
    key = createHmac('sha256', secret).update('showroom internal caller v1').digest();
    keys.set(secret, key);
  }
  return createHmac('sha256', key).update(`${second}\n${method.toUpperCase()}\n${target}`).digest();
}

/** The proof for one call: `target` is the path and query string as sent (`/api/inventory/search?q=a`). */
export function internalCallerProof(secret: string, method: string, target: string, now = Date.now()): string {
  const second = Math.floor(now / 1000);
  return `${second}.${mac(secret, second, method, target).toString('base64url')}`;
}

/** Whether `proof` was made with `secret` for this method and target, within the last minute or so. */
export function isInternalCall(
  secret: string,
  proof: string | undefined,
  method: string,
  target: string,
  now = Date.now(),
): boolean {
  const match = proof ? PROOF.exec(proof) : null;
  if (!match) return false;
  const second = Number(match[1]);
  if (Math.abs(Math.floor(now / 1000) - second) > MAX_SKEW_SECONDS) return false;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = mac(secret, second, method, target);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
