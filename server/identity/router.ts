import { Router, json, type Request, type Response } from 'express';
import {
  IDENTITY_ERRORS,
  confirmationSendRequestSchema,
  confirmationVerifyRequestSchema,
  emailChangeConfirmRequestSchema,
  emailChangeRequestSchema,
  emailCheckRequestSchema,
  passcodeSendRequestSchema,
  passcodeVerifyRequestSchema,
  profileUpdateRequestSchema,
  refreshRequestSchema,
  resetConfirmRequestSchema,
  resetSendRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  socialAuthorizeRequestSchema,
  socialCallbackRequestSchema,
  socialProviderSchema,
  socialProviderSettingsSchema,
} from '../../app/lib/contract/identity';
import { isTestMode } from '../../app/lib/shared/env.server';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import { createSenders, type Senders } from '../notifications/senders';
import { HttpError, handle, parseBody, requireIdentity, requireTenant, type Platform } from '../platform/http';
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

  router.post(
    '/api/identity/sign-in',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const input = parseBody(signInRequestSchema, req.body);
      const result = await signInWithPassword(platform.db, { tenantId: tenant.id, ...input }, platform.identitySecret);
      if (!result.ok) {
        if (result.reason === 'locked')
          throw new HttpError(423, IDENTITY_ERRORS.locked, 'The account is locked for a while');
        if (result.reason === 'unconfirmed')
          throw new HttpError(403, IDENTITY_ERRORS.unconfirmed, 'The account waits for its confirmation code');
        throw new HttpError(401, IDENTITY_ERRORS.invalidCredentials, 'E-mail or password is incorrect');
      }
      res.json({ data: result.tokens });
    }),
  );

  router.post(
    '/api/identity/refresh',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const { refreshToken } = parseBody(refreshRequestSchema, req.body);
      const tokens = await refreshSession(platform.db, tenant.id, refreshToken, platform.identitySecret);
      if (!tokens) throw new HttpError(401, 'error.auth.invalidRefreshToken', 'The refresh token is not valid');
      res.json({ data: tokens });
    }),
  );

  router.post(
    '/api/identity/sign-out',
    handle(async (req, res) => {
      requireTenant(platform, req);
      const parsed = refreshRequestSchema.safeParse(req.body);
      if (parsed.success) await revokeRefreshToken(platform.db, parsed.data.refreshToken);
      res.status(204).end();
    }),
  );

  router.get(
    '/api/identity/me',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const identity = await requireIdentity(platform, req, tenant);
      const profile = await findProfile(platform.db, tenant.id, identity.userId);
      if (!profile) throw new HttpError(401, 'error.auth.unauthenticated', 'The account no longer exists');
      res.json({ data: profile });
    }),
  );

  // ── Sign-up ──

  router.post(
    '/api/identity/sign-up',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const { client, ...input } = parseBody(signUpRequestSchema, req.body);
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
    }),
  );

  router.post(
    '/api/identity/email-check',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const input = parseBody(emailCheckRequestSchema, req.body);
      // Per shopper address as the storefront reports it, and per caller, so a caller that
      // invents addresses is still held by the second limit.
      const caller = req.ip ?? 'unknown';
      const result = await emailCheck(context(tenant), { email: input.email, client: input.client ?? caller, caller });
      if (!result.ok)
        throw new HttpError(429, IDENTITY_ERRORS.emailCheckLimit, 'Too many e-mail checks: try again in a few minutes');
      res.setHeader('cache-control', 'no-store');
      res.json({ data: { exists: result.exists } });
    }),
  );

  // ── Confirmation codes (e-mail or SMS) ──

  router.post(
    '/api/identity/confirmation/send',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const input = parseBody(confirmationSendRequestSchema, req.body);
      codeSent(res, await sendConfirmationCode(context(tenant), input));
    }),
  );

  router.post(
    '/api/identity/confirmation/verify',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const input = parseBody(confirmationVerifyRequestSchema, req.body);
      const result = await confirmAccount(context(tenant), input);
      if (!result.ok) throw CODE_FAILURES[result.reason];
      res.json({ data: result.tokens });
    }),
  );

  // ── Passwordless sign-in ──

  router.post(
    '/api/identity/passcode/send',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const input = parseBody(passcodeSendRequestSchema, req.body);
      codeSent(res, await sendPasscode(context(tenant), input));
    }),
  );

  router.post(
    '/api/identity/passcode/verify',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const input = parseBody(passcodeVerifyRequestSchema, req.body);
      const result = await signInWithPasscode(context(tenant), input);
      if (!result.ok) throw CODE_FAILURES[result.reason];
      res.json({ data: result.tokens });
    }),
  );

  // ── Password reset ──

  router.post(
    '/api/identity/password-reset/send',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const input = parseBody(resetSendRequestSchema, req.body);
      codeSent(res, await sendResetCode(context(tenant), input));
    }),
  );

  router.post(
    '/api/identity/password-reset/confirm',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const input = parseBody(resetConfirmRequestSchema, req.body);
      const result = await resetPassword(context(tenant), input);
      if (!result.ok) throw CODE_FAILURES[result.reason];
      res.status(204).end();
    }),
  );

  // ── The signed-in shopper's account ──

  router.get(
    '/api/identity/profile',
    handle(async (req, res) => {
      const { ctx, userId } = await requireUser(req);
      const profile = await getAccountProfile(ctx, userId);
      if (!profile) throw new HttpError(401, 'error.auth.unauthenticated', 'The account no longer exists');
      res.setHeader('cache-control', 'no-store');
      res.json({ data: profile });
    }),
  );

  router.post(
    '/api/identity/profile',
    handle(async (req, res) => {
      const { ctx, userId } = await requireUser(req);
      const input = parseBody(profileUpdateRequestSchema, req.body);
      const profile = await updateProfile(ctx, userId, input);
      if (!profile) throw new HttpError(401, 'error.auth.unauthenticated', 'The account no longer exists');
      res.json({ data: profile });
    }),
  );

  router.post(
    '/api/identity/email-change',
    handle(async (req, res) => {
      const { ctx, userId } = await requireUser(req);
      const input = parseBody(emailChangeRequestSchema, req.body);
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
    }),
  );

  router.post(
    '/api/identity/email-change/confirm',
    handle(async (req, res) => {
      const { ctx, userId } = await requireUser(req);
      const input = parseBody(emailChangeConfirmRequestSchema, req.body);
      const result = await confirmEmailChange(ctx, userId, input);
      if (!result.ok) {
        if (result.reason === 'exists')
          throw new HttpError(409, IDENTITY_ERRORS.accountExists, 'Another account has this e-mail');
        if (result.reason === 'gone')
          throw new HttpError(401, 'error.auth.unauthenticated', 'The account no longer exists');
        throw CODE_FAILURES[result.reason];
      }
      res.json({ data: result.profile });
    }),
  );

  router.post(
    '/api/identity/email-change/cancel',
    handle(async (req, res) => {
      const { ctx, userId } = await requireUser(req);
      await cancelEmailChange(ctx, userId);
      res.status(204).end();
    }),
  );

  // ── Social sign-in ──

  // A provider is offered only when the tenant turns it on AND its client is configured here.
  router.get(
    '/api/identity/social/providers',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const configured = configuredProviders();
      const providers = tenant.consumer.socialLogin
        ? tenant.consumer.socialProviders.filter((provider) => configured.includes(provider))
        : [];
      res.json({ data: { providers } });
    }),
  );

  router.post(
    '/api/identity/social/authorize',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const input = parseBody(socialAuthorizeRequestSchema, req.body);
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
    }),
  );

  router.post(
    '/api/identity/social/callback',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const input = parseBody(socialCallbackRequestSchema, req.body);
      const provider = requireSocialProvider(tenant, input.provider);
      try {
        res.json({ data: await finishSocialSignIn(context(tenant), provider, input) });
      } catch (error) {
        if (error instanceof SocialError) throw SOCIAL_FAILURES[error.reason];
        throw error;
      }
    }),
  );

  // Test mode only: the e2e suite points a provider at the OpenID Connect provider it started
  // on a free port. Never mounted otherwise.
  if (isTestMode()) {
    router.put(
      '/api/identity/test/social-providers/:provider',
      handle(async (req, res) => {
        const provider = socialProviderSchema.safeParse(req.params.provider);
        if (!provider.success) throw new HttpError(404, 'error.social.unknownProvider', 'No such provider');
        overrideProviderSettings(provider.data, parseBody(socialProviderSettingsSchema, req.body));
        res.status(204).end();
      }),
    );
    // …and forgets it again, so a test can see a tenant without a configured provider.
    router.delete(
      '/api/identity/test/social-providers/:provider',
      handle(async (req, res) => {
        const provider = socialProviderSchema.safeParse(req.params.provider);
        if (!provider.success) throw new HttpError(404, 'error.social.unknownProvider', 'No such provider');
        clearProviderSettings(provider.data);
        res.status(204).end();
      }),
    );
  }

  return router;
}
