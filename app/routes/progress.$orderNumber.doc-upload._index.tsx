import { documentFacts } from '~/components/tracker/step-facts';
import { StepActionsSlot, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function DocumentUploadPage() {
  const data = useTrackerPage();
  return (
    <>
      <StepFacts title="Documents we need" facts={documentFacts(data)} />
      {/* NEXT PART: upload by type (multipart field `documents`), progress, thumbnails, delete. */}
      <StepActionsSlot step="UPLOAD_DOCUMENTS">Soon you will upload each document here: PDF, PNG or JPG.</StepActionsSlot>
    </>
  );
}
