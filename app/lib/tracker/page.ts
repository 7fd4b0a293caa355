import type { DealStatusCode, DealType, Order, OrderStatus, PaymentStatus } from '../contract/orders';
import type {
  ContractDocument,
  DocumentKey,
  IdVerificationStatus,
  SigningReadiness,
  SigningStatus,
} from '../contract/tracker';
import type { ShopperActions } from './actions';
import type { Banner } from './banner';
import type { DealOutcome, DealStatusName } from './deal';
import type { OrderIdCheckStatus, PolicyStatusName } from './statuses';
import type { StepStatus, WorkStep } from './steps';

// What a tracker page's loader hands to the browser (app/lib/tracker-data.server.ts builds it).

export type TrackerStepItem = {
  step: WorkStep;
  status: StepStatus;
  title: string;
  /** Null for a step that is not ready: it cannot be opened. */
  href: string | null;
};

export type TrackerDocument = Pick<
  ContractDocument,
  'id' | 'key' | 'type' | 'status' | 'fileName' | 'rejection' | 'inReview'
>;

/** The contract's facts the step pages show, as the rules read them. */
export type TrackerFacts = {
  orderStatus: OrderStatus;
  dealStatusCode: DealStatusCode | null;
  dealStatus: DealStatusName | null;
  dealOutcome: DealOutcome;
  dealSource: Order['deal']['source'];
  offRamp: boolean;
  signingComplete: boolean;
  paymentStatus: PaymentStatus | null;
  hasPaymentInfo: boolean;
  appointmentTime: string | null;
  orderIdCheck: OrderIdCheckStatus | null;
  idVerification: IdVerificationStatus;
  requiredDocuments: DocumentKey[];
  documents: TrackerDocument[];
  readiness: SigningReadiness;
  signing: SigningStatus;
  policyStatus: PolicyStatusName | null;
  actions: ShopperActions;
};

/** A fact of a step (step-facts.ts), in words. */
export type Fact = {
  label: string;
  value: string;
  testId?: string;
  /** Said after the value, in grey: a document's file name. */
  note?: string;
  /** A document's key and status, for machines (data-document, data-document-status). */
  document?: { key: string; status: string };
};

export type TrackerPageData = {
  orderNumber: string;
  dealType: DealType;
  vehicle: Order['vehicle'];
  steps: TrackerStepItem[];
  /** The step the tracker opens on (seed 000 §4.2). */
  activeStep: WorkStep;
  /** The step of this page: the one marked aria-current="step". */
  currentStep: WorkStep;
  subPage: string | null;
  banner: Banner | null;
  facts: TrackerFacts;
  /**
   * What the shopper needs to do on each step, in its status (copy.ts): picked here, so a
   * step page's JavaScript carries no step's copy (decision 052).
   */
  guidance: Partial<Record<WorkStep, string>>;
  /** The facts of this page's step (step-facts.ts), worded here for the same reason (decision 057). */
  stepFacts: Fact[];
};

/** What the tracker's error page needs: which page, and whether Try again still shows. */
export type TrackerErrorData =
  { page: 'server-issue'; orderNumber: string; tryAgainCount: number; canTryAgain: boolean } | { page: 'not-found' };
