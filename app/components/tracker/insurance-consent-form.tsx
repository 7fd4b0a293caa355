import { Form, Link, useNavigation, useRouteLoaderData } from '@remix-run/react';
import { INSURANCE_TERMS_VERSION } from '~/lib/contract/tracker-constants';
import type { ShellData } from '~/lib/shell.server';
import { stepPath } from '~/lib/tracker/steps';
import { CallUs } from './step-page';
import { FieldError } from '~/components/ui/field-error';
import { Notice } from '~/components/ui/alert-bar';
import { SubmitButton, textLink } from '~/components/ui/button';

// The insurance step's consent form (seed 001 §7, §9: terms version 1), an island of the step's
// page hydrated on the shopper's first interaction (insurance-islands.ts): until then it is the
// server's form, posting as without JavaScript. When the form is a second try, the notice that
// says why comes first, with the form's code (so a page without a notice loads no alert bar).
// It imports nothing else of the step's route, so the route's chunk stays its own (a module shared
// with it would go into that chunk, and the route would get a facade).

/** The step's messages (seed 001 §7, §9). */
/** The consent form's id (the page gives it to the form). */
export const CONSENT_FORM_ID = 'insurance-consent';

export const INSURANCE_MESSAGES = {
  consentRequired: 'Check the box to give your consent.',
  failed: 'We could not start the check with your insurer. Please try again, or upload your insurance card instead.',
  notVerified: 'We could not verify your insurance.',
  uploadLater: 'You can upload your insurance card later on the documents step.',
  slow: 'This is taking longer than usual.',
} as const;

/** The consent: the page shows exactly this text and the step's action sends exactly this text. */
export function insuranceConsentLanguage(brandName: string): string {
  return `I authorize ${brandName} to retrieve my auto insurance policy details to verify coverage for this purchase.`;
}

export type ConsentFormProps = {
  /** The form's id, the island's (insurance-islands.ts). */
  id: string;
  orderNumber: string;
  consentError?: string;
  formError?: string;
  /** A second try: the last check did not verify the policy, or the pull takes too long. */
  retry?: 'not-verified' | 'slow';
};

/** Why the shopper is asked again. */
function RetryNotice({ orderNumber, retry }: { orderNumber: string; retry: 'not-verified' | 'slow' }) {
  if (retry === 'slow') {
    return (
      <Notice kind="warning" title={INSURANCE_MESSAGES.slow}>
        Try again, or upload your insurance card instead.
      </Notice>
    );
  }
  return (
    <Notice kind="warning" title={INSURANCE_MESSAGES.notVerified} testId="insurance-result">
      {INSURANCE_MESSAGES.uploadLater}{' '}
      <Link to={stepPath(orderNumber, 'UPLOAD_DOCUMENTS')} className={textLink}>
        Upload your insurance card
      </Link>{' '}
      or try again with another check. <CallUs />
    </Notice>
  );
}

export function ConsentForm({ id, orderNumber, consentError, formError, retry }: ConsentFormProps) {
  const root = useRouteLoaderData<ShellData>('root');
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'verify';
  const language = insuranceConsentLanguage(root?.tenant.brandName ?? '');
  return (
    <>
      {retry ? <RetryNotice orderNumber={orderNumber} retry={retry} /> : null}
      <Form method="post" noValidate id={id} className="flex flex-col gap-3" data-testid="insurance-consent">
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
    </>
  );
}
