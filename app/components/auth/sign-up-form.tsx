import { getFormProps, useForm } from '@conform-to/react';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEmailCheck } from '~/components/auth/email-check';
import { EmailField, NameFields, PhoneField } from '~/components/auth/contact-fields';
import { PasswordConfirmField, PasswordField } from '~/components/auth/fields';
import { useSubmitGate } from '~/components/auth/submit-gate';
import { AlertBar } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/choice';
import { useLazyValidation } from '~/components/ui/lazy-validation';
import { onDemandChecks, useOnDemandEvents } from '~/components/ui/on-demand-form';
import { MESSAGES } from '~/lib/messages';
import { SIGN_UP_CONSTRAINT } from '~/lib/shared/validation/form-constraints';
// eslint-disable-next-line no-restricted-imports -- types only: this is the route's own form, in a module of its own for its chunk (decision 049)
import type { action, loader } from '~/routes/_auth+/sign-up';

// The sign-up form and its error bar: an island of /sign-up hydrated on the shopper's first
// interaction with the form (decision 049), so conform and the kit's fields are not in the page's
// first JavaScript. Before, it is the server's form: the browser's constraints, a normal post,
// the server's errors under the fields.

function loadSignUpChecks() {
  return import('~/components/auth/sign-up-validation');
}

export function SignUpForm() {
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
        <NameFields
          firstName={fields.firstName}
          lastName={fields.lastName}
          className={socialLogin ? 'grid gap-x-4 sm:grid-cols-2' : 'space-y-2'}
          testId="name-fields"
        />
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
