// An independent reading of seed 000 §4.2-4.3 (and the contract's status mapping), used to
// check that the rows the seed writes for each scenario really produce the state the scenario
// promises. It reads database rows, not API answers, and knows nothing of the storefront's code.

import { WORK_STEPS, type StepStatus, type WorkStep } from '../../server/db/seed-data/scenarios';

export type TrackerRows = {
  order: {
    orderStatus: string;
    isOrderStatusReset: boolean;
    dealType: 'Cash' | 'Finance' | 'Lease';
    dealSource: 'DealerInitiated' | 'ConsumerInitiated';
    dealStatus: string | null;
    hasPaymentInfo: boolean;
    paymentStatus: string | null;
    deliveryAppointment: Date | null;
    idVerificationStatus: string | null;
    requiredDocuments: string[];
  };
  history: Array<{ orderStatus: string }>;
  idCheck: { status: string; transactionsAmount: number; linkExpiresAt: Date | null };
  insurance: { policyStatus: string };
  documents: Array<{ key: string; status: string }>;
  signing: { ready: boolean; notificationSent: boolean; status: string; buyerSigned: boolean };
};

export type TrackerFlags = { consolidateFinanceAndSigning: boolean; dealReviewPage: boolean };

const SIGNED_DEAL_STATES = new Set(['SIGN', 'SUBF', 'BOOK', 'FUND']);
const PAID = new Set(['PAYMENT_CAPTURED', 'DOWNPAYMENT_PAID', 'FULLY_PAID']);

export function evaluateTracker(
  rows: TrackerRows,
  now: Date,
  flags: TrackerFlags = { consolidateFinanceAndSigning: false, dealReviewPage: false },
): { sequence: WorkStep[]; statuses: Partial<Record<WorkStep, StepStatus>>; active: WorkStep } {
  const { order } = rows;
  const cash = order.dealType === 'Cash';
  const offRamp = order.orderStatus === 'OFFRAMP' || rows.history.some((entry) => entry.orderStatus === 'OFFRAMP');

  // §4.2 sequence
  let sequence: WorkStep[] = [...WORK_STEPS];
  const drop = (step: WorkStep) => {
    sequence = sequence.filter((candidate) => candidate !== step);
  };
  if (!cash || offRamp || (order.dealSource !== 'DealerInitiated' && !order.isOrderStatusReset)) drop('DEAL_REVIEW');
  if (flags.consolidateFinanceAndSigning) {
    drop('FINANCE_DECISION');
    drop('DEAL_REVIEW');
  }
  if (offRamp) {
    drop('FINANCE_DECISION');
    drop('PAYMENT_DETAILS');
  }
  if (cash && !offRamp && sequence.includes('PAYMENT_DETAILS')) {
    drop('PAYMENT_DETAILS');
    sequence.push('PAYMENT_DETAILS');
  }

  const deal = order.dealStatus;
  const complete = (key: string) =>
    rows.documents.some((document) => document.key === key && document.status === 'COMPLETE');
  const signingComplete = rows.signing.status === 'Signed' || rows.signing.buyerSigned;

  // §4.3 per step
  const policy = rows.insurance.policyStatus;
  const insurance: StepStatus =
    policy === 'NOT_INITIATED'
      ? 'READY'
      : policy === 'IN_PROGRESS'
        ? 'IN_PROGRESS'
        : policy === 'ACTIVE' || policy === 'PENDING_ACTIVATION'
          ? 'COMPLETED'
          : 'NEEDS_ATTENTION';

  const expired =
    rows.idCheck.linkExpiresAt !== null && rows.idCheck.linkExpiresAt < now && rows.idCheck.status !== 'SUCCESSFUL';
  let id: StepStatus = 'READY';
  if (rows.idCheck.transactionsAmount > 0) id = 'IN_PROGRESS';
  if (order.idVerificationStatus === 'ERROR' || expired) id = 'NEEDS_ATTENTION';
  if (order.idVerificationStatus === 'COMPLETED') id = 'COMPLETED';

  const required = order.requiredDocuments;
  const done = required.filter(complete).length;
  const documents: StepStatus =
    done === required.length
      ? 'COMPLETED'
      : done === 0
        ? 'READY'
        : complete('APP.DRIVERSLICENSE') && complete('GEN.INSURANCECARD')
          ? 'NEEDS_ATTENTION'
          : 'IN_PROGRESS';

  const dealReview: StepStatus =
    deal === null ? 'NOT_READY' : deal === 'UACC' || SIGNED_DEAL_STATES.has(deal) ? 'COMPLETED' : 'NEEDS_ATTENTION';

  const finance: StepStatus = !sequence.includes('FINANCE_DECISION')
    ? 'NOT_READY'
    : signingComplete || deal === 'UACC'
      ? 'COMPLETED'
      : deal === 'UDEC'
        ? 'NEEDS_ATTENTION'
        : deal === 'APEN'
          ? 'READY'
          : 'NOT_READY';

  let signing: StepStatus;
  const licenceReady = flags.dealReviewPage
    ? (complete('APP.DRIVERSLICENSE') && complete('GEN.INSURANCECARD')) || rows.signing.notificationSent
    : complete('APP.DRIVERSLICENSE');
  const prerequisites = licenceReady && (rows.signing.ready || finance === 'COMPLETED' || deal === 'UACC');
  if (signingComplete) signing = 'COMPLETED';
  else if (deal === 'UDEC') signing = 'NOT_READY';
  else if (deal === 'VEXP' || rows.signing.status === 'Cancelled') signing = 'NEEDS_ATTENTION';
  else if (prerequisites) signing = 'READY';
  else signing = 'NOT_READY';

  let payment: StepStatus;
  const appointment = order.deliveryAppointment !== null;
  if (!signingComplete) payment = 'NOT_READY';
  else if (!order.hasPaymentInfo || (cash && appointment)) payment = 'READY';
  else if (order.paymentStatus === null) payment = 'NOT_READY';
  else if (order.paymentStatus === 'PAYMENT_PENDING' || order.paymentStatus === 'PAYMENT_HOLD') payment = 'IN_PROGRESS';
  else if (order.paymentStatus === 'PAYMENT_FAILED') payment = 'NEEDS_ATTENTION';
  else if (PAID.has(order.paymentStatus)) payment = 'COMPLETED';
  else payment = 'NOT_READY';

  let delivery: StepStatus = 'NOT_READY';
  if (appointment) delivery = 'COMPLETED';
  else if (signingComplete && (cash || offRamp || (order.paymentStatus !== null && PAID.has(order.paymentStatus))))
    delivery = 'READY';

  const all: Record<WorkStep, StepStatus> = {
    VERIFY_INSURANCE: insurance,
    VERIFY_ID: id,
    UPLOAD_DOCUMENTS: documents,
    DEAL_REVIEW: dealReview,
    FINANCE_DECISION: finance,
    SIGN_CONTRACT: signing,
    PAYMENT_DETAILS: payment,
    SCHEDULE_DELIVERY: delivery,
  };
  const statuses = Object.fromEntries(sequence.map((step) => [step, all[step]])) as Partial<
    Record<WorkStep, StepStatus>
  >;
  const open = sequence.find((step) => all[step] !== 'COMPLETED' && all[step] !== 'NOT_READY');
  const lastCompleted = [...sequence].reverse().find((step) => all[step] === 'COMPLETED');
  return { sequence, statuses, active: open ?? lastCompleted ?? 'VERIFY_ID' };
}
