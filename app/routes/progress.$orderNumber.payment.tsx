import { paymentFacts } from '~/components/tracker/step-facts';
import { StepActionsSlot, StepFacts, StepPage, useTrackerPage } from '~/components/tracker/step-page';

// PAYMENT_DETAILS: last for a cash order, after signing for finance and lease.

export default function PaymentStep() {
  const data = useTrackerPage();
  return (
    <StepPage data={data} step="PAYMENT_DETAILS">
      <StepFacts facts={paymentFacts(data)} />
      {/* NEXT PART: pay by card (sandbox gateway, limit 7000) or bank transfer (limit 6500); records 'cash order paid'. */}
      <StepActionsSlot step="PAYMENT_DETAILS">Soon you will pay by card or bank transfer here.</StepActionsSlot>
    </StepPage>
  );
}
