import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiError, callApi } from '~/lib/api.server';
import { checkClient, identityContext } from '~/lib/auth.server';
import { emailCheckResponseSchema } from '~/lib/contract/identity';
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
  const { client, setCookie } = await checkClient(request, context);
  if (setCookie) headers.append('set-cookie', setCookie);
  try {
    const answer = await callApi(identityContext(request), '/api/identity/email-check', {
      method: 'POST',
      json: { email, client },
      schema: emailCheckResponseSchema,
    });
    return Response.json({ email, exists: answer?.data.exists ?? false }, { headers });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 429))
      logger.warn({ err: error }, 'existing-e-mail check failed');
    return Response.json(
      { email, exists: false, limited: error instanceof ApiError && error.status === 429 },
      { headers },
    );
  }
}
