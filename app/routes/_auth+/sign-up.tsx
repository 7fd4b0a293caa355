import { Checkbox } from '~/components/ui/choice';
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { redirect, data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthPage, OrDivider, SocialButtons } from '~/components/auth/auth-page';
import { useEmailCheck } from '~/components/auth/email-check';
import { EmailField, NameField, PasswordConfirmField, PasswordField, PhoneField } from '~/components/auth/fields';
import { useSubmitGate } from '~/components/auth/submit-gate';
import { useLazyValidation } from '~/components/ui/lazy-validation';
import { onDemandChecks, useOnDemandEvents } from '~/components/ui/on-demand-form';
import { SIGN_UP_CONSTRAINT } from '~/lib/shared/validation/form-constraints';
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
import { FIELD_LIMITS } from '~/lib/shared/validation/messages';
import { signUpSchema } from '~/lib/shared/validation/sign-up';
import { titledMeta } from '~/lib/meta';
import { AlertBar, Notices } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';

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

function loadSignUpChecks() {
  return import('~/components/auth/sign-up-validation');
}

function SignUpForm() {
  const { redirectTo, socialLogin, marketing, agreement, legal } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  // The checks on blur (zod, the schema and the phone metadata) come with the form's first
  // focus; until then the browser's constraints gate the button and the server checks the post
  // (decision 043).
  const { validate: checks, prepare } = useLazyValidation(loadSignUpChecks);
  const validate = checks?.validateSignUp ?? null;
  const [form, fields] = useForm({
    id: 'sign-up',
    lastResult,
    constraint: SIGN_UP_CONSTRAINT,
    ...onDemandChecks(validate),
    shouldDirtyConsider: (name) => name !== 'redirectTo',
  });
  const canSubmit = useSubmitGate(form, validate);
  const formEvents = useOnDemandEvents(form, validate !== null, prepare);
  const emailCheck = useEmailCheck(fields.email.value, checks?.isCheckableEmail ?? null);
  const emailErrors = fields.email.errors?.length
    ? fields.email.errors
    : emailCheck.exists
      ? [MESSAGES.existingEmail]
      : undefined;
  const formError = form.errors?.[0];
  return (
    <>
      {formError ? (
        <AlertBar type="internalError" id={form.errorId}>
          {formError}
        </AlertBar>
      ) : null}
      <Form method="post" {...getFormProps(form)} {...formEvents} className="space-y-2">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <div className={socialLogin ? 'grid gap-x-4 sm:grid-cols-2' : 'space-y-2'} data-testid="name-fields">
          <NameField
            meta={fields.firstName}
            label="First name"
            max={FIELD_LIMITS.firstName.max}
            autoComplete="given-name"
          />
          <NameField
            meta={fields.lastName}
            label="Last name"
            max={FIELD_LIMITS.lastName.max}
            autoComplete="family-name"
          />
        </div>
        <EmailField
          meta={fields.email}
          errors={emailErrors}
          hint={emailCheck.limited ? MESSAGES.emailCheckLimited : undefined}
        />
        <PhoneField meta={fields.phoneNumber} />
        <PasswordField meta={fields.password} autoComplete="new-password" rules />
        <PasswordConfirmField meta={fields['password-confirm']} password={fields.password.value} />
        {marketing.email || marketing.sms ? (
          <fieldset className="space-y-2 py-2">
            <legend className="mb-1 text-sm font-medium">Stay in the loop (optional)</legend>
            {marketing.email ? (
              <Checkbox meta={fields.isSubscribedToMarketing}>Email me offers, news and vehicle updates.</Checkbox>
            ) : null}
            {marketing.sms ? (
              <Checkbox meta={fields.subscribedToMarketingSMS}>Text me offers, news and vehicle updates.</Checkbox>
            ) : null}
          </fieldset>
        ) : null}
        <p className="pb-2 text-sm">
          Read our{' '}
          <a href={legal.termsOfUse} target="_blank" rel="noopener noreferrer" className="text-primary underline">
            Terms of Use<span className="sr-only"> (opens in a new tab)</span>
          </a>{' '}
          and{' '}
          <a href={legal.privacyPolicy} target="_blank" rel="noopener noreferrer" className="text-primary underline">
            Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>
        <SubmitButton fullWidth disabled={!canSubmit || emailCheck.exists} loading={navigation.state === 'submitting'}>
          Sign Up
        </SubmitButton>
        <p className="pt-2 text-xs" data-testid="consumer-agreement">
          {agreement}
        </p>
      </Form>
    </>
  );
}

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
