import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import type { FormConstraint } from '~/lib/shared/validation/form-constraints';
import type { z } from 'zod';
import type { resetConfirmSchema } from '~/lib/shared/validation/reset-password';
import { Form, useNavigation } from '@remix-run/react';
import { CodeField, PasswordConfirmField, PasswordField } from '~/components/auth/fields';
import { useSubmitGate } from '~/components/auth/submit-gate';
import { SubmitButton } from '~/components/ui/button';

// The password reset's second step (seed 000 §2.3): the code, the new password and its
// confirmation; the e-mail travels as a hidden, read-only field. Checked by
// the server (decision 088): the browser gets the schema's constraints from the loader, never
// zod, and the server's messages after a post, with or without JavaScript.

export function ResetPasswordConfirmForm({
  email,
  lastResult,
  constraint,
}: {
  email: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof resetConfirmSchema>>({
    id: 'reset-password-confirm',
    lastResult,
    defaultValue: { 'confirm-reset-email': email },
    constraint,
    shouldDirtyConsider: (name) => name !== 'intent',
  });
  const canSubmit = useSubmitGate(form, null);
  const { key: emailKey, ...emailProps } = getInputProps(fields['confirm-reset-email'], { type: 'hidden' });
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'verify';
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="verify" />
      <input key={emailKey} {...emailProps} readOnly />
      <CodeField meta={fields['confirm-reset-verification-code']} label="Verification code" />
      <PasswordField meta={fields.password} label="New password" autoComplete="new-password" rules />
      <PasswordConfirmField
        meta={fields['password-confirm']}
        password={fields.password.value}
        label="Confirm new password"
      />
      <SubmitButton fullWidth disabled={!canSubmit} loading={saving}>
        Reset Password
      </SubmitButton>
    </Form>
  );
}
