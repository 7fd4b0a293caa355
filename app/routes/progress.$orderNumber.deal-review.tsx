import { dealFacts } from '~/components/tracker/step-facts';
import { StepActionsSlot, StepFacts, StepPage, useTrackerPage } from '~/components/tracker/step-page';

// DEAL_REVIEW: dealer-initiated or reset cash deals.

export default function DealReviewStep() {
  const data = useTrackerPage();
  return (
    <StepPage data={data} step="DEAL_REVIEW">
      <StepFacts facts={dealFacts(data)} />
      {/* NEXT PART: the deal's terms, accept or decline with a confirmation. */}
      <StepActionsSlot step="DEAL_REVIEW">Soon you will review the deal’s terms and accept or decline it here.</StepActionsSlot>
    </StepPage>
  );
}
