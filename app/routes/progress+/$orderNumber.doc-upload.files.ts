import type { ActionFunctionArgs } from '@remix-run/node';
import { docUploadPath, uploadErrorKey, UPLOAD_MESSAGES } from '~/components/tracker/documents';
import { getSession } from '~/lib/session.server';
import { endpoints } from '~/lib/contract/endpoints';
import { uploadTypeSchema } from '~/lib/contract/tracker';
import { requireStepContext, stepRedirect, streamToApi } from './$orderNumber.steps.server';

// POST /progress/{orderNumber}/doc-upload/files?deal=…&type=…: the upload form's target. The
// multipart body (field `documents`) streams on to the commerce API as it arrives. The page's
// uploader (JavaScript, with progress) asks for JSON; a plain form post comes back to the page
// with the outcome in its URL.

function wantsJson(request: Request): boolean {
  return request.headers.get('accept')?.includes('application/json') ?? false;
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (wantsJson(request)) {
    // An uploader whose session ended gets an answer it can show, not a sign-in page.
    const session = await getSession(request);
    if (!session.get('identityToken'))
      return Response.json({ ok: false, error: 'failed', message: 'Sign in again to upload.' }, { status: 401 });
  }
  const step = await requireStepContext(request, params);
  const url = new URL(request.url);
  const type = uploadTypeSchema.safeParse(url.searchParams.get('type'));
  const dealId = url.searchParams.get('deal') ?? '';
  if (!type.success || !/^[A-Za-z0-9_-]{1,80}$/.test(dealId)) throw new Response(null, { status: 400 });

  const answer = await streamToApi(request, step.api, endpoints.documents.upload, { dealId, type: type.data });
  const ok = answer.status === 201;
  const error = ok ? null : uploadErrorKey(answer.code);
  if (wantsJson(request)) {
    // A resource route answers a Response: the uploader reads the status and the JSON.
    return Response.json(
      { ok, error, message: error ? UPLOAD_MESSAGES[error] : null },
      { status: ok ? 201 : answer.status === 499 ? 400 : answer.status },
    );
  }
  const query = new URLSearchParams({ type: type.data, ...(error ? { error } : { uploaded: '1' }) });
  return stepRedirect(request, `${docUploadPath(step.orderNumber)}?${query}`);
}
