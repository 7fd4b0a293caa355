import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import type { FormConstraint } from '~/lib/shared/validation/form-constraints';
import type { z } from 'zod';
import type { resetRequestSchema } from '~/lib/shared/validation/reset-password';
import { Form, useNavigation } from '@remix-run/react';
import { EmailField } from '~/components/auth/contact-fields';
import { useSubmitGate } from '~/components/auth/submit-gate';
import { AlertBar } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';

// The password reset request and its error bar: checked by the server (decision
// 088): the browser gets the schema's constraints from the loader, never zod, and the server's
// messages after a post, with or without JavaScript.

export function ResetPasswordForm({
  lastResult,
  constraint,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof resetRequestSchema>>({
    id: 'reset-password',
    lastResult,
    constraint,
  });
  const canSubmit = useSubmitGate(form, null);
  return (
    <>
      {form.errors?.[0] ? (
        <AlertBar type="internalError" id={form.errorId}>
          {form.errors[0]}
        </AlertBar>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-2">
        <EmailField meta={fields.reset_email} autoComplete="username" />
        <SubmitButton fullWidth disabled={!canSubmit} loading={navigation.state === 'submitting'}>
          Send Code
        </SubmitButton>
      </Form>
    </>
  );
}
