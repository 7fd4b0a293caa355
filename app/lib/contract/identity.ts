import { z } from 'zod';
import {
  checkboxSchema,
  confirmationCodeSchema,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  passwordSchema,
} from '../shared/validation/fields';
import { phoneSchema } from '../shared/validation/phone';

// The identity API (server/identity/): request and answer shapes, shared by its handlers,
// the storefront's calls and the msw handlers. Field rules come from app/lib/shared/validation, so
// the API refuses exactly what the forms refuse.

export const signInRequestSchema = z.object({
  email: z.string().trim().toLowerCase().min(1),
  password: z.string().min(1),
});

export const shopperProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type ShopperProfile = z.infer<typeof shopperProfileSchema>;

export const tokensResponseSchema = z.object({
  data: z.object({
    identityToken: z.string(),
    refreshToken: z.string(),
    expiresAt: z.number().int(),
    shopper: shopperProfileSchema,
  }),
});
export type TokensResponse = z.infer<typeof tokensResponseSchema>['data'];

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(20) });

export const meResponseSchema = z.object({ data: shopperProfileSchema });

// ── Error codes the account screens tell apart ───────────────────────────────────────────

export const IDENTITY_ERRORS = {
  invalidCredentials: 'error.auth.invalidCredentials',
  locked: 'error.auth.locked',
  /** The password was right, but the sign-up was never confirmed by a code. */
  unconfirmed: 'error.auth.unconfirmed',
  accountExists: 'error.auth.accountExists',
  wrongCode: 'error.code.wrong',
  /** A wrong code, and the next wrong one locks the flow. */
  wrongCodeLastTry: 'error.code.wrongLastTry',
  expiredCode: 'error.code.expired',
  codeLocked: 'error.code.locked',
  resetLimit: 'error.reset.tooMany',
  emailCheckLimit: 'error.emailCheck.tooMany',
  sameEmail: 'error.email.unchanged',
  socialUnavailable: 'error.social.unavailable',
  socialFailed: 'error.social.failed',
  socialEmailUnverified: 'error.social.emailUnverified',
  socialAccountExists: 'error.social.accountExists',
} as const;

// ── Sign-up and the existing-e-mail check ────────────────────────────────────────────────

export const signUpRequestSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
  marketingEmail: checkboxSchema,
  marketingSms: checkboxSchema,
  /** The shopper's address as the storefront saw it (see the e-mail check). */
  client: z.string().max(100).optional(),
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

/** 201: the account waits for a code, sent by e-mail; the phone's last four digits are for the SMS screen. */
export const signUpResponseSchema = z.object({
  data: z.object({
    email: z.string(),
    phoneLast4: z
      .string()
      .regex(/^\d{4}$/)
      .nullable(),
  }),
});

export const emailCheckRequestSchema = z.object({
  email: z.string().trim().max(254),
  /** The shopper's address as the storefront saw it; the limit is per address and tenant. */
  client: z.string().max(100).optional(),
});
export const emailCheckResponseSchema = z.object({ data: z.object({ exists: z.boolean() }) });

// ── One-time codes ───────────────────────────────────────────────────────────────────────

/**
 * Every "send a code" answer is the same whether or not the e-mail has an account.
 * `warning` says the next request will be the last before the 30-minute lock.
 */
export const codeSentResponseSchema = z.object({
  data: z.object({ warning: z.enum(['lastRequest']).nullable() }),
});

export const confirmationSendRequestSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  channel: z.enum(['email', 'sms']),
});

export const confirmationVerifyRequestSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  channel: z.enum(['email', 'sms']),
  code: confirmationCodeSchema,
});

export const passcodeSendRequestSchema = z.object({ email: z.string().trim().toLowerCase().min(1).max(254) });
export const passcodeVerifyRequestSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  code: confirmationCodeSchema,
});

export const resetSendRequestSchema = z.object({ email: z.string().trim().toLowerCase().min(1).max(254) });
export const resetConfirmRequestSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  code: confirmationCodeSchema,
  password: passwordSchema,
});

// ── The signed-in shopper's account ──────────────────────────────────────────────────────

export const SOCIAL_PROVIDERS = ['north-id', 'peak-id'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);

export const accountProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  marketingEmail: z.boolean(),
  marketingSms: z.boolean(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  hasPassword: z.boolean(),
  socialProviders: z.array(socialProviderSchema),
  /** A requested e-mail change that waits for its code. */
  pendingEmail: z.string().nullable(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;
export const accountProfileResponseSchema = z.object({ data: accountProfileSchema });

export const profileUpdateRequestSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: phoneSchema,
  marketingEmail: z.boolean(),
  marketingSms: z.boolean(),
});

export const emailChangeRequestSchema = z.object({ email: emailSchema });
export const emailChangeConfirmRequestSchema = z.object({ code: confirmationCodeSchema });

// ── Social sign-in (OpenID Connect, authorization code with PKCE) ────────────────────────

export const SOCIAL_INITIATORS = ['sign-in', 'sign-up'] as const;
export type SocialInitiator = (typeof SOCIAL_INITIATORS)[number];

export const socialAuthorizeRequestSchema = z.object({
  provider: socialProviderSchema,
  /** The storefront's /integration/social-idp?initiator=… on the shopper's origin. */
  redirectUri: z.url({ protocol: /^https?$/ }),
});

/** The storefront keeps state, nonce and verifier in its cookie until the provider sends the shopper back. */
export const socialAuthorizeResponseSchema = z.object({
  data: z.object({
    authorizationUrl: z.url(),
    state: z.string().min(16),
    nonce: z.string().min(16),
    codeVerifier: z.string().min(43),
  }),
});

export const socialCallbackRequestSchema = z.object({
  provider: socialProviderSchema,
  /** The URL the provider sent the shopper back to, with its code and state. */
  callbackUrl: z.url({ protocol: /^https?$/ }),
  state: z.string().min(16),
  nonce: z.string().min(16),
  codeVerifier: z.string().min(43),
});

export const socialCallbackResponseSchema = z.object({
  data: tokensResponseSchema.shape.data.extend({ created: z.boolean() }),
});

/** The providers this tenant offers that the identity backend can reach (configured and turned on). */
export const socialProvidersResponseSchema = z.object({ data: z.object({ providers: z.array(socialProviderSchema) }) });

/** Test mode only: point a provider at the OpenID Connect provider a test started. */
export const socialProviderSettingsSchema = z.object({
  issuer: z.url({ protocol: /^https?$/ }),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});
