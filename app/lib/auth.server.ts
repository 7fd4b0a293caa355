import { randomUUID } from 'node:crypto';
import { createCookieSessionStorage, redirect, type Session } from '@remix-run/node';
import { Authenticator } from 'remix-auth';
import { Strategy } from 'remix-auth/strategy';
import { FormStrategy } from 'remix-auth-form';
import { ApiError, callApi, requestIds } from './api.server';
import { endpoints } from './contract/endpoints';
import {
  IDENTITY_ERRORS,
  SOCIAL_INITIATORS,
  SOCIAL_PROVIDERS,
  type SocialInitiator,
  type SocialProvider,
  type TokensResponse,
} from './contract/identity';
import { createEncryptedCookie } from './encrypted-cookie.server';
import { getEnv, requireSessionSecret } from './shared/env.server';
import { logger } from './shared/logger.server';
import { ALERTS, MESSAGES, type AlertType } from './messages';
import { safeRedirect } from './safe-redirect';
import { setFavorite } from './search/inventory.server';
import { commitSession, destroySession, getApiContext, getSession, type ShopperSession } from './session.server';
import { fetchShellSummary } from './shell.server';
import type { ShellSummary } from './contract/shell';
import type { ShopContext } from './request-context.server';
import type { Tenant } from './shared/tenant/schema';
import { fillTenantText } from './shared/tenant/text';
import { getTenantForRequest } from './shared/tenant/tenants.server';
import { isOneOf } from './shared/guards';

// Signing in, with remix-auth strategies over the identity API: e-mail and password,
// passwordless passcode, and the two social providers. remix-auth v4 does not touch
// sessions: the shopper's cookie is written here, and the steps of a flow in progress
// (which e-mail waits for a code, the social state) live in a second, short-lived cookie.

// ── The flow cookie ──────────────────────────────────────────────────────────────────────

export type FlowNotice = { type: AlertType; message: string };

export type AuthFlowData = {
  /** A sign-up waiting for its code. phoneLast4 is known only right after sign-up. */
  confirm: { email: string; phoneLast4: string | null; redirectTo: string | null };
  /** Passwordless sign-in: the e-mail a passcode was asked for. */
  passcode: { email: string; redirectTo: string | null };
  /** Password reset: the e-mail a code was asked for. */
  reset: { email: string };
  /** A random id for this browser, to limit its existing-e-mail checks when its address is unknown. */
  checker: string;
  /** Social sign-in between leaving for the provider and coming back. */
  social: {
    provider: SocialProvider;
    initiator: SocialInitiator;
    state: string;
    nonce: string;
    codeVerifier: string;
    redirectTo: string | null;
  };
  /** What a signed-out shopper asked for before signing in (issue 18): done once they are in. */
  pending: { favorite: string };
};
export type AuthFlowFlash = { notices: FlowNotice[] };
export type AuthFlowSession = Session<AuthFlowData, AuthFlowFlash>;

/** Long enough to fetch a code from an inbox; the codes themselves expire after 10 minutes. */
const FLOW_MAX_AGE_S = 30 * 60;

function createFlowStorage(secure: boolean) {
  return createCookieSessionStorage<AuthFlowData, AuthFlowFlash>({
    // Encrypted like the session cookie: it names the e-mail a code was sent to.
    cookie: createEncryptedCookie(secure ? '__Host-showroom-auth' : 'showroom_auth', {
      httpOnly: true,
      // Lax, so the cookie comes back with the social provider's top-level redirect.
      sameSite: 'lax',
      path: '/',
      secure,
      secrets: [requireSessionSecret()],
      maxAge: FLOW_MAX_AGE_S,
    }),
  });
}

let flowStorages:
  { plain: ReturnType<typeof createFlowStorage>; secure: ReturnType<typeof createFlowStorage> } | undefined;

/** The flow cookie's storage for this request (Secure over TLS). */
export function getAuthFlowStorage(request: Request) {
  flowStorages ??= { plain: createFlowStorage(false), secure: createFlowStorage(true) };
  return new URL(request.url).protocol === 'https:' ? flowStorages.secure : flowStorages.plain;
}

export function getAuthFlow(request: Request): Promise<AuthFlowSession> {
  return getAuthFlowStorage(request).getSession(request.headers.get('cookie'));
}

/** The notices a previous step left for this page; the server's commit clears them (a flash). */
export function readNotices(shop: Pick<ShopContext, 'authFlow'>): FlowNotice[] {
  return shop.authFlow.get('notices') ?? [];
}

/** Leaves notices for the page the shopper is sent to next. */
export function addNotices(flow: AuthFlowSession, ...notices: Array<FlowNotice | null | undefined>): void {
  const list = notices.filter((notice): notice is FlowNotice => Boolean(notice));
  if (list.length) flow.flash('notices', list);
}

// ── Calls to the identity API ────────────────────────────────────────────────────────────

/** The API context of a signed-out step: the tenant and the page's abort signal. */
export function identityContext(request: Request) {
  return { tenantId: getTenantForRequest(request).id, signal: request.signal };
}

/** What a failed code step means for the page. */
export type CodeFailure = 'wrong' | 'wrongLastTry' | 'expired' | 'locked' | 'resetLimit' | 'invalid' | 'unavailable';

export function toCodeFailure(error: unknown): CodeFailure {
  if (error instanceof ApiError) {
    switch (error.code) {
      case IDENTITY_ERRORS.wrongCode:
        return 'wrong';
      case IDENTITY_ERRORS.wrongCodeLastTry:
        return 'wrongLastTry';
      case IDENTITY_ERRORS.expiredCode:
        return 'expired';
      case IDENTITY_ERRORS.codeLocked:
        return 'locked';
      case IDENTITY_ERRORS.resetLimit:
        return 'resetLimit';
    }
    // The API could not read what was sent: ask for the code again (seed 000 §8 wrongInput).
    if (error.status === 400) return 'invalid';
  }
  logger.error({ err: error }, 'identity API: a code step failed');
  return 'unavailable';
}

export type CodeFeedback = { fieldError: string | null; alerts: FlowNotice[] };

/**
 * What the page shows for a failed code (seed 000 §8: the message under the code field;
 * the alert bar for an expired code, the last try, a lock, or our own failure).
 */
export function codeFeedback(
  failure: CodeFailure,
  kind: 'passcode' | 'code',
  tenant: Pick<Tenant, 'brandName' | 'legalName' | 'dealerPhone'>,
): CodeFeedback {
  const wrong = kind === 'passcode' ? MESSAGES.wrongPasscode : MESSAGES.wrongCode;
  switch (failure) {
    case 'wrong':
      return { fieldError: wrong, alerts: [] };
    case 'wrongLastTry':
      return { fieldError: wrong, alerts: [{ type: 'warning', message: MESSAGES.codeOneTryLeft }] };
    case 'expired':
      return {
        fieldError: kind === 'passcode' ? MESSAGES.expiredPasscode : MESSAGES.expiredCode,
        alerts: [{ type: 'expired', message: ALERTS.expired }],
      };
    case 'locked':
      return { fieldError: null, alerts: [{ type: 'error', message: MESSAGES.codeLocked }] };
    case 'resetLimit':
      return { fieldError: null, alerts: [{ type: 'error', message: MESSAGES.resetLimit }] };
    case 'invalid':
      return { fieldError: null, alerts: [{ type: 'wrongInput', message: ALERTS.wrongInput }] };
    case 'unavailable':
      return {
        fieldError: null,
        alerts: [{ type: 'internalError', message: fillTenantText(MESSAGES.internalError, tenant) }],
      };
  }
}

/** The alerts after asking for a code: sent (or resent), and the warning when one request is left. */
export function codeSentNotices(sent: FlowNotice, warning: 'lastRequest' | null): FlowNotice[] {
  return warning === 'lastRequest' ? [sent, { type: 'warning', message: MESSAGES.codeOneRequestLeft }] : [sent];
}

/**
 * Who the existing-e-mail check limit counts against: the shopper's address when known, else
 * this browser (an id kept in the flow cookie). A client that drops its cookies gets a new
 * id each time, but stays under the identity API's limit per caller.
 */
export function getCheckClient(request: Request, shop: Pick<ShopContext, 'authFlow' | 'clientIp'>): string {
  const address = clientAddress(request, shop);
  if (address) return address;
  let checker = shop.authFlow.get('checker');
  if (!checker) {
    checker = randomUUID();
    shop.authFlow.set('checker', checker);
  }
  return `browser:${checker}`;
}

/**
 * The shopper's address for per-address limits: from the server when it passes one, else
 * the address our own proxy appended to X-Forwarded-For (only behind one: TRUST_PROXY=1;
 * anything else in that header is whatever the caller chose to send).
 */
export function clientAddress(request: Request, context?: { clientIp?: string }): string | undefined {
  if (context?.clientIp) return context.clientIp;
  if (getEnv().TRUST_PROXY !== '1') return undefined;
  const forwarded = request.headers.get('x-forwarded-for');
  return forwarded ? forwarded.split(',').pop()?.trim() || undefined : undefined;
}

// ── Strategies ───────────────────────────────────────────────────────────────────────────

/** Why a sign-in did not go through; the page turns these into the seed's messages. */
export class SignInError extends Error {
  override name = 'SignInError';
  constructor(readonly reason: 'invalid' | 'locked' | 'unconfirmed' | 'unavailable') {
    super(reason);
  }
}

/** Why a passcode did not sign the shopper in. `session` means the flow cookie is gone. */
export class PasscodeError extends Error {
  override name = 'PasscodeError';
  constructor(readonly reason: CodeFailure | 'session') {
    super(reason);
  }
}

/** Why a social sign-in came back without the shopper. */
export class SocialSignInError extends Error {
  override name = 'SocialSignInError';
  constructor(
    readonly reason: 'failed' | 'unavailable' | 'emailUnverified' | 'accountExists' | 'session',
    readonly initiator: SocialInitiator,
    readonly provider: SocialProvider | null,
  ) {
    super(reason);
  }
}

export type SignedIn = TokensResponse & { created?: boolean };

/**
 * What the session check before the loaders found (refreshTokensIfNeeded): new tokens or an
 * ended session with the Cookie header the loaders read, or a live one with the header's counts.
 */
export type SessionRefresh =
  { outcome: 'renewed' | 'ended'; cookieHeader: string } | { outcome: 'live'; shell: ShellSummary };

/**
 * Thrown by a social strategy when the shopper leaves for the provider: the route records the
 * pending sign-in in the request context's flow cookie (committed once by the server) and
 * redirects to `authorizationUrl`.
 */
export class SocialAuthorizationStarted {
  constructor(
    readonly authorizationUrl: string,
    readonly pending: AuthFlowData['social'],
  ) {}
}

export const authenticator = new Authenticator<SignedIn>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const email = String(form.get('signin-email') ?? '').trim();
    const password = String(form.get('signin-password') ?? '').trim();
    if (!email || !password) throw new SignInError('invalid');
    try {
      const answer = await callApi(identityContext(request), endpoints.identity.signIn, { json: { email, password } });
      if (!answer) throw new SignInError('unavailable');
      return answer.data;
    } catch (error) {
      if (error instanceof SignInError) throw error;
      if (error instanceof ApiError && error.status === 423) throw new SignInError('locked');
      if (error instanceof ApiError && error.code === IDENTITY_ERRORS.unconfirmed) throw new SignInError('unconfirmed');
      if (error instanceof ApiError && error.status < 500) throw new SignInError('invalid');
      logger.error({ err: error }, 'sign-in: identity API failed');
      throw new SignInError('unavailable');
    }
  }),
  'password',
);

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const flow = await getAuthFlow(request);
    const email = flow.get('passcode')?.email;
    if (!email) throw new PasscodeError('session');
    const code = String(form.get('confirm-otp') ?? '').trim();
    try {
      const answer = await callApi(identityContext(request), endpoints.identity.verifyPasscode, {
        json: { email, code },
      });
      if (!answer) throw new PasscodeError('unavailable');
      return answer.data;
    } catch (error) {
      if (error instanceof PasscodeError) throw error;
      throw new PasscodeError(toCodeFailure(error));
    }
  }),
  'passcode',
);

export const SOCIAL_RETURN_PATH = '/integration/social-idp';

export function isSocialProvider(value: unknown): value is SocialProvider {
  return isOneOf(SOCIAL_PROVIDERS, value);
}

export function isSocialInitiator(value: unknown): value is SocialInitiator {
  return isOneOf(SOCIAL_INITIATORS, value);
}

/** The providers a tenant offers: its social-login setting and its provider list (seed 000 §6). */
export function socialProvidersFor(tenant: Pick<Tenant, 'consumer'>): SocialProvider[] {
  return tenant.consumer.socialLogin ? tenant.consumer.socialProviders : [];
}

/**
 * The buttons to show: the tenant's providers that the identity backend has a client for.
 * A backend that cannot answer offers none (a button that only says "not available" helps nobody).
 */
export async function getOfferedSocialProviders(request: Request): Promise<SocialProvider[]> {
  const wanted = socialProvidersFor(getTenantForRequest(request));
  if (wanted.length === 0) return [];
  try {
    const answer = await callApi(identityContext(request), endpoints.identity.socialProviders);
    return answer ? wanted.filter((provider) => answer.data.providers.includes(provider)) : [];
  } catch (error) {
    logger.warn({ err: error }, 'social sign-in: could not ask which providers are configured');
    return [];
  }
}

function socialFailureReason(error: unknown): SocialSignInError['reason'] {
  if (error instanceof ApiError) {
    if (error.code === IDENTITY_ERRORS.socialUnavailable) return 'unavailable';
    if (error.code === IDENTITY_ERRORS.socialEmailUnverified) return 'emailUnverified';
    if (error.code === IDENTITY_ERRORS.socialAccountExists) return 'accountExists';
    if (error.status < 500 || error.code === IDENTITY_ERRORS.socialFailed) return 'failed';
  }
  logger.error({ err: error }, 'social sign-in: identity API failed');
  return 'unavailable';
}

/**
 * OpenID Connect through the identity API. Without a `code` in the URL it starts: asks the
 * API for the provider's authorization URL (PKCE, state, nonce), keeps those in the flow
 * cookie and redirects. With one, it hands the callback URL and the kept values back to
 * the API, which swaps the code, checks everything and links the account.
 */
class SocialStrategy extends Strategy<SignedIn, never> {
  name: SocialProvider;

  constructor(provider: SocialProvider) {
    super(async () => {
      throw new Error('not used: the identity API verifies social sign-ins');
    });
    this.name = provider;
  }

  async authenticate(request: Request): Promise<SignedIn> {
    const url = new URL(request.url);
    const flow = await getAuthFlow(request);
    const returning = url.searchParams.has('code') || url.searchParams.has('error');
    const initiatorParam = url.searchParams.get('initiator');
    const initiator: SocialInitiator = isSocialInitiator(initiatorParam) ? initiatorParam : 'sign-in';
    if (!returning) {
      const redirectUri = `${url.origin}${SOCIAL_RETURN_PATH}?${new URLSearchParams({ initiator })}`;
      let started;
      try {
        started = await callApi(identityContext(request), endpoints.identity.socialAuthorize, {
          json: { provider: this.name, redirectUri },
        });
      } catch (error) {
        throw new SocialSignInError(socialFailureReason(error), initiator, this.name);
      }
      if (!started) throw new SocialSignInError('unavailable', initiator, this.name);
      const { authorizationUrl, ...checks } = started.data;
      const redirectTo = url.searchParams.get('redirectTo');
      throw new SocialAuthorizationStarted(authorizationUrl, {
        provider: this.name,
        initiator,
        ...checks,
        redirectTo: redirectTo ? safeRedirect(redirectTo, '/') : null,
      });
    }
    const pending = flow.get('social');
    if (!pending || pending.provider !== this.name) throw new SocialSignInError('session', initiator, this.name);
    if (url.searchParams.has('error')) throw new SocialSignInError('failed', pending.initiator, this.name);
    try {
      const answer = await callApi(identityContext(request), endpoints.identity.socialCallback, {
        json: {
          provider: this.name,
          callbackUrl: url.href,
          state: pending.state,
          nonce: pending.nonce,
          codeVerifier: pending.codeVerifier,
        },
      });
      if (!answer) throw new SocialSignInError('unavailable', pending.initiator, this.name);
      return answer.data;
    } catch (error) {
      if (error instanceof SocialSignInError) throw error;
      throw new SocialSignInError(socialFailureReason(error), pending.initiator, this.name);
    }
  }
}

for (const provider of SOCIAL_PROVIDERS) authenticator.use(new SocialStrategy(provider), provider);

// ── The shopper's session ────────────────────────────────────────────────────────────────

function storeTokens(session: ShopperSession, tokens: TokensResponse): void {
  session.set('identityToken', tokens.identityToken);
  session.set('refreshToken', tokens.refreshToken);
  session.set('tokenExpiresAt', tokens.expiresAt);
  session.set('shopper', tokens.shopper);
}

/**
 * Starts a fresh session (a new cookie: nothing from before sign-in is carried over but the
 * zip) and ends the flow cookie, keeping only a notice for the next page if one is given.
 */
/** The heart a signed-out shopper pressed: saved with their new token before they land. */
async function applyPendingIntent(
  request: Request,
  tokens: TokensResponse,
  pending: AuthFlowData['pending'] | undefined,
): Promise<void> {
  if (!pending?.favorite) return;
  const api = { tenantId: getTenantForRequest(request).id, token: tokens.identityToken, signal: request.signal };
  // A vehicle sold meanwhile, or a full list: the shopper is still signed in, just without it.
  await setFavorite(api, pending.favorite, true).catch((error: unknown) =>
    logger.warn({ err: error }, 'sign-in: the favourite asked for before could not be saved'),
  );
}

export async function createShopperSession(
  request: Request,
  shop: ShopContext,
  tokens: TokensResponse,
  redirectTo: string | null,
  options: { notices?: FlowNotice[]; fallback?: string } = {},
): Promise<Response> {
  const { session, authFlow, cookies } = shop;
  const zip = session.get('zip');
  const pending = authFlow.get('pending');
  cookies.restart(session);
  storeTokens(session, tokens);
  if (zip) session.set('zip', zip);
  shop.api = { ...shop.api, token: tokens.identityToken };
  await applyPendingIntent(request, tokens, pending);
  if (options.notices?.length) {
    cookies.restart(authFlow);
    addNotices(authFlow, ...options.notices);
  } else if (Object.keys(authFlow.data).length > 0) {
    cookies.destroy(authFlow);
  }
  return redirect(safeRedirect(redirectTo, options.fallback ?? '/'));
}

/** After a profile or e-mail change: the header shows the new name at once. */
export function updateShopperInSession(shop: Pick<ShopContext, 'session'>, shopper: TokensResponse['shopper']): void {
  shop.session.set('shopper', shopper);
}

/** Revokes the refresh token and ends the session (also for an idle session's expiry). */
export async function endShopperSession(request: Request, shop: ShopContext): Promise<void> {
  const refreshToken = shop.session.get('refreshToken');
  if (refreshToken) {
    await callApi(identityContext(request), endpoints.identity.signOut, { json: { refreshToken } }).catch(
      (error: unknown) => logger.warn({ err: error }, 'sign-out: could not revoke the refresh token'),
    );
  }
  shop.cookies.destroy(shop.session);
  shop.api = { ...shop.api, token: null };
}

export async function signOut(request: Request, shop: ShopContext): Promise<Response> {
  await endShopperSession(request, shop);
  shop.cookies.destroy(shop.authFlow);
  return redirect('/');
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

/** Signed-in shoppers have no business on the sign-in and sign-up pages. */
export async function redirectIfSignedIn(request: Request): Promise<void> {
  const session = await getSession(request);
  if (session.get('shopper') && session.get('identityToken')) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '/'));
  }
}

const REFRESH_MARGIN_MS = 60_000;

/**
 * Whether the shell's counts are worth reading with the session check: a GET of a page or of
 * its data that runs the root loader (a client navigation naming other routes does not).
 */
function readsShell(request: Request): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  if (url.pathname.startsWith('/resources/') || url.pathname.startsWith('/tenant-assets/')) return false;
  const routes = url.searchParams.get('_routes');
  return !url.pathname.endsWith('.data') || routes === null || routes.split(',').includes('root');
}

/**
 * The session check before the loaders: 'ended' only when the API says the token's session
 * has ended (a 401); anything else keeps it. On a page's GET it reads the header's counts in
 * the same call (decision 072), which the root loader then takes instead of asking again.
 */
async function checkSession(
  request: Request,
  session: ShopperSession,
): Promise<{ live: false } | { live: true; shell?: ShellSummary }> {
  const token = session.get('identityToken');
  if (!token) return { live: true };
  const context = await getApiContext(request, session);
  try {
    const shell = readsShell(request) ? await fetchShellSummary(context) : null;
    if (shell) return { live: true, shell };
    await callApi(context, endpoints.identity.me);
    return { live: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      logger.info('the session was signed out elsewhere; the cookie is cleared');
      return { live: false };
    }
    return { live: true };
  }
}

/**
 * Runs before the page's loaders: when the identity token is about to expire it is
 * swapped for a new one once, here, so parallel loaders never race to refresh.
 * Answers what became of the session (`renewed` with new tokens, or `ended`) and the Cookie
 * header the page's loaders read, or `live` with the header's counts when it read them, or
 * null when nothing changed. The server hands the outcome to the request context, whose
 * cookie jar commits the session once on the answer.
 */
export async function refreshTokensIfNeeded(request: Request): Promise<SessionRefresh | null> {
  const session = await getSession(request);
  const refreshToken = session.get('refreshToken');
  const expiresAt = session.get('tokenExpiresAt');
  if (!refreshToken || !expiresAt) return null;
  let tokens: TokensResponse | null = null;
  if (expiresAt - REFRESH_MARGIN_MS > Date.now()) {
    // Fresh, but perhaps signed out in another tab or device: checked on every request.
    const check = await checkSession(request, session);
    if (check.live) return check.shell ? { outcome: 'live', shell: check.shell } : null;
  } else {
    try {
      tokens =
        (
          await callApi(
            { tenantId: getTenantForRequest(request).id, ...requestIds(request) },
            endpoints.identity.refresh,
            { json: { refreshToken } },
          )
        )?.data ?? null;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) {
        logger.warn({ err: error }, 'token refresh failed; keeping the session for now');
        return null;
      }
      logger.info('User authentication failed');
    }
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
  const value = setCookie.slice(
    cookieName.length + 1,
    setCookie.indexOf(';') === -1 ? undefined : setCookie.indexOf(';'),
  );
  const others = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${cookieName}=`));
  return {
    outcome: tokens ? 'renewed' : 'ended',
    cookieHeader: [...others, ...(tokens ? [`${cookieName}=${value}`] : [])].join('; '),
  };
}
