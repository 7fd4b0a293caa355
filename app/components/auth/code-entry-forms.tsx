import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import type { FormConstraint } from '~/lib/shared/validation/form-constraints';
import { Form, useNavigation, type useActionData } from '@remix-run/react';
import { EmailField } from '~/components/auth/contact-fields';
import { CodeField } from '~/components/auth/fields';
import { useSubmitGate } from '~/components/auth/submit-gate';
import { SubmitButton } from '~/components/ui/button';
import { CODE_PAGES, type CodeType } from '~/lib/auth/code-pages';
import type { VerifyFieldName, VerifyForm } from '~/lib/auth/code-entry';
import type { codeEntryAction } from '~/lib/auth/code-entry.server';
import type { passcodeRequestSchema } from '~/lib/shared/validation/passwordless';
import type { z } from 'zod';

// The code-entry page's forms (seed 000 §2.3): the passcode's e-mail step, and the code with a
// new code and the other way round under it. Checked by the server (decision 088): the
// browser gets the schemas' constraints and field names from the loader, never zod, and the
// server's messages beside the fields after a post, with or without JavaScript.

type ActionResult = ReturnType<typeof useActionData<typeof codeEntryAction>>;

/** A passcode's first step: the e-mail to send it to. */
export function EmailStep({
  lastResult,
  redirectTo,
  constraint,
}: {
  lastResult: ActionResult;
  redirectTo: string | null;
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof passcodeRequestSchema>>({
    id: 'passcode-email',
    lastResult: lastResult?.intent === 'send' ? lastResult.result : undefined,
    constraint,
    shouldDirtyConsider: (name) => name !== 'intent' && name !== 'redirectTo',
  });
  const canSubmit = useSubmitGate(form, null);
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
export function CodeStep({
  type,
  email,
  lastResult,
  codeForm,
}: {
  type: CodeType;
  email: string | null;
  lastResult: ActionResult;
  /** The verify form's field names and HTML constraints, from the loader. */
  codeForm: { fieldNames: VerifyForm['fieldNames']; constraint: FormConstraint };
}) {
  const definition = CODE_PAGES[type];
  const { fieldNames, constraint } = codeForm;
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
    constraint,
    shouldDirtyConsider: (name) => name !== 'intent',
  });
  const canSubmit = useSubmitGate(form, null);
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
        <Form method="post" id={`${definition.formId}-other`}>
          <input type="hidden" name="intent" value={definition.other.intent} />
          <button type="submit" className="cursor-pointer text-primary underline">
            {definition.other.label}
          </button>
        </Form>
      </div>
    </>
  );
}
