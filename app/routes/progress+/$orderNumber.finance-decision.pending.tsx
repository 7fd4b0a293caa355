import { FinanceOffer, useOfferTerms } from '~/components/tracker/finance-offer';
import { ResultNote, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function FinanceDecisionPending() {
  const data = useTrackerPage();
  return (
    <>
      <ResultNote title="You are approved for financing" testId="finance-decision-result">
        Your offer is waiting for your decision.
      </ResultNote>
      <FinanceOffer data={data} terms={useOfferTerms()} />
      <StepFacts facts={data.stepFacts} />
    </>
  );
}
