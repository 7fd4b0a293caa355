import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, useNavigation, type useActionData } from '@remix-run/react';
import { CodeField, EmailField } from '~/components/auth/fields';
import { useCanSubmit } from '~/components/auth/form-gate';
import { SubmitButton } from '~/components/ui/button';
import { CODE_TYPES, type CodeType, type VerifyFieldName } from '~/lib/auth/code-entry';
import type { codeEntryAction } from '~/lib/auth/code-entry.server';
import { passcodeRequestSchema } from '~/lib/shared/validation/passwordless';

// The code-entry page's forms (seed 000 §2.3): the passcode's e-mail step, and the code with a
// new code and the other way round under it. Islands of components/auth/code-entry-page.tsx
// hydrated on the shopper's first interaction with one of their forms (decision 055, as 049), so
// conform, zod and the kit's fields are not in the page's first JavaScript. Before, they are the
// server's forms: the browser's constraints, a normal post, the server's errors.

type ActionResult = ReturnType<typeof useActionData<typeof codeEntryAction>>;

/** A passcode's first step: the e-mail to send it to. */
export function EmailStep({ lastResult, redirectTo }: { lastResult: ActionResult; redirectTo: string | null }) {
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
export function CodeStep({
  type,
  email,
  lastResult,
}: {
  type: CodeType;
  email: string | null;
  lastResult: ActionResult;
}) {
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
