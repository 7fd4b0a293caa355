import { createCookieSessionStorage, type Session } from '@remix-run/node';
import { readVisitId } from './analytics/visit.server';
import type { Notice } from './search/actions';
import { requestIds, type ApiContext } from './api.server';
import { createEncryptedCookie } from './encrypted-cookie.server';
import { requireSessionSecret } from './shared/env.server';
import { getTenantForRequest } from './shared/tenant/tenants.server';

/** What the storefront keeps about a shopper: tokens from the identity API and a display name. */
export type SessionData = {
  identityToken: string;
  refreshToken: string;
  tokenExpiresAt: number;
  shopper: { id: string; firstName: string; lastName: string; email: string };
  /** Older sessions only: the analytics visit id now has a cookie of its own (analytics/visit.server.ts). */
  analyticsSessionId: string;
  tryAgainCount: number;
  zip: string;
};
export type SessionFlash = { toast: Notice };
export type ShopperSession = Session<SessionData, SessionFlash>;

function createStorage(secure: boolean) {
  return createCookieSessionStorage<SessionData, SessionFlash>({
    // Encrypted, not only signed: it carries identity tokens and the shopper's e-mail.
    cookie: createEncryptedCookie(secure ? '__Host-showroom' : 'showroom_session', {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      secrets: [requireSessionSecret()],
      maxAge: 60 * 60 * 24 * 30,
    }),
  });
}

let storages: { plain: ReturnType<typeof createStorage>; secure: ReturnType<typeof createStorage> } | undefined;

/** The cookie is marked Secure when the shopper reached us over TLS (directly or through a trusted proxy). */
export function getSessionStorage(request: Request) {
  storages ??= { plain: createStorage(false), secure: createStorage(true) };
  return new URL(request.url).protocol === 'https:' ? storages.secure : storages.plain;
}

export function getSession(request: Request): Promise<ShopperSession> {
  return getSessionStorage(request).getSession(request.headers.get('cookie'));
}

export function commitSession(request: Request, session: ShopperSession): Promise<string> {
  return getSessionStorage(request).commitSession(session);
}

export function destroySession(request: Request, session: ShopperSession): Promise<string> {
  return getSessionStorage(request).destroySession(session);
}

/** The API context for this request: its tenant, the shopper's token and the page's abort signal. */
export async function getApiContext(request: Request, session?: ShopperSession): Promise<ApiContext> {
  const current = session ?? (await getSession(request));
  return {
    tenantId: getTenantForRequest(request).id,
    token: current.get('identityToken') ?? null,
    sessionId: readVisitId(request) ?? current.get('analyticsSessionId') ?? null,
    signal: request.signal,
    // The page request's ids, set by the server (server/http/correlation.ts, tracing.ts).
    ...requestIds(request),
  };
}
