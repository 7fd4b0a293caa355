import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthPage } from '~/components/auth/auth-page';
import { CodeField } from '~/components/auth/fields';
import { useCanSubmit } from '~/components/auth/form-gate';
import { confirmSmsSchema } from '~/lib/shared/validation/confirm-sms';
import { confirmationAction, confirmationLoader } from './confirm-account.server';
import { titledMeta } from '~/lib/meta';
import { Notices } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';

// Confirm sign-up by SMS code (seed 000 §2.3): the code sent by text message to the phone
// given at sign-up. A right code confirms the account (and the phone) and signs in.

export const loader = (args: LoaderFunctionArgs) => confirmationLoader(args.request, args.context);

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  return confirmationAction(request, loadContext, 'sms');
}

export const meta: MetaFunction = ({ matches }) => titledMeta(matches, 'Confirm by text message');

export default function ConfirmSms() {
  const { phoneLast4, notices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'confirm-sms',
    lastResult: lastResult?.result,
    constraint: getZodConstraint(confirmSmsSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    shouldDirtyConsider: (name) => name !== 'intent',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmSmsSchema }),
  });
  const canSubmit = useCanSubmit(form, confirmSmsSchema);
  const verifying = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'verify';
  return (
    <AuthPage
      title="Confirm by text message"
      intro={
        phoneLast4
          ? `Enter the 6-digit code we texted to the phone number ending in ${phoneLast4}.`
          : 'Enter the 6-digit code we texted to the phone number on your account.'
      }
    >
      <Notices notices={[...notices, ...(lastResult?.alerts ?? [])]}>
        {' '}
        <button type="submit" form="sms-resend" className="cursor-pointer font-semibold underline">
          Request a new code
        </button>
      </Notices>
      <Form method="post" {...getFormProps(form)} className="space-y-2">
        <input type="hidden" name="intent" value="verify" />
        <CodeField meta={fields['sms-confirmation-code']} label="SMS code" />
        <SubmitButton fullWidth disabled={!canSubmit} loading={verifying}>
          Confirm
        </SubmitButton>
      </Form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Form method="post" id="sms-resend">
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" className="cursor-pointer text-primary underline">
            Send a new code
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="email" />
          <button type="submit" className="cursor-pointer text-primary underline">
            Email me a code instead
          </button>
        </Form>
      </div>
    </AuthPage>
  );
}
