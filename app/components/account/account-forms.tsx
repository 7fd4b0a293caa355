import { getFormProps, useForm } from '@conform-to/react';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useMemo } from 'react';
import { EmailField, NameFields, PhoneField } from '~/components/auth/contact-fields';
import { CodeField } from '~/components/auth/fields';
import { SOCIAL_PROVIDER_NAMES } from '~/components/auth/auth-page';
import { useSubmitGate } from '~/components/auth/submit-gate';
import { Notices } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/choice';
import { Field } from '~/components/ui/field';
import { useLazyValidation } from '~/components/ui/lazy-validation';
import { onDemandChecks, useOnDemandEvents } from '~/components/ui/on-demand-form';
import { MESSAGES, fillMessage } from '~/lib/messages';
import {
  EMAIL_CHANGE_CONFIRM_CONSTRAINT,
  EMAIL_CHANGE_CONSTRAINT,
  PROFILE_CONSTRAINT,
} from '~/lib/shared/validation/form-constraints';
import { FIELD_LIMITS, PLACEHOLDERS } from '~/lib/shared/validation/messages';
// eslint-disable-next-line no-restricted-imports -- types only: this is the route's own form, in a module of its own for its chunk (decision 049)
import type { action, loader } from '~/routes/account+/_index';

// The profile page's forms (routes/account+/_index.tsx): an island hydrated on the shopper's
// first interaction with one of them (decision 049), so conform and the kit's fields are not in
// the page's first JavaScript. Before, they are the server's forms: the browser's constraints, a
// normal post, the server's errors.

// Each form's checks on blur (zod, the schemas, and for the profile the phone metadata) load on
// that form's first focus; until then the browser's constraints gate its button and the server
// checks the post, as without JavaScript (decision 043).

function loadProfileValidation() {
  return import('~/components/account/profile-validation').then((module) => module.validateProfile);
}

function loadEmailChangeValidation() {
  return import('~/components/account/email-validation').then((module) => module.validateEmailChange);
}

function loadEmailChangeConfirmValidation() {
  return import('~/components/account/email-validation').then((module) => module.validateEmailChangeConfirm);
}

function useIntentResult(intent: string) {
  const actionData = useActionData<typeof action>();
  return actionData?.intent === intent ? actionData : undefined;
}

function ProfileForm() {
  const { profile, marketing } = useLoaderData<typeof loader>();
  const answer = useIntentResult('profile');
  const navigation = useNavigation();
  const { validate, prepare } = useLazyValidation(loadProfileValidation);
  const [form, fields] = useForm({
    id: 'profile',
    lastResult: answer?.result,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phoneNumber: profile.phone ?? '',
      isSubscribedToMarketing: profile.marketingEmail ? 'on' : undefined,
      subscribedToMarketingSMS: profile.marketingSms ? 'on' : undefined,
    },
    constraint: PROFILE_CONSTRAINT,
    ...onDemandChecks(validate),
    shouldDirtyConsider: (name) => name !== 'intent',
  });
  const canSubmit = useSubmitGate(form, validate);
  const formEvents = useOnDemandEvents(form, validate !== null, prepare);
  return (
    <section aria-labelledby="profile-title" className="mb-10">
      <h2 id="profile-title" className="mb-4 text-xl font-semibold">
        Profile
      </h2>
      <Notices notices={answer?.alerts} />
      <Form method="post" {...getFormProps(form)} {...formEvents} className="space-y-2">
        <input type="hidden" name="intent" value="profile" />
        <NameFields firstName={fields.firstName} lastName={fields.lastName} />
        <PhoneField meta={fields.phoneNumber} />
        {marketing.email || marketing.sms ? (
          <fieldset className="space-y-2 py-2">
            <legend className="mb-1 text-sm font-medium">Marketing</legend>
            {marketing.email ? (
              <Checkbox meta={fields.isSubscribedToMarketing}>Email me offers, news and vehicle updates.</Checkbox>
            ) : null}
            {marketing.sms ? (
              <Checkbox meta={fields.subscribedToMarketingSMS}>Text me offers, news and vehicle updates.</Checkbox>
            ) : null}
          </fieldset>
        ) : null}
        <div className="max-w-xs pt-2">
          <SubmitButton
            fullWidth
            disabled={!canSubmit}
            loading={navigation.state === 'submitting' && navigation.formData?.get('intent') === 'profile'}
          >
            Save Profile
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const answer = useIntentResult('email-change');
  const navigation = useNavigation();
  const { validate: validateFor, prepare } = useLazyValidation(loadEmailChangeValidation);
  // The check compares with the current e-mail, so it is bound to it once loaded.
  const validate = useMemo(
    () => (validateFor ? (formData: FormData) => validateFor(currentEmail, formData) : null),
    [validateFor, currentEmail],
  );
  const [form, fields] = useForm({
    id: 'email-change',
    lastResult: answer?.result,
    constraint: EMAIL_CHANGE_CONSTRAINT,
    ...onDemandChecks(validate),
    shouldDirtyConsider: (name) => name !== 'intent',
  });
  const canSubmit = useSubmitGate(form, validate);
  const formEvents = useOnDemandEvents(form, validate !== null, prepare);
  return (
    <>
      <Notices notices={answer?.alerts} />
      <Form method="post" {...getFormProps(form)} {...formEvents} className="space-y-2">
        <input type="hidden" name="intent" value="email-change" />
        <EmailField meta={fields.email} label="New email" autoComplete="email" />
        <Field
          meta={fields['email-confirm']}
          label="Confirm new email"
          type="email"
          maxLength={FIELD_LIMITS.emailMax}
          placeholder={PLACEHOLDERS.emailConfirm}
          autoComplete="off"
        />
        <div className="max-w-xs pt-2">
          <SubmitButton
            fullWidth
            disabled={!canSubmit}
            loading={navigation.state === 'submitting' && navigation.formData?.get('intent') === 'email-change'}
          >
            Change Email
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}

function EmailChangeConfirmForm({ pendingEmail }: { pendingEmail: string }) {
  const answer = useIntentResult('email-change-confirm');
  const navigation = useNavigation();
  const { validate, prepare } = useLazyValidation(loadEmailChangeConfirmValidation);
  const [form, fields] = useForm({
    id: 'email-change-confirm',
    lastResult: answer?.result,
    constraint: EMAIL_CHANGE_CONFIRM_CONSTRAINT,
    ...onDemandChecks(validate),
    shouldDirtyConsider: (name) => name !== 'intent',
  });
  const canSubmit = useSubmitGate(form, validate);
  const formEvents = useOnDemandEvents(form, validate !== null, prepare);
  return (
    <>
      <p className="mb-3 text-sm">
        Enter the 6-digit code we sent to <strong>{pendingEmail}</strong> to finish the change.
      </p>
      <Notices notices={answer?.alerts} />
      <Form method="post" {...getFormProps(form)} {...formEvents} className="space-y-2">
        <input type="hidden" name="intent" value="email-change-confirm" />
        <CodeField meta={fields['email-change-code']} label="Confirmation code" />
        <div className="max-w-xs pt-2">
          <SubmitButton
            fullWidth
            disabled={!canSubmit}
            loading={navigation.state === 'submitting' && navigation.formData?.get('intent') === 'email-change-confirm'}
          >
            Confirm New Email
          </SubmitButton>
        </div>
      </Form>
      <Form method="post" className="mt-3 text-sm">
        <input type="hidden" name="intent" value="email-change-cancel" />
        <button type="submit" className="cursor-pointer text-primary underline">
          Keep my current email
        </button>
      </Form>
    </>
  );
}

export function AccountForms() {
  const { profile, notices } = useLoaderData<typeof loader>();
  // A passwordless account that no social provider manages (a passcode sign-in) changes its e-mail here.
  const socialOnly = !profile.hasPassword && profile.socialProviders.length > 0;
  const providers = profile.socialProviders.map((provider) => SOCIAL_PROVIDER_NAMES[provider]).join(' or ');
  return (
    <>
      <Notices notices={notices} />
      <ProfileForm />
      <section aria-labelledby="email-title">
        <h2 id="email-title" className="mb-2 text-xl font-semibold">
          Email
        </h2>
        <p className="mb-4">
          Your email is <strong data-testid="current-email">{profile.email}</strong>.
        </p>
        {socialOnly ? (
          <p className="text-sm">{fillMessage(MESSAGES.socialManagesEmail, { provider: providers })}</p>
        ) : profile.pendingEmail ? (
          <EmailChangeConfirmForm pendingEmail={profile.pendingEmail} />
        ) : (
          <EmailChangeForm currentEmail={profile.email} />
        )}
      </section>
    </>
  );
}
