import { signingFacts } from '~/components/tracker/step-facts';
import { StepActionsSlot, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function SigningPage() {
  const data = useTrackerPage();
  return (
    <>
      <StepFacts facts={signingFacts(data)} />
      {/* NEXT PART: start signing (records 'contract started'), preparing with its 3-minute timeout, the embedded signing page. */}
      <StepActionsSlot step="SIGN_CONTRACT">Soon you will open and sign your contract here with the e-mail tied to your order.</StepActionsSlot>
    </>
  );
}
