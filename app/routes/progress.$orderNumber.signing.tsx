import { Outlet } from '@remix-run/react';
import { StepPage, useTrackerPage } from '~/components/tracker/step-page';

// SIGN_CONTRACT: the step's header around the signing pages (review, contract ready, hello
// again, thank you).

export default function SigningStep() {
  const data = useTrackerPage();
  return (
    <StepPage data={data} step="SIGN_CONTRACT">
      <Outlet />
    </StepPage>
  );
}
