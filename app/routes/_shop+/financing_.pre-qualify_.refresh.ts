import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { requireShopper } from '~/lib/auth.server';
import { PREQUAL_ERROR_CODES } from '~/lib/contract/prequal';
import { requireActiveSession } from '~/lib/inactivity.server';
import { PREQUAL_PATH, PREQUAL_RESULT_PATH, sendPrequal } from '~/lib/prequal.server';
import { safeRedirect } from '~/lib/safe-redirect';
import { getApiContext } from '~/lib/session.server';

// POST /financing/pre-qualify/refresh: the one-click refresh of the expiry toast (seed 002 §4),
// a plain form post so it works without JavaScript. With nothing on file any more (the data was
// deleted after 30 days), the shopper goes to the form.

export function loader() {
  return redirect(PREQUAL_RESULT_PATH);
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  await requireShopper(request);
  const form = await request.formData();
  await requireActiveSession(request, loadContext, safeRedirect(form.get('redirectTo'), PREQUAL_RESULT_PATH));
  const back = safeRedirect(form.get('redirectTo'), PREQUAL_RESULT_PATH);
  const outcome = await sendPrequal(await getApiContext(request), 'refresh');
  // The toast going away is the answer; a declined refresh shows its screen.
  if (outcome.ok) return redirect(outcome.view.status === 'mq_approved' ? back : PREQUAL_RESULT_PATH);
  if (outcome.code === PREQUAL_ERROR_CODES.nothingOnFile) return redirect(`${PREQUAL_PATH}?again=1`);
  return redirect(`${PREQUAL_RESULT_PATH}?failed=1`);
}
