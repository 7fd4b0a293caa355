import { randomUUID } from 'node:crypto';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { INSURANCE_MESSAGES, insuranceConsentLanguage } from '~/components/tracker/insurance-consent-form';
import {
  StepActions,
  StepFacts,
  StepNotice,
  StepPage,
  stepStatusOf,
  useTrackerPage,
} from '~/components/tracker/step-page';
import { INSURANCE_TERMS_VERSION } from '~/lib/contract/tracker-constants';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { requireStepContext, stepRedirect, tryApi } from './$orderNumber.steps.server';
import { endpoints } from '~/lib/contract/endpoints';
import { CONSENT_FORM_ID, ConsentForm } from '~/components/tracker/insurance-consent-form';
import { PolicyPull } from '~/components/tracker/policy-pull';

// VERIFY_INSURANCE (seed 001 §7, §9): consent (terms version 1, the words shown are the words
// sent), then a policy pull; the page shows its progress and ends verified, or not verified
// with the insurance card to upload later on the documents step.

/** After this long without an answer the page offers to try again or upload the card instead. */
const SLOW_PULL_MS = 60_000;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const step = await requireStepContext(request, params);
  // The status call hands its error back: the page then shows what the tracker knows.
  const progress = await tryApi(step.api, endpoints.insurance.progress, {
    params: { orderNumber: step.orderNumber },
  });
  return { updatedAt: progress.ok ? (progress.value.updatedAt ?? null) : null, renderedAt: Date.now() };
}

type ActionResult = { consentError?: string; formError?: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const step = await requireStepContext(request, params);
  const form = await request.formData();
  const intent = form.get('intent');
  const base = `/progress/${encodeURIComponent(step.orderNumber)}`;

  if (intent === 'upload-later') {
    // Not verified: the insurance card goes up with the other documents.
    await tryApi(step.api, endpoints.insurance.abandonPolicy, {
      json: { orderNumber: step.orderNumber, reason: 'The shopper chose to upload the insurance card instead' },
    });
    return stepRedirect(request, `${base}/doc-upload`);
  }
  if (intent !== 'verify') throw data(null, { status: 400 });

  if (form.get('consent') !== 'on')
    return data<ActionResult>({ consentError: INSURANCE_MESSAGES.consentRequired }, { status: 400 });
  const consentLanguage = insuranceConsentLanguage(getTenantForRequest(request).brandName);
  const consent = await tryApi(step.api, endpoints.insurance.consent, {
    json: { orderNumber: step.orderNumber, termsVersion: INSURANCE_TERMS_VERSION, consentLanguage },
  });
  if (!consent.ok) {
    if (consent.error.code === 'error.insurance.alreadyVerified')
      return stepRedirect(request, `${base}/insurance-verification`);
    return data<ActionResult>(
      { formError: INSURANCE_MESSAGES.failed },
      { status: consent.error.status >= 500 ? 502 : 409 },
    );
  }
  const pull = await tryApi(step.api, endpoints.insurance.pullPolicy, {
    json: { orderNumber: step.orderNumber, pullId: randomUUID() },
  });
  if (!pull.ok && pull.error.code !== 'error.insurance.alreadyVerified') {
    return data<ActionResult>(
      { formError: INSURANCE_MESSAGES.failed },
      { status: pull.error.status >= 500 ? 502 : 409 },
    );
  }
  return stepRedirect(request, `${base}/insurance-verification`);
}

export default function InsuranceVerificationStep() {
  const data = useTrackerPage();
  // The tracker's facts are enough to render; this page's own data adds when the status last moved.
  const extra = useLoaderData<typeof loader>();
  const updatedAt = extra?.updatedAt ?? null;
  const renderedAt = extra?.renderedAt ?? 0;
  const result = useActionData<typeof action>();
  const policy = data.facts.policyStatus;
  const status = stepStatusOf(data, 'VERIFY_INSURANCE');
  const inProgress = policy === 'IN_PROGRESS';
  const slow = inProgress && updatedAt !== null && renderedAt - Date.parse(updatedAt) > SLOW_PULL_MS;
  const self = `/progress/${encodeURIComponent(data.orderNumber)}/insurance-verification`;

  return (
    <StepPage data={data} step="VERIFY_INSURANCE">
      <StepFacts facts={data.stepFacts} />
      <StepActions step="VERIFY_INSURANCE" title="Insurance verification">
        {status === 'COMPLETED' ? (
          <StepNotice
            kind="success"
            title="Your insurance is verified"
            testId="insurance-result"
            text={
              policy === 'PENDING_ACTIVATION'
                ? 'We found your policy. It becomes active before your vehicle is delivered.'
                : 'We found an active policy. Nothing more to do here.'
            }
          />
        ) : inProgress ? (
          <div className="flex flex-col gap-3" data-testid="insurance-progress">
            <PolicyPull self={self} slow={slow} />
            {slow ? <ConsentForm id={CONSENT_FORM_ID} orderNumber={data.orderNumber} retry="slow" /> : null}
          </div>
        ) : (
          <ConsentForm
            id={CONSENT_FORM_ID}
            orderNumber={data.orderNumber}
            consentError={result?.consentError}
            formError={result?.formError}
            retry={status === 'NEEDS_ATTENTION' ? 'not-verified' : undefined}
          />
        )}
      </StepActions>
    </StepPage>
  );
}
