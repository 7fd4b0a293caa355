import { parseWithZod } from '@conform-to/zod/v4';
import {
  redirect,
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type AppLoadContext,
} from '@remix-run/node';
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { AuthPage, OrDivider, SocialButtons } from '~/components/auth/auth-page';
import { callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import {
  SignInError,
  authenticator,
  createShopperSession,
  identityContext,
  redirectIfSignedIn,
  getOfferedSocialProviders,
  addNotices,
  readNotices,
} from '~/lib/auth.server';
import { getShopContext } from '~/lib/request-context.server';
import { logger } from '~/lib/shared/logger.server';
import { MESSAGES, fillMessage } from '~/lib/messages';
import { safeRedirect } from '~/lib/safe-redirect';
import { fillTenantText } from '~/lib/shared/tenant/text';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { signInSchema } from '~/lib/shared/validation/sign-in';
import { titledMeta } from '~/lib/meta';
import { Notices } from '~/components/ui/alert-bar';
import { SignInForm } from '~/components/auth/sign-in-form';

export const handle = { pageType: 'signIn' };

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const notices = readNotices(await getShopContext({ request, context: loadContext }));
  const body = { notices, socialProviders: await getOfferedSocialProviders(request) };
  return body;
}

/** A right password on a sign-up nobody confirmed: a fresh code, then the confirmation screen. */
async function continueToConfirmation(
  request: Request,
  loadContext: AppLoadContext,
  email: string,
  redirectTo: string | null,
): Promise<Response> {
  await callApi(identityContext(request), endpoints.identity.sendConfirmation, {
    json: { email, channel: 'email' },
  }).catch((error: unknown) => logger.warn({ err: error }, 'sign-in: could not send a confirmation code'));
  const { authFlow: flow } = await getShopContext({ request, context: loadContext });
  flow.set('confirm', { email, phoneLast4: null, redirectTo });
  addNotices(flow, { type: 'warning', message: fillMessage(MESSAGES.confirmFirst, { email }) });
  return redirect('/confirm-account');
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const submission = parseWithZod(form, { schema: signInSchema });
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['signin-password'] }), { status: 400 });
  }
  const redirectTo = submission.value.redirectTo ? safeRedirect(submission.value.redirectTo, '/') : null;
  try {
    const tokens = await authenticator.authenticate('password', request);
    return await createShopperSession(
      request,
      await getShopContext({ request, context: loadContext }),
      tokens,
      redirectTo,
    );
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    if (error.reason === 'unconfirmed')
      return continueToConfirmation(request, loadContext, submission.value['signin-email'].toLowerCase(), redirectTo);
    const tenant = getTenantForRequest(request);
    const message =
      error.reason === 'locked'
        ? MESSAGES.accountLocked
        : error.reason === 'invalid'
          ? MESSAGES.signInIncorrect
          : fillTenantText(MESSAGES.internalError, tenant);
    return data(submission.reply({ formErrors: [message], hideFields: ['signin-password'] }), {
      status: error.reason === 'unavailable' ? 503 : error.reason === 'locked' ? 423 : 401,
    });
  }
}

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Sign in');

export default function SignIn() {
  const { notices, socialProviders } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirectTo');
  const withRedirect = (path: string) => (redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path);
  return (
    <AuthPage title="Sign in">
      <Notices notices={notices} />
      <SignInForm lastResult={lastResult} redirectTo={redirectTo} />
      <p className="mt-4 text-center text-sm">
        <Link to={withRedirect('/sign-in/passcode')} className="text-primary underline">
          Sign in with a one-time passcode instead
        </Link>
      </p>
      {socialProviders.length > 0 ? (
        <>
          <OrDivider />
          <SocialButtons providers={socialProviders} initiator="sign-in" redirectTo={redirectTo} />
        </>
      ) : null}
      <p className="mt-8 text-center text-sm">
        New here?{' '}
        <Link to={withRedirect('/sign-up')} className="font-semibold text-primary underline">
          Create an account
        </Link>
      </p>
    </AuthPage>
  );
}
