import { formatAppointment } from './appointment';
import { humanizeCode, yesNo } from './codes';
import { describeDealStatus } from './deal';
import { DOCUMENT_LABEL, DOCUMENT_STATUS_LABEL } from './document-labels';
import type { Fact, TrackerPageData } from './page';
import type { WorkStep } from './steps';

// The facts each step page shows, straight from the commerce API's answers, worded by the
// tracker's loader for the page's step (decision 057): a step page's JavaScript carries no
// wording rules, codes or date formatting, as decision 052 did for the guidance.

type Data = Pick<TrackerPageData, 'facts' | 'dealType'>;

/**
 * CANCELLED is what the insurance service records when a pull failed or the shopper chose to
 * upload the card instead (commerce-api.md): no policy was cancelled, so the shopper reads what
 * the step is waiting for (issue 18), never "Cancelled".
 */
function policyStatusText({ facts }: Data): string {
  if (facts.policyStatus !== 'CANCELLED') return humanizeCode(facts.policyStatus, 'Not started');
  const card = facts.documents.find((document) => document.key === 'GEN.INSURANCECARD');
  return card?.status === 'COMPLETE' ? 'Not verified: insurance card uploaded' : 'Waiting for your insurance card';
}

export function insuranceFacts(data: Data): Fact[] {
  return [{ label: 'Policy status', value: policyStatusText(data), testId: 'fact-policy-status' }];
}

export function idVerificationFacts({ facts }: Data): Fact[] {
  return [
    {
      label: 'ID check on your order',
      value: humanizeCode(facts.orderIdCheck, 'Not started'),
      testId: 'fact-order-id-check',
    },
    { label: 'Verification service', value: humanizeCode(facts.idVerification.status), testId: 'fact-id-check-status' },
    { label: 'Attempts', value: String(facts.idVerification.transactionsAmount), testId: 'fact-id-check-attempts' },
    { label: 'Link expired', value: yesNo(facts.idVerification.isExpired), testId: 'fact-id-check-expired' },
  ];
}

export function documentFacts({ facts }: Data): Fact[] {
  return facts.documents.map((document) => ({
    label: DOCUMENT_LABEL[document.key],
    value: DOCUMENT_STATUS_LABEL[document.status],
    note: document.fileName ?? undefined,
    document: { key: document.key, status: document.status },
  }));
}

/** The deal review's and the finance decision's facts. */
export function dealFacts({ facts, dealType }: Data): Fact[] {
  return [
    { label: 'Purchase type', value: dealType, testId: 'fact-deal-type' },
    {
      label: 'Deal status',
      value: describeDealStatus(facts.dealStatusCode, 'Not available yet'),
      testId: 'fact-deal-status',
    },
    { label: 'Your decision', value: humanizeCode(facts.dealOutcome), testId: 'fact-deal-outcome' },
  ];
}

export function signingFacts({ facts }: Data): Fact[] {
  return [
    { label: 'Contract ready', value: yesNo(facts.readiness.ready), testId: 'fact-signing-ready' },
    {
      label: 'Signing e-mail sent',
      value: yesNo(facts.readiness.isSigningNotificationSent),
      testId: 'fact-signing-notification',
    },
    { label: 'Contract status', value: humanizeCode(facts.signing.status), testId: 'fact-signing-status' },
    { label: 'Signed by you', value: yesNo(facts.signing.signersCompleted.buyer), testId: 'fact-signed-buyer' },
    {
      label: 'Signed by the dealer',
      value: yesNo(facts.signing.signersCompleted.dealer),
      testId: 'fact-signed-dealer',
    },
  ];
}

export function paymentFacts({ facts, dealType }: Data): Fact[] {
  return [
    { label: 'Purchase type', value: dealType, testId: 'fact-deal-type' },
    {
      label: 'Payment status',
      value: facts.actions.cashPaid
        ? 'Paid'
        : humanizeCode(facts.paymentStatus, facts.hasPaymentInfo ? 'Not available yet' : 'Not started'),
      testId: 'fact-payment-status',
    },
  ];
}

/** The scheduling page's facts: the appointment in the dealer's zone (timeZone), as on its form. */
export function deliveryFacts({ facts, dealType }: Data, timeZone: string): Fact[] {
  return [
    { label: 'Appointment', value: formatAppointment(facts.appointmentTime, timeZone), testId: 'fact-appointment' },
    { label: 'Purchase type', value: dealType, testId: 'fact-deal-type' },
    { label: 'Payment status', value: humanizeCode(facts.paymentStatus, 'Not started'), testId: 'fact-payment-status' },
  ];
}

/** The facts of a step's pages; `timeZone` is the dealer's, for the scheduling page's appointment. */
export function stepFacts(step: WorkStep, data: Data, timeZone: string): Fact[] {
  switch (step) {
    case 'VERIFY_INSURANCE':
      return insuranceFacts(data);
    case 'VERIFY_ID':
      return idVerificationFacts(data);
    case 'UPLOAD_DOCUMENTS':
      return documentFacts(data);
    case 'DEAL_REVIEW':
    case 'FINANCE_DECISION':
      return dealFacts(data);
    case 'SIGN_CONTRACT':
      return signingFacts(data);
    case 'PAYMENT_DETAILS':
      return paymentFacts(data);
    case 'SCHEDULE_DELIVERY':
      return deliveryFacts(data, timeZone);
  }
}
