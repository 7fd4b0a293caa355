import { commitSession, getSession } from '~/lib/session.server';
import type { Notice } from './actions';

// Messages for a page reached by a redirect after a form posted without JavaScript (the
// compare limit, a sold vehicle that cannot be saved, a zip we cannot place). With JavaScript
// the same message arrives in the fetcher's answer instead.

export type { Notice };

/** The Set-Cookie that leaves a notice for the next page. */
export async function flashNotice(request: Request, notice: Notice): Promise<string> {
  const session = await getSession(request);
  session.flash('toast', notice);
  return commitSession(request, session);
}

/** The notice a previous step left, and the Set-Cookie that clears it (null when there was none). */
export async function takeNotice(request: Request): Promise<{ notice: Notice | null; setCookie: string | null }> {
  // Most requests carry no notice: skip reading the session when no cookie could hold one.
  if (!request.headers.get('cookie')) return { notice: null, setCookie: null };
  const session = await getSession(request);
  if (!session.has('toast')) return { notice: null, setCookie: null };
  const notice = session.get('toast') ?? null;
  return { notice, setCookie: await commitSession(request, session) };
}
