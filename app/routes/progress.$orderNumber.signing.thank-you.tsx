import { signingFacts } from '~/components/tracker/step-facts';
import { ResultNote, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function SigningThankYou() {
  const data = useTrackerPage();
  return (
    <>
      <ResultNote title="Thank you for signing" testId="signing-result">
        {data.facts.signingComplete
          ? 'Your contract is signed. The dealer countersigns it next.'
          : 'We have not received your signature yet. It can take a moment to reach us.'}
      </ResultNote>
      <StepFacts facts={signingFacts(data)} />
    </>
  );
}
