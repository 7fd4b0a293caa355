import { data, type ActionFunctionArgs } from '@remix-run/node';
import { Link, useActionData } from '@remix-run/react';
import {
  CheckYourPhone,
  ID_MESSAGES,
  SendLinkForm,
  UploadLicenceInstead,
  idPath,
} from '~/components/tracker/id-verification';
import { idVerificationFacts } from '~/components/tracker/step-facts';
import { CallUs, StepActions, StepFacts, stepStatusOf, useTrackerPage } from '~/components/tracker/step-page';
import { requireStepContext, siteOrigin, stepRedirect, tryApi } from './$orderNumber.steps.server';
import { Notice } from '~/components/ui/alert-bar';
import { textLink } from '~/components/ui/button';
import { endpoints } from '~/lib/contract/endpoints';

// VERIFY_ID: text the capture link to the shopper's phone (the outbox, in the built-in
// backend), then follow the check; the results are the complete, incomplete and next-steps pages.

export async function action({ request, params }: ActionFunctionArgs) {
  const step = await requireStepContext(request, params);
  const form = await request.formData();
  if (form.get('intent') !== 'send-link') throw data(null, { status: 400 });
  const sent = await tryApi(step.api, endpoints.idVerification.sendLink, {
    json: { orderId: step.orderNumber, linkBase: siteOrigin(request) },
  });
  if (sent.ok) return stepRedirect(request, idPath(step.orderNumber, 'next-steps'));
  if (sent.error.code === 'error.idVerification.alreadyVerified')
    return stepRedirect(request, idPath(step.orderNumber, 'complete'));
  // An Illinois resident's order (seed 002 §5): the page offers the licence upload instead.
  if (sent.error.code === 'error.idVerification.captureNotOffered')
    return data({ error: ID_MESSAGES.noCapture }, { status: 409 });
  const error = sent.error.code === 'error.idVerification.noPhone' ? ID_MESSAGES.noPhone : ID_MESSAGES.failed;
  return data({ error }, { status: sent.error.status >= 500 ? 502 : 422 });
}

export default function IdVerificationPage() {
  const data = useTrackerPage();
  const result = useActionData<typeof action>();
  const status = stepStatusOf(data, 'VERIFY_ID');
  const check = data.facts.idVerification;
  const waiting = status !== 'COMPLETED' && check.status === 'INITIATED' && !check.isExpired;
  return (
    <>
      <StepFacts facts={idVerificationFacts(data)} />
      <StepActions
        step="VERIFY_ID"
        title={check.captureOffered === false ? 'Verify your ID' : 'Verify your ID with your phone'}
      >
        {status === 'COMPLETED' ? (
          <Notice kind="success" title="Your ID is verified" testId="id-check-state">
            Nothing more to do here.{' '}
            <Link to={idPath(data.orderNumber, 'complete')} className={textLink}>
              See the result
            </Link>
          </Notice>
        ) : (
          <>
            {status === 'NEEDS_ATTENTION' ? (
              <Notice kind="warning" title="We could not verify your ID">
                The check did not go through, or the link expired before it was used. Send yourself a new link.{' '}
                <CallUs />
              </Notice>
            ) : null}
            {waiting ? <CheckYourPhone data={data} /> : null}
            {check.captureOffered === false ? (
              <UploadLicenceInstead orderNumber={data.orderNumber} />
            ) : (
              <SendLinkForm
                orderNumber={data.orderNumber}
                again={waiting || status === 'NEEDS_ATTENTION'}
                error={result?.error}
              />
            )}
          </>
        )}
      </StepActions>
    </>
  );
}
