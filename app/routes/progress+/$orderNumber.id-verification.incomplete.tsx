import { SEND_LINK_FORM_ID, SendLinkForm } from '~/components/tracker/id-verification';
import { CallUs, ResultNote, StepActions, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function IdVerificationIncomplete() {
  const data = useTrackerPage();
  return (
    <>
      <ResultNote title="We could not verify your ID" testId="id-verification-result">
        The check did not go through, or the link expired before it was used. You can try again with a new link.{' '}
        <CallUs />
      </ResultNote>
      <StepFacts facts={data.stepFacts} />
      <StepActions step="VERIFY_ID" title="Try again">
        <SendLinkForm id={SEND_LINK_FORM_ID} orderNumber={data.orderNumber} again failed={false} />
      </StepActions>
    </>
  );
}
