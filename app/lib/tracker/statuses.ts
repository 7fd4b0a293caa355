import type { DealStatusCode, DealType, Order, PaymentStatus } from '../contract/orders';
import type { ContractDocument, IdVerificationStatus, SigningReadiness, SigningStatus } from '../contract/tracker';
import { POLICY_STATUSES } from '../contract/tracker-constants';
import { getDealOutcome, getDealStatusName, isCashDeal } from './deal';
import type { StepStatus } from './steps';
import { isOneOf } from '../shared/guards';

// One function per step of seed 000 §4.3, fed only by the contract's data, the tenant's flags
// and what the shopper did in this browser. Each reads top to bottom like the seed's rule.

// ---------------------------------------------------------------------------- Insurance

/** The contract's policy statuses but NOT_INITIATED (no status); any other value is NOT_FOUND. */
type KnownPolicyStatus = Exclude<(typeof POLICY_STATUSES)[number], 'NOT_INITIATED'>;
const KNOWN_POLICY_STATUSES = POLICY_STATUSES.filter(
  (status): status is KnownPolicyStatus => status !== 'NOT_INITIATED',
);
export type PolicyStatusName = KnownPolicyStatus | 'NOT_FOUND';

/** NOT_INITIATED means no status (null); a value the storefront does not know means NOT_FOUND. */
export function mapPolicyStatus(raw: string | null | undefined): PolicyStatusName | null {
  if (raw === null || raw === undefined || raw === 'NOT_INITIATED') return null;
  return isOneOf(KNOWN_POLICY_STATUSES, raw) ? raw : 'NOT_FOUND';
}

export function getInsuranceStepStatus(policyStatus: PolicyStatusName | null): StepStatus {
  if (policyStatus === null) return 'READY';
  if (policyStatus === 'IN_PROGRESS') return 'IN_PROGRESS';
  if (policyStatus === 'ACTIVE' || policyStatus === 'PENDING_ACTIVATION') return 'COMPLETED';
  return 'NEEDS_ATTENTION';
}

// ---------------------------------------------------------------------------- ID verification

export type OrderIdCheckStatus = NonNullable<Order['idVerification']>['status'];

/** Later rules win: attempts made, then an error or expiry, then the order's own COMPLETED. */
export function getIdVerificationStepStatus(
  orderCheck: OrderIdCheckStatus | null,
  check: IdVerificationStatus,
): StepStatus {
  let status: StepStatus = 'READY';
  if (check.transactionsAmount > 0) status = 'IN_PROGRESS';
  if (orderCheck === 'ERROR' || check.isExpired) status = 'NEEDS_ATTENTION';
  if (orderCheck === 'COMPLETED') status = 'COMPLETED';
  return status;
}

/** Polling starts while the check is INITIATED and stops once it is FAILED or SUCCESSFUL. */
export function shouldPollIdVerification(check: Pick<IdVerificationStatus, 'status'>): boolean {
  return check.status === 'INITIATED';
}

/** What one poll answer does to the step: SUCCESSFUL completes it, FAILED or expired needs attention. */
export function applyIdVerificationPoll(
  current: StepStatus,
  check: Pick<IdVerificationStatus, 'status' | 'isExpired'>,
): StepStatus {
  if (check.status === 'SUCCESSFUL') return 'COMPLETED';
  if (check.status === 'FAILED' || check.isExpired) return 'NEEDS_ATTENTION';
  return current;
}

// ---------------------------------------------------------------------------- Documents

type DocumentFacts = Pick<ContractDocument, 'key' | 'status'>;

export function isDocumentComplete(documents: readonly DocumentFacts[], key: DocumentFacts['key']): boolean {
  return documents.some((document) => document.key === key && document.status === 'COMPLETE');
}

export function getDocumentsStepStatus(documents: readonly DocumentFacts[]): StepStatus {
  const complete = documents.filter((document) => document.status === 'COMPLETE').length;
  if (complete === 0) return 'READY';
  if (complete === documents.length) return 'COMPLETED';
  if (isDocumentComplete(documents, 'APP.DRIVERSLICENSE') && isDocumentComplete(documents, 'GEN.INSURANCECARD'))
    return 'NEEDS_ATTENTION';
  return 'IN_PROGRESS';
}

// ---------------------------------------------------------------------------- Deal review

export function getDealReviewStepStatus(dealStatus: DealStatusCode | null): StepStatus {
  if (!dealStatus) return 'NOT_READY';
  if (getDealOutcome(dealStatus) === 'accepted') return 'COMPLETED';
  return 'NEEDS_ATTENTION';
}

// ---------------------------------------------------------------------------- Signing

/** The contract is signed: status Signed, or the buyer has signed. */
export function isSigningComplete(signing: SigningStatus): boolean {
  return signing.status === 'Signed' || signing.signersCompleted.buyer;
}

// ---------------------------------------------------------------------------- Finance decision

export type FinanceDecisionInput = {
  inSequence: boolean;
  signingComplete: boolean;
  dealStatus: DealStatusCode | null;
};

export function getFinanceDecisionStepStatus({
  inSequence,
  signingComplete,
  dealStatus,
}: FinanceDecisionInput): StepStatus {
  if (!inSequence) return 'NOT_READY';
  const name = getDealStatusName(dealStatus);
  if (signingComplete || name === 'USER_ACCEPTED') return 'COMPLETED';
  if (name === 'USER_DECLINED') return 'NEEDS_ATTENTION';
  if (name === 'PENDING_APPROVAL') return 'READY';
  return 'NOT_READY';
}

export type SigningInput = {
  signing: SigningStatus;
  readiness: SigningReadiness;
  dealStatus: DealStatusCode | null;
  documents: readonly DocumentFacts[];
  /** The deal-review-page flag, forceFlag included. */
  dealReviewPage: boolean;
  financeDecision: StepStatus;
  /** The shopper opened the contract in this browser. */
  contractStarted: boolean;
};

/**
 * Documents: the licence; with the deal-review page, the licence and the insurance card, or a
 * signing notification already sent. Go-ahead: readiness, the finance step done, or the deal accepted.
 */
export function areSigningPrerequisitesMet(input: Omit<SigningInput, 'signing' | 'contractStarted'>): boolean {
  const licence = isDocumentComplete(input.documents, 'APP.DRIVERSLICENSE');
  const card = isDocumentComplete(input.documents, 'GEN.INSURANCECARD');
  const documentsMet = input.dealReviewPage ? (licence && card) || input.readiness.isSigningNotificationSent : licence;
  const goAhead =
    input.readiness.ready ||
    input.financeDecision === 'COMPLETED' ||
    getDealStatusName(input.dealStatus) === 'USER_ACCEPTED';
  return documentsMet && goAhead;
}

export function getSigningStepStatus(input: SigningInput): StepStatus {
  if (isSigningComplete(input.signing)) return 'COMPLETED';
  // A declined finance offer or deal review: both are the deal status USER_DECLINED.
  if (getDealOutcome(input.dealStatus) === 'declined') return 'NOT_READY';
  if (getDealStatusName(input.dealStatus) === 'VERIFICATION_EXPIRED' || input.signing.status === 'Cancelled')
    return 'NEEDS_ATTENTION';
  if (!areSigningPrerequisitesMet(input)) return 'NOT_READY';
  return input.contractStarted ? 'IN_PROGRESS' : 'READY';
}

// ---------------------------------------------------------------------------- Payment

export type PaymentInput = {
  dealType: DealType;
  signingComplete: boolean;
  paymentInfo: Order['paymentInfo'];
  appointmentTime: string | null;
  /** The shopper paid for this cash order in this browser. */
  cashPaid: boolean;
};

const PAYMENT_STEP_STATUS: Record<PaymentStatus, StepStatus> = {
  PAYMENT_PENDING: 'IN_PROGRESS',
  PAYMENT_HOLD: 'IN_PROGRESS',
  PAYMENT_FAILED: 'NEEDS_ATTENTION',
  PAYMENT_CAPTURED: 'COMPLETED',
  DOWNPAYMENT_PAID: 'COMPLETED',
  FULLY_PAID: 'COMPLETED',
};

export function getPaymentStepStatus(input: PaymentInput): StepStatus {
  const cash = isCashDeal(input.dealType);
  if (cash && input.cashPaid) return 'COMPLETED';
  if (!input.signingComplete) return 'NOT_READY';
  if (!input.paymentInfo || (cash && input.appointmentTime)) return 'READY';
  if (!input.paymentInfo.status) return 'NOT_READY';
  return PAYMENT_STEP_STATUS[input.paymentInfo.status];
}

// ---------------------------------------------------------------------------- Schedule delivery

/** Payment states that let a finance (or lease) buyer book delivery. */
export const DELIVERY_READY_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'PAYMENT_CAPTURED',
  'DOWNPAYMENT_PAID',
  'FULLY_PAID',
];

export type ScheduleDeliveryInput = {
  dealType: DealType;
  signingComplete: boolean;
  offRamp: boolean;
  paymentStatus: PaymentStatus | null;
  appointmentTime: string | null;
};

export function getScheduleDeliveryStepStatus(input: ScheduleDeliveryInput): StepStatus {
  if (input.appointmentTime) return 'COMPLETED';
  if (!input.signingComplete) return 'NOT_READY';
  if (isCashDeal(input.dealType) || input.offRamp) return 'READY';
  if (input.paymentStatus && DELIVERY_READY_PAYMENT_STATUSES.includes(input.paymentStatus)) return 'READY';
  return 'NOT_READY';
}
