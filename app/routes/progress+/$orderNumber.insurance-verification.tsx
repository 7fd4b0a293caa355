import { randomUUID } from 'node:crypto';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from '@remix-run/react';
import { INSURANCE_MESSAGES, SLOW_PULL_MS, insuranceConsentLanguage } from '~/components/tracker/insurance-consent';
import { insuranceFacts } from '~/components/tracker/insurance-facts';
import { CallUs, StepActions, StepFacts, StepPage, stepStatusOf, useTrackerPage } from '~/components/tracker/step-page';
import { INSURANCE_TERMS_VERSION } from '~/lib/contract/tracker-constants';
import type { ShellData } from '~/lib/shell.server';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { requireStepContext, stepRedirect, tryApi } from './$orderNumber.steps.server';
import { CheckAgainLink, NoScriptRefresh, usePolling } from '~/components/tracker/polling';
import { FieldError } from '~/components/ui/field-error';
import { Notice } from '~/components/ui/alert-bar';
import { ProgressBar } from '~/components/ui/progress-bar';
import { SubmitButton, textLink } from '~/components/ui/button';
import { endpoints } from '~/lib/contract/endpoints';

const INSURANCE_POLL_MS = 2_000;

// VERIFY_INSURANCE (seed 001 §7, §9): consent (terms version 1, the words shown are the words
// sent), then a policy pull; the page shows its progress and ends verified, or not verified
// with the insurance card to upload later on the documents step.

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

function ConsentForm({
  orderNumber,
  consentError,
  formError,
  retry,
}: {
  orderNumber: string;
  consentError?: string;
  formError?: string;
  retry: boolean;
}) {
  const root = useRouteLoaderData<ShellData>('root');
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'verify';
  const language = insuranceConsentLanguage(root?.tenant.brandName ?? '');
  return (
    <Form method="post" noValidate className="flex flex-col gap-3" data-testid="insurance-consent">
      {formError ? <Notice kind="error">{formError}</Notice> : null}
      <p>We ask your insurer for your policy so your vehicle leaves insured. Read the consent below, then confirm.</p>
      <blockquote className="rounded-tenant bg-black/5 p-3 text-sm" data-testid="consent-language">
        {language}
        <span className="mt-1 block text-gray-700">Consent terms, version {INSURANCE_TERMS_VERSION}</span>
      </blockquote>
      <div>
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            name="consent"
            className="mt-1 size-4"
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? 'consent-error' : undefined}
          />
          <span>I agree to the consent above.</span>
        </label>
        <FieldError id="consent-error" errors={consentError} />
      </div>
      <div className="flex flex-wrap gap-3">
        <SubmitButton value="verify" loading={busy}>
          {retry ? 'Try again' : 'Verify my insurance'}
        </SubmitButton>
        <SubmitButton value="upload-later" variant="secondary">
          Upload my insurance card later
        </SubmitButton>
      </div>
      <input type="hidden" name="orderNumber" value={orderNumber} />
    </Form>
  );
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
  usePolling(inProgress, INSURANCE_POLL_MS);
  const slow = inProgress && updatedAt !== null && renderedAt - Date.parse(updatedAt) > SLOW_PULL_MS;
  const self = `/progress/${encodeURIComponent(data.orderNumber)}/insurance-verification`;
  const docs = `/progress/${encodeURIComponent(data.orderNumber)}/doc-upload`;

  return (
    <StepPage data={data} step="VERIFY_INSURANCE">
      <StepFacts facts={insuranceFacts(data)} />
      <StepActions step="VERIFY_INSURANCE" title="Insurance verification">
        {status === 'COMPLETED' ? (
          <Notice kind="success" title="Your insurance is verified" testId="insurance-result">
            {policy === 'PENDING_ACTIVATION'
              ? 'We found your policy. It becomes active before your vehicle is delivered.'
              : 'We found an active policy. Nothing more to do here.'}
          </Notice>
        ) : inProgress ? (
          <div className="flex flex-col gap-3" data-testid="insurance-progress">
            <ProgressBar label="Checking your policy with your insurer…" testId="insurance-progress-bar" />
            <p>This usually takes a few seconds. This page updates by itself.</p>
            {slow ? null : <NoScriptRefresh intervalMs={INSURANCE_POLL_MS} />}
            <p>
              <CheckAgainLink to={self}>Check again</CheckAgainLink>
            </p>
            {slow ? (
              <>
                <Notice kind="warning" title={INSURANCE_MESSAGES.slow}>
                  Try again, or upload your insurance card instead.
                </Notice>
                <ConsentForm orderNumber={data.orderNumber} retry />
              </>
            ) : null}
          </div>
        ) : (
          <>
            {status === 'NEEDS_ATTENTION' ? (
              <Notice kind="warning" title={INSURANCE_MESSAGES.notVerified} testId="insurance-result">
                {INSURANCE_MESSAGES.uploadLater}{' '}
                <Link to={docs} className={textLink}>
                  Upload your insurance card
                </Link>{' '}
                or try again with another check. <CallUs />
              </Notice>
            ) : null}
            <ConsentForm
              orderNumber={data.orderNumber}
              consentError={result?.consentError}
              formError={result?.formError}
              retry={status === 'NEEDS_ATTENTION'}
            />
          </>
        )}
      </StepActions>
    </StepPage>
  );
}
