import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useEffect } from 'react';
import { EmailField, PasswordField } from '~/components/auth/fields';
import { useSubmitGate } from '~/components/auth/submit-gate';
import { AlertBar } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';
import { useLazyValidation } from '~/components/ui/lazy-validation';
import { onDemandChecks, useOnDemandEvents } from '~/components/ui/on-demand-form';
import { MESSAGES } from '~/lib/messages';
import { SIGN_IN_CONSTRAINT } from '~/lib/shared/validation/form-constraints';

// The sign-in form and its error bar: an island hydrated on the shopper's first interaction with
// the form (routes/_auth+/sign-in.tsx, decision 049), so conform and the kit's fields are not in
// the page's first JavaScript. Before, it is the server's form: the browser's constraints, a
// normal post, the server's errors.

function loadSignInValidation() {
  return import('~/components/auth/sign-in-validation').then((module) => module.validateSignIn);
}

export function SignInForm({
  lastResult,
  redirectTo,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  redirectTo: string | null;
}) {
  const navigation = useNavigation();
  // The checks on blur (zod and the schema) come with the form's first focus; until then the
  // browser's constraints gate the button and the server checks the post (decision 043).
  const { validate, prepare } = useLazyValidation(loadSignInValidation);
  const [form, fields] = useForm({
    id: 'sign-in',
    lastResult,
    constraint: SIGN_IN_CONSTRAINT,
    ...onDemandChecks(validate),
    shouldDirtyConsider: (name) => name !== 'redirectTo',
  });
  const canSubmit = useSubmitGate(form, validate);
  const formEvents = useOnDemandEvents(form, validate !== null, prepare);
  // A refused password is never left in the field (issue 18): the server's reply leaves it out,
  // and with JavaScript the field the shopper typed into is emptied too.
  // (Straight on the input: conform's update would validate and drop the form's message.)
  const passwordId = fields['signin-password'].id;
  useEffect(() => {
    if (lastResult?.status !== 'error') return;
    const input = document.getElementById(passwordId);
    if (input instanceof HTMLInputElement) input.value = '';
  }, [lastResult, passwordId]);
  const submitting = navigation.state === 'submitting' && navigation.formAction?.startsWith('/sign-in') === true;
  const formError = form.errors?.[0];
  return (
    <>
      {formError ? (
        <AlertBar
          type={
            formError === MESSAGES.signInIncorrect || formError === MESSAGES.accountLocked ? 'error' : 'internalError'
          }
          id={form.errorId}
        >
          {formError}
          {formError === MESSAGES.accountLocked ? (
            <>
              {' '}
              <Link to="/reset-password" className="font-semibold underline">
                Reset password
              </Link>
            </>
          ) : null}
        </AlertBar>
      ) : null}
      <Form method="post" {...getFormProps(form)} {...formEvents} className="space-y-2">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <EmailField meta={fields['signin-email']} autoComplete="username" />
        <PasswordField meta={fields['signin-password']} autoComplete="current-password" />
        <p className="-mt-1 mb-3 text-right text-sm">
          <Link to="/reset-password" className="text-primary underline">
            Forgot password?
          </Link>
        </p>
        <SubmitButton fullWidth disabled={!canSubmit} loading={submitting}>
          Sign In
        </SubmitButton>
      </Form>
    </>
  );
}
