import { NextStepLink, useOfferTerms } from '~/components/tracker/finance-offer';
import { DealTermsTable } from '~/components/tracker/deal-decision';
import { ResultNote, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

/** A page without script: every action on it is a link or a form post (decision 073). */
export const handle = { scripts: false };

export default function FinanceDecisionAccepted() {
  const data = useTrackerPage();
  const terms = useOfferTerms();
  return (
    <>
      <ResultNote title="You accepted your finance offer" testId="finance-decision-result">
        Thank you. Your documents are being prepared for signing.
      </ResultNote>
      <NextStepLink data={data} />
      {terms ? <DealTermsTable rows={terms.rows} lines={terms.lines} title="Your loan" /> : null}
      <StepFacts facts={data.stepFacts} />
    </>
  );
}
