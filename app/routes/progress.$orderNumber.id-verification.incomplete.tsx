import { idVerificationFacts } from '~/components/tracker/step-facts';
import { ResultNote, StepActionsSlot, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function IdVerificationIncomplete() {
  const data = useTrackerPage();
  return (
    <>
      <ResultNote title="We could not verify your ID" testId="id-verification-result">
        The check did not go through, or the link expired before it was used. You can try again with a new link.
      </ResultNote>
      <StepFacts facts={idVerificationFacts(data)} />
      {/* NEXT PART: send a new link. */}
      <StepActionsSlot step="VERIFY_ID">Soon you will be able to send yourself a new link from here.</StepActionsSlot>
    </>
  );
}
