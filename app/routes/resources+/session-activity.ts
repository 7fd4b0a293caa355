import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { expireSession, isSessionIdle, noteActivity } from '~/lib/inactivity.server';
import { safeRedirect } from '~/lib/safe-redirect';

// POST /resources/session-activity: the inactivity dialog's answers (issue 14 point 5).
// intent=continue (Continue Session) notes activity, unless the session is already past its
// idle limit: then, like intent=expire (the countdown ran out), the shopper is signed out and
// sent to sign in again with "Your session has expired. Please sign in again."

export function loader() {
  return redirect('/');
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = safeRedirect(form.get('redirectTo'), '/');
  if (form.get('intent') === 'expire' || (await isSessionIdle(request, loadContext)))
    return expireSession(request, loadContext, back);
  await noteActivity(request, loadContext);
  return { ok: true };
}
