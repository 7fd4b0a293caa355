import { createCookie, redirect, type AppLoadContext } from '@remix-run/node';
import { addNotices, endShopperSession } from './auth.server';
import { requireSessionSecret } from './shared/env.server';
import { SESSION_IDLE_MINUTES } from './inactivity';
import { MESSAGES } from './messages';
import { getShopContext } from './request-context.server';

// The server side of session inactivity: a signed cookie with the time of the shopper's last
// request in the pre-qualification and the checkout. Loaders there note the activity; form
// posts there first check it: past SESSION_IDLE_MINUTES the shopper is signed out and sent to
// sign in again with the seed's message. A cookie of its own, so it never races the session
// cookie that checkout pages commit.

const IDLE_MS = SESSION_IDLE_MINUTES * 60 * 1000;

let cookie: ReturnType<typeof createCookie> | undefined;

function activityCookie(request: Request) {
  cookie ??= createCookie('showroom_activity', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secrets: [requireSessionSecret()],
    secure: new URL(request.url).protocol === 'https:',
    maxAge: 60 * 60 * 24,
  });
  return cookie;
}

async function lastActivity(request: Request): Promise<number | null> {
  const value: unknown = await activityCookie(request).parse(request.headers.get('cookie'));
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Marks this request as activity (the server writes the cookie with the answer). */
export async function noteActivity(request: Request, loadContext: AppLoadContext, now = Date.now()): Promise<void> {
  const shop = await getShopContext({ request, context: loadContext });
  shop.cookies.set(await activityCookie(request).serialize(now));
}

export async function isSessionIdle(request: Request, loadContext: AppLoadContext, now = Date.now()): Promise<boolean> {
  const shop = await getShopContext({ request, context: loadContext });
  if (!shop.session.get('identityToken')) return false;
  const last = await lastActivity(request);
  return last !== null && now - last > IDLE_MS;
}

/** Signs the shopper out and sends them to sign in again, back to `back` afterwards. */
export async function expireSession(request: Request, loadContext: AppLoadContext, back: string): Promise<Response> {
  const shop = await getShopContext({ request, context: loadContext });
  await endShopperSession(request, shop);
  addNotices(shop.authFlow, { type: 'warning', message: MESSAGES.sessionExpired });
  shop.cookies.set(await activityCookie(request).serialize('', { maxAge: 0 }));
  return redirect(`/sign-in?${new URLSearchParams({ redirectTo: back })}`);
}

/**
 * For a form post in a guarded area: throws the expiry redirect when the shopper has been
 * idle too long, else notes this post as activity.
 */
export async function requireActiveSession(
  request: Request,
  loadContext: AppLoadContext,
  back?: string,
  now = Date.now(),
): Promise<void> {
  if (await isSessionIdle(request, loadContext, now)) {
    const url = new URL(request.url);
    throw await expireSession(request, loadContext, back ?? `${url.pathname}${url.search}`);
  }
  await noteActivity(request, loadContext, now);
}
