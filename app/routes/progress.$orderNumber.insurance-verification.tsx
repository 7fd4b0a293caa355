import { StepFacts, StepPage, StepActionsSlot, useTrackerPage } from '~/components/tracker/step-page';
import { insuranceFacts } from '~/components/tracker/step-facts';

// VERIFY_INSURANCE (seed 001 §7, insurance verification service).

export default function InsuranceVerificationStep() {
  const data = useTrackerPage();
  return (
    <StepPage data={data} step="VERIFY_INSURANCE">
      <StepFacts facts={insuranceFacts(data)} />
      {/* NEXT PART: consent (terms version 1), the policy pull and its progress, verified or not verified. */}
      <StepActionsSlot step="VERIFY_INSURANCE">
        Soon you will give your consent here and we will look up your policy with your insurer.
      </StepActionsSlot>
    </StepPage>
  );
}
