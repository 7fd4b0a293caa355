import type { DealOutcome } from './deal';
import { WORK_STEPS, type StepStatus, type WorkStep } from './steps';

// What the tracker says to the shopper. The seed gives the error line (seed 002 §8) and the
// status labels; the guidance per step and status is ours. The guidance is picked by the
// tracker's loader (stepGuidance), so no page's JavaScript carries every step's copy; the
// smaller pieces the pages show live in modules of their own (decision 052).

export { TRACKER_MESSAGES } from './tracker-messages';
export { DOCUMENT_LABEL, DOCUMENT_STATUS_LABEL } from './document-labels';
export { humanizeCode } from './codes';
export { formatAppointment } from './appointment';

const GUIDANCE: Record<WorkStep, Partial<Record<StepStatus, string>> & { default: string }> = {
  VERIFY_INSURANCE: {
    default: 'Let us confirm your car insurance so your vehicle can leave the lot insured.',
    READY: 'Give us permission to look up your insurance policy, or upload your insurance card later.',
    IN_PROGRESS: 'We are checking your policy with your insurer. This usually takes a few minutes.',
    COMPLETED: 'Your insurance is verified. Nothing more to do here.',
    NEEDS_ATTENTION: 'We could not verify an active policy. Add another policy or upload your insurance card.',
  },
  VERIFY_ID: {
    default: 'Confirm your identity with your phone and a photo of your driver’s license.',
    READY: 'We will text a secure link to your phone. Open it to photograph your driver’s license.',
    IN_PROGRESS: 'Your ID check has started. Finish it on your phone; this page updates when it is done.',
    COMPLETED: 'Your identity is verified. Nothing more to do here.',
    NEEDS_ATTENTION: 'We could not verify your ID, or the link expired. Send a new link or call us.',
  },
  UPLOAD_DOCUMENTS: {
    default: 'Upload the documents your deal needs.',
    READY: 'Upload each document listed below: PDF, PNG or JPG.',
    IN_PROGRESS: 'Some documents are in. Upload the ones still missing.',
    COMPLETED: 'All your documents are in. Nothing more to do here.',
    NEEDS_ATTENTION: 'Your license and insurance card are in, but another document is still missing or failed.',
  },
  DEAL_REVIEW: {
    default: 'Review the deal your dealer prepared for you.',
    NOT_READY: 'Your dealer is still preparing your deal. We will let you know when it is ready to review.',
    COMPLETED: 'You accepted your deal.',
    NEEDS_ATTENTION: 'Your deal is waiting for you: review it and accept or decline.',
  },
  FINANCE_DECISION: {
    default: 'See your lender’s decision and accept or decline the offer.',
    NOT_READY: 'Your lender has not decided yet. We will let you know when your offer is ready.',
    READY: 'You are approved for financing. Review the offer and accept or decline it.',
    COMPLETED: 'You accepted your finance offer.',
    NEEDS_ATTENTION: 'You declined the finance offer. Call us to talk about other options.',
  },
  SIGN_CONTRACT: {
    default: 'Sign your purchase contract online.',
    NOT_READY: 'Your contract is not ready yet. Finish the steps before this one first.',
    READY: 'Your contract is ready. Review it and sign it online with the e-mail tied to your order.',
    IN_PROGRESS: 'You started signing your contract. Finish signing to continue.',
    COMPLETED: 'Your contract is signed.',
    NEEDS_ATTENTION: 'Your contract expired or was cancelled. Call us so we can send you a new one.',
  },
  PAYMENT_DETAILS: {
    default: 'Pay what is due on your order.',
    NOT_READY: 'You can pay once your contract is signed.',
    READY: 'Make your payment by card or bank transfer.',
    IN_PROGRESS: 'Your payment is being processed. Bank transfers may take up to 3 business days.',
    COMPLETED: 'Your payment is complete.',
    NEEDS_ATTENTION:
      'We encountered an issue processing your payment. Please try again or try using another payment method.',
  },
  SCHEDULE_DELIVERY: {
    default: 'Choose home delivery or pickup and a time that suits you.',
    NOT_READY: 'You can schedule delivery or pickup once your contract is signed and your payment is in.',
    READY: 'Choose delivery or pickup, then a date and time.',
    COMPLETED: 'Your delivery or pickup is scheduled.',
  },
};

/** DEAL_REVIEW needs attention both before the answer and after a decline; only the first is "waiting for you". */
const DEAL_REVIEW_DECLINED = 'You declined your deal. Call us to talk about new terms.';

/** What the shopper needs to do on a step in this status (and, for the deal review, after which answer). */
export function getStepGuidance(step: WorkStep, status: StepStatus, dealOutcome?: DealOutcome): string {
  if (step === 'DEAL_REVIEW' && status === 'NEEDS_ATTENTION' && dealOutcome === 'declined') return DEAL_REVIEW_DECLINED;
  const texts = GUIDANCE[step];
  return texts[status] ?? texts.default;
}

/** Each step's guidance for this order, as the step pages show it (StepPage). */
export function stepGuidance(
  steps: ReadonlyArray<{ step: WorkStep; status: StepStatus }>,
  dealOutcome: DealOutcome,
): Partial<Record<WorkStep, string>> {
  const guidance: Partial<Record<WorkStep, string>> = {};
  for (const step of WORK_STEPS)
    guidance[step] = getStepGuidance(
      step,
      steps.find((item) => item.step === step)?.status ?? 'NOT_READY',
      dealOutcome,
    );
  return guidance;
}
