import { Outlet } from '@remix-run/react';
import { StepPage, useTrackerPage } from '~/components/tracker/step-page';

// VERIFY_ID: the step's header around its page and its results (complete, incomplete, next steps).

export default function IdVerificationStep() {
  const data = useTrackerPage();
  return (
    <StepPage data={data} step="VERIFY_ID">
      <Outlet />
    </StepPage>
  );
}
