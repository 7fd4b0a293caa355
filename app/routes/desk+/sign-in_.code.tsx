import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthPage } from '~/components/auth/auth-page';
import { SubmitButton } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { ApiError, callApi } from '~/lib/api.server';
import { DESK_ERRORS } from '~/lib/contract/desk';
import { endpoints } from '~/lib/contract/endpoints';
import { deskCodeFormSchema, formErrors } from '~/lib/desk/forms';
import { deskMeta } from '~/lib/desk/meta';
import { commitDeskSession, deskApiContext, getDeskSession, signedInHere } from '~/lib/desk/session.server';

// The desk's sign-in, step 2 of 2 (issue 33 point 1): the authenticator app's code, or a
// recovery code. Without the password step's challenge this page sends back to step 1.

const CODE_ERRORS: Record<string, string> = {
  [DESK_ERRORS.wrongCode]: 'That code is not right. Check the time on your phone and try the newest code.',
  [DESK_ERRORS.wrongCodeLastTry]: 'That code is not right. One more wrong code locks the sign-in for 30 minutes.',
  [DESK_ERRORS.codeLocked]: 'Too many wrong codes: the sign-in is locked for 30 minutes.',
};

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getDeskSession(request);
  if (signedInHere(request, session)) throw redirect('/desk');
  const email = session.get('challengeEmail');
  if (!session.get('challenge') || !email) throw redirect('/desk/sign-in');
  return { email };
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await getDeskSession(request);
  const challenge = session.get('challenge');
  if (!challenge) return redirect('/desk/sign-in');
  const form = await request.formData();
  const parsed = deskCodeFormSchema.safeParse({ code: form.get('code') ?? '' });
  if (!parsed.success) return data({ error: formErrors(parsed.error).code ?? null }, { status: 400 });
  try {
    const context = deskApiContext(request, null);
    const answer = await callApi(context, endpoints.desk.signInCode, {
      json: { challenge, code: parsed.data.code },
    });
    if (!answer) return data({ error: null }, { status: 499 });
    session.unset('challenge');
    session.unset('challengeEmail');
    session.set('token', answer.data.token);
    session.set('staff', answer.data.staff);
    session.set('tenantId', context.tenantId);
    if (answer.data.usedRecoveryCode)
      session.flash('notice', {
        type: answer.data.recoveryCodesLeft > 2 ? 'info' : 'warning',
        message: `You signed in with a recovery code; ${answer.data.recoveryCodesLeft} are left. Ask an admin for new ones when you run low.`,
      });
    return redirect('/desk', { headers: { 'set-cookie': await commitDeskSession(request, session) } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 410) {
      session.unset('challenge');
      session.flash('notice', { type: 'warning', message: 'The sign-in took too long: enter your password again.' });
      return redirect('/desk/sign-in', { headers: { 'set-cookie': await commitDeskSession(request, session) } });
    }
    // A 400 the list does not name is a code the API could not read: a wrong code to the person.
    const message = CODE_ERRORS[error.code] ?? (error.status === 400 ? CODE_ERRORS[DESK_ERRORS.wrongCode] : undefined);
    if (!message) throw error;
    return data({ error: message }, { status: error.status });
  }
}

export const meta: MetaFunction = ({ matches }) => deskMeta(matches, 'Enter your code');

export default function DeskSignInCode() {
  const { email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <AuthPage
      title="Enter your code"
      intro={
        <p>
          Signing in as <strong>{email}</strong>. Open your authenticator app and enter the 6-digit code for the desk,
          or one of your recovery codes.
        </p>
      }
    >
      <Form method="post" className="space-y-4" id="desk-sign-in-code">
        <Field
          id="desk-code"
          name="code"
          label="Code"
          autoComplete="one-time-code"
          inputMode="text"
          maxLength={40}
          errors={result?.error ? [result.error] : undefined}
        />
        <SubmitButton loading={busy} fullWidth>
          Sign in
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/desk/sign-in" className="text-primary underline">
          Start again with the password
        </Link>
      </p>
    </AuthPage>
  );
}
