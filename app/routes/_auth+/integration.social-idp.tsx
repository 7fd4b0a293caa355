import { redirect, type LoaderFunctionArgs, type AppLoadContext } from '@remix-run/node';
import {
  SocialAuthorizationStarted,
  SocialSignInError,
  addNotices,
  authenticator,
  createShopperSession,
  isSocialInitiator,
  isSocialProvider,
  socialProvidersFor,
  type FlowNotice,
} from '~/lib/auth.server';
import { getShopContext } from '~/lib/request-context.server';
import { SOCIAL_PROVIDER_NAMES } from '~/components/auth/auth-page';
import type { SocialInitiator, SocialProvider } from '~/lib/contract/identity';
import { MESSAGES, fillMessage } from '~/lib/messages';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';

// Social sign-in (seed 000 §2.1): /integration/social-idp?provider=…&initiator=… leaves for
// the provider; the provider sends the shopper back to /integration/social-idp?initiator=…
// with a code. Failures go back to the screen that started it, with a notice.

function failureNotice(error: SocialSignInError): FlowNotice {
  const provider = error.provider ? SOCIAL_PROVIDER_NAMES[error.provider] : 'That provider';
  switch (error.reason) {
    case 'unavailable':
      return { type: 'error', message: fillMessage(MESSAGES.socialUnavailable, { provider }) };
    case 'emailUnverified':
      return { type: 'error', message: fillMessage(MESSAGES.socialEmailUnverified, { provider }) };
    case 'accountExists':
      return { type: 'error', message: MESSAGES.socialAccountExists };
    case 'session':
      return { type: 'warning', message: MESSAGES.sessionExpired };
    case 'failed':
      return { type: 'error', message: fillMessage(MESSAGES.socialFailed, { provider }) };
  }
}

async function backTo(
  request: Request,
  loadContext: AppLoadContext,
  initiator: SocialInitiator,
  notice: FlowNotice,
): Promise<Response> {
  const { authFlow: flow } = await getShopContext({ request, context: loadContext });
  flow.unset('social');
  addNotices(flow, notice);
  return redirect(`/${initiator}`);
}

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { authFlow: flow } = await getShopContext({ request, context: loadContext });
  const pending = flow.get('social');
  const returning = url.searchParams.has('code') || url.searchParams.has('error');
  const initiatorParam = url.searchParams.get('initiator');
  const initiator: SocialInitiator = isSocialInitiator(initiatorParam) ? initiatorParam : 'sign-in';
  const requested = returning ? pending?.provider : url.searchParams.get('provider');
  if (!returning && !requested) throw redirect(`/${initiator}`);
  const provider: SocialProvider | null = isSocialProvider(requested) ? requested : null;
  if (!provider || !socialProvidersFor(getTenantForRequest(request)).includes(provider)) {
    return backTo(
      request,
      loadContext,
      initiator,
      failureNotice(new SocialSignInError(returning ? 'session' : 'unavailable', initiator, provider)),
    );
  }
  try {
    const signedIn = await authenticator.authenticate(provider, request);
    return await createShopperSession(
      request,
      await getShopContext({ request, context: loadContext }),
      signedIn,
      pending?.redirectTo ?? null,
      {
        fallback: signedIn.created ? '/account' : '/',
        notices: signedIn.created ? [{ type: 'success', message: MESSAGES.socialWelcome }] : [],
      },
    );
  } catch (error) {
    if (error instanceof SocialAuthorizationStarted) {
      flow.set('social', error.pending);
      throw redirect(error.authorizationUrl);
    }
    if (error instanceof SocialSignInError) return backTo(request, loadContext, error.initiator, failureNotice(error));
    throw error;
  }
}
