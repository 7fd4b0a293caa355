import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation, useSearchParams } from '@remix-run/react';
import { SignInError, authenticator, createShopperSession } from '~/lib/auth.server';
import { MESSAGES } from '~/lib/messages';
import { safeRedirect } from '~/lib/safe-redirect';
import { getSession } from '~/lib/session.server';
import { fillTenantText } from '~/lib/tenant/text';
import { getTenantForRequest } from '~/lib/tenant/tenants.server';
import { signInSchema } from '~/lib/validation/sign-in';

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (session.get('shopper')) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '/'));
  }
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const submission = parseWithZod(form, { schema: signInSchema });
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['signin-password'] }), { status: 400 });
  }
  try {
    const tokens = await authenticator.authenticate('password', request);
    return await createShopperSession(request, tokens, submission.value.redirectTo ?? null);
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    const tenant = getTenantForRequest(request);
    const message =
      error.reason === 'locked'
        ? MESSAGES.accountLocked
        : error.reason === 'invalid'
          ? MESSAGES.signInIncorrect
          : fillTenantText(MESSAGES.internalError, tenant);
    return data(submission.reply({ formErrors: [message], hideFields: ['signin-password'] }), {
      status: error.reason === 'unavailable' ? 503 : error.reason === 'locked' ? 423 : 401,
    });
  }
}

export const meta: MetaFunction = () => [{ title: 'Sign in' }];

export default function SignIn() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'sign-in',
    lastResult,
    constraint: getZodConstraint(signInSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
  });
  const submitting = navigation.state === 'submitting';
  return (
    <main className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold">Sign in</h1>
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? '/'} />
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800">
            {form.errors[0]}
          </p>
        ) : null}
        <div>
          <label htmlFor={fields['signin-email'].id} className="block text-sm font-medium">
            Email
          </label>
          <input
            {...getInputProps(fields['signin-email'], { type: 'email' })}
            autoComplete="email"
            className="mt-1 w-full rounded border border-gray-500 px-3 py-2"
          />
          <p id={fields['signin-email'].errorId} className="min-h-5 text-sm text-red-800">
            {fields['signin-email'].errors?.[0]}
          </p>
        </div>
        <div>
          <label htmlFor={fields['signin-password'].id} className="block text-sm font-medium">
            Password
          </label>
          <input
            {...getInputProps(fields['signin-password'], { type: 'password' })}
            autoComplete="current-password"
            className="mt-1 w-full rounded border border-gray-500 px-3 py-2"
          />
          <p id={fields['signin-password'].errorId} className="min-h-5 text-sm text-red-800">
            {fields['signin-password'].errors?.[0]}
          </p>
        </div>
        <button
          type="submit"
          disabled={submitting}
          className="w-full rounded bg-primary px-4 py-2 font-semibold text-primary-contrast disabled:opacity-60"
        >
          {submitting ? 'Signing in…' : 'Sign In'}
        </button>
      </Form>
      <p className="mt-6 text-sm">
        New here? <Link to="/" className="text-primary underline">Keep browsing</Link>
      </p>
    </main>
  );
}
