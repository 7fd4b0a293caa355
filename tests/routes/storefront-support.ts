import { commitSession, getSessionStorage } from '~/lib/session.server';

// Requests for the storefront's route tests: real Request objects with a real session cookie
// (signed in or not, with a zip), the way the browser sends them.

export const ORIGIN = 'http://localhost';

export type ShopperOptions = { signedIn?: boolean; zip?: string; cookies?: string[] };

export async function shopperCookie(options: ShopperOptions = {}): Promise<string | null> {
  if (!options.signedIn && !options.zip) return null;
  const probe = new Request(ORIGIN);
  const session = await getSessionStorage(probe).getSession();
  if (options.signedIn) {
    session.set('identityToken', 'identity-token');
    session.set('refreshToken', 'refresh-token');
    session.set('tokenExpiresAt', Date.now() + 15 * 60_000);
    session.set('shopper', { id: 'user-1', firstName: 'Dana', lastName: 'Rivera', email: 'demo@showroom.test' });
  }
  if (options.zip) session.set('zip', options.zip);
  const setCookie = await commitSession(probe, session);
  return setCookie.slice(0, setCookie.indexOf(';'));
}

export async function shopperRequest(
  path: string,
  options: ShopperOptions & { method?: string; form?: Record<string, string> } = {},
): Promise<Request> {
  const cookies = [await shopperCookie(options), ...(options.cookies ?? [])].filter(Boolean);
  const headers = new Headers();
  if (cookies.length) headers.set('cookie', cookies.join('; '));
  let body: URLSearchParams | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form);
    headers.set('content-type', 'application/x-www-form-urlencoded');
  }
  return new Request(`${ORIGIN}${path}`, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body });
}

type DataWithInit = { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null };

/** The body of a loader's answer: a `data()` result, a JSON Response, or a plain object. */
export async function bodyOf<T>(result: unknown): Promise<T> {
  if (result instanceof Response) return (await result.json()) as T;
  if (result && typeof result === 'object' && (result as DataWithInit).type === 'DataWithResponseInit')
    return (result as DataWithInit).data as T;
  return result as T;
}

/** The Set-Cookie values of an answer ('name=value' only). */
export function cookiesOf(result: unknown): string[] {
  const headers =
    result instanceof Response
      ? result.headers
      : new Headers((result as DataWithInit | undefined)?.init?.headers ?? undefined);
  return headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf(';')));
}

/** What a loader or action threw. */
export async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
