import { CheckAgainLink, NoScriptRefresh } from './polling';
import { usePolling } from './use-polling';
import { ProgressBar } from '~/components/ui/progress-bar';

// While the insurer is asked for the policy: the progress bar, and the page checking every 2 s
// with JavaScript (a meta refresh and a link without). An island rendered only while the pull
// runs (insurance-islands.ts), so the step's other states load none of it (decision 057).

const INSURANCE_POLL_MS = 2_000;

export type PolicyPullProps = {
  /** This page's address, for Check again. */
  self: string;
  /** The pull has run too long: the page offers to try again, and stops its meta refresh. */
  slow: boolean;
};

export function PolicyPull({ self, slow }: PolicyPullProps) {
  usePolling(true, INSURANCE_POLL_MS);
  return (
    <>
      <ProgressBar label="Checking your policy with your insurer…" testId="insurance-progress-bar" />
      <p>This usually takes a few seconds. This page updates by itself.</p>
      {slow ? null : <NoScriptRefresh intervalMs={INSURANCE_POLL_MS} />}
      <p>
        <CheckAgainLink to={self}>Check again</CheckAgainLink>
      </p>
    </>
  );
}
