import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireShopper } from '~/lib/auth.server';
import { getApiContext } from '~/lib/session.server';
import { proxyFileFromApi } from '../progress+/$orderNumber.steps.server';
import { endpoints } from '~/lib/contract/endpoints';

// /signing/document/{token}/pdf: the contract as a PDF (written with pdf-lib by the commerce
// API), for the signed-in shopper the token's e-mail belongs to.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireShopper(request);
  const token = params.token ?? '';
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) throw new Response(null, { status: 404 });
  return proxyFileFromApi(request, await getApiContext(request), endpoints.contracting.documentPdf, { token });
}
