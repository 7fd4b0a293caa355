import { dealFacts } from '~/components/tracker/step-facts';
import { ResultNote, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function FinanceDecisionAccepted() {
  const data = useTrackerPage();
  return (
    <>
      <ResultNote title="You accepted your finance offer" testId="finance-decision-result">
        Thank you. Your documents are being prepared for signing.
      </ResultNote>
      <StepFacts facts={dealFacts(data)} />
    </>
  );
}
