import { idVerificationFacts } from '~/components/tracker/step-facts';
import { StepActionsSlot, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function IdVerificationPage() {
  const data = useTrackerPage();
  return (
    <>
      <StepFacts facts={idVerificationFacts(data)} />
      {/* NEXT PART: send the text link (outbox), polling every 30 s while INITIATED, a refresh link without JavaScript. */}
      <StepActionsSlot step="VERIFY_ID">Soon you will be able to send the verification link to your phone from here.</StepActionsSlot>
    </>
  );
}
