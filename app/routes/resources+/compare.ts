import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { COMPARE_MESSAGES, addToCompare, removeFromCompare, type CompareChange } from '~/lib/compare';
import { getCompareList, saveCompareList } from '~/lib/compare.server';
import { normalizeVin } from '~/lib/contract/inventory';
import { safeRedirect } from '~/lib/safe-redirect';
import type { CompareActionData } from '~/lib/search/actions';
import { flashNotice, flashRemoval } from '~/lib/search/notice.server';

// The Compare checkbox's endpoint: intent add, remove or clear. The list lives in a cookie
// (the storefront keeps no state), at most COMPARE_LIMIT vehicles; one more is refused with
// the limit message. A fetcher gets JSON; a form posted without JavaScript is sent back.

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const vin = String(form.get('vin') ?? '');
  const redirectTo = form.get('redirectTo');
  const back = typeof redirectTo === 'string' ? safeRedirect(redirectTo, '/search') : null;
  const current = await getCompareList(request);

  let change: CompareChange;
  if (intent === 'add') change = addToCompare(current, vin);
  else if (intent === 'remove') change = removeFromCompare(current, vin);
  else if (intent === 'clear') change = { ok: true, vins: [] };
  else throw data(null, { status: 400 });
  if (!change.ok && change.reason === 'invalid') throw data(null, { status: 400 });

  await saveCompareList(request, loadContext, change.vins);
  if (back) {
    if (!change.ok) await flashNotice(request, loadContext, { kind: 'error', message: COMPARE_MESSAGES.limit });
    else if (intent === 'remove')
      await flashRemoval(request, loadContext, form, { list: 'compare', vin: normalizeVin(vin) ?? vin, back });
    return redirect(back);
  }
  const answer: CompareActionData = change.ok
    ? { ok: true, vins: change.vins }
    : { ok: false, reason: change.reason, message: COMPARE_MESSAGES.limit, vins: change.vins };
  return Response.json(answer, { status: change.ok ? 200 : 409 });
}
