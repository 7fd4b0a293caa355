import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import {
  redirect,
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type AppLoadContext,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { AuthPage } from '~/components/auth/auth-page';
import { callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import {
  addNotices,
  codeFeedback,
  codeSentNotices,
  identityContext,
  toCodeFailure,
  type FlowNotice,
  readNotices,
} from '~/lib/auth.server';
import { getShopContext } from '~/lib/request-context.server';
import { MESSAGES } from '~/lib/messages';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { resetConfirmSchema } from '~/lib/shared/validation/reset-password';
import { titledMeta } from '~/lib/meta';
import { Notices } from '~/components/ui/alert-bar';
import { ResetPasswordConfirmForm } from '~/components/auth/reset-password-confirm-form';

// Reset password, step 2 (seed 000 §2.3): the code, the new password and its confirmation;
// the e-mail travels as a hidden, read-only field. The form is an island
// (components/auth/reset-password-confirm-form.tsx).

const HIDDEN_FROM_REPLY = ['password', 'password-confirm'];

async function requireReset(request: Request, loadContext: AppLoadContext) {
  const { authFlow: flow } = await getShopContext({ request, context: loadContext });
  const pending = flow.get('reset');
  if (!pending) {
    addNotices(flow, { type: 'warning', message: MESSAGES.sessionExpired });
    throw redirect('/reset-password');
  }
  return { flow, email: pending.email };
}

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const { email } = await requireReset(request, loadContext);
  const notices = readNotices(await getShopContext({ request, context: loadContext }));
  // The form's HTML constraints from the schema the action checks with (decision 088: no zod in the browser).
  return { email, notices, constraint: getZodConstraint(resetConfirmSchema) };
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const { flow, email } = await requireReset(request, loadContext);
  const form = await request.formData();
  const tenant = getTenantForRequest(request);

  if (form.get('intent') === 'resend') {
    try {
      const answer = await callApi(identityContext(request), endpoints.identity.sendPasswordReset, { json: { email } });
      addNotices(
        flow,
        ...codeSentNotices({ type: 'resent', message: MESSAGES.codeResentEmail }, answer?.data.warning ?? null),
      );
      return redirect('/reset-password/confirm');
    } catch (error) {
      const failure = toCodeFailure(error);
      const alerts: FlowNotice[] = codeFeedback(failure === 'locked' ? 'resetLimit' : failure, 'code', tenant).alerts;
      return data({ result: null, alerts }, { status: failure === 'unavailable' ? 503 : 429 });
    }
  }

  const submission = parseWithZod(form, { schema: resetConfirmSchema });
  const noAlerts: FlowNotice[] = [];
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: HIDDEN_FROM_REPLY }), alerts: noAlerts }, { status: 400 });
  }
  try {
    await callApi(identityContext(request), endpoints.identity.confirmPasswordReset, {
      json: { email, code: submission.value['confirm-reset-verification-code'], password: submission.value.password },
    });
    flow.unset('reset');
    addNotices(flow, { type: 'success', message: MESSAGES.passwordResetDone });
    return redirect('/sign-in');
  } catch (error) {
    const failure = toCodeFailure(error);
    const feedback = codeFeedback(failure, 'code', tenant);
    const result = submission.reply({
      fieldErrors: feedback.fieldError ? { 'confirm-reset-verification-code': [feedback.fieldError] } : {},
      hideFields: HIDDEN_FROM_REPLY,
    });
    return data(
      { result, alerts: feedback.alerts },
      { status: failure === 'locked' ? 423 : failure === 'unavailable' ? 503 : 400 },
    );
  }
}

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Choose a new password');

export default function ResetPasswordConfirm() {
  const { email, notices, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <AuthPage
      title="Choose a new password"
      intro={
        <>
          Enter the 6-digit code we sent to <strong>{email}</strong> and your new password.
        </>
      }
    >
      <Notices notices={[...notices, ...(lastResult?.alerts ?? [])]}>
        {' '}
        <button type="submit" form="reset-resend" className="cursor-pointer font-semibold underline">
          Request a new code
        </button>
      </Notices>
      <ResetPasswordConfirmForm email={email} lastResult={lastResult?.result} constraint={constraint} />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Form method="post" id="reset-resend">
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" className="cursor-pointer text-primary underline">
            Send a new code
          </button>
        </Form>
        <Link to="/sign-in" className="text-primary underline">
          Back to sign in
        </Link>
      </div>
    </AuthPage>
  );
}
