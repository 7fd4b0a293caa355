import { createCookie, type AppLoadContext } from '@remix-run/node';
import { readCompareList, writeCompareList } from './compare';
import { requireSessionSecret } from './shared/env.server';
import { getShopContext } from './request-context.server';

// The compare list's cookie (decision 005: small signed cookies, no server state). It holds
// VINs only; whatever comes back is still read through readCompareList, which drops anything
// that is not a VIN.

/** Seed 001 §9: cookie lifetime, one day. */
const COMPARE_MAX_AGE_S = 24 * 60 * 60;

function createCompareCookie(secure: boolean) {
  return createCookie(secure ? '__Host-showroom-compare' : 'showroom_compare', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: COMPARE_MAX_AGE_S,
    secrets: [requireSessionSecret()],
  });
}

let cookies:
  { plain: ReturnType<typeof createCompareCookie>; secure: ReturnType<typeof createCompareCookie> } | undefined;

function compareCookie(request: Request) {
  cookies ??= { plain: createCompareCookie(false), secure: createCompareCookie(true) };
  return new URL(request.url).protocol === 'https:' ? cookies.secure : cookies.plain;
}

export async function getCompareList(request: Request): Promise<string[]> {
  const value: unknown = await compareCookie(request).parse(request.headers.get('cookie'));
  return typeof value === 'string' ? readCompareList(value) : [];
}

/** The Set-Cookie value for a new list; an empty list removes the cookie. */
export function setCompareList(request: Request, vins: readonly string[]): Promise<string> {
  const cookie = compareCookie(request);
  if (vins.length === 0) return cookie.serialize('', { maxAge: 0 });
  return cookie.serialize(writeCompareList(vins));
}

/** Writes the new list with the answer (the server commits the request's cookies). */
export async function saveCompareList(
  request: Request,
  loadContext: AppLoadContext,
  vins: readonly string[],
): Promise<void> {
  const shop = await getShopContext({ request, context: loadContext });
  shop.cookies.set(await setCompareList(request, vins));
}
