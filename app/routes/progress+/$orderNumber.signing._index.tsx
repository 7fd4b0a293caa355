import { ContinueSigning } from '~/components/tracker/signing';
import { useEnvelope } from '~/components/tracker/signing-envelope';
import { StepActions, StepFacts, stepStatusOf, useTrackerPage } from '~/components/tracker/step-page';

/** A page without script: every action on it is a link or a form post (decision 073). */
export const handle = { scripts: false };

// The signing step's page: where the contract is, and the way on.

export default function SigningPage() {
  const data = useTrackerPage();
  const envelope = useEnvelope();
  const status = stepStatusOf(data, 'SIGN_CONTRACT');
  return (
    <>
      <StepFacts facts={data.stepFacts} />
      <StepActions step="SIGN_CONTRACT" title="Your contract">
        <p>
          {status === 'COMPLETED'
            ? 'You signed your contract.'
            : 'Review your contract, then sign it online. You need to be signed in with the e-mail tied to your order.'}
        </p>
        <div>
          <ContinueSigning data={data} envelope={envelope} />
        </div>
      </StepActions>
    </>
  );
}
