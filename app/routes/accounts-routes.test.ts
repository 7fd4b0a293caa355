import { served } from '../../tests/support/served';
import { describe, expect, it } from 'vitest';
import { IDENTITY_ERRORS } from '~/lib/contract/identity';
import { MESSAGES } from '~/lib/messages';
import { endpoints } from '~/lib/contract/endpoints';
import { commerce, mockApi, server } from '../../tests/support/msw';
import { action as signInAction, loader as signInLoader } from './_auth+/sign-in';
import { action as signUpAction, loader as signUpLoader } from './_auth+/sign-up';
import { loader as socialLoader } from './_auth+/integration.social-idp';

// The account routes' loaders and actions, called with real Requests; the identity API is
// played by msw from the contract's schemas.

const TOKENS = {
  identityToken: 'identity-token',
  refreshToken: 'refresh-token-that-is-long-enough',
  expiresAt: Date.now() + 15 * 60_000,
  shopper: { id: 'u1', firstName: 'Rowan', lastName: 'Ellis', email: 'rowan@shop.test' },
};

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request(`http://localhost${path}`, { method: 'POST', body, headers });
}

const SIGN_UP = {
  firstName: 'Rowan',
  lastName: 'Ellis',
  email: 'rowan@shop.test',
  phoneNumber: '(512) 867 - 5309',
  password: 'Gr8-Showroom!',
  'password-confirm': 'Gr8-Showroom!',
};

type Reply = { data: { status?: string; initialValue?: Record<string, unknown>; error?: Record<string, string[]> } };

describe('sign-up action', () => {
  it('answers 400 with the errors and what was typed, without the passwords, and calls nothing', async () => {
    const result = (await served(async (context) =>
      signUpAction({
        request: post('/sign-up', { ...SIGN_UP, firstName: 'R' }),
        params: {},
        context,
      }),
    )) as unknown as Reply;
    expect(result).toHaveStatus(400);
    expect(result.data.error).toEqual({ firstName: ['Your first name must be 2-15 characters.'] });
    expect(result.data.initialValue).toMatchObject({ firstName: 'R', email: 'rowan@shop.test' });
    expect(result.data.initialValue).not.toHaveProperty('password');
    expect(result.data.initialValue).not.toHaveProperty('password-confirm');
  });

  it('sends the account to the identity API and goes on to the confirmation screen with the flow cookie', async () => {
    let sent: unknown;
    server.use(
      mockApi(
        endpoints.identity.signUp,
        { data: { email: 'rowan@shop.test', phoneLast4: '5309' } },
        {
          status: 201,
          onRequest: async (request) => {
            sent = await request.json();
          },
        },
      ),
    );
    const response = await served(async (context) =>
      signUpAction({
        request: post('/sign-up', { ...SIGN_UP, subscribedToMarketingSMS: 'on' }),
        params: {},
        context,
      }),
    );
    expect(response).toRedirectTo('/confirm-account');
    expect((response as Response).headers.get('set-cookie')).toMatch(
      /^showroom_auth=.+; Max-Age=1800; Path=\/; HttpOnly; SameSite=Lax/,
    );
    expect(sent).toEqual({
      firstName: 'Rowan',
      lastName: 'Ellis',
      email: 'rowan@shop.test',
      phone: '5128675309',
      password: 'Gr8-Showroom!',
      marketingEmail: false,
      marketingSms: true,
      // No address known here: the limit counts against this browser.
      client: expect.stringMatching(/^browser:[0-9a-f-]{36}$/),
    });
  });

  it('puts the existing-account message with its sign-in link under the e-mail', async () => {
    server.use(commerce.error(endpoints.identity.signUp, 409, IDENTITY_ERRORS.accountExists));
    const result = (await served(async (context) =>
      signUpAction({
        request: post('/sign-up', SIGN_UP),
        params: {},
        context,
      }),
    )) as unknown as Reply;
    expect(result).toHaveStatus(409);
    expect(result.data.error).toEqual({ email: [MESSAGES.existingEmail] });
  });
});

describe('sign-in action', () => {
  it('starts a new session cookie and goes where the shopper was going', async () => {
    server.use(commerce.signIn(TOKENS));
    const response = await served(async (context) =>
      signInAction({
        request: post('/sign-in', {
          'signin-email': 'rowan@shop.test',
          'signin-password': 'Gr8-Showroom!',
          redirectTo: '/account/orders',
        }),
        params: {},
        context,
      }),
    );
    expect(response).toRedirectTo('/account/orders');
    expect((response as Response).headers.get('set-cookie')).toMatch(/^showroom_session=.+HttpOnly; SameSite=Lax/);
  });

  it('never goes to another site after signing in', async () => {
    server.use(commerce.signIn(TOKENS));
    const response = await served(async (context) =>
      signInAction({
        request: post('/sign-in', {
          'signin-email': 'rowan@shop.test',
          'signin-password': 'x',
          redirectTo: '//evil.example/',
        }),
        params: {},
        context,
      }),
    );
    expect(response).toRedirectTo('/');
  });

  it('sends a right password on an unconfirmed sign-up to the confirmation screen with a new code', async () => {
    let codeSentFor: unknown;
    server.use(
      commerce.error(endpoints.identity.signIn, 403, IDENTITY_ERRORS.unconfirmed),
      mockApi(
        endpoints.identity.sendConfirmation,
        { data: { warning: null } },
        {
          onRequest: async (request) => {
            codeSentFor = await request.json();
          },
        },
      ),
    );
    const response = await served(async (context) =>
      signInAction({
        request: post('/sign-in', { 'signin-email': 'Rowan@Shop.test', 'signin-password': 'Gr8-Showroom!' }),
        params: {},
        context,
      }),
    );
    expect(response).toRedirectTo('/confirm-account');
    expect(codeSentFor).toEqual({ email: 'rowan@shop.test', channel: 'email' });
  });

  it.each([
    [401, IDENTITY_ERRORS.invalidCredentials, MESSAGES.signInIncorrect],
    [423, IDENTITY_ERRORS.locked, MESSAGES.accountLocked],
  ])('answers %i with the seed message, and never the password', async (status, code, message) => {
    server.use(commerce.error(endpoints.identity.signIn, status, code));
    const result = (await served(async (context) =>
      signInAction({
        request: post('/sign-in', { 'signin-email': 'rowan@shop.test', 'signin-password': 'Gr8-Showroom!' }),
        params: {},
        context,
      }),
    )) as unknown as Reply;
    expect(result).toHaveStatus(status);
    expect(result.data.error).toEqual({ '': [message] });
    expect(JSON.stringify(result)).not.toContain('Gr8-Showroom!');
  });
});

describe('social sign-in return route', () => {
  it('leaves for the provider with state, nonce and verifier kept in the flow cookie', async () => {
    let asked: unknown;
    const authorizationUrl = 'https://north-id.example/authorize?client_id=showroom';
    server.use(
      mockApi(
        endpoints.identity.socialAuthorize,
        { data: { authorizationUrl, state: 's'.repeat(43), nonce: 'n'.repeat(43), codeVerifier: 'v'.repeat(43) } },
        {
          onRequest: async (request) => {
            asked = await request.json();
          },
        },
      ),
    );
    const thrown = await served(async (context) =>
      socialLoader({
        request: new Request('http://localhost/integration/social-idp?provider=north-id&initiator=sign-up'),
        params: {},
        context,
      }),
    ).catch((error: unknown) => error);
    expect(thrown).toRedirectTo(authorizationUrl);
    expect((thrown as Response).headers.get('set-cookie')).toMatch(/^showroom_auth=/);
    expect(asked).toEqual({
      provider: 'north-id',
      redirectUri: 'http://localhost/integration/social-idp?initiator=sign-up',
    });
  });

  it('comes back to the screen that started it when the flow cookie is gone', async () => {
    const response = await served(async (context) =>
      socialLoader({
        request: new Request('http://localhost/integration/social-idp?initiator=sign-up&code=abc&state=xyz'),
        params: {},
        context,
      }),
    );
    expect(response).toRedirectTo('/sign-up');
  });
});

describe('social sign-in buttons', () => {
  type WithProviders = { socialProviders: string[] };
  function configured(providers: Array<'north-id' | 'peak-id'>) {
    server.use(mockApi(endpoints.identity.socialProviders, { data: { providers } }));
  }

  it('shows no provider the identity backend has no client for', async () => {
    configured([]);
    const signIn = (await served(async (context) =>
      signInLoader({
        request: new Request('http://localhost/sign-in'),
        params: {},
        context,
      }),
    )) as WithProviders;
    const signUp = (await served(async (context) =>
      signUpLoader({
        request: new Request('http://localhost/sign-up'),
        params: {},
        context,
      }),
    )) as WithProviders;
    expect(signIn.socialProviders).toEqual([]);
    expect(signUp.socialProviders).toEqual([]);
  });

  it('shows the configured providers the tenant turned on, and none when the backend cannot say', async () => {
    configured(['north-id']);
    const signIn = (await served(async (context) =>
      signInLoader({
        request: new Request('http://localhost/sign-in'),
        params: {},
        context,
      }),
    )) as WithProviders;
    expect(signIn.socialProviders).toEqual(['north-id']);
    server.use(commerce.error(endpoints.identity.socialProviders, 503, 'error.service.unavailable'));
    const failed = (await served(async (context) =>
      signInLoader({
        request: new Request('http://localhost/sign-in'),
        params: {},
        context,
      }),
    )) as WithProviders;
    expect(failed.socialProviders).toEqual([]);
  });

  it('never asks for a tenant without social login', async () => {
    const signIn = (await served(async (context) =>
      signInLoader({
        request: new Request('http://northside.localhost/sign-in', { headers: { host: 'northside.localhost' } }),
        params: {},
        context,
      }),
    )) as WithProviders;
    expect(signIn.socialProviders).toEqual([]);
  });
});
