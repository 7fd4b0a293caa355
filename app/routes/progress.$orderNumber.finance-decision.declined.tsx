import { dealFacts } from '~/components/tracker/step-facts';
import { CallUs, ResultNote, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function FinanceDecisionDeclined() {
  const data = useTrackerPage();
  return (
    <>
      <ResultNote title="You declined your finance offer" testId="finance-decision-result">
        We are sorry this offer did not work for you. <CallUs prefix="Call us to talk about other options:" />
      </ResultNote>
      <StepFacts facts={dealFacts(data)} />
    </>
  );
}
