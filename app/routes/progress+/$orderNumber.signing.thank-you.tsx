import { Link } from '@remix-run/react';
import { signingPath, useEnvelope } from '~/components/tracker/signing-envelope';
import { ResultNote, StepActions, StepFacts, useTrackerPage } from '~/components/tracker/step-page';
import { stepPath } from '~/lib/tracker/steps';
import { CheckAgainLink, NoScriptRefresh } from '~/components/tracker/polling';
import { usePolling } from '~/components/tracker/use-polling';
import { Notice } from '~/components/ui/alert-bar';
import { primaryButton } from '~/components/ui/button';

/** A page without script: every action on it is a link or a form post (decision 073). */
export const handle = { scripts: false };

// After signing: thank you, then the dealer's countersignature (a few seconds in the built-in
// backend; checked every 3 s with JavaScript, a link without) and the way to the next step.

export default function SigningThankYou() {
  const data = useTrackerPage();
  const envelope = useEnvelope();
  const signed = data.facts.signingComplete;
  const countersigned = data.facts.signing.signersCompleted.dealer || envelope?.dealerSigned === true;
  usePolling(signed && !countersigned, 3_000);
  return (
    <>
      <ResultNote title="Thank you for signing" testId="signing-result">
        {signed
          ? 'Your contract is signed. The dealer countersigns it next.'
          : 'We have not received your signature yet. It can take a moment to reach us.'}
      </ResultNote>
      <StepActions step="SIGN_CONTRACT" title="What happens next">
        {signed ? (
          countersigned ? (
            <Notice kind="success" title="Your contract is complete" testId="countersigned">
              The dealer countersigned your contract.
            </Notice>
          ) : (
            <div className="flex flex-col gap-2" data-testid="awaiting-countersignature">
              <p>Waiting for the dealer to countersign. This page updates by itself.</p>
              <NoScriptRefresh intervalMs={3_000} />
              <p>
                <CheckAgainLink to={signingPath(data.orderNumber, 'thank-you')}>Check again</CheckAgainLink>
              </p>
            </div>
          )
        ) : (
          <p>
            <CheckAgainLink to={signingPath(data.orderNumber, 'thank-you')}>Check again</CheckAgainLink>
          </p>
        )}
        {signed && data.activeStep !== 'SIGN_CONTRACT' ? (
          <p>
            <Link
              to={stepPath(data.orderNumber, data.activeStep)}
              className={primaryButton}
              data-testid="next-step-link"
            >
              Go to your next step
            </Link>
          </p>
        ) : null}
      </StepActions>
      <StepFacts facts={data.stepFacts} />
    </>
  );
}
