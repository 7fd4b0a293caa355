import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthPage } from '~/components/auth/auth-page';
import { AlertBar } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { ApiError, callApi } from '~/lib/api.server';
import { DESK_ERRORS } from '~/lib/contract/desk';
import { endpoints } from '~/lib/contract/endpoints';
import { deskSignInFormSchema, formErrors } from '~/lib/desk/forms';
import { deskMeta } from '~/lib/desk/meta';
import { commitDeskSession, deskApiContext, getDeskSession, signedInHere } from '~/lib/desk/session.server';

// The desk's sign-in, step 1 of 2 (issue 33 point 1): e-mail and password, then the code page.

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getDeskSession(request);
  if (signedInHere(request, session)) throw redirect('/desk');
  const notice = session.get('notice') ?? null;
  return data({ notice }, { headers: { 'set-cookie': await commitDeskSession(request, session) } });
}

type SignInResult = { email: string; errors: Partial<Record<'email' | 'password', string>>; formError: string | null };

function answer(result: SignInResult, status: number) {
  return data(result, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '');
  const parsed = deskSignInFormSchema.safeParse({ email, password: form.get('password') ?? '' });
  if (!parsed.success) return answer({ email, errors: formErrors(parsed.error), formError: null }, 400);
  const session = await getDeskSession(request);
  try {
    const challenge = await callApi(deskApiContext(request, null), endpoints.desk.signIn, { json: parsed.data });
    if (!challenge) return answer({ email, errors: {}, formError: null }, 499);
    session.unset('token');
    session.set('challenge', challenge.data.challenge);
    session.set('challengeEmail', parsed.data.email.toLowerCase());
    return redirect('/desk/sign-in/code', { headers: { 'set-cookie': await commitDeskSession(request, session) } });
  } catch (error) {
    // A 400 is input the API could not read (a control character in the password, say): to the
    // person signing in it is a wrong e-mail or password, never a server error.
    if (!(error instanceof ApiError) || ![400, 401, 423].includes(error.status)) throw error;
    const formError =
      error.code === DESK_ERRORS.locked
        ? 'Too many wrong passwords: this account is locked for 15 minutes.'
        : 'E-mail or password is incorrect.';
    return answer({ email, errors: {}, formError }, error.status);
  }
}

export const meta: MetaFunction = ({ matches }) => deskMeta(matches, 'Sign in');

export default function DeskSignIn() {
  const { notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <AuthPage
      title="Sign in to the desk"
      intro={<p>For the dealership’s staff. Shoppers sign in on the shop’s own page.</p>}
    >
      {notice ? <AlertBar type={notice.type}>{notice.message}</AlertBar> : null}
      {result?.formError ? (
        <AlertBar type="error" testId="desk-sign-in-error">
          {result.formError}
        </AlertBar>
      ) : null}
      <Form method="post" className="space-y-4" id="desk-sign-in">
        <Field
          id="desk-email"
          name="email"
          type="email"
          label="E-mail"
          autoComplete="username"
          defaultValue={result?.email}
          errors={result?.errors.email ? [result.errors.email] : undefined}
        />
        <Field
          id="desk-password"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          errors={result?.errors.password ? [result.errors.password] : undefined}
        />
        <SubmitButton loading={busy} fullWidth>
          Continue
        </SubmitButton>
      </Form>
    </AuthPage>
  );
}
