import { IdCheck } from '~/components/tracker/id-verification';
import { ResultNote, StepActions, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

// After the link went out: check your phone; polled every 30 s while INITIATED (seed 000 §7, §9).

export default function IdVerificationNextSteps() {
  const data = useTrackerPage();
  return (
    <>
      <ResultNote title="Check your phone" testId="id-verification-result">
        Open the text message we sent and follow the link to photograph your driver’s license. The link expires in 24
        hours.
      </ResultNote>
      <StepActions step="VERIFY_ID" title="Next steps">
        <IdCheck data={data} />
      </StepActions>
      <StepFacts facts={data.stepFacts} />
    </>
  );
}
