import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, useNavigation } from '@remix-run/react';
import { CodeField, PasswordConfirmField, PasswordField } from '~/components/auth/fields';
import { useCanSubmit } from '~/components/auth/form-gate';
import { SubmitButton } from '~/components/ui/button';
import { resetConfirmSchema } from '~/lib/shared/validation/reset-password';

// The password reset's second step (seed 000 §2.3): the code, the new password and its
// confirmation; the e-mail travels as a hidden, read-only field. An island of
// /reset-password/confirm hydrated on the shopper's first interaction with the form (decision
// 055, as 049), so conform, zod and the kit's fields are not in the page's first JavaScript.
// Before, it is the server's form: the browser's constraints, a normal post, the server's errors.

export function ResetPasswordConfirmForm({
  email,
  lastResult,
}: {
  email: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'reset-password-confirm',
    lastResult,
    defaultValue: { 'confirm-reset-email': email },
    constraint: getZodConstraint(resetConfirmSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    shouldDirtyConsider: (name) => name !== 'intent',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetConfirmSchema }),
  });
  const canSubmit = useCanSubmit(form, resetConfirmSchema);
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
