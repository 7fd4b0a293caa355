import { parseWithZod } from '@conform-to/zod/v4';
import { redirect, data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { AuthPage, OrDivider, SocialButtons } from '~/components/auth/auth-page';
import { ApiError, callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import {
  addNotices,
  getCheckClient,
  identityContext,
  redirectIfSignedIn,
  getOfferedSocialProviders,
  readNotices,
} from '~/lib/auth.server';
import { getShopContext } from '~/lib/request-context.server';
import { IDENTITY_ERRORS } from '~/lib/contract/identity';
import { logger } from '~/lib/shared/logger.server';
import { MESSAGES, fillMessage } from '~/lib/messages';
import { safeRedirect } from '~/lib/safe-redirect';
import { tenantImageUrl } from '~/lib/shell.server';
import { fillTenantText } from '~/lib/shared/tenant/text';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { signUpSchema } from '~/lib/shared/validation/sign-up';
import { titledMeta } from '~/lib/meta';
import { Notices } from '~/components/ui/alert-bar';
import { SignUpForm } from '~/components/auth/sign-up-form';

// Sign-up (seed 000 §2.3): names, e-mail with the existing-account check, phone, password
// with its live rules and match hint, the optional marketing consents, terms and privacy
// links, the tenant's consumer agreement, in one of three layouts.

const HIDDEN_FROM_REPLY = ['password', 'password-confirm'];

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const tenant = getTenantForRequest(request);
  const notices = readNotices(await getShopContext({ request, context: loadContext }));
  const redirectTo = new URL(request.url).searchParams.get('redirectTo');
  const body = {
    notices,
    redirectTo: redirectTo ? safeRedirect(redirectTo, '/') : null,
    layout: tenant.consumer.signUpLayout,
    socialLogin: tenant.consumer.socialLogin,
    socialProviders: await getOfferedSocialProviders(request),
    marketing: { email: !tenant.consumer.marketingOptOuts.email, sms: !tenant.consumer.marketingOptOuts.sms },
    agreement: fillTenantText(tenant.texts.consumerAgreement, tenant),
    legal: { termsOfUse: tenant.legalLinks.termsOfUse, privacyPolicy: tenant.legalLinks.privacyPolicy },
    sideImage:
      tenant.consumer.signUpLayout === 'side-image' && tenant.images.signUpSide
        ? tenantImageUrl(tenant, tenant.images.signUpSide)
        : null,
  };
  return body;
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: signUpSchema });
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: HIDDEN_FROM_REPLY }), { status: 400 });
  }
  const value = submission.value;
  const tenant = getTenantForRequest(request);
  const shop = await getShopContext({ request, context: loadContext });
  const client = getCheckClient(request, shop);
  try {
    const answer = await callApi(identityContext(request), endpoints.identity.signUp, {
      json: {
        firstName: value.firstName,
        lastName: value.lastName,
        email: value.email,
        phone: value.phoneNumber,
        password: value.password,
        marketingEmail: tenant.consumer.marketingOptOuts.email ? false : value.isSubscribedToMarketing,
        marketingSms: tenant.consumer.marketingOptOuts.sms ? false : value.subscribedToMarketingSMS,
        client,
      },
    });
    if (!answer) return new Response(null, { status: 204 });
    const flow = shop.authFlow;
    flow.set('confirm', {
      email: answer.data.email,
      phoneLast4: answer.data.phoneLast4,
      redirectTo: value.redirectTo ? safeRedirect(value.redirectTo, '/') : null,
    });
    addNotices(flow, { type: 'success', message: fillMessage(MESSAGES.codeSentEmail, { email: answer.data.email }) });
    return redirect('/confirm-account');
  } catch (error) {
    if (error instanceof ApiError && error.code === IDENTITY_ERRORS.accountExists) {
      return data(
        submission.reply({ fieldErrors: { email: [MESSAGES.existingEmail] }, hideFields: HIDDEN_FROM_REPLY }),
        { status: 409 },
      );
    }
    if (error instanceof ApiError && error.code === IDENTITY_ERRORS.emailCheckLimit) {
      return data(submission.reply({ formErrors: [MESSAGES.general], hideFields: HIDDEN_FROM_REPLY }), {
        status: 429,
      });
    }
    logger.error({ err: error }, 'sign-up: identity API failed');
    return data(
      submission.reply({ formErrors: [fillTenantText(MESSAGES.internalError, tenant)], hideFields: HIDDEN_FROM_REPLY }),
      { status: error instanceof ApiError && error.status < 500 ? 400 : 503 },
    );
  }
}

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Sign up');

export default function SignUp() {
  const { notices, layout, socialProviders, sideImage, redirectTo } = useLoaderData<typeof loader>();
  const social = <SocialButtons providers={socialProviders} initiator="sign-up" redirectTo={redirectTo} />;
  const signInLink = (
    <p className="mt-8 text-center text-sm">
      Already have an account?{' '}
      <Link
        to={redirectTo ? `/sign-in?${new URLSearchParams({ redirectTo })}` : '/sign-in'}
        className="font-semibold text-primary underline"
      >
        Sign in
      </Link>
    </p>
  );
  const body = (
    <>
      <Notices notices={notices} />
      <SignUpForm />
      {signInLink}
    </>
  );

  if (layout === 'social-card' && socialProviders.length > 0) {
    return (
      <AuthPage title="Create your account" width="wide">
        <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_20rem]" data-layout="social-card">
          <div>{body}</div>
          <aside
            className="h-fit rounded-tenant border border-gray-300 bg-white p-6 text-gray-900 shadow-sm"
            aria-labelledby="social-card-title"
          >
            <h2 id="social-card-title" className="mb-2 text-lg font-semibold">
              Sign up faster
            </h2>
            <p className="mb-4 text-sm">Use an account you already have. We’ll only ask for what’s missing.</p>
            {social}
          </aside>
        </div>
      </AuthPage>
    );
  }

  if (layout === 'side-image' && sideImage) {
    return (
      <AuthPage title="Create your account" width="wide">
        <div className="grid items-start gap-8 md:grid-cols-2" data-layout="side-image">
          <div>
            {socialProviders.length > 0 ? (
              <>
                {social}
                <OrDivider />
              </>
            ) : null}
            {body}
          </div>
          <img src={sideImage} alt="" className="hidden w-full rounded-tenant md:block" />
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage title="Create your account">
      <div data-layout="none">
        {socialProviders.length > 0 ? (
          <>
            {social}
            <OrDivider />
          </>
        ) : null}
        {body}
      </div>
    </AuthPage>
  );
}
