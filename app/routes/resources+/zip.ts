import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { safeRedirect } from '~/lib/safe-redirect';
import { flashNotice } from '~/lib/search/notice.server';
import type { ZipActionData } from '~/lib/search/zip';
import { saveZipFromForm } from '~/lib/search/zip.server';
import { getShopContext } from '~/lib/request-context.server';

// The zip editor's endpoint (seed 001 §2): the shopper's zip, kept in the session cookie, is
// where the cards' distances are measured from. A fetcher gets conform's reply (400 with the
// field's message when the zip is wrong); a form posted without JavaScript is sent back, with
// the message as a notice when the zip was not taken.

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  const redirectTo = form.get('redirectTo');
  const back = typeof redirectTo === 'string' ? safeRedirect(redirectTo, '/search') : null;
  const { session } = await getShopContext({ request, context: loadContext });
  const saved = await saveZipFromForm(form, session);

  if (saved.error !== null) {
    if (back) {
      await flashNotice(request, loadContext, { kind: 'error', message: saved.error });
      return redirect(back);
    }
    return Response.json({ result: saved.submission.reply(), zip: null } satisfies ZipActionData, { status: 400 });
  }
  if (back) return redirect(back);
  return Response.json({ result: saved.submission.reply(), zip: saved.zip } satisfies ZipActionData);
}
