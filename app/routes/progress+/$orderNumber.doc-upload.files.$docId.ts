import type { LoaderFunctionArgs } from '@remix-run/node';
import { endpoints } from '~/lib/contract/endpoints';
import { proxyFileFromApi, requireStepContext } from './$orderNumber.steps.server';

// GET /progress/{orderNumber}/doc-upload/files/{docId}?deal=…[&view=thumbnail]: an uploaded
// document or its thumbnail, from the commerce API with the shopper's token.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const step = await requireStepContext(request, params);
  const url = new URL(request.url);
  const dealId = url.searchParams.get('deal') ?? '';
  const docId = params.docId ?? '';
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(dealId) || !/^[0-9a-fA-F-]{36}$/.test(docId))
    throw new Response(null, { status: 404 });
  const thumbnail = url.searchParams.get('view') === 'thumbnail';
  const file = thumbnail ? endpoints.documents.thumbnail : endpoints.documents.file;
  return proxyFileFromApi(request, step.api, file, { dealId, docId });
}
