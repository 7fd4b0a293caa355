import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthPage } from '~/components/auth/auth-page';
import { CodeField, EmailField } from '~/components/auth/fields';
import { useCanSubmit } from '~/components/auth/form-gate';
import { callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import {
  PasscodeError,
  addNotices,
  authenticator,
  codeFeedback,
  codeSentNotices,
  createShopperSession,
  identityContext,
  redirectIfSignedIn,
  toCodeFailure,
  type FlowNotice,
  readNotices,
} from '~/lib/auth.server';
import { getShopContext } from '~/lib/request-context.server';
import { MESSAGES, fillMessage } from '~/lib/messages';
import { safeRedirect } from '~/lib/safe-redirect';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { passcodeRequestSchema, passcodeVerifySchema } from '~/lib/shared/validation/passwordless';
import { titledMeta } from '~/lib/meta';
import { Notices } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';

// Passwordless sign-in (seed 000 §2.3): the e-mail, then the six-digit passcode. Which step
// shows depends on the flow cookie, so the URL never carries the e-mail.

const PATH = '/sign-in/passcode';

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const { authFlow: flow } = await getShopContext({ request, context: loadContext });
  const notices = readNotices(await getShopContext({ request, context: loadContext }));
  const pending = flow.get('passcode');
  const redirectTo = new URL(request.url).searchParams.get('redirectTo');
  const body = {
    step: pending ? ('passcode' as const) : ('email' as const),
    email: pending?.email ?? null,
    redirectTo: redirectTo ? safeRedirect(redirectTo, '/') : null,
    notices,
  };
  return body;
}

async function requestPasscode(
  request: Request,
  email: string,
): Promise<{ ok: true; warning: 'lastRequest' | null } | { ok: false; alerts: FlowNotice[] }> {
  try {
    const answer = await callApi(identityContext(request), endpoints.identity.sendPasscode, { json: { email } });
    if (!answer) return { ok: false, alerts: [] };
    return { ok: true, warning: answer.data.warning };
  } catch (error) {
    return { ok: false, alerts: codeFeedback(toCodeFailure(error), 'passcode', getTenantForRequest(request)).alerts };
  }
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const intent = String(form.get('intent') ?? '');
  const { authFlow: flow } = await getShopContext({ request, context: loadContext });
  const pending = flow.get('passcode');

  if (intent === 'send') {
    const submission = parseWithZod(form, { schema: passcodeRequestSchema });
    if (submission.status !== 'success')
      return data({ intent, result: submission.reply(), alerts: [] as FlowNotice[] }, { status: 400 });
    const email = submission.value['signin-email'].toLowerCase();
    const sent = await requestPasscode(request, email);
    if (!sent.ok) return data({ intent, result: submission.reply(), alerts: sent.alerts }, { status: 423 });
    const redirectTo = submission.value.redirectTo ? safeRedirect(submission.value.redirectTo, '/') : null;
    flow.set('passcode', { email, redirectTo });
    addNotices(
      flow,
      ...codeSentNotices({ type: 'success', message: fillMessage(MESSAGES.passcodeSent, { email }) }, sent.warning),
    );
    return redirect(PATH);
  }

  if (intent === 'restart') {
    flow.unset('passcode');
    return redirect(PATH);
  }

  if (!pending) {
    addNotices(flow, { type: 'warning', message: MESSAGES.sessionExpired });
    return redirect(PATH);
  }

  if (intent === 'resend') {
    const sent = await requestPasscode(request, pending.email);
    if (!sent.ok) return data({ intent, result: null, alerts: sent.alerts }, { status: 423 });
    addNotices(flow, ...codeSentNotices({ type: 'resent', message: MESSAGES.passcodeResent }, sent.warning));
    return redirect(PATH);
  }

  const submission = parseWithZod(form, { schema: passcodeVerifySchema });
  if (submission.status !== 'success')
    return data({ intent, result: submission.reply(), alerts: [] as FlowNotice[] }, { status: 400 });
  try {
    const tokens = await authenticator.authenticate('passcode', request);
    return await createShopperSession(
      request,
      await getShopContext({ request, context: loadContext }),
      tokens,
      pending.redirectTo,
    );
  } catch (error) {
    if (!(error instanceof PasscodeError)) throw error;
    if (error.reason === 'session') throw redirect(PATH);
    const feedback = codeFeedback(error.reason, 'passcode', getTenantForRequest(request));
    const result = submission.reply({
      fieldErrors: feedback.fieldError ? { 'confirm-otp': [feedback.fieldError] } : {},
      resetForm: !feedback.fieldError,
    });
    const status = error.reason === 'locked' ? 423 : error.reason === 'unavailable' ? 503 : 400;
    return data({ intent, result, alerts: feedback.alerts }, { status });
  }
}

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Sign in with a passcode');

function EmailStep({
  lastResult,
  redirectTo,
}: {
  lastResult: ReturnType<typeof useActionData<typeof action>>;
  redirectTo: string | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'passcode-email',
    lastResult: lastResult?.intent === 'send' ? lastResult.result : undefined,
    constraint: getZodConstraint(passcodeRequestSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    shouldDirtyConsider: (name) => name !== 'intent' && name !== 'redirectTo',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passcodeRequestSchema }),
  });
  const canSubmit = useCanSubmit(form, passcodeRequestSchema);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="send" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <EmailField meta={fields['signin-email']} autoComplete="username" />
      <SubmitButton fullWidth disabled={!canSubmit} loading={navigation.state === 'submitting'}>
        Send Passcode
      </SubmitButton>
    </Form>
  );
}

function PasscodeStep({
  email,
  lastResult,
}: {
  email: string;
  lastResult: ReturnType<typeof useActionData<typeof action>>;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'passcode-verify',
    lastResult: lastResult?.intent === 'verify' ? lastResult.result : undefined,
    constraint: getZodConstraint(passcodeVerifySchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    shouldDirtyConsider: (name) => name !== 'intent',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passcodeVerifySchema }),
  });
  const canSubmit = useCanSubmit(form, passcodeVerifySchema);
  const verifying = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'verify';
  return (
    <>
      <p className="mb-4 text-sm">
        Signing in as <strong>{email}</strong>.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-2">
        <input type="hidden" name="intent" value="verify" />
        <CodeField meta={fields['confirm-otp']} label="Passcode" />
        <SubmitButton fullWidth disabled={!canSubmit} loading={verifying}>
          Verify
        </SubmitButton>
      </Form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Form method="post" id="passcode-resend">
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" className="cursor-pointer text-primary underline">
            Send a new code
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="restart" />
          <button type="submit" className="cursor-pointer text-primary underline">
            Use a different email
          </button>
        </Form>
      </div>
    </>
  );
}

export default function PasscodeSignIn() {
  const { step, email, notices, redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const alerts = lastResult?.alerts ?? [];
  // Locked: the lock message is all there is to say (issue 18), no code form, no other notice.
  const lock = alerts.find((alert: FlowNotice) => alert.message === MESSAGES.codeLocked);
  if (lock) {
    return (
      <AuthPage title="Sign in with a passcode">
        <Notices notices={[lock]} />
        <p className="mt-8 text-center text-sm">
          <Link to="/sign-in" className="text-primary underline">
            Sign in with your password
          </Link>
        </p>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      title="Sign in with a passcode"
      intro={
        step === 'email'
          ? 'Enter your email and we’ll send you a 6-digit one-time passcode.'
          : 'Enter the 6-digit passcode we sent you.'
      }
    >
      <Notices notices={[...notices, ...alerts]}>
        {' '}
        <button type="submit" form="passcode-resend" className="cursor-pointer font-semibold underline">
          Request a new passcode
        </button>
      </Notices>
      {step === 'passcode' && email ? (
        <PasscodeStep email={email} lastResult={lastResult} />
      ) : (
        <EmailStep lastResult={lastResult} redirectTo={redirectTo} />
      )}
      <p className="mt-8 text-center text-sm">
        <Link to="/sign-in" className="text-primary underline">
          Sign in with your password
        </Link>
      </p>
    </AuthPage>
  );
}
