import { Link } from '@remix-run/react';
import { IdCheck } from '~/components/tracker/id-verification';
import { ResultNote, StepActions, StepFacts, useTrackerPage } from '~/components/tracker/step-page';
import { stepPath } from '~/lib/tracker/steps';
import { primaryButton } from '~/components/ui/button';

export default function IdVerificationComplete() {
  const data = useTrackerPage();
  const done = data.facts.orderIdCheck === 'COMPLETED' || data.facts.idVerification.status === 'SUCCESSFUL';
  return (
    <>
      <ResultNote
        title={done ? 'Your ID is verified' : 'We are still checking your ID'}
        testId="id-verification-result"
      >
        {done
          ? 'Thank you. Your identity is confirmed and you can carry on with the next step.'
          : 'Your ID check has not finished yet. This page shows the latest answer each time you open it.'}
      </ResultNote>
      {done ? (
        <p>
          <Link to={stepPath(data.orderNumber, data.activeStep)} className={primaryButton} data-testid="next-step-link">
            Go to your next step
          </Link>
        </p>
      ) : (
        <StepActions step="VERIFY_ID" title="Next steps">
          <IdCheck data={data} />
        </StepActions>
      )}
      <StepFacts facts={data.stepFacts} />
    </>
  );
}
