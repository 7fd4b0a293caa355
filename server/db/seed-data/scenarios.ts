// The demo shopper's orders: one per tracker situation of seed 000 §4.2-4.3, in every tenant.
// Each scenario says which rows the seed writes and what the tracker should show for them,
// so tests, the README and people trying the demo read the same list.
//
// Expected steps assume the tenants' shipped flags: consolidate-finance-and-signing off and
// deal-review-page off (both scenarios with a deal review would read the same with it on).

import type { DealStatusCode, OrderStatus, PaymentStatus } from '../../../app/lib/contract/orders';

export const WORK_STEPS = [
  'VERIFY_INSURANCE',
  'VERIFY_ID',
  'UPLOAD_DOCUMENTS',
  'DEAL_REVIEW',
  'FINANCE_DECISION',
  'SIGN_CONTRACT',
  'PAYMENT_DETAILS',
  'SCHEDULE_DELIVERY',
] as const;
export type WorkStep = (typeof WORK_STEPS)[number];
export type StepStatus = 'NOT_READY' | 'READY' | 'IN_PROGRESS' | 'COMPLETED' | 'NEEDS_ATTENTION';

export type DealType = 'Cash' | 'Finance' | 'Lease';
export type DocumentKey = 'APP.DRIVERSLICENSE' | 'GEN.INSURANCECARD' | 'APP.W2' | 'APP.PAYSTUB' | 'APP.OTHER';
export type DocumentStatus = 'INITIALIZED' | 'UPLOADING' | 'COMPLETE' | 'FAIL';
export type PolicyStatus =
  'NOT_INITIATED' | 'IN_PROGRESS' | 'ACTIVE' | 'PENDING_ACTIVATION' | 'INACTIVE' | 'EXPIRED' | 'CANCELLED';

export const DOCUMENT_TYPES: Record<DocumentKey, 'DriversLicense' | 'InsuranceCard' | 'W2' | 'PayStub' | 'Other'> = {
  'APP.DRIVERSLICENSE': 'DriversLicense',
  'GEN.INSURANCECARD': 'InsuranceCard',
  'APP.W2': 'W2',
  'APP.PAYSTUB': 'PayStub',
  'APP.OTHER': 'Other',
};

/** Documents every deal needs; Finance and Lease deals also need proof of income. */
export function requiredDocuments(dealType: DealType): DocumentKey[] {
  return dealType === 'Cash'
    ? ['APP.DRIVERSLICENSE', 'GEN.INSURANCECARD']
    : ['APP.DRIVERSLICENSE', 'GEN.INSURANCECARD', 'APP.PAYSTUB'];
}

export const DEMO_SHOPPER = {
  email: 'demo@showroom.test',
  password: 'DemoPass-2026',
  firstName: 'Dana',
  lastName: 'Rivera',
  /** Ten digits, as the project stores US phones; 555-01xx is reserved for fiction. */
  phone: '5125550147',
  street: '418 Oak Hollow Lane',
} as const;

/**
 * Every demo tenant's desk account (issue 33 point 5), an admin. Its TOTP secret is public on
 * purpose (README): demo data only; `npm run staff:add` makes real accounts with their own.
 */
export const DEMO_STAFF = {
  email: 'desk@showroom.test',
  password: 'DeskPass-2026',
  totpSecret: 'SHOWROOMDESKDEMOTOTPKEYFORSTAFFS',
  role: 'admin',
} as const;

/** Down payments in cents: the seed's default of $2,500 (seed 001 §9), a bit more on a lease. */
export const DOWN_PAYMENT_CENTS: Record<DealType, number> = { Cash: 0, Finance: 250_000, Lease: 300_000 };
/** A cash buyer's card deposit, well under the $7,000 card limit. */
export const CASH_DEPOSIT_CENTS = 50_000;

export type IdCheckSeed = {
  /** What the order says (seed 000 §3.2). */
  order: 'NOT_STARTED' | 'INITIATED' | 'COMPLETED' | 'ERROR';
  /** What the ID-verification service says (seed 000 §3.4). */
  status: 'NOT_STARTED' | 'INITIATED' | 'SUCCESSFUL' | 'FAILED' | 'CANCELLED';
  transactionsAmount: number;
  /** The verification link ran out before it was used, so the check reads as expired. */
  linkExpired?: boolean;
};

export type SigningSeed = {
  ready: boolean;
  notificationSent: boolean;
  status: 'NotStarted' | 'Sent' | 'Signed' | 'Cancelled';
  buyerSigned: boolean;
  dealerSigned: boolean;
};

export type PaymentRowSeed = {
  method: 'CARD' | 'ACH' | 'DEPOSIT';
  /** Which amount: the order's down payment, the cash deposit, or the cash balance after it (taxes and fees in). */
  amount: 'downPayment' | 'deposit' | 'balance';
  status: 'PENDING' | 'HOLD' | 'CAPTURED' | 'FAILED';
};

export type Scenario = {
  /** The order number ends with this: SR-<TENANT>-<suffix>. */
  suffix: number;
  key: string;
  /** What state the order is in, in a few words. */
  state: string;
  description: string;
  dealType: DealType;
  dealSource: 'DealerInitiated' | 'ConsumerInitiated';
  isOrderStatusReset: boolean;
  orderStatus: OrderStatus;
  dealStatus: DealStatusCode | null;
  /** Order history, oldest first; the last entry is the order's current state. */
  history: ReadonlyArray<readonly [OrderStatus, DealStatusCode | null]>;
  /** When the order was created. */
  daysAgo: number;
  /** null: the order has no verification, signing or document rows yet (a draft). */
  insurance: { policyStatus: PolicyStatus; lastError?: string } | null;
  idCheck: IdCheckSeed | null;
  /** Status per required document; a key left out is INITIALIZED (asked for, nothing uploaded). */
  documents: Partial<Record<DocumentKey, DocumentStatus>> | null;
  signing: SigningSeed | null;
  /** The payment rows and the status they make (the seed derives it from them; tests check it is this); null: no payment info yet. */
  payment: { status: PaymentStatus; rows: readonly PaymentRowSeed[] } | null;
  /** A delivery or pickup appointment, days from now (negative: in the past). */
  appointment: { method: 'DELIVERY' | 'PICKUP'; inDays: number } | null;
  vehicleStatus: 'Available' | 'PendingSale' | 'Sold';
  expected: {
    /** The step the tracker opens on; null for an order that is not placed. */
    activeStep: WorkStep | null;
    /** The status of every step in this order's sequence, in sequence order. */
    steps: Partial<Record<WorkStep, StepStatus>>;
    note?: string;
  };
};

const INSURANCE_NONE = { policyStatus: 'NOT_INITIATED' } as const;
const INSURANCE_ACTIVE = { policyStatus: 'ACTIVE' } as const;
const ID_NONE: IdCheckSeed = { order: 'NOT_STARTED', status: 'NOT_STARTED', transactionsAmount: 0 };
const ID_DONE: IdCheckSeed = { order: 'COMPLETED', status: 'SUCCESSFUL', transactionsAmount: 1 };
const DOCS_NONE = {} as const;
const DOCS_ALL = {
  'APP.DRIVERSLICENSE': 'COMPLETE',
  'GEN.INSURANCECARD': 'COMPLETE',
  'APP.PAYSTUB': 'COMPLETE',
} as const;
const SIGNING_NOT_READY: SigningSeed = {
  ready: false,
  notificationSent: false,
  status: 'NotStarted',
  buyerSigned: false,
  dealerSigned: false,
};
const SIGNING_READY: SigningSeed = {
  ready: true,
  notificationSent: true,
  status: 'NotStarted',
  buyerSigned: false,
  dealerSigned: false,
};
const SIGNED: SigningSeed = {
  ready: true,
  notificationSent: true,
  status: 'Signed',
  buyerSigned: true,
  dealerSigned: true,
};

const C = 'COMPLETED';
const R = 'READY';
const NR = 'NOT_READY';
const IP = 'IN_PROGRESS';
const NA = 'NEEDS_ATTENTION';

// Sequences (seed 000 §4.2): Finance and Lease drop DEAL_REVIEW; Cash keeps it only when the
// dealer started the deal or reset the order, and pays last; off-ramp drops finance and payment.
function financeSteps(
  ins: StepStatus,
  id: StepStatus,
  docs: StepStatus,
  fin: StepStatus,
  sign: StepStatus,
  pay: StepStatus,
  delivery: StepStatus,
) {
  return {
    VERIFY_INSURANCE: ins,
    VERIFY_ID: id,
    UPLOAD_DOCUMENTS: docs,
    FINANCE_DECISION: fin,
    SIGN_CONTRACT: sign,
    PAYMENT_DETAILS: pay,
    SCHEDULE_DELIVERY: delivery,
  };
}
function cashSteps(
  ins: StepStatus,
  id: StepStatus,
  docs: StepStatus,
  review: StepStatus | null,
  fin: StepStatus,
  sign: StepStatus,
  delivery: StepStatus,
  pay: StepStatus,
) {
  return {
    VERIFY_INSURANCE: ins,
    VERIFY_ID: id,
    UPLOAD_DOCUMENTS: docs,
    ...(review ? { DEAL_REVIEW: review } : {}),
    FINANCE_DECISION: fin,
    SIGN_CONTRACT: sign,
    SCHEDULE_DELIVERY: delivery,
    PAYMENT_DETAILS: pay,
  };
}

const FINANCE_START = [
  ['DRAFT', null],
  ['SUBMITTED', 'DPEN'],
] as const;
const FINANCE_DOCS_IN = [...FINANCE_START, ['ID_VERIFICATION_COMPLETED', 'DPEN'], ['DOCS_UPLOADED', 'DPEN']] as const;
const FINANCE_SIGNED = [
  ...FINANCE_DOCS_IN,
  ['DOCS_UPLOADED', 'APEN'],
  ['DOCS_UPLOADED', 'UACC'],
  ['CONTRACT_PENDING', 'UACC'],
  ['CONTRACT_PENDING', 'SIGN'],
] as const;

const finance = { dealType: 'Finance', dealSource: 'ConsumerInitiated', isOrderStatusReset: false } as const;

export const SCENARIOS: readonly Scenario[] = [
  {
    suffix: 10001,
    key: 'finance-new',
    state: 'Finance order just placed; insurance not started',
    description: 'A new finance order: nothing verified or uploaded yet, so the tracker starts at insurance.',
    ...finance,
    orderStatus: 'SUBMITTED',
    dealStatus: 'DPEN',
    history: FINANCE_START,
    daysAgo: 1,
    insurance: INSURANCE_NONE,
    idCheck: ID_NONE,
    documents: DOCS_NONE,
    signing: SIGNING_NOT_READY,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'VERIFY_INSURANCE', steps: financeSteps(R, R, R, NR, NR, NR, NR) },
  },
  {
    suffix: 10002,
    key: 'insurance-in-progress',
    state: 'Insurance verification in progress',
    description: 'The shopper consented and the insurer is being asked for the policy.',
    ...finance,
    orderStatus: 'SUBMITTED',
    dealStatus: 'DPEN',
    history: FINANCE_START,
    daysAgo: 2,
    insurance: { policyStatus: 'IN_PROGRESS' },
    idCheck: ID_NONE,
    documents: DOCS_NONE,
    signing: SIGNING_NOT_READY,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'VERIFY_INSURANCE', steps: financeSteps(IP, R, R, NR, NR, NR, NR) },
  },
  {
    suffix: 10003,
    key: 'insurance-needs-attention',
    state: 'Insurance policy inactive',
    description: 'The policy found is inactive: the shopper must add another one.',
    ...finance,
    orderStatus: 'SUBMITTED',
    dealStatus: 'DPEN',
    history: FINANCE_START,
    daysAgo: 3,
    insurance: { policyStatus: 'INACTIVE', lastError: 'The policy found for this driver is not active.' },
    idCheck: ID_NONE,
    documents: DOCS_NONE,
    signing: SIGNING_NOT_READY,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'VERIFY_INSURANCE', steps: financeSteps(NA, R, R, NR, NR, NR, NR) },
  },
  {
    suffix: 10004,
    key: 'id-check-initiated',
    state: 'ID check initiated (transactionsAmount > 0)',
    description: 'Insurance is active; the ID check was started on the phone and is being processed.',
    ...finance,
    orderStatus: 'SUBMITTED',
    dealStatus: 'DPEN',
    history: FINANCE_START,
    daysAgo: 4,
    insurance: INSURANCE_ACTIVE,
    idCheck: { order: 'INITIATED', status: 'INITIATED', transactionsAmount: 1 },
    documents: DOCS_NONE,
    signing: SIGNING_NOT_READY,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'VERIFY_ID', steps: financeSteps(C, IP, R, NR, NR, NR, NR) },
  },
  {
    suffix: 10005,
    key: 'id-check-error',
    state: 'ID check failed (order says ERROR)',
    description: 'Two attempts at the ID check failed; the shopper is asked to try again or call.',
    ...finance,
    orderStatus: 'SUBMITTED',
    dealStatus: 'DPEN',
    history: FINANCE_START,
    daysAgo: 5,
    insurance: INSURANCE_ACTIVE,
    idCheck: { order: 'ERROR', status: 'FAILED', transactionsAmount: 2 },
    documents: DOCS_NONE,
    signing: SIGNING_NOT_READY,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'VERIFY_ID', steps: financeSteps(C, NA, R, NR, NR, NR, NR) },
  },
  {
    suffix: 10006,
    key: 'id-check-expired',
    state: 'ID check link expired unused',
    description: 'The ID-check link was sent but ran out before it was opened (isExpired).',
    ...finance,
    orderStatus: 'SUBMITTED',
    dealStatus: 'DPEN',
    history: FINANCE_START,
    daysAgo: 9,
    insurance: INSURANCE_ACTIVE,
    idCheck: { order: 'INITIATED', status: 'INITIATED', transactionsAmount: 0, linkExpired: true },
    documents: DOCS_NONE,
    signing: SIGNING_NOT_READY,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: {
      activeStep: 'VERIFY_ID',
      steps: financeSteps(C, NA, R, NR, NR, NR, NR),
      note: 'isExpired: the link expiry is in the past and the check never succeeded',
    },
  },
  {
    suffix: 10007,
    key: 'documents-partial',
    state: 'Documents partly uploaded',
    description: "The driver's licence is in; the insurance card is still uploading and the pay stub is missing.",
    ...finance,
    orderStatus: 'ID_VERIFICATION_COMPLETED',
    dealStatus: 'DPEN',
    history: [...FINANCE_START, ['ID_VERIFICATION_COMPLETED', 'DPEN']],
    daysAgo: 6,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: { 'APP.DRIVERSLICENSE': 'COMPLETE', 'GEN.INSURANCECARD': 'UPLOADING' },
    signing: SIGNING_NOT_READY,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'UPLOAD_DOCUMENTS', steps: financeSteps(C, C, IP, NR, NR, NR, NR) },
  },
  {
    suffix: 10008,
    key: 'documents-needs-attention',
    state: 'Licence and insurance card done, pay stub missing',
    description: 'Licence and insurance card are complete but the pay stub upload failed, so the step needs attention.',
    ...finance,
    orderStatus: 'ID_VERIFICATION_COMPLETED',
    dealStatus: 'DPEN',
    history: [...FINANCE_START, ['ID_VERIFICATION_COMPLETED', 'DPEN']],
    daysAgo: 7,
    insurance: { policyStatus: 'PENDING_ACTIVATION' },
    idCheck: ID_DONE,
    documents: { 'APP.DRIVERSLICENSE': 'COMPLETE', 'GEN.INSURANCECARD': 'COMPLETE', 'APP.PAYSTUB': 'FAIL' },
    signing: SIGNING_NOT_READY,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'UPLOAD_DOCUMENTS', steps: financeSteps(C, C, NA, NR, NR, NR, NR) },
  },
  {
    suffix: 10009,
    key: 'cash-dealer-deal-review',
    state: 'Dealer-initiated cash order at deal review (APEN)',
    description: 'The dealer prepared a cash deal; the shopper has to review and accept it.',
    dealType: 'Cash',
    dealSource: 'DealerInitiated',
    isOrderStatusReset: false,
    orderStatus: 'DOCS_UPLOADED',
    dealStatus: 'APEN',
    history: [
      ['DRAFT', null],
      ['SUBMITTED', null],
      ['ID_VERIFICATION_COMPLETED', null],
      ['DOCS_UPLOADED', null],
      ['DOCS_UPLOADED', 'APEN'],
    ],
    daysAgo: 8,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNING_NOT_READY,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'DEAL_REVIEW', steps: cashSteps(C, C, C, NA, R, NR, NR, NR) },
  },
  {
    suffix: 10010,
    key: 'cash-dealer-awaiting-deal',
    state: 'Dealer-initiated cash order waiting for the deal',
    description:
      'Everything the shopper can do is done; the dealer has not sent the deal yet, so the tracker rests on the last completed step.',
    dealType: 'Cash',
    dealSource: 'DealerInitiated',
    isOrderStatusReset: false,
    orderStatus: 'DOCS_UPLOADED',
    dealStatus: null,
    history: [
      ['DRAFT', null],
      ['SUBMITTED', null],
      ['ID_VERIFICATION_COMPLETED', null],
      ['DOCS_UPLOADED', null],
    ],
    daysAgo: 3,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNING_NOT_READY,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: {
      activeStep: 'UPLOAD_DOCUMENTS',
      steps: cashSteps(C, C, C, NR, NR, NR, NR, NR),
      note: 'no step is open, so the last completed one is active',
    },
  },
  {
    suffix: 10011,
    key: 'finance-decision-pending',
    state: 'Finance decision pending approval (APEN)',
    description: 'A lender approved the loan; the shopper has to accept or decline the offer.',
    ...finance,
    orderStatus: 'DOCS_UPLOADED',
    dealStatus: 'APEN',
    history: [...FINANCE_DOCS_IN, ['DOCS_UPLOADED', 'APEN']],
    daysAgo: 10,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNING_NOT_READY,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'FINANCE_DECISION', steps: financeSteps(C, C, C, R, NR, NR, NR) },
  },
  {
    suffix: 10012,
    key: 'finance-declined',
    state: 'Finance offer declined by the shopper (UDEC)',
    description: 'The shopper declined the finance offer; signing is blocked until a new decision.',
    ...finance,
    orderStatus: 'DOCS_UPLOADED',
    dealStatus: 'UDEC',
    history: [...FINANCE_DOCS_IN, ['DOCS_UPLOADED', 'APEN'], ['DOCS_UPLOADED', 'UDEC']],
    daysAgo: 12,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNING_NOT_READY,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'FINANCE_DECISION', steps: financeSteps(C, C, C, NA, NR, NR, NR) },
  },
  {
    suffix: 10013,
    key: 'signing-ready',
    state: 'Contract ready to sign',
    description: 'The shopper accepted the offer and the contract package is ready.',
    ...finance,
    orderStatus: 'CONTRACT_PENDING',
    dealStatus: 'UACC',
    history: [...FINANCE_DOCS_IN, ['DOCS_UPLOADED', 'APEN'], ['DOCS_UPLOADED', 'UACC'], ['CONTRACT_PENDING', 'UACC']],
    daysAgo: 11,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNING_READY,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'SIGN_CONTRACT', steps: financeSteps(C, C, C, C, R, NR, NR) },
  },
  {
    suffix: 10014,
    key: 'signing-sent',
    state: 'Contract sent, signing started',
    description: 'The contract was sent for e-signature and the shopper opened it but has not signed.',
    ...finance,
    orderStatus: 'CONTRACT_PENDING',
    dealStatus: 'UACC',
    history: [...FINANCE_DOCS_IN, ['DOCS_UPLOADED', 'APEN'], ['DOCS_UPLOADED', 'UACC'], ['CONTRACT_PENDING', 'UACC']],
    daysAgo: 13,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: { ...SIGNING_READY, status: 'Sent' },
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: {
      activeStep: 'SIGN_CONTRACT',
      steps: financeSteps(C, C, C, C, R, NR, NR),
      note: "IN_PROGRESS once the browser's 'contract started' flag is set",
    },
  },
  {
    suffix: 10015,
    key: 'signing-cancelled',
    state: 'Contract cancelled, verification expired (VEXP)',
    description: 'The signing package expired before it was signed; the dealer has to send a new one.',
    ...finance,
    orderStatus: 'CONTRACT_PENDING',
    dealStatus: 'VEXP',
    history: [
      ...FINANCE_DOCS_IN,
      ['DOCS_UPLOADED', 'UACC'],
      ['CONTRACT_PENDING', 'UACC'],
      ['CONTRACT_PENDING', 'VEXP'],
    ],
    daysAgo: 20,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: { ...SIGNING_READY, status: 'Cancelled' },
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'SIGN_CONTRACT', steps: financeSteps(C, C, C, NR, NA, NR, NR) },
  },
  {
    suffix: 10016,
    key: 'cash-reset-signing-ready',
    state: 'Cash order reset by the dealer, deal accepted, contract ready',
    description: 'The dealer reset a cash order (so it has a deal review); the shopper accepted the deal and can sign.',
    dealType: 'Cash',
    dealSource: 'ConsumerInitiated',
    isOrderStatusReset: true,
    orderStatus: 'CONTRACT_PENDING',
    dealStatus: 'UACC',
    history: [
      ['DRAFT', null],
      ['SUBMITTED', null],
      ['DOCS_UPLOADED', null],
      ['SUBMITTED', 'APEN'],
      ['DOCS_UPLOADED', 'UACC'],
      ['CONTRACT_PENDING', 'UACC'],
    ],
    daysAgo: 15,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNING_READY,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'SIGN_CONTRACT', steps: cashSteps(C, C, C, C, C, R, NR, NR) },
  },
  {
    suffix: 10017,
    key: 'payment-not-started',
    state: 'Contract signed, no payment yet',
    description: 'Signed; the down payment has not been set up.',
    ...finance,
    orderStatus: 'CONTRACT_PENDING',
    dealStatus: 'SIGN',
    history: FINANCE_SIGNED,
    daysAgo: 14,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNED,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'PAYMENT_DETAILS', steps: financeSteps(C, C, C, C, C, R, NR) },
  },
  {
    suffix: 10018,
    key: 'payment-pending',
    state: 'Down payment pending',
    description: 'The down payment went out by bank transfer (ACH) and has not cleared.',
    ...finance,
    orderStatus: 'CONTRACT_PENDING',
    dealStatus: 'SIGN',
    history: FINANCE_SIGNED,
    daysAgo: 16,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNED,
    payment: { status: 'PAYMENT_PENDING', rows: [{ method: 'ACH', amount: 'downPayment', status: 'PENDING' }] },
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'PAYMENT_DETAILS', steps: financeSteps(C, C, C, C, C, IP, NR) },
  },
  {
    suffix: 10019,
    key: 'payment-failed',
    state: 'Down payment failed',
    description: 'The card was declined for the down payment; the shopper must pay another way.',
    ...finance,
    orderStatus: 'CONTRACT_PENDING',
    dealStatus: 'SIGN',
    history: FINANCE_SIGNED,
    daysAgo: 17,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNED,
    payment: { status: 'PAYMENT_FAILED', rows: [{ method: 'CARD', amount: 'downPayment', status: 'FAILED' }] },
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'PAYMENT_DETAILS', steps: financeSteps(C, C, C, C, C, NA, NR) },
  },
  {
    suffix: 10020,
    key: 'payment-captured',
    state: 'Down payment captured, delivery to schedule',
    description: 'The down payment cleared; the shopper can now book delivery.',
    ...finance,
    orderStatus: 'SOLD',
    dealStatus: 'SUBF',
    history: [...FINANCE_SIGNED, ['SOLD', 'SIGN'], ['SOLD', 'SUBF']],
    daysAgo: 19,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNED,
    payment: { status: 'DOWNPAYMENT_PAID', rows: [{ method: 'ACH', amount: 'downPayment', status: 'CAPTURED' }] },
    appointment: null,
    vehicleStatus: 'Sold',
    expected: { activeStep: 'SCHEDULE_DELIVERY', steps: financeSteps(C, C, C, C, C, C, R) },
  },
  {
    suffix: 10021,
    key: 'cash-paid-delivery-ready',
    state: 'Cash order paid in full, delivery to schedule',
    description:
      'A cash buyer signed and paid (card deposit plus bank transfer); delivery is the next step, payment shows last.',
    dealType: 'Cash',
    dealSource: 'ConsumerInitiated',
    isOrderStatusReset: false,
    orderStatus: 'SOLD',
    dealStatus: 'SIGN',
    history: [
      ['DRAFT', null],
      ['SUBMITTED', null],
      ['ID_VERIFICATION_COMPLETED', null],
      ['DOCS_UPLOADED', null],
      ['CONTRACT_PENDING', 'SIGN'],
      ['SOLD', 'SIGN'],
    ],
    daysAgo: 18,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNED,
    payment: {
      status: 'FULLY_PAID',
      rows: [
        { method: 'CARD', amount: 'deposit', status: 'CAPTURED' },
        { method: 'DEPOSIT', amount: 'balance', status: 'CAPTURED' },
      ],
    },
    appointment: null,
    vehicleStatus: 'Sold',
    expected: { activeStep: 'SCHEDULE_DELIVERY', steps: cashSteps(C, C, C, null, C, C, R, C) },
  },
  {
    suffix: 10022,
    key: 'delivery-scheduled',
    state: 'Delivery scheduled (appointment set)',
    description: 'Paid and signed; the vehicle is booked for home delivery in a few days.',
    ...finance,
    orderStatus: 'SOLD',
    dealStatus: 'FUND',
    history: [...FINANCE_SIGNED, ['SOLD', 'SIGN'], ['SOLD', 'FUND']],
    daysAgo: 24,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNED,
    payment: { status: 'DOWNPAYMENT_PAID', rows: [{ method: 'ACH', amount: 'downPayment', status: 'CAPTURED' }] },
    appointment: { method: 'DELIVERY', inDays: 3 },
    vehicleStatus: 'Sold',
    expected: {
      activeStep: 'SCHEDULE_DELIVERY',
      steps: financeSteps(C, C, C, C, C, C, C),
      note: 'every step is complete, so the last one is active',
    },
  },
  {
    suffix: 10023,
    key: 'cash-pickup-balance-due',
    state: 'Cash pickup scheduled, balance due at pickup',
    description:
      'A cash buyer booked a pickup; a card hold covers the deposit and the balance is paid at the dealership.',
    dealType: 'Cash',
    dealSource: 'ConsumerInitiated',
    isOrderStatusReset: false,
    orderStatus: 'CONTRACT_PENDING',
    dealStatus: 'SIGN',
    history: [
      ['DRAFT', null],
      ['SUBMITTED', null],
      ['ID_VERIFICATION_COMPLETED', null],
      ['DOCS_UPLOADED', null],
      ['CONTRACT_PENDING', 'SIGN'],
    ],
    daysAgo: 9,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNED,
    payment: { status: 'PAYMENT_HOLD', rows: [{ method: 'CARD', amount: 'deposit', status: 'HOLD' }] },
    appointment: { method: 'PICKUP', inDays: 2 },
    vehicleStatus: 'PendingSale',
    expected: {
      activeStep: 'PAYMENT_DETAILS',
      steps: cashSteps(C, C, C, null, C, C, C, R),
      note: 'a cash order with an appointment reads READY for payment',
    },
  },
  {
    suffix: 10024,
    key: 'offramp-signed',
    state: 'Off-ramp order (OFFRAMP in history), signed',
    description:
      'The shopper finished the deal with the dealer in person (off-ramp) and came back; no finance or payment steps, delivery is next.',
    ...finance,
    orderStatus: 'CONTRACT_PENDING',
    dealStatus: 'SIGN',
    history: [...FINANCE_START, ['OFFRAMP', 'DPEN'], ['CONTRACT_PENDING', 'UACC'], ['CONTRACT_PENDING', 'SIGN']],
    daysAgo: 22,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNED,
    payment: null,
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: {
      activeStep: 'SCHEDULE_DELIVERY',
      steps: { VERIFY_INSURANCE: C, VERIFY_ID: C, UPLOAD_DOCUMENTS: C, SIGN_CONTRACT: C, SCHEDULE_DELIVERY: R },
    },
  },
  {
    suffix: 10025,
    key: 'lease-payment-hold',
    state: 'Lease signed, amount due at signing on hold',
    description: 'A lease (tracked like a finance deal): signed, with a card hold for the amount due at signing.',
    dealType: 'Lease',
    dealSource: 'ConsumerInitiated',
    isOrderStatusReset: false,
    orderStatus: 'CONTRACT_PENDING',
    dealStatus: 'SIGN',
    history: FINANCE_SIGNED,
    daysAgo: 21,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNED,
    payment: { status: 'PAYMENT_HOLD', rows: [{ method: 'CARD', amount: 'deposit', status: 'HOLD' }] },
    appointment: null,
    vehicleStatus: 'PendingSale',
    expected: { activeStep: 'PAYMENT_DETAILS', steps: financeSteps(C, C, C, C, C, IP, NR) },
  },
  {
    suffix: 10026,
    key: 'delivered',
    state: 'Delivered',
    description: 'An older finance order, delivered last month: the order history shows it complete.',
    ...finance,
    orderStatus: 'DELIVERED',
    dealStatus: 'FUND',
    history: [...FINANCE_SIGNED, ['SOLD', 'SIGN'], ['SOLD', 'FUND'], ['DELIVERED', 'FUND']],
    daysAgo: 40,
    insurance: INSURANCE_ACTIVE,
    idCheck: ID_DONE,
    documents: DOCS_ALL,
    signing: SIGNED,
    payment: { status: 'DOWNPAYMENT_PAID', rows: [{ method: 'ACH', amount: 'downPayment', status: 'CAPTURED' }] },
    appointment: { method: 'DELIVERY', inDays: -30 },
    vehicleStatus: 'Sold',
    expected: { activeStep: 'SCHEDULE_DELIVERY', steps: financeSteps(C, C, C, C, C, C, C) },
  },
  {
    suffix: 10027,
    key: 'draft',
    state: 'Draft: checkout in progress, not placed',
    description:
      'A checkout the shopper started and left: it counts in the cart badge, not in the order history, and has no tracker rows.',
    ...finance,
    orderStatus: 'DRAFT',
    dealStatus: null,
    history: [['DRAFT', null]],
    daysAgo: 0,
    insurance: null,
    idCheck: null,
    documents: null,
    signing: null,
    payment: null,
    appointment: null,
    vehicleStatus: 'Available',
    expected: { activeStep: null, steps: {}, note: 'not placed: the tracker does not apply' },
  },
];

/** Readable, unique across tenants: SR-DEFAULT-10001, SR-NORTHSIDE-10001 … */
export function scenarioOrderNumber(tenantId: string, suffix: number): string {
  return `SR-${tenantId.toUpperCase()}-${suffix}`;
}

export function scenarioDealRef(tenantId: string, suffix: number): string {
  return `DEAL-${tenantId.toUpperCase()}-${suffix}`;
}
