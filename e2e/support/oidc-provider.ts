import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';

// A real OpenID Connect provider (panva/oidc-provider) for the social sign-in tests, on a free
// port of this machine. The app is not mocked: it discovers this issuer, sends the browser
// here, and swaps the code for tokens with PKCE, as it would with a real provider.
//
// Its sign-in page asks for what a test wants the provider to say about the shopper: e-mail,
// names and whether the e-mail is verified. The same e-mail always gets the same `sub`.

export type OidcClient = { clientId: string; clientSecret: string };

export type TestOidcProvider = {
  /** Shown on the provider's page, e.g. 'North ID'. */
  name: string;
  issuer: string;
  client: OidcClient;
  close(): Promise<void>;
};

type Claims = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  name: string;
};

// oidc-provider ships no types: these are the few parts used here.
type ProviderInstance = {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<{ uid: string; params: Record<string, unknown> }>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: new (input: { accountId: string; clientId: string }) => {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
};
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;

async function loadProvider(): Promise<ProviderConstructor> {
  // A variable specifier: the package has no type declarations for TypeScript to resolve.
  const specifier = 'oidc-provider';
  const module = (await import(specifier)) as { default: ProviderConstructor };
  return module.default;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(html);
}

function loginPage(name: string, uid: string, clientId: string): string {
  const id = escapeHtml(name.toLowerCase().replace(/\s+/g, '-'));
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in with ${escapeHtml(name)}</title></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 2rem auto; color: #111; background: #fff">
<main>
<h1>Sign in with ${escapeHtml(name)}</h1>
<p>${escapeHtml(clientId)} wants your name and email address.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}" data-provider="${id}">
  <p><label for="email">Email</label><br><input id="email" name="email" type="email" required autocomplete="off"></p>
  <p><label for="given_name">First name</label><br><input id="given_name" name="given_name" type="text" autocomplete="off"></p>
  <p><label for="family_name">Last name</label><br><input id="family_name" name="family_name" type="text" autocomplete="off"></p>
  <p><input id="email_verified" name="email_verified" type="checkbox" value="true" checked> <label for="email_verified">Email verified</label></p>
  <p><button type="submit" name="action" value="allow">Continue</button> <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></p>
</form>
</main>
</body>
</html>`;
}

/** Starts a provider on a free port of 127.0.0.1, with one client allowed to return to `redirectUris`. */
export async function startOidcProvider(options: { name: string; redirectUris: string[] }): Promise<TestOidcProvider> {
  const Provider = await loadProvider();
  const accounts = new Map<string, Claims>();
  const client: OidcClient = {
    clientId: `showroom-${options.name.toLowerCase().replace(/\s+/g, '-')}`,
    clientSecret: randomBytes(24).toString('base64url'),
  };
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };

  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server: Server = createServer((req, res) => {
    if (handler) handler(req, res);
    else sendHtml(res, 503, 'starting');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, accountId: string) {
      const claims = accounts.get(accountId);
      if (!claims) return undefined;
      return { accountId, claims: async () => claims };
    },
  });
  const providerHandler = provider.callback();

  handler = (req, res) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!match) {
      providerHandler(req, res);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        const clientId = String(details.params.client_id ?? '');
        if (req.method === 'GET') {
          sendHtml(res, 200, loginPage(options.name, details.uid, clientId));
          return;
        }
        const form = await readForm(req);
        if (form.get('action') === 'cancel') {
          await provider.interactionFinished(
            req,
            res,
            { error: 'access_denied', error_description: 'The shopper cancelled' },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        const email = (form.get('email') ?? '').trim();
        const givenName = (form.get('given_name') ?? '').trim();
        const familyName = (form.get('family_name') ?? '').trim();
        const accountId = createHash('sha256')
          .update(`${options.name}|${email.toLowerCase()}`)
          .digest('hex')
          .slice(0, 24);
        accounts.set(accountId, {
          sub: accountId,
          email,
          email_verified: form.get('email_verified') === 'true',
          given_name: givenName,
          family_name: familyName,
          name: `${givenName} ${familyName}`.trim(),
        });
        const grant = new provider.Grant({ accountId, clientId });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        sendHtml(
          res,
          400,
          `<!doctype html><html lang="en"><title>Error</title><main><h1>Sign-in failed</h1><p>${escapeHtml(String(error))}</p></main></html>`,
        );
      }
    })();
  };

  return {
    name: options.name,
    issuer,
    client,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Tells a running app (test mode) to use this provider for one of its social providers. */
export async function registerWithApp(
  appUrl: string,
  providerId: 'north-id' | 'peak-id',
  provider: TestOidcProvider,
): Promise<void> {
  const response = await fetch(`${appUrl}/api/identity/test/social-providers/${providerId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      issuer: provider.issuer,
      clientId: provider.client.clientId,
      clientSecret: provider.client.clientSecret,
    }),
  });
  if (response.status !== 204) throw new Error(`the app refused the test provider: HTTP ${response.status}`);
}

const STALE_LOCK_MS = 60_000;

/**
 * The app has one setting per social provider, and Playwright's workers run side by side:
 * a test holds this lock (a directory, made atomically) from registering its provider until
 * its sign-in has come back, so no other worker points the app elsewhere in between.
 */
export async function withProviderLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `showroom-oidc-${name}.lock`);
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() - started > 2 * STALE_LOCK_MS) throw new Error(`waited too long for ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Runs `run` while the app (test mode) has a client for exactly these providers: placeholders
 * that are never called (a button needs only the setting), the others forgotten. Holds the
 * same lock as the real providers' tests, which register theirs again before each use.
 */
export async function withConfiguredProviders<T>(
  appUrl: string,
  lockName: string,
  providers: Array<'north-id' | 'peak-id'>,
  run: () => Promise<T>,
): Promise<T> {
  return withProviderLock(lockName, async () => {
    for (const providerId of ['north-id', 'peak-id'] as const) {
      const response = providers.includes(providerId)
        ? await fetch(`${appUrl}/api/identity/test/social-providers/${providerId}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              issuer: 'http://127.0.0.1:9/placeholder',
              clientId: 'placeholder',
              clientSecret: 'placeholder',
            }),
          })
        : await fetch(`${appUrl}/api/identity/test/social-providers/${providerId}`, { method: 'DELETE' });
      if (response.status !== 204) throw new Error(`the app refused the provider setting: HTTP ${response.status}`);
    }
    return run();
  });
}
