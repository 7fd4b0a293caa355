import { idVerificationFacts } from '~/components/tracker/step-facts';
import { ResultNote, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function IdVerificationComplete() {
  const data = useTrackerPage();
  const done = data.facts.orderIdCheck === 'COMPLETED' || data.facts.idVerification.status === 'SUCCESSFUL';
  return (
    <>
      <ResultNote title={done ? 'Your ID is verified' : 'We are still checking your ID'} testId="id-verification-result">
        {done
          ? 'Thank you. Your identity is confirmed and you can carry on with the next step.'
          : 'Your ID check has not finished yet. This page shows the latest answer each time you open it.'}
      </ResultNote>
      <StepFacts facts={idVerificationFacts(data)} />
    </>
  );
}
