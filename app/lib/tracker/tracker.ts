import type { Order, OrderHistory } from '../contract/orders';
import type { ContractDocument, IdVerificationStatus, SigningReadiness, SigningStatus } from '../contract/tracker';
import type { ShopperActions } from './actions';
import { getActiveStep, type StepState } from './active-step';
import { isOffRampOrder } from './deal';
import { getStepSequence } from './sequence';
import {
  getDealReviewStepStatus,
  getDocumentsStepStatus,
  getFinanceDecisionStepStatus,
  getIdVerificationStepStatus,
  getInsuranceStepStatus,
  getPaymentStepStatus,
  getScheduleDeliveryStepStatus,
  getSigningStepStatus,
  isSigningComplete,
  type PolicyStatusName,
} from './statuses';
import type { StepStatus, WorkStep } from './steps';

/** The tracker's flags, already resolved for this request (forceFlag included). */
export type TrackerFlags = { consolidateFinanceAndSigning: boolean; dealReviewPage: boolean };

/** Everything the rules read: the contract's answers, the flags and the shopper's own actions. */
export type TrackerInput = {
  order: Pick<Order, 'orderStatus' | 'isOrderStatusReset' | 'deal' | 'paymentInfo' | 'delivery' | 'idVerification'>;
  history: OrderHistory;
  idVerification: IdVerificationStatus;
  documents: ReadonlyArray<Pick<ContractDocument, 'key' | 'status'>>;
  readiness: SigningReadiness;
  signing: SigningStatus;
  /** The insurance policy status, already mapped (mapPolicyStatus). */
  policyStatus: PolicyStatusName | null;
  flags: TrackerFlags;
  actions: ShopperActions;
};

export type TrackerState = {
  /** The order's steps in sequence order, each with its status. */
  steps: StepState[];
  /** Every step's status, including steps this order does not have (they read NOT_READY or by their rule). */
  statuses: Record<WorkStep, StepStatus>;
  /** The step the tracker opens on. */
  activeStep: WorkStep;
  offRamp: boolean;
  signingComplete: boolean;
};

/** The steps, their statuses and the active step for one order (seed 000 §4.2-4.3). */
export function buildTracker(input: TrackerInput): TrackerState {
  const { order, flags, actions } = input;
  const offRamp = isOffRampOrder(order.orderStatus, input.history);
  const sequence = getStepSequence({
    dealType: order.deal.type,
    dealSource: order.deal.source,
    isOrderStatusReset: order.isOrderStatusReset,
    offRamp,
    consolidateFinanceAndSigning: flags.consolidateFinanceAndSigning,
  });
  const signingComplete = isSigningComplete(input.signing);
  const dealStatus = order.deal.status;
  const appointmentTime = order.delivery?.appointmentTime ?? null;

  const financeDecision = getFinanceDecisionStepStatus({
    inSequence: sequence.includes('FINANCE_DECISION'),
    signingComplete,
    dealStatus,
  });
  const statuses: Record<WorkStep, StepStatus> = {
    VERIFY_INSURANCE: getInsuranceStepStatus(input.policyStatus),
    VERIFY_ID: getIdVerificationStepStatus(order.idVerification?.status ?? null, input.idVerification),
    UPLOAD_DOCUMENTS: getDocumentsStepStatus(input.documents),
    DEAL_REVIEW: getDealReviewStepStatus(dealStatus),
    FINANCE_DECISION: financeDecision,
    SIGN_CONTRACT: getSigningStepStatus({
      signing: input.signing,
      readiness: input.readiness,
      dealStatus,
      documents: input.documents,
      dealReviewPage: flags.dealReviewPage,
      financeDecision,
      contractStarted: actions.contractStarted,
    }),
    PAYMENT_DETAILS: getPaymentStepStatus({
      dealType: order.deal.type,
      signingComplete,
      paymentInfo: order.paymentInfo,
      appointmentTime,
      cashPaid: actions.cashPaid,
    }),
    SCHEDULE_DELIVERY: getScheduleDeliveryStepStatus({
      dealType: order.deal.type,
      signingComplete,
      offRamp,
      paymentStatus: order.paymentInfo?.status ?? null,
      appointmentTime,
    }),
  };
  const steps = sequence.map((step) => ({ step, status: statuses[step] }));
  return { steps, statuses, activeStep: getActiveStep(steps), offRamp, signingComplete };
}
