import { redirect } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { ApiError, callApi } from './api.server';
import { tokensResponseSchema, type TokensResponse } from './contract/identity';
import { logger } from './logger.server';
import { safeRedirect } from './safe-redirect';
import { commitSession, destroySession, getSession, getSessionStorage, type ShopperSession } from './session.server';
import { getTenantForRequest } from './tenant/tenants.server';

/** Why a sign-in did not go through; the page turns these into the seed's messages. */
export class SignInError extends Error {
  override name = 'SignInError';
  constructor(readonly reason: 'invalid' | 'locked' | 'unavailable') {
    super(reason);
  }
}

export const authenticator = new Authenticator<TokensResponse>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const email = String(form.get('signin-email') ?? '').trim();
    const password = String(form.get('signin-password') ?? '');
    if (!email || !password) throw new SignInError('invalid');
    try {
      const answer = await callApi({ tenantId: getTenantForRequest(request).id }, '/api/identity/sign-in', {
        method: 'POST',
        json: { email, password },
        schema: tokensResponseSchema,
      });
      if (!answer) throw new SignInError('unavailable');
      return answer.data;
    } catch (error) {
      if (error instanceof SignInError) throw error;
      if (error instanceof ApiError && error.status === 423) throw new SignInError('locked');
      if (error instanceof ApiError && error.status < 500) throw new SignInError('invalid');
      logger.error({ err: error }, 'sign-in: identity API failed');
      throw new SignInError('unavailable');
    }
  }),
  'password',
);

function storeTokens(session: ShopperSession, tokens: TokensResponse): void {
  session.set('identityToken', tokens.identityToken);
  session.set('refreshToken', tokens.refreshToken);
  session.set('tokenExpiresAt', tokens.expiresAt);
  session.set('shopper', tokens.shopper);
}

/** Starts a fresh session (a new cookie: nothing from before sign-in is carried over but the zip). */
export async function createShopperSession(request: Request, tokens: TokensResponse, redirectTo: string | null): Promise<Response> {
  const previous = await getSession(request);
  const session = await getSessionStorage(request).getSession();
  storeTokens(session, tokens);
  const zip = previous.get('zip');
  if (zip) session.set('zip', zip);
  return redirect(safeRedirect(redirectTo, '/'), { headers: { 'set-cookie': await commitSession(request, session) } });
}

export async function signOut(request: Request): Promise<Response> {
  const session = await getSession(request);
  const refreshToken = session.get('refreshToken');
  if (refreshToken) {
    await callApi({ tenantId: getTenantForRequest(request).id }, '/api/identity/sign-out', {
      method: 'POST',
      json: { refreshToken },
      schema: tokensResponseSchema.optional(),
    }).catch((error: unknown) => logger.warn({ err: error }, 'sign-out: could not revoke the refresh token'));
  }
  return redirect('/', { headers: { 'set-cookie': await destroySession(request, session) } });
}

/** The signed-in shopper, or a redirect to sign-in that comes back here afterwards. */
export async function requireShopper(request: Request) {
  const session = await getSession(request);
  const shopper = session.get('shopper');
  if (!shopper || !session.get('identityToken')) {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    throw redirect(`/sign-in?${new URLSearchParams({ redirectTo: back })}`);
  }
  return shopper;
}

const REFRESH_MARGIN_MS = 60_000;

/**
 * Runs before the page's loaders: when the identity token is about to expire it is
 * swapped for a new one once, here, so parallel loaders never race to refresh.
 * Answers the new Set-Cookie value, or null when nothing changed.
 */
export async function refreshTokensIfNeeded(request: Request): Promise<{ setCookie: string; cookieHeader: string } | null> {
  const session = await getSession(request);
  const refreshToken = session.get('refreshToken');
  const expiresAt = session.get('tokenExpiresAt');
  if (!refreshToken || !expiresAt || expiresAt - REFRESH_MARGIN_MS > Date.now()) return null;
  let tokens: TokensResponse | null = null;
  try {
    tokens =
      (await callApi({ tenantId: getTenantForRequest(request).id }, '/api/identity/refresh', {
        method: 'POST',
        json: { refreshToken },
        schema: tokensResponseSchema,
      }))?.data ?? null;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) {
      logger.warn({ err: error }, 'token refresh failed; keeping the session for now');
      return null;
    }
    logger.info('User authentication failed');
  }
  let setCookie: string;
  if (tokens) {
    storeTokens(session, tokens);
    setCookie = await commitSession(request, session);
  } else {
    // The refresh token is no longer valid: the shopper is signed out, and no token is sent.
    setCookie = await destroySession(request, session);
  }
  const cookieName = setCookie.slice(0, setCookie.indexOf('='));
  const value = setCookie.slice(cookieName.length + 1, setCookie.indexOf(';') === -1 ? undefined : setCookie.indexOf(';'));
  const others = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${cookieName}=`));
  return { setCookie, cookieHeader: [...others, ...(tokens ? [`${cookieName}=${value}`] : [])].join('; ') };
}
