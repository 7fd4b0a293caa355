import { signingFacts } from '~/components/tracker/step-facts';
import { ResultNote, StepActionsSlot, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function SigningContractReady() {
  const data = useTrackerPage();
  const ready = data.facts.readiness.ready;
  return (
    <>
      <ResultNote title={ready ? 'Your contract is ready' : 'Your contract is being prepared'} testId="signing-result">
        {ready ? 'You can open and sign it now.' : 'This can take up to 3 minutes. We will also e-mail you when it is ready.'}
      </ResultNote>
      <StepFacts facts={signingFacts(data)} />
      {/* NEXT PART: the embedded signing page. */}
      <StepActionsSlot step="SIGN_CONTRACT">Soon you will sign your contract right here.</StepActionsSlot>
    </>
  );
}
