import * as oidc from 'openid-client';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { SOCIAL_PROVIDERS, type SocialProvider, type TokensResponse } from '../../app/lib/contract/identity';
import { isEmailShaped } from '../../app/lib/shared/validation/fields';
import { logger } from '../../app/lib/shared/logger.server';
import { socialIdentities, users } from '../db/schema';
import type { IdentityContext } from './accounts';
import { normalizeEmail } from './accounts';
import { issueTokens } from './service';

// Social sign-in with two OpenID Connect providers: the authorization-code flow with PKCE,
// run by the identity backend (it holds the client secrets). The storefront keeps state,
// nonce and verifier in its cookie between the two calls, so neither side holds a session.

export type ProviderSettings = { issuer: string; clientId: string; clientSecret: string };

const envKey = (provider: SocialProvider) => provider.toUpperCase().replace(/-/g, '_');

/** SOCIAL_NORTH_ID_ISSUER, SOCIAL_NORTH_ID_CLIENT_ID, SOCIAL_NORTH_ID_CLIENT_SECRET (and PEAK_ID). */
export function settingsFromEnv(
  provider: SocialProvider,
  env: Record<string, string | undefined> = process.env,
): ProviderSettings | null {
  const prefix = `SOCIAL_${envKey(provider)}_`;
  const issuer = env[`${prefix}ISSUER`];
  const clientId = env[`${prefix}CLIENT_ID`];
  const clientSecret = env[`${prefix}CLIENT_SECRET`];
  if (!issuer || !clientId || !clientSecret) return null;
  return { issuer, clientId, clientSecret };
}

// Test mode only (see router.ts): the e2e suite starts its own provider on a free port.
const overrides = new Map<SocialProvider, ProviderSettings>();

export function overrideProviderSettings(provider: SocialProvider, settings: ProviderSettings): void {
  overrides.set(provider, settings);
}

/** Test mode only: the provider falls back to its environment settings (usually none). */
export function clearProviderSettings(provider: SocialProvider): void {
  overrides.delete(provider);
}

export function getProviderSettings(provider: SocialProvider): ProviderSettings | null {
  return overrides.get(provider) ?? settingsFromEnv(provider);
}

export function configuredProviders(): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => getProviderSettings(provider) !== null);
}

/** Plain http only for a provider on this machine (development and tests). */
function isLocalIssuer(issuer: string): boolean {
  const { protocol, hostname } = new URL(issuer);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]');
}

const configurations = new Map<string, Promise<oidc.Configuration>>();

/**
 * Our redirect URI carries `?initiator=` (seed 000 §2.1), but openid-client sends the
 * callback URL without its query as the token request's redirect_uri, which the provider
 * then refuses as not the one it redirected to. The token request is the only place that
 * needs it: this map, keyed by the one-time authorization code, puts the full URI back.
 */
const redirectUriByCode = new Map<string, string>();

const tokenRequestFetch: oidc.CustomFetch = (url, options) => {
  const body = options.body;
  if (body instanceof URLSearchParams && body.get('grant_type') === 'authorization_code') {
    const redirectUri = redirectUriByCode.get(body.get('code') ?? '');
    if (redirectUri) body.set('redirect_uri', redirectUri);
  }
  return fetch(url, options as RequestInit);
};

/** The provider's discovered configuration, fetched once per issuer and client. */
async function getConfiguration(settings: ProviderSettings): Promise<oidc.Configuration> {
  const cacheKey = `${settings.issuer}\u0000${settings.clientId}\u0000${settings.clientSecret}`;
  let configuration = configurations.get(cacheKey);
  if (!configuration) {
    configuration = oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        {
          execute: isLocalIssuer(settings.issuer) ? [oidc.allowInsecureRequests] : [],
          timeout: 20,
        },
      )
      .then((discovered) => {
        discovered[oidc.customFetch] = tokenRequestFetch;
        return discovered;
      });
    configurations.set(cacheKey, configuration);
    // A failed discovery is tried again next time.
    configuration.catch(() => configurations.delete(cacheKey));
  }
  return configuration;
}

export class SocialError extends Error {
  override name = 'SocialError';
  constructor(readonly reason: 'unavailable' | 'failed' | 'emailUnverified' | 'accountExists') {
    super(reason);
  }
}

/** The redirect URI must be this storefront's return route on one of the tenant's origins. */
export function isAllowedRedirectUri(redirectUri: string, tenantDomains: readonly string[]): boolean {
  const url = new URL(redirectUri);
  const initiator = url.searchParams.get('initiator');
  const host = url.hostname.toLowerCase();
  return (
    url.pathname === '/integration/social-idp' &&
    (initiator === 'sign-in' || initiator === 'sign-up') &&
    [...url.searchParams.keys()].length === 1 &&
    (tenantDomains.includes(host) || host === 'localhost' || host === '127.0.0.1')
  );
}

export async function startSocialSignIn(
  provider: SocialProvider,
  redirectUri: string,
): Promise<{ authorizationUrl: string; state: string; nonce: string; codeVerifier: string }> {
  const settings = getProviderSettings(provider);
  if (!settings) throw new SocialError('unavailable');
  let configuration: oidc.Configuration;
  try {
    configuration = await getConfiguration(settings);
  } catch (error) {
    logger.error({ err: error, provider }, 'social sign-in: provider discovery failed');
    throw new SocialError('unavailable');
  }
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizationUrl: authorizationUrl.href, state, nonce, codeVerifier };
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});
type SocialClaims = z.infer<typeof claimsSchema>;

/** Swaps the code for tokens (checking state, nonce and PKCE) and answers the ID token's claims, topped up from userinfo. */
async function completeAuthorization(
  provider: SocialProvider,
  input: { callbackUrl: string; state: string; nonce: string; codeVerifier: string },
): Promise<SocialClaims> {
  const settings = getProviderSettings(provider);
  if (!settings) throw new SocialError('unavailable');
  try {
    const configuration = await getConfiguration(settings);
    const callbackUrl = new URL(input.callbackUrl);
    const code = callbackUrl.searchParams.get('code');
    const redirectUri = new URL(callbackUrl);
    for (const param of ['code', 'state', 'iss', 'session_state', 'error', 'error_description', 'error_uri'])
      redirectUri.searchParams.delete(param);
    if (code) redirectUriByCode.set(code, redirectUri.href);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: input.codeVerifier,
        expectedState: input.state,
        expectedNonce: input.nonce,
        idTokenExpected: true,
      });
    } finally {
      if (code) redirectUriByCode.delete(code);
    }
    const idClaims = claimsSchema.parse(tokens.claims());
    if (idClaims.email) return idClaims;
    const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    return claimsSchema.parse({ ...userInfo, sub: idClaims.sub });
  } catch (error) {
    // The provider's own error code (invalid_grant, access_denied…) says what went wrong.
    const oauthError =
      error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError
        ? error.error
        : undefined;
    logger.warn({ err: error, provider, oauthError }, 'social sign-in: the provider did not complete the sign-in');
    throw new SocialError('failed');
  }
}

function namesFrom(claims: SocialClaims, email: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = (claims.name ?? '').trim().split(/\s+/);
  const firstName = (claims.given_name ?? first).trim() || email.split('@')[0] || 'Shopper';
  const lastName = (claims.family_name ?? rest.join(' ')).trim();
  return { firstName: firstName.slice(0, 15), lastName: lastName.slice(0, 25) };
}

/**
 * The returning shopper: a linked identity signs in; otherwise the provider's verified
 * e-mail links the account with that e-mail (only when our side has verified it too, so a
 * sign-up squatting someone's address never captures their social sign-in), or makes one.
 */
export async function finishSocialSignIn(
  ctx: IdentityContext,
  provider: SocialProvider,
  input: { callbackUrl: string; state: string; nonce: string; codeVerifier: string },
): Promise<TokensResponse & { created: boolean }> {
  const claims = await completeAuthorization(provider, input);
  const tenantId = ctx.tenant.id;
  const [linked] = await ctx.db
    .select({ user: users })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(
      and(
        eq(socialIdentities.tenantId, tenantId),
        eq(socialIdentities.provider, provider),
        eq(socialIdentities.subject, claims.sub),
      ),
    )
    .limit(1);
  if (linked) return { ...(await issueTokens(ctx.db, linked.user, ctx.secret)), created: false };

  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const email = claims.email ? normalizeEmail(claims.email) : '';
  if (!verified || !isEmailShaped(email)) throw new SocialError('emailUnverified');

  const [existing] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, email)))
    .limit(1);
  let user = existing;
  let created = false;
  if (user) {
    if (user.passwordHash && !user.emailVerifiedAt) throw new SocialError('accountExists');
  } else {
    const names = namesFrom(claims, email);
    [user] = await ctx.db
      .insert(users)
      .values({ tenantId, email, ...names, emailVerifiedAt: new Date() })
      .onConflictDoNothing()
      .returning();
    if (!user) throw new SocialError('accountExists');
    created = true;
  }
  await ctx.db
    .insert(socialIdentities)
    .values({ tenantId, userId: user.id, provider, subject: claims.sub, email })
    .onConflictDoNothing();
  return { ...(await issueTokens(ctx.db, user, ctx.secret)), created };
}
