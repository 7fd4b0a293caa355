import { createCookie, redirect } from '@remix-run/node';
import { addNotices, getAuthFlow, commitAuthFlow, signOutHeaders } from './auth.server';
import { requireSessionSecret } from './shared/env.server';
import { SESSION_IDLE_MINUTES } from './inactivity';
import { MESSAGES } from './messages';
import { getSession } from './session.server';

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

/** The Set-Cookie that marks this request as activity. */
export function noteActivity(request: Request, now = Date.now()): Promise<string> {
  return activityCookie(request).serialize(now);
}

export async function isSessionIdle(request: Request, now = Date.now()): Promise<boolean> {
  const session = await getSession(request);
  if (!session.get('identityToken')) return false;
  const last = await lastActivity(request);
  return last !== null && now - last > IDLE_MS;
}

/** Signs the shopper out and sends them to sign in again, back to `back` afterwards. */
export async function expireSession(request: Request, back: string): Promise<Response> {
  const headers = await signOutHeaders(request);
  const flow = await getAuthFlow(request);
  addNotices(flow, { type: 'warning', message: MESSAGES.sessionExpired });
  headers.append('set-cookie', await commitAuthFlow(request, flow));
  headers.append('set-cookie', await activityCookie(request).serialize('', { maxAge: 0 }));
  return redirect(`/sign-in?${new URLSearchParams({ redirectTo: back })}`, { headers });
}

/**
 * For a form post in a guarded area: throws the expiry redirect when the shopper has been
 * idle too long, else answers the Set-Cookie that notes this post as activity.
 */
export async function requireActiveSession(request: Request, back?: string, now = Date.now()): Promise<string> {
  if (await isSessionIdle(request, now)) {
    const url = new URL(request.url);
    throw await expireSession(request, back ?? `${url.pathname}${url.search}`);
  }
  return noteActivity(request, now);
}
