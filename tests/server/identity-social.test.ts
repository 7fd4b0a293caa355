import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDENTITY_ERRORS,
  socialAuthorizeResponseSchema,
  socialCallbackResponseSchema,
  socialProvidersResponseSchema,
} from '~/lib/contract/identity';
import { socialIdentities, users } from '#server/db/schema';
import { registerWithApp, startOidcProvider, type TestOidcProvider } from '../../e2e/support/oidc-provider';
import { insertShopper, startHarness, type Harness } from './harness';
import { caller, errorCode, uniqueEmail } from './identity-support';

// Social sign-in against a real OpenID Connect provider on a free port: discovery, the
// authorization-code flow with PKCE, state and nonce, and linking by verified e-mail.

let harness: Harness;
let north: TestOidcProvider;
let peak: TestOidcProvider;
let redirectUri: string;

beforeAll(async () => {
  harness = await startHarness();
  redirectUri = `${harness.url}/integration/social-idp?initiator=sign-in`;
  [north, peak] = await Promise.all([
    startOidcProvider({ name: 'North ID', redirectUris: [redirectUri] }),
    startOidcProvider({ name: 'Peak ID', redirectUris: [redirectUri] }),
  ]);
  await registerWithApp(harness.url, 'north-id', north);
  await registerWithApp(harness.url, 'peak-id', peak);
});
afterAll(async () => {
  await Promise.all([north?.close(), peak?.close()]);
  await harness?.close();
});

/** A browser of sorts: follows redirects by hand and keeps the provider's cookies. */
class Browser {
  private cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size)
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1));
    }
    return response;
  }

  /** Follows redirects until one leaves for `stopAt`; answers that URL, or the last page. */
  async follow(start: string, stopAt: string, init?: RequestInit): Promise<{ url: string; response: Response }> {
    let url = start;
    let response = await this.request(url, init);
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops += 1) {
      url = new URL(response.headers.get('location')!, url).href;
      if (url.startsWith(stopAt)) return { url, response };
      response = await this.request(url);
    }
    return { url, response };
  }
}

type Shopper = {
  email: string;
  givenName?: string;
  familyName?: string;
  verified?: boolean;
  action?: 'allow' | 'cancel';
};

async function authorize(provider: 'north-id' | 'peak-id', tenant = 'default', uri = redirectUri) {
  return caller(harness.url, tenant).post('/api/identity/social/authorize', { provider, redirectUri: uri });
}

/** Runs the whole flow in the "browser" and answers the identity API's callback response. */
async function socialSignIn(
  provider: 'north-id' | 'peak-id',
  shopper: Shopper,
  tamper?: (params: { state: string; nonce: string; codeVerifier: string }) => void,
) {
  const started = socialAuthorizeResponseSchema.parse(await (await authorize(provider)).json()).data;
  const browser = new Browser();
  const login = await browser.follow(started.authorizationUrl, redirectUri);
  expect(login.response.status).toBe(200);
  const form = new URLSearchParams({
    email: shopper.email,
    given_name: shopper.givenName ?? 'Sky',
    family_name: shopper.familyName ?? 'Harper',
    action: shopper.action ?? 'allow',
  });
  if (shopper.verified !== false) form.set('email_verified', 'true');
  const back = await browser.follow(login.url, redirectUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  expect(back.url.startsWith(redirectUri)).toBe(true);
  const checks = { state: started.state, nonce: started.nonce, codeVerifier: started.codeVerifier };
  tamper?.(checks);
  return caller(harness.url).post('/api/identity/social/callback', { provider, callbackUrl: back.url, ...checks });
}

describe('social sign-in', () => {
  it('makes an account for a new shopper with the verified e-mail and names, and signs the same shopper in next time', async () => {
    const email = uniqueEmail('north');
    const first = await socialSignIn('north-id', { email, givenName: 'Sky', familyName: 'Harper' });
    expect(first.status).toBe(200);
    const created = socialCallbackResponseSchema.parse(await first.json()).data;
    expect(created).toMatchObject({ created: true, shopper: { email, firstName: 'Sky', lastName: 'Harper' } });
    const [user] = await harness.database.db.select().from(users).where(eq(users.id, created.shopper.id));
    expect(user).toMatchObject({ passwordHash: null });
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);

    const again = socialCallbackResponseSchema.parse(await (await socialSignIn('north-id', { email })).json()).data;
    expect(again).toMatchObject({ created: false, shopper: { id: created.shopper.id } });
  });

  it('links a second provider and an existing verified account by e-mail', async () => {
    const email = uniqueEmail('linked');
    const owner = await insertShopper(harness.database, 'default', email);
    await harness.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.id));
    for (const provider of ['north-id', 'peak-id'] as const) {
      const response = await socialSignIn(provider, { email: email.toUpperCase() });
      expect(socialCallbackResponseSchema.parse(await response.json()).data).toMatchObject({
        created: false,
        shopper: { id: owner.id },
      });
    }
    const links = await harness.database.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.userId, owner.id));
    expect(links.map((link) => link.provider).sort()).toEqual(['north-id', 'peak-id']);
  });

  it('never links an account whose e-mail we have not verified, nor an e-mail the provider has not', async () => {
    const email = uniqueEmail('squat');
    await insertShopper(harness.database, 'default', email);
    expect(await errorCode(await socialSignIn('peak-id', { email }))).toBe(IDENTITY_ERRORS.socialAccountExists);
    expect(await errorCode(await socialSignIn('peak-id', { email: uniqueEmail('unverified'), verified: false }))).toBe(
      IDENTITY_ERRORS.socialEmailUnverified,
    );
  });

  it('refuses a callback whose state, nonce or verifier does not match, and a cancelled sign-in', async () => {
    const tampered = [
      (checks: { state: string }) => (checks.state = `${checks.state}x`),
      (checks: { nonce: string }) => (checks.nonce = `${checks.nonce}x`),
      // Always a different last character (a fixed 'A' would be no change when it already ends in 'A').
      (checks: { codeVerifier: string }) =>
        (checks.codeVerifier = `${checks.codeVerifier.slice(0, -1)}${checks.codeVerifier.endsWith('A') ? 'B' : 'A'}`),
    ];
    for (const tamper of tampered) {
      const response = await socialSignIn('north-id', { email: uniqueEmail('tamper') }, tamper);
      expect(response.status).toBe(502);
      expect(await errorCode(response)).toBe(IDENTITY_ERRORS.socialFailed);
    }
    expect(await errorCode(await socialSignIn('north-id', { email: uniqueEmail('cancel'), action: 'cancel' }))).toBe(
      IDENTITY_ERRORS.socialFailed,
    );
  });

  it('only offers the providers the tenant switched on, and only returns to its own route', async () => {
    expect(await errorCode(await authorize('north-id', 'northside'))).toBe(IDENTITY_ERRORS.socialUnavailable);
    expect(await errorCode(await authorize('peak-id', 'lakeview'))).toBe(IDENTITY_ERRORS.socialUnavailable);
    expect((await authorize('north-id', 'lakeview')).status).toBe(200);
    expect(
      (await authorize('north-id', 'default', 'https://evil.example/integration/social-idp?initiator=sign-in')).status,
    ).toBe(400);
    expect((await authorize('north-id', 'default', `${harness.url}/account?initiator=sign-in`)).status).toBe(400);
  });

  it('lists a provider only when its client is configured and the tenant turns it on', async () => {
    async function offered(tenant: string) {
      return socialProvidersResponseSchema.parse(
        await (await caller(harness.url, tenant).get('/api/identity/social/providers')).json(),
      ).data.providers;
    }
    expect(await offered('default')).toEqual(['north-id', 'peak-id']);
    expect(await offered('lakeview')).toEqual(['north-id']);
    expect(await offered('northside')).toEqual([]);
    await fetch(`${harness.url}/api/identity/test/social-providers/peak-id`, { method: 'DELETE' });
    try {
      expect(await offered('default')).toEqual(['north-id']);
    } finally {
      await registerWithApp(harness.url, 'peak-id', peak);
    }
  });
});
