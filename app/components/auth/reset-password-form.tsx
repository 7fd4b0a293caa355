import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, useNavigation } from '@remix-run/react';
import { EmailField } from '~/components/auth/fields';
import { useCanSubmit } from '~/components/auth/form-gate';
import { AlertBar } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';
import { resetRequestSchema } from '~/lib/shared/validation/reset-password';

// The password reset request and its error bar: an island of /reset-password hydrated on the
// shopper's first interaction with the form (decision 049), so conform, zod and the kit's field
// are not in the page's first JavaScript. Before, it is the server's form: the browser's
// constraints, a normal post, the server's errors.

export function ResetPasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult,
    constraint: getZodConstraint(resetRequestSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
  });
  const canSubmit = useCanSubmit(form, resetRequestSchema);
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
