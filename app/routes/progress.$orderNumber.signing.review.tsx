import { signingFacts } from '~/components/tracker/step-facts';
import { ResultNote, StepActionsSlot, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function SigningReview() {
  const data = useTrackerPage();
  return (
    <>
      <ResultNote title="Review before you sign" testId="signing-result">
        Check your name, your vehicle and your payment terms before you open the contract.
      </ResultNote>
      <StepFacts facts={signingFacts(data)} />
      {/* NEXT PART: the contract's summary and the button that prepares it. */}
      <StepActionsSlot step="SIGN_CONTRACT">Soon you will confirm your details here and we will prepare your contract.</StepActionsSlot>
    </>
  );
}
