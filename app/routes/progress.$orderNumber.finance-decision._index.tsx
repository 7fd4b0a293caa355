import { dealFacts } from '~/components/tracker/step-facts';
import { StepActionsSlot, StepFacts, useTrackerPage } from '~/components/tracker/step-page';

export default function FinanceDecisionPage() {
  const data = useTrackerPage();
  return (
    <>
      <StepFacts facts={dealFacts(data)} />
      {/* NEXT PART: the lender's offer, accept or decline with a confirmation. */}
      <StepActionsSlot step="FINANCE_DECISION">Soon you will see your lender’s offer and accept or decline it here.</StepActionsSlot>
    </>
  );
}
