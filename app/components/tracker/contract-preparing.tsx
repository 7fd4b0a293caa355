import { CheckAgainLink, NoScriptRefresh } from './polling';
import { usePolling } from './use-polling';
import { ProgressBar } from '~/components/ui/progress-bar';

// While the contract is being prepared: its progress, and the page checking every 2 s with
// JavaScript (a meta refresh and a link without). An island rendered only while it is prepared
// (the contract page, decision 057), so the page's other states load none of it.

export type ContractPreparingProps = {
  /** This page's address, for Check again. */
  self: string;
  elapsedSeconds: number;
  timeoutSeconds: number;
};

export function ContractPreparing({ self, elapsedSeconds, timeoutSeconds }: ContractPreparingProps) {
  usePolling(true, 2_000);
  return (
    <div className="flex flex-col gap-3" data-testid="contract-preparing">
      <ProgressBar
        label="Preparing your contract…"
        value={elapsedSeconds}
        max={timeoutSeconds}
        testId="contract-progress"
      />
      <p>This page updates by itself. It can take up to 3 minutes.</p>
      <NoScriptRefresh intervalMs={2_000} />
      <p>
        <CheckAgainLink to={self}>Check again</CheckAgainLink>
      </p>
    </div>
  );
}
