import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireShopper } from '~/lib/auth.server';
import { getApiContext } from '~/lib/session.server';
import { proxyFileFromApi } from '../progress+/$orderNumber.steps.server';
import { endpoints } from '~/lib/contract/endpoints';

// GET /account/privacy/export: the signed-in shopper's data as a JSON file (issue 15 point 2).

export async function loader({ request }: LoaderFunctionArgs) {
  await requireShopper(request);
  const response = await proxyFileFromApi(request, await getApiContext(request), endpoints.privacy.export, {});
  response.headers.set('cache-control', 'private, no-store');
  return response;
}
