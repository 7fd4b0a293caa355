import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthPage } from '~/components/auth/auth-page';
import { CodeField, EmailField } from '~/components/auth/fields';
import { useCanSubmit } from '~/components/auth/form-gate';
import { Notices } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';
import { CODE_TYPES, type CodeType, type VerifyFieldName } from '~/lib/auth/code-entry';
import type { codeEntryAction, codeEntryLoader } from '~/lib/auth/code-entry.server';
import { MESSAGES } from '~/lib/messages';
import type { FlowNotice } from '~/lib/auth.server';
import { passcodeRequestSchema } from '~/lib/shared/validation/passwordless';

// The code-entry page (seed 000 §2.3) for every code type (lib/auth/code-entry.ts): the code
// form, a new code, the other channel (or another e-mail), and for a passcode the e-mail step
// before it and the lock page after too many wrong tries.

type LoaderData = Awaited<ReturnType<typeof codeEntryLoader>>;
type ActionResult = ReturnType<typeof useActionData<typeof codeEntryAction>>;

function intro(data: LoaderData): string {
  switch (data.type) {
    case 'account-email':
      return 'Enter the 6-digit code we emailed you. It expires in 10 minutes.';
    case 'account-sms':
      return data.phoneLast4
        ? `Enter the 6-digit code we texted to the phone number ending in ${data.phoneLast4}.`
        : 'Enter the 6-digit code we texted to the phone number on your account.';
    case 'sign-in-passcode':
      return data.step === 'email'
        ? 'Enter your email and we’ll send you a 6-digit one-time passcode.'
        : 'Enter the 6-digit passcode we sent you.';
  }
}

function SignInWithPassword() {
  return (
    <p className="mt-8 text-center text-sm">
      <Link to="/sign-in" className="text-primary underline">
        Sign in with your password
      </Link>
    </p>
  );
}

/** A passcode's first step: the e-mail to send it to. */
function EmailStep({ lastResult, redirectTo }: { lastResult: ActionResult; redirectTo: string | null }) {
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

/** The code, then a new code and the other way round under it. */
function CodeStep({ type, email, lastResult }: { type: CodeType; email: string | null; lastResult: ActionResult }) {
  const definition = CODE_TYPES[type];
  const { schema, fieldNames } = definition.verify;
  const navigation = useNavigation();
  const result: SubmissionResult<string[]> | null | undefined =
    lastResult?.intent === 'send' ? undefined : lastResult?.result;
  const [form, fields] = useForm<{ [Name in VerifyFieldName]?: string }, unknown>({
    id: definition.formId,
    lastResult: result,
    defaultValue:
      fieldNames.email && fieldNames.emptyPassword
        ? { [fieldNames.email]: email, [fieldNames.emptyPassword]: '' }
        : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    shouldDirtyConsider: (name) => name !== 'intent',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const canSubmit = useCanSubmit(form, schema);
  const verifying = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'verify';
  return (
    <>
      {type === 'sign-in-passcode' ? (
        <p className="mb-4 text-sm">
          Signing in as <strong>{email}</strong>.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-2">
        <input type="hidden" name="intent" value="verify" />
        {fieldNames.email ? <EmailField meta={fields[fieldNames.email]} readOnly autoComplete="username" /> : null}
        {fieldNames.emptyPassword ? (
          <input type="hidden" name={fields[fieldNames.emptyPassword].name} value="" />
        ) : null}
        <CodeField meta={fields[fieldNames.code]} label={definition.codeLabel} />
        <SubmitButton fullWidth disabled={!canSubmit} loading={verifying}>
          {definition.submitLabel}
        </SubmitButton>
      </Form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Form method="post" id={definition.resendFormId}>
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" className="cursor-pointer text-primary underline">
            Send a new code
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value={definition.other.intent} />
          <button type="submit" className="cursor-pointer text-primary underline">
            {definition.other.label}
          </button>
        </Form>
      </div>
    </>
  );
}

/** The page of a route that serves one code type (the route passes the type to the loader and action). */
export function CodeEntryPage() {
  const data = useLoaderData<typeof codeEntryLoader>();
  const lastResult = useActionData<typeof codeEntryAction>();
  const definition = CODE_TYPES[data.type];
  const passcode = data.type === 'sign-in-passcode';
  const alerts = lastResult?.alerts ?? [];
  // A locked passcode: the lock message is all there is to say (issue 18), no form, no other notice.
  const lock = passcode ? alerts.find((alert: FlowNotice) => alert.message === MESSAGES.codeLocked) : undefined;
  if (lock) {
    return (
      <AuthPage title={definition.title}>
        <Notices notices={[lock]} />
        <SignInWithPassword />
      </AuthPage>
    );
  }
  return (
    <AuthPage title={definition.title} intro={intro(data)}>
      <Notices notices={[...data.notices, ...alerts]}>
        {' '}
        <button type="submit" form={definition.resendFormId} className="cursor-pointer font-semibold underline">
          {definition.requestNewLabel}
        </button>
      </Notices>
      {data.step === 'code' ? (
        <CodeStep type={data.type} email={data.email} lastResult={lastResult} />
      ) : (
        <EmailStep lastResult={lastResult} redirectTo={data.redirectTo} />
      )}
      {passcode ? <SignInWithPassword /> : null}
    </AuthPage>
  );
}
