import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import {
  SocialSignInError,
  addNotices,
  authenticator,
  createShopperSession,
  getAuthFlow,
  isSocialInitiator,
  isSocialProvider,
  redirectWithFlow,
  socialProvidersFor,
  type FlowNotice,
} from '~/lib/auth.server';
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

async function backTo(request: Request, initiator: SocialInitiator, notice: FlowNotice): Promise<Response> {
  const flow = await getAuthFlow(request);
  flow.unset('social');
  addNotices(flow, notice);
  return redirectWithFlow(request, flow, `/${initiator}`);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const flow = await getAuthFlow(request);
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
      initiator,
      failureNotice(new SocialSignInError(returning ? 'session' : 'unavailable', initiator, provider)),
    );
  }
  try {
    const signedIn = await authenticator.authenticate(provider, request);
    return await createShopperSession(request, signedIn, pending?.redirectTo ?? null, {
      fallback: signedIn.created ? '/account' : '/',
      notices: signedIn.created ? [{ type: 'success', message: MESSAGES.socialWelcome }] : [],
    });
  } catch (error) {
    if (error instanceof SocialSignInError) return backTo(request, error.initiator, failureNotice(error));
    throw error;
  }
}
