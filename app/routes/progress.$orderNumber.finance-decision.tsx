import { Outlet } from '@remix-run/react';
import { StepPage, useTrackerPage } from '~/components/tracker/step-page';

// FINANCE_DECISION: the step's header around the offer page and its outcomes.

export default function FinanceDecisionStep() {
  const data = useTrackerPage();
  return (
    <StepPage data={data} step="FINANCE_DECISION">
      <Outlet />
    </StepPage>
  );
}
