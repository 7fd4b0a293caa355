import { dealFacts } from '~/components/tracker/step-facts';
import { ResultNote, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function FinanceDecisionDeclined() {
  const data = useTrackerPage();
  return (
    <>
      <ResultNote title="You declined your finance offer" testId="finance-decision-result">
        We are sorry this offer did not work for you. Call us to talk about other options.
      </ResultNote>
      <StepFacts facts={dealFacts(data)} />
    </>
  );
}
