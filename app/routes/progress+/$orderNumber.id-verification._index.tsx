import { data, type ActionFunctionArgs } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { ID_MESSAGES, IdCheck, SEND_LINK_FORM_ID, SendLinkForm, idPath } from '~/components/tracker/id-verification';
import { StepActions, StepFacts, StepNotice, stepStatusOf, useTrackerPage } from '~/components/tracker/step-page';
import { stepPath } from '~/lib/tracker/steps';
import { requireStepContext, siteOrigin, stepRedirect, tryApi } from './$orderNumber.steps.server';
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
      <StepFacts facts={data.stepFacts} />
      <StepActions
        step="VERIFY_ID"
        title={check.captureOffered === false ? 'Verify your ID' : 'Verify your ID with your phone'}
      >
        {status === 'COMPLETED' ? (
          <StepNotice
            kind="success"
            title="Your ID is verified"
            testId="id-check-state"
            text="Nothing more to do here."
            linkTo={idPath(data.orderNumber, 'complete')}
            linkLabel="See the result"
          />
        ) : (
          <>
            {waiting ? <IdCheck data={data} /> : null}
            {check.captureOffered === false ? (
              // Seed 002 §5: the ID step of an Illinois resident offers the licence upload, not the capture link.
              <StepNotice
                kind="info"
                title={ID_MESSAGES.noCapture}
                testId="id-upload-instead"
                text={ID_MESSAGES.uploadInstead}
                linkTo={stepPath(data.orderNumber, 'UPLOAD_DOCUMENTS')}
                linkLabel="Upload your driver’s licence"
              />
            ) : (
              <SendLinkForm
                id={SEND_LINK_FORM_ID}
                orderNumber={data.orderNumber}
                again={waiting || status === 'NEEDS_ATTENTION'}
                failed={status === 'NEEDS_ATTENTION'}
                error={result?.error}
              />
            )}
          </>
        )}
      </StepActions>
    </>
  );
}
