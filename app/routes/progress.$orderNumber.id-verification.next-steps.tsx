import { idVerificationFacts } from '~/components/tracker/step-facts';
import { ResultNote, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function IdVerificationNextSteps() {
  const data = useTrackerPage();
  return (
    <>
      <ResultNote title="Check your phone" testId="id-verification-result">
        Open the text message we sent and follow the link to photograph your driver’s license. The link expires in 24 hours.
      </ResultNote>
      <StepFacts facts={idVerificationFacts(data)} />
    </>
  );
}
