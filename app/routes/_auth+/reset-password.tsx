import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { redirect, data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { AuthPage } from '~/components/auth/auth-page';
import { callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import { addNotices, codeSentNotices, identityContext, toCodeFailure, readNotices } from '~/lib/auth.server';
import { getShopContext } from '~/lib/request-context.server';
import { MESSAGES, fillMessage } from '~/lib/messages';
import { fillTenantText } from '~/lib/shared/tenant/text';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { resetRequestSchema } from '~/lib/shared/validation/reset-password';
import { titledMeta } from '~/lib/meta';
import { Notices } from '~/components/ui/alert-bar';
import { ResetPasswordForm } from '~/components/auth/reset-password-form';

// Reset password, step 1 (seed 000 §2.3): the e-mail. The answer is the same whether or not
// it has an account; three requests an hour, then an hour's wait (seed 002 §8).

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const notices = readNotices(await getShopContext({ request, context: loadContext }));
  // The form's HTML constraints from the schema the action checks with (decision 088: no zod in the browser).
  return { notices, constraint: getZodConstraint(resetRequestSchema) };
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: resetRequestSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const email = submission.value.reset_email.toLowerCase();
  try {
    const answer = await callApi(identityContext(request), endpoints.identity.sendPasswordReset, { json: { email } });
    const { authFlow: flow } = await getShopContext({ request, context: loadContext });
    flow.set('reset', { email });
    addNotices(
      flow,
      ...codeSentNotices(
        { type: 'success', message: fillMessage(MESSAGES.resetCodeSent, { email }) },
        answer?.data.warning ?? null,
      ),
    );
    return redirect('/reset-password/confirm');
  } catch (error) {
    const failure = toCodeFailure(error);
    if (failure === 'resetLimit' || failure === 'locked') {
      return data(submission.reply({ fieldErrors: { reset_email: [MESSAGES.resetLimit] } }), { status: 429 });
    }
    return data(
      submission.reply({ formErrors: [fillTenantText(MESSAGES.internalError, getTenantForRequest(request))] }),
      { status: 503 },
    );
  }
}

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Reset your password');

export default function ResetPassword() {
  const { notices, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <AuthPage
      title="Reset your password"
      intro="Enter the email of your account and we’ll send you a 6-digit code to set a new password."
    >
      <Notices notices={notices} />
      <ResetPasswordForm lastResult={lastResult} constraint={constraint} />
      <p className="mt-8 text-center text-sm">
        <Link to="/sign-in" className="text-primary underline">
          Back to sign in
        </Link>
      </p>
    </AuthPage>
  );
}
