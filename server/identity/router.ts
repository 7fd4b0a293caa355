import { Router, json, type Request, type Response } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import { IDENTITY_ERRORS, refreshRequestSchema, socialProviderSchema } from '../../app/lib/contract/identity';
import { isTestMode } from '../../app/lib/shared/env.server';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import { createSenders, type Senders } from '../notifications/senders';
import { HttpError, requireIdentity, requireTenant, type Platform } from '../platform/http';
import {
  cancelEmailChange,
  confirmAccount,
  confirmEmailChange,
  emailCheck,
  getAccountProfile,
  requestEmailChange,
  resetPassword,
  sendConfirmationCode,
  sendPasscode,
  sendResetCode,
  signInWithPasscode,
  signUp,
  updateProfile,
  type CodeSendResult,
  type CodeVerifyFailure,
  type IdentityContext,
} from './accounts';
import { findProfile, refreshSession, revokeRefreshToken, signInWithPassword } from './service';
import {
  SocialError,
  clearProviderSettings,
  configuredProviders,
  finishSocialSignIn,
  isAllowedRedirectUri,
  overrideProviderSettings,
  startSocialSignIn,
} from './social';

// The identity API. Answers about codes never say whether an e-mail has an account; only
// the sign-up check does (seed 002 §5), and it is rate limited.

const CODE_FAILURES: Record<CodeVerifyFailure['reason'], HttpError> = {
  wrong: new HttpError(400, IDENTITY_ERRORS.wrongCode, 'The code is not right'),
  wrongLastTry: new HttpError(
    400,
    IDENTITY_ERRORS.wrongCodeLastTry,
    'The code is not right; one more wrong code locks the flow',
  ),
  expired: new HttpError(410, IDENTITY_ERRORS.expiredCode, 'The code has expired or was replaced; ask for a new one'),
  locked: new HttpError(423, IDENTITY_ERRORS.codeLocked, 'Too many tries or requests: codes are locked for 30 minutes'),
};

function codeSent(res: Response, result: CodeSendResult): void {
  if (!result.ok) {
    throw result.reason === 'resetLimit'
      ? new HttpError(429, IDENTITY_ERRORS.resetLimit, 'Too many password reset requests: wait an hour')
      : CODE_FAILURES.locked;
  }
  res.json({ data: { warning: result.warning } });
}

const SOCIAL_FAILURES: Record<SocialError['reason'], HttpError> = {
  unavailable: new HttpError(503, IDENTITY_ERRORS.socialUnavailable, 'This provider is not available'),
  failed: new HttpError(502, IDENTITY_ERRORS.socialFailed, 'The provider did not complete the sign-in'),
  emailUnverified: new HttpError(
    403,
    IDENTITY_ERRORS.socialEmailUnverified,
    'The provider has not verified the e-mail',
  ),
  accountExists: new HttpError(409, IDENTITY_ERRORS.socialAccountExists, 'An unconfirmed account has this e-mail'),
};

function requireSocialProvider(tenant: Tenant, provider: string) {
  const parsed = socialProviderSchema.safeParse(provider);
  if (!parsed.success || !tenant.consumer.socialLogin || !tenant.consumer.socialProviders.includes(parsed.data)) {
    throw SOCIAL_FAILURES.unavailable;
  }
  return parsed.data;
}

export function identityRouter(platform: Platform, options: { senders?: Senders } = {}): Router {
  const router = Router();
  router.use('/api/identity', json({ limit: '16kb' }));

  let senders = options.senders;
  function context(tenant: Tenant): IdentityContext {
    senders ??= createSenders(platform.db, process.env, (tenantId) => {
      const owner = platform.tenants.byId.get(tenantId);
      return owner ? `${owner.brandName} <${owner.supportEmail}>` : 'Showroom <no-reply@showroom.invalid>';
    });
    return { db: platform.db, secret: platform.identitySecret, senders, tenant };
  }

  async function requireUser(req: Request) {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    return { tenant, ctx: context(tenant), userId: identity.userId };
  }

  route(router, endpoints.identity.signIn, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const input = call.body();
    const result = await signInWithPassword(platform.db, { tenantId: tenant.id, ...input }, platform.identitySecret);
    if (!result.ok) {
      if (result.reason === 'locked')
        throw new HttpError(423, IDENTITY_ERRORS.locked, 'The account is locked for a while');
      if (result.reason === 'unconfirmed')
        throw new HttpError(403, IDENTITY_ERRORS.unconfirmed, 'The account waits for its confirmation code');
      throw new HttpError(401, IDENTITY_ERRORS.invalidCredentials, 'E-mail or password is incorrect');
    }
    res.json({ data: result.tokens });
  });

  route(router, endpoints.identity.refresh, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const { refreshToken } = call.body();
    const tokens = await refreshSession(platform.db, tenant.id, refreshToken, platform.identitySecret);
    if (!tokens) throw new HttpError(401, 'error.auth.invalidRefreshToken', 'The refresh token is not valid');
    res.json({ data: tokens });
  });

  route(router, endpoints.identity.signOut, async (req, res) => {
    requireTenant(platform, req);
    const parsed = refreshRequestSchema.safeParse(req.body);
    if (parsed.success) await revokeRefreshToken(platform.db, parsed.data.refreshToken);
    res.status(204).end();
  });

  route(router, endpoints.identity.me, async (req, res) => {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    const profile = await findProfile(platform.db, tenant.id, identity.userId);
    if (!profile) throw new HttpError(401, 'error.auth.unauthenticated', 'The account no longer exists');
    res.json({ data: profile });
  });

  // ── Sign-up ──

  route(router, endpoints.identity.signUp, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const { client, ...input } = call.body();
    const caller = req.ip ?? 'unknown';
    const result = await signUp(context(tenant), input, { client: client ?? caller, caller });
    if (!result.ok && result.reason === 'limited') {
      throw new HttpError(
        429,
        IDENTITY_ERRORS.emailCheckLimit,
        'Too many sign-ups for existing e-mails: try again in a few minutes',
      );
    }
    if (!result.ok)
      throw new HttpError(409, IDENTITY_ERRORS.accountExists, 'An account with this e-mail already exists');
    res.status(201).json({ data: { email: result.email, phoneLast4: result.phoneLast4 } });
  });

  route(router, endpoints.identity.emailCheck, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const input = call.body();
    // Per shopper address as the storefront reports it, and per caller, so a caller that
    // invents addresses is still held by the second limit.
    const caller = req.ip ?? 'unknown';
    const result = await emailCheck(context(tenant), { email: input.email, client: input.client ?? caller, caller });
    if (!result.ok)
      throw new HttpError(429, IDENTITY_ERRORS.emailCheckLimit, 'Too many e-mail checks: try again in a few minutes');
    res.setHeader('cache-control', 'no-store');
    res.json({ data: { exists: result.exists } });
  });

  // ── Confirmation codes (e-mail or SMS) ──

  route(router, endpoints.identity.sendConfirmation, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const input = call.body();
    codeSent(res, await sendConfirmationCode(context(tenant), input));
  });

  route(router, endpoints.identity.verifyConfirmation, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const input = call.body();
    const result = await confirmAccount(context(tenant), input);
    if (!result.ok) throw CODE_FAILURES[result.reason];
    res.json({ data: result.tokens });
  });

  // ── Passwordless sign-in ──

  route(router, endpoints.identity.sendPasscode, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const input = call.body();
    codeSent(res, await sendPasscode(context(tenant), input));
  });

  route(router, endpoints.identity.verifyPasscode, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const input = call.body();
    const result = await signInWithPasscode(context(tenant), input);
    if (!result.ok) throw CODE_FAILURES[result.reason];
    res.json({ data: result.tokens });
  });

  // ── Password reset ──

  route(router, endpoints.identity.sendPasswordReset, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const input = call.body();
    codeSent(res, await sendResetCode(context(tenant), input));
  });

  route(router, endpoints.identity.confirmPasswordReset, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const input = call.body();
    const result = await resetPassword(context(tenant), input);
    if (!result.ok) throw CODE_FAILURES[result.reason];
    res.status(204).end();
  });

  // ── The signed-in shopper's account ──

  route(router, endpoints.identity.profile, async (req, res) => {
    const { ctx, userId } = await requireUser(req);
    const profile = await getAccountProfile(ctx, userId);
    if (!profile) throw new HttpError(401, 'error.auth.unauthenticated', 'The account no longer exists');
    res.setHeader('cache-control', 'no-store');
    res.json({ data: profile });
  });

  route(router, endpoints.identity.updateProfile, async (req, res, call) => {
    const { ctx, userId } = await requireUser(req);
    const input = call.body();
    const profile = await updateProfile(ctx, userId, input);
    if (!profile) throw new HttpError(401, 'error.auth.unauthenticated', 'The account no longer exists');
    res.json({ data: profile });
  });

  route(router, endpoints.identity.requestEmailChange, async (req, res, call) => {
    const { ctx, userId } = await requireUser(req);
    const input = call.body();
    const result = await requestEmailChange(ctx, userId, input);
    if (!result.ok) {
      switch (result.reason) {
        case 'same':
          throw new HttpError(400, IDENTITY_ERRORS.sameEmail, 'The new e-mail is the current one');
        case 'exists':
          throw new HttpError(409, IDENTITY_ERRORS.accountExists, 'Another account has this e-mail');
        case 'managedBySocial':
          throw new HttpError(
            403,
            'error.email.managedBySocial',
            'This account changes its e-mail at its social provider',
          );
        case 'locked':
          throw CODE_FAILURES.locked;
        case 'gone':
          throw new HttpError(401, 'error.auth.unauthenticated', 'The account no longer exists');
      }
    }
    res.json({ data: { warning: result.warning } });
  });

  route(router, endpoints.identity.confirmEmailChange, async (req, res, call) => {
    const { ctx, userId } = await requireUser(req);
    const input = call.body();
    const result = await confirmEmailChange(ctx, userId, input);
    if (!result.ok) {
      if (result.reason === 'exists')
        throw new HttpError(409, IDENTITY_ERRORS.accountExists, 'Another account has this e-mail');
      if (result.reason === 'gone')
        throw new HttpError(401, 'error.auth.unauthenticated', 'The account no longer exists');
      throw CODE_FAILURES[result.reason];
    }
    res.json({ data: result.profile });
  });

  route(router, endpoints.identity.cancelEmailChange, async (req, res) => {
    const { ctx, userId } = await requireUser(req);
    await cancelEmailChange(ctx, userId);
    res.status(204).end();
  });

  // ── Social sign-in ──

  // A provider is offered only when the tenant turns it on AND its client is configured here.
  route(router, endpoints.identity.socialProviders, async (req, res) => {
    const tenant = requireTenant(platform, req);
    const configured = configuredProviders();
    const providers = tenant.consumer.socialLogin
      ? tenant.consumer.socialProviders.filter((provider) => configured.includes(provider))
      : [];
    res.json({ data: { providers } });
  });

  route(router, endpoints.identity.socialAuthorize, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const input = call.body();
    const provider = requireSocialProvider(tenant, input.provider);
    if (!isAllowedRedirectUri(input.redirectUri, tenant.domains)) {
      throw new HttpError(
        400,
        'error.validation.invalidRequest',
        'redirectUri: not this storefront’s social return route',
      );
    }
    try {
      res.setHeader('cache-control', 'no-store');
      res.json({ data: await startSocialSignIn(provider, input.redirectUri) });
    } catch (error) {
      if (error instanceof SocialError) throw SOCIAL_FAILURES[error.reason];
      throw error;
    }
  });

  route(router, endpoints.identity.socialCallback, async (req, res, call) => {
    const tenant = requireTenant(platform, req);
    const input = call.body();
    const provider = requireSocialProvider(tenant, input.provider);
    try {
      res.json({ data: await finishSocialSignIn(context(tenant), provider, input) });
    } catch (error) {
      if (error instanceof SocialError) throw SOCIAL_FAILURES[error.reason];
      throw error;
    }
  });

  // Test mode only: the e2e suite points a provider at the OpenID Connect provider it started
  // on a free port. Never mounted otherwise.
  if (isTestMode()) {
    route(router, endpoints.identity.testSocialProvider, async (_req, res, call) => {
      const provider = socialProviderSchema.safeParse(call.params.provider);
      if (!provider.success) throw new HttpError(404, 'error.social.unknownProvider', 'No such provider');
      overrideProviderSettings(provider.data, call.body());
      res.status(204).end();
    });
    // …and forgets it again, so a test can see a tenant without a configured provider.
    route(router, endpoints.identity.clearTestSocialProvider, async (_req, res, call) => {
      const provider = socialProviderSchema.safeParse(call.params.provider);
      if (!provider.success) throw new HttpError(404, 'error.social.unknownProvider', 'No such provider');
      clearProviderSettings(provider.data);
      res.status(204).end();
    });
  }

  return router;
}
