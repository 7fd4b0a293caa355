import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { ID_CAPTURE_PARTS, idCaptureResultSchema, type IdCapturePart } from '~/lib/contract/tracker';
import { streamToApi, tenantContext, tryApi } from './$orderNumber.steps.server';
import { endpoints } from '~/lib/contract/endpoints';
import { titledMeta } from '~/lib/meta';
import { Notice } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';
import { labelClass } from '~/components/ui/field';

// /progress/id-verification/capture/{token}: the page the texted link opens on the shopper's
// phone (no sign-in: the token is the credential, 24 hours). The shopper photographs the front
// and back of the licence and takes a selfie; the pictures go straight through to the ID
// verifier, which keeps none of them. Success ends on /progress/id-verification/complete.

const PART_LABEL: Record<IdCapturePart, string> = {
  front: 'Front of your driver’s license',
  back: 'Back of your driver’s license',
  selfie: 'A selfie',
};

const PART_CAPTURE: Record<IdCapturePart, 'environment' | 'user'> = {
  front: 'environment',
  back: 'environment',
  selfie: 'user',
};

function readToken(params: { token?: string }): string {
  const token = params.token ?? '';
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw data({ state: 'NOT_FOUND' as const }, { status: 404 });
  return token;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = readToken(params);
  const answer = await tryApi(tenantContext(request), endpoints.idVerification.captureState, { params: { token } });
  if (!answer.ok) {
    if (answer.error.status === 404) throw data({ state: 'NOT_FOUND' as const }, { status: 404 });
    throw answer.error;
  }
  return { state: answer.value.state, lastStatus: answer.value.lastStatus };
}

type CaptureFailure = { problems: IdCapturePart[]; message: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const token = readToken(params);
  // The pictures stream on to the verifier as they arrive; this process never holds them.
  const answer = await streamToApi(request, tenantContext(request), endpoints.idVerification.capture, { token });
  if (answer.status === 200) {
    const result = idCaptureResultSchema.parse(answer.body);
    if (result.status === 'SUCCESSFUL') return redirect('/progress/id-verification/complete');
    return data<CaptureFailure>(
      { problems: result.problems, message: 'We could not read every picture. Take the ones marked below again.' },
      { status: 422 },
    );
  }
  if (answer.code === 'error.idVerification.alreadyVerified') return redirect('/progress/id-verification/complete');
  if (answer.code === 'error.idVerification.linkExpired') return redirect(new URL(request.url).pathname);
  if (answer.code === 'error.document.tooLarge') {
    return data<CaptureFailure>(
      { problems: [], message: 'The pictures are too large: each can be up to 25 MB.' },
      { status: 413 },
    );
  }
  if (answer.status === 404) throw data({ state: 'NOT_FOUND' as const }, { status: 404 });
  return data<CaptureFailure>(
    { problems: [], message: 'Something went wrong on our side. Please try again.' },
    { status: 502 },
  );
}

export const meta: MetaFunction = ({ matches }) =>
  titledMeta(matches, 'Verify your ID', [{ name: 'robots', content: 'noindex' }]);

export default function IdCapturePage() {
  const { state, lastStatus } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <main
      className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-10"
      data-testid="id-capture"
      data-state={state}
    >
      <h1 className="text-3xl font-bold">Verify your ID</h1>
      {state === 'EXPIRED' ? (
        <Notice kind="warning" title="This link has expired">
          Links work for 24 hours. Go back to your order to send yourself a new one.
        </Notice>
      ) : state === 'COMPLETED' ? (
        <Notice kind="success" title="Your ID is already verified">
          You can close this page and carry on with your order.
        </Notice>
      ) : (
        <Form method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-4">
          <p>
            Take three pictures in good light: the front and back of your driver’s license, then a selfie. We use them
            to confirm it is you and keep none of them.
          </p>
          {failure ? (
            <Notice kind="error">{failure.message}</Notice>
          ) : lastStatus === 'FAILED' ? (
            <Notice kind="warning">Your last try did not go through. Please take the pictures again.</Notice>
          ) : null}
          {ID_CAPTURE_PARTS.map((part) => {
            const problem = failure?.problems.includes(part) ?? false;
            return (
              <div key={part}>
                <label htmlFor={`capture-${part}`} className={labelClass}>
                  {PART_LABEL[part]}
                </label>
                <input
                  id={`capture-${part}`}
                  name={part}
                  type="file"
                  accept="image/*"
                  capture={PART_CAPTURE[part]}
                  aria-invalid={problem || undefined}
                  aria-describedby={problem ? `capture-${part}-error` : undefined}
                  className="mt-1 block w-full rounded-tenant border border-gray-500 bg-white p-2 text-gray-900 aria-[invalid=true]:border-red-700"
                />
                <p id={`capture-${part}-error`} className="min-h-5 text-sm text-red-800">
                  {problem ? 'Missing or unreadable: take this picture again.' : ''}
                </p>
              </div>
            );
          })}
          <input type="hidden" name="intent" value="capture" />
          <div>
            <SubmitButton loading={busy}>Verify my ID</SubmitButton>
          </div>
        </Form>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main
      className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-16"
      data-testid="id-capture"
      data-state="NOT_FOUND"
    >
      <h1 className="text-3xl font-bold">This link does not work</h1>
      <p>
        Check that you opened the whole link from the text message, or go back to your order to send yourself a new one.
      </p>
    </main>
  );
}
