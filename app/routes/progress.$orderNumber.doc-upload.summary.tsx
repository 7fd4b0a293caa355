import { documentFacts } from '~/components/tracker/step-facts';
import { ResultNote, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function DocumentUploadSummary() {
  const data = useTrackerPage();
  const received = data.facts.documents.filter((document) => document.status === 'COMPLETE').length;
  return (
    <>
      <ResultNote title="Your documents" testId="documents-summary">
        {received} of {data.facts.documents.length} documents received.
      </ResultNote>
      <StepFacts title="Documents we need" facts={documentFacts(data)} />
    </>
  );
}
