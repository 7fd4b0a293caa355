import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiError, callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import { getCheckClient, identityContext } from '~/lib/auth.server';
import { getShopContext } from '~/lib/request-context.server';
import { logger } from '~/lib/shared/logger.server';
import { emailSchema } from '~/lib/shared/validation/fields';

// The sign-up form's existing-e-mail check (seed 002 §5), fetched as the e-mail is typed.
// A GET: a fetcher's load does not make the page's loaders run again. The identity API
// limits it per shopper (address, or browser when the address is unknown) and tenant;
// when limited, the form simply goes on.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const email = (new URL(request.url).searchParams.get('email') ?? '').trim();
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (!emailSchema.safeParse(email).success) return Response.json({ email, exists: false }, { headers });
  const client = getCheckClient(request, await getShopContext({ request, context }));
  try {
    const answer = await callApi(identityContext(request), endpoints.identity.emailCheck, { json: { email, client } });
    return Response.json({ email, exists: answer?.data.exists ?? false }, { headers });
  } catch (error) {
    // The API's own limit (an ApiError) or a rate limit in front of it (a 429 answer, decision 067).
    const limited = (error instanceof ApiError || error instanceof Response) && error.status === 429;
    if (!limited) logger.warn({ err: error }, 'existing-e-mail check failed');
    return Response.json({ email, exists: false, limited }, { headers });
  }
}
