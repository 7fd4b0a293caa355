import { useRouteLoaderData } from '@remix-run/react';
import { ContinueSigning } from '~/components/tracker/signing';
import { useEnvelope } from '~/components/tracker/signing-envelope';
import { ResultNote, StepActions, StepFacts, useTrackerPage } from '~/components/tracker/step-page';
import type { ShellData } from '~/lib/shell.server';

// A shopper coming back to their contract (from the e-mail's link, or /signing/hello-again).

export default function SigningHelloAgain() {
  const data = useTrackerPage();
  const envelope = useEnvelope();
  const root = useRouteLoaderData<ShellData>('root');
  const name = root?.shopper?.firstName;
  return (
    <>
      <ResultNote title={name ? `Hello again, ${name}` : 'Hello again'} testId="signing-result">
        {data.facts.signingComplete
          ? 'Your contract is already signed. There is nothing more to sign.'
          : 'Welcome back. Pick up where you left off: your contract is waiting for your signature.'}
      </ResultNote>
      <StepActions step="SIGN_CONTRACT" title="Carry on">
        <div>
          <ContinueSigning data={data} envelope={envelope} />
        </div>
      </StepActions>
      <StepFacts facts={data.stepFacts} />
    </>
  );
}
