import { createCookieSessionStorage, redirect, type Session } from '@remix-run/node';
import type { StaffMember } from '~/lib/contract/desk';
import { endpoints } from '~/lib/contract/endpoints';
import { ApiError, callApi, requestIds, type ApiCallRest, type ApiContext } from '~/lib/api.server';
import type { EndpointDefinition, ResponseOf } from '~/lib/contract/endpoint';
import { createEncryptedCookie } from '~/lib/encrypted-cookie.server';
import { requireSessionSecret } from '~/lib/shared/env.server';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';

// The desk's own session (issue 33, decision 075): a cookie of its own, never the shopper's, so
// a shopper's session opens no desk page and signing out of one leaves the other alone. It
// holds the code step's challenge between the two sign-in pages, then the desk token.

export type DeskSessionData = {
  /** Between the password and the code: the API's challenge and the e-mail it is for. */
  challenge: string;
  challengeEmail: string;
  token: string;
  staff: StaffMember;
  /** The tenant whose host the staff member signed in on: the only one the session opens. */
  tenantId: string;
};
export type DeskFlash = { notice: { type: 'success' | 'warning' | 'error' | 'info'; message: string } };
export type DeskSession = Session<DeskSessionData, DeskFlash>;

function createStorage(secure: boolean) {
  return createCookieSessionStorage<DeskSessionData, DeskFlash>({
    cookie: createEncryptedCookie(secure ? '__Host-showroom-desk' : 'showroom_desk', {
      httpOnly: true,
      // Strict: a desk page reached from another site's link carries no session (no forged posts).
      sameSite: 'strict',
      path: '/',
      secure,
      secrets: [requireSessionSecret()],
      // The API's session lasts 12 hours; the cookie no longer.
      maxAge: 12 * 60 * 60,
    }),
  });
}

let storages: { plain: ReturnType<typeof createStorage>; secure: ReturnType<typeof createStorage> } | undefined;

function storageFor(request: Request) {
  storages ??= { plain: createStorage(false), secure: createStorage(true) };
  return new URL(request.url).protocol === 'https:' ? storages.secure : storages.plain;
}

export function getDeskSession(request: Request): Promise<DeskSession> {
  return storageFor(request).getSession(request.headers.get('cookie'));
}

export function commitDeskSession(request: Request, session: DeskSession): Promise<string> {
  return storageFor(request).commitSession(session);
}

export function destroyDeskSession(request: Request, session: DeskSession): Promise<string> {
  return storageFor(request).destroySession(session);
}

/** The API context of a desk call: the tenant of the host, and the desk token (never a shopper's). */
export function deskApiContext(request: Request, session: DeskSession | null): ApiContext {
  return {
    tenantId: getTenantForRequest(request).id,
    token: session?.get('token') ?? null,
    signal: request.signal,
    // The page request's ids, set by the server (server/http/correlation.ts, tracing.ts).
    ...requestIds(request),
  };
}

/**
 * Whether the session holds a desk token of this host's tenant. Another tenant's session (its
 * cookie carried to this host by hand: a browser keeps it to its own host) is not one here.
 */
export function signedInHere(request: Request, session: DeskSession): boolean {
  const tenantId = session.get('tenantId');
  return Boolean(session.get('token')) && (!tenantId || tenantId === getTenantForRequest(request).id);
}

export type StaffPage = { session: DeskSession; context: ApiContext; staff: StaffMember };

/**
 * The signed-in staff member of a desk page, checked with the API on every page (a session
 * ended elsewhere ends here). Without one, the sign-in page; the shopper's session never counts.
 * Staff of another tenant get the 404 they get from the desk API (issue 33): this host's desk is
 * not there for them.
 */
export async function requireStaffPage(request: Request): Promise<StaffPage> {
  const session = await getDeskSession(request);
  const context = deskApiContext(request, session);
  if (context.token && !signedInHere(request, session)) throw new Response('Not found', { status: 404 });
  const signIn = redirect('/desk/sign-in', {
    headers: { 'set-cookie': await destroyDeskSession(request, session) },
  });
  if (!context.token) throw signIn;
  try {
    const me = await callApi(context, endpoints.desk.me);
    if (!me) throw new Response(null, { status: 499 });
    return { session, context, staff: me.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw signIn;
    throw error;
  }
}

/**
 * A desk call of a page: the answer, or the page's 404 when the API says "not here" (another
 * tenant's order, say), or a 499 when the staff member left the page.
 */
export async function deskCall<E extends EndpointDefinition>(
  context: ApiContext,
  endpoint: E,
  ...rest: ApiCallRest<E>
): Promise<ResponseOf<E>> {
  try {
    const answer = await callApi(context, endpoint, ...rest);
    if (answer === null) throw new Response(null, { status: 499 });
    return answer;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response('Not found', { status: 404 });
    throw error;
  }
}
