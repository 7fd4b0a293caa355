import type { Request } from 'express';

// What a proxy says about the shopper's connection (X-Forwarded-*) is read only when the
// process runs behind one it trusts (TRUST_PROXY=1, Express's `trust proxy`); otherwise those
// headers are whatever the caller chose to send (issue 29, decision 066).

/** Headers a proxy sets about the shopper's connection: read only behind a trusted proxy (TRUST_PROXY=1). */
export const FORWARDED = new Set([
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
]);

/** Whether this request came through the proxy TRUST_PROXY=1 vouches for (Express's own test). */
export function isFromTrustedProxy(req: Request): boolean {
  const trust = req.app.get('trust proxy fn') as ((address: string | undefined, hop: number) => boolean) | undefined;
  return Boolean(trust?.(req.socket.remoteAddress, 0));
}

/** The first X-Forwarded-Host of a trusted proxy; undefined when untrusted or absent. */
export function forwardedHost(req: Request): string | undefined {
  if (!isFromTrustedProxy(req)) return undefined;
  const first = req.get('x-forwarded-host')?.split(',')[0]?.trim();
  return first || undefined;
}
