import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthPage } from '~/components/auth/auth-page';
import { CodeField, EmailField } from '~/components/auth/fields';
import { useCanSubmit } from '~/components/auth/form-gate';
import { confirmAccountSchema } from '~/lib/shared/validation/confirm-account';
import { confirmationAction, confirmationLoader } from './confirm-account.server';
import { titledMeta } from '~/lib/meta';
import { Notices } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';

// Confirm sign-up by e-mail code (seed 000 §2.3): the e-mail (read-only), the hidden
// password field and the code. A right code confirms the account and signs the shopper in.

export const loader = (args: LoaderFunctionArgs) => confirmationLoader(args.request, args.context);

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  return confirmationAction(request, loadContext, 'email');
}

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Confirm your account');

export default function ConfirmAccount() {
  const { email, notices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'confirm-account',
    lastResult: lastResult?.result,
    defaultValue: { 'confirm-account-email': email, 'confirm-account-password': '' },
    constraint: getZodConstraint(confirmAccountSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    shouldDirtyConsider: (name) => name !== 'intent',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmAccountSchema }),
  });
  const canSubmit = useCanSubmit(form, confirmAccountSchema);
  const verifying = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'verify';
  return (
    <AuthPage
      title="Confirm your account"
      intro={<>Enter the 6-digit code we emailed you. It expires in 10 minutes.</>}
    >
      <Notices notices={[...notices, ...(lastResult?.alerts ?? [])]}>
        {' '}
        <button type="submit" form="confirm-resend" className="cursor-pointer font-semibold underline">
          Request a new code
        </button>
      </Notices>
      <Form method="post" {...getFormProps(form)} className="space-y-2">
        <input type="hidden" name="intent" value="verify" />
        <EmailField meta={fields['confirm-account-email']} readOnly autoComplete="username" />
        <input type="hidden" name={fields['confirm-account-password'].name} value="" />
        <CodeField meta={fields['confirm-account-confirmation-code']} label="Confirmation code" />
        <SubmitButton fullWidth disabled={!canSubmit} loading={verifying}>
          Confirm
        </SubmitButton>
      </Form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Form method="post" id="confirm-resend">
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" className="cursor-pointer text-primary underline">
            Send a new code
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="sms" />
          <button type="submit" className="cursor-pointer text-primary underline">
            Text me a code instead
          </button>
        </Form>
      </div>
    </AuthPage>
  );
}
