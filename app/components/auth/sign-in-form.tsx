import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useEffect } from 'react';
import { EmailField } from '~/components/auth/contact-fields';
import { PasswordField } from '~/components/auth/fields';
import { useSubmitGate } from '~/components/auth/submit-gate';
import { AlertBar } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';
import { MESSAGES } from '~/lib/messages';
import { SIGN_IN_CONSTRAINT } from '~/lib/shared/validation/form-constraints';
import type { signInSchema } from '~/lib/shared/validation/sign-in';
import type { z } from 'zod';

// The sign-in form and its error bar (routes/_auth+/sign-in.tsx), checked by the server (decision
// 088): the browser's constraints gate the button, the post goes to the action, and its messages
// come back beside the fields, with or without JavaScript. No zod in the browser.

export function SignInForm({
  lastResult,
  redirectTo,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  redirectTo: string | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof signInSchema>>({
    id: 'sign-in',
    lastResult,
    constraint: SIGN_IN_CONSTRAINT,
    shouldDirtyConsider: (name) => name !== 'redirectTo',
  });
  const canSubmit = useSubmitGate(form, null);
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
      <Form method="post" {...getFormProps(form)} className="space-y-2">
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
