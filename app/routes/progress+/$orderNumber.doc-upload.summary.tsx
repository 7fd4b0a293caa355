import { Link } from '@remix-run/react';
import { ResultNote, StepFacts, useTrackerPage } from '~/components/tracker/step-page';
import { stepPath } from '~/lib/tracker/steps';
import { primaryButton, secondaryButton } from '~/components/ui/button';

/** A page without script: every action on it is a link or a form post (decision 073). */
export const handle = { scripts: false };

// The documents step's summary: what is in, what is missing, and where to go next.

export default function DocumentUploadSummary() {
  const data = useTrackerPage();
  const received = data.facts.documents.filter((document) => document.status === 'COMPLETE').length;
  const all = received === data.facts.documents.length;
  return (
    <>
      <ResultNote title="Your documents" testId="documents-summary">
        {received} of {data.facts.documents.length} documents received.{' '}
        {all ? 'Everything we need is in.' : 'Upload the ones still missing to keep your order moving.'}
      </ResultNote>
      <StepFacts title="Documents we need" facts={data.stepFacts} />
      <div className="flex flex-wrap gap-3">
        {all && data.activeStep !== 'UPLOAD_DOCUMENTS' ? (
          <Link to={stepPath(data.orderNumber, data.activeStep)} className={primaryButton} data-testid="next-step-link">
            Go to your next step
          </Link>
        ) : null}
        <Link to={stepPath(data.orderNumber, 'UPLOAD_DOCUMENTS')} className={all ? secondaryButton : primaryButton}>
          {all ? 'Change my documents' : 'Upload the missing documents'}
        </Link>
      </div>
    </>
  );
}
