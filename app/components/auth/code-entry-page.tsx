import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { AuthPage } from '~/components/auth/auth-page';
import { Notices } from '~/components/ui/alert-bar';
import { CODE_PAGES } from '~/lib/auth/code-pages';
import type { codeEntryAction, codeEntryLoader } from '~/lib/auth/code-entry.server';
import { MESSAGES } from '~/lib/messages';
import type { FlowNotice } from '~/lib/auth.server';
import { CodeStep, EmailStep } from '~/components/auth/code-entry-forms';

// The code-entry page (seed 000 §2.3) for every code type (lib/auth/code-entry.ts): the code
// form, a new code, the other channel (or another e-mail), and for a passcode the e-mail step
// before it and the lock page after too many wrong tries. The forms are islands
// (./code-entry-forms.tsx).

type LoaderData = Awaited<ReturnType<typeof codeEntryLoader>>;

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

/** The page of a route that serves one code type (the route passes the type to the loader and action). */
export function CodeEntryPage() {
  const data = useLoaderData<typeof codeEntryLoader>();
  const lastResult = useActionData<typeof codeEntryAction>();
  const definition = CODE_PAGES[data.type];
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
        <CodeStep type={data.type} email={data.email} lastResult={lastResult} codeForm={data.codeForm} />
      ) : (
        <EmailStep lastResult={lastResult} redirectTo={data.redirectTo} constraint={data.emailConstraint} />
      )}
      {passcode ? <SignInWithPassword /> : null}
    </AuthPage>
  );
}
