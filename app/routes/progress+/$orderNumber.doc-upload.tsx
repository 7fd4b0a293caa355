import { Outlet } from '@remix-run/react';
import { StepPage, useTrackerPage } from '~/components/tracker/step-page';

// UPLOAD_DOCUMENTS: the step's header around the upload page and its summary.

export default function DocumentUploadStep() {
  const data = useTrackerPage();
  return (
    <StepPage data={data} step="UPLOAD_DOCUMENTS">
      <Outlet />
    </StepPage>
  );
}
