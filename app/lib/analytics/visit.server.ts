import { randomUUID } from 'node:crypto';

// The analytics visit id lives in a cookie of its own, not in the session (issue 17): a
// signed-out shopper then carries no session cookie at all, and a CDN can share their pages
// (decision 020). It names a browser, never a person, and no page renders it.

/** Both spellings: `__Host-` over TLS, like the storefront's other cookies. */
export const VISIT_COOKIE_NAMES = ['showroom_visit', '__Host-showroom-visit'] as const;

const VISIT_ID = /^[0-9a-f-]{36}$/;
/** As long as the session cookie lasts. */
const MAX_AGE_S = 60 * 60 * 24 * 30;

function cookieName(request: Request): string {
  return new URL(request.url).protocol === 'https:' ? VISIT_COOKIE_NAMES[1] : VISIT_COOKIE_NAMES[0];
}

/** The browser's visit id from its cookie; null when it has none (or a malformed one). */
export function readVisitId(request: Request): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  const name = cookieName(request);
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1 || pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).trim();
    return VISIT_ID.test(value) ? value : null;
  }
  return null;
}

/** A new visit id and the Set-Cookie header that keeps it. */
export function startVisit(request: Request): { visitId: string; setCookie: string } {
  const visitId = randomUUID();
  const secure = new URL(request.url).protocol === 'https:';
  const attributes = [`Max-Age=${MAX_AGE_S}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  return { visitId, setCookie: [`${cookieName(request)}=${visitId}`, ...attributes].join('; ') };
}
