import { signingFacts } from '~/components/tracker/step-facts';
import { ResultNote, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function SigningHelloAgain() {
  const data = useTrackerPage();
  return (
    <>
      <ResultNote title="Hello again" testId="signing-result">
        {data.facts.signingComplete
          ? 'Your contract is already signed. There is nothing more to sign.'
          : 'Welcome back. Pick up where you left off: your contract is waiting for your signature.'}
      </ResultNote>
      <StepFacts facts={signingFacts(data)} />
    </>
  );
}
