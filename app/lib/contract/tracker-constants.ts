// The tracker's fixed values: document keys and upload types, the insurance terms' version,
// the limits of seed 002 §9, the pages' paths and the error codes each call may answer with. No
// zod here, so a tracker page that reads a code or a number does not load the schemas of
// ./tracker.ts, which are built from these and re-export them.

/** A 4xx with one of these codes means the contract is Cancelled. */
export const CANCELLED_SIGNING_CODES = [
  'error.validation.wrongPackageStatus',
  'error.validation.transactionExpired',
] as const;

export const DOCUMENT_KEYS = ['APP.DRIVERSLICENSE', 'GEN.INSURANCECARD', 'APP.W2', 'APP.PAYSTUB', 'APP.OTHER'] as const;
export type DocumentKey = (typeof DOCUMENT_KEYS)[number];

export const UPLOAD_TYPES = ['DriversLicense', 'InsuranceCard', 'W2', 'PayStub', 'Other'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const KEY_BY_TYPE: Record<UploadType, DocumentKey> = {
  DriversLicense: 'APP.DRIVERSLICENSE',
  InsuranceCard: 'GEN.INSURANCECARD',
  W2: 'APP.W2',
  PayStub: 'APP.PAYSTUB',
  Other: 'APP.OTHER',
};

export const POLICY_STATUSES = [
  'NOT_INITIATED',
  'IN_PROGRESS',
  'ACTIVE',
  'PENDING_ACTIVATION',
  'INACTIVE',
  'EXPIRED',
  'CANCELLED',
] as const;

/** Seed 001 §9: the consent terms are version 1. */
export const INSURANCE_TERMS_VERSION = 1;

/** Seed 002 §9: the text link works for 24 hours. */
export const ID_LINK_TTL_HOURS = 24;

/** The path of the capture page a text link opens (no sign-in: the phone rarely has one). */
export function idCapturePath(token: string): string {
  return `/progress/id-verification/capture/${encodeURIComponent(token)}`;
}

/** The three pictures the capture page takes, as multipart fields. */
export const ID_CAPTURE_PARTS = ['front', 'back', 'selfie'] as const;
export type IdCapturePart = (typeof ID_CAPTURE_PARTS)[number];

/** Seed 002 §5, §9: pdf, png and jpg only, checked by content; 4 MB a PDF, 25 MB an image. */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const MAX_PDF_BYTES = 4 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
/** Files in one upload call. */
export const MAX_FILES_PER_UPLOAD = 10;
/** Seed 002 §9: uploaded documents are deleted after 60 days. */
export const DOCUMENT_RETENTION_DAYS = 60;

export const DOCUMENT_ERRORS = {
  tooLarge: 'error.document.tooLarge',
  unsupportedType: 'error.document.unsupportedType',
  noFile: 'error.document.noFile',
  tooManyFiles: 'error.document.tooManyFiles',
  notFound: 'error.document.notFound',
} as const;

/** Seed 002 §9: preparing the contract may take up to 3 minutes; then the timeout page. */
export const CONTRACT_PREPARATION_TIMEOUT_SECONDS = 180;

export const CONTRACT_ERRORS = {
  notAvailable: 'error.contract.notAvailable',
  differentEmail: 'error.contract.differentEmail',
  linkBroken: 'error.contract.linkBroken',
  linkExpired: 'error.contract.linkExpired',
  nameMismatch: 'error.contract.nameMismatch',
  notReady: 'error.contract.notReady',
  alreadySigned: 'error.contract.alreadySigned',
} as const;

/** The path of the embedded signing page (the only pages another page of ours may frame). */
export function signingDocumentPath(token: string): string {
  return `/signing/document/${encodeURIComponent(token)}`;
}

export const PAYMENT_ERRORS = {
  declined: 'error.payment.declined',
  insufficientFunds: 'error.payment.insufficientFunds',
  cardLimit: 'error.payment.cardLimit',
  achLimit: 'error.payment.achLimit',
  amountTooHigh: 'error.payment.amountTooHigh',
  notReady: 'error.payment.notReady',
  inProgress: 'error.payment.inProgress',
  idempotencyMismatch: 'error.payment.idempotencyMismatch',
  /** A refund of a payment that was not captured by card or at the dealership. */
  notRefundable: 'error.payment.notRefundable',
} as const;

export const FULFILLMENT_ERRORS = {
  unknownZip: 'error.fulfillment.unknownZip',
  outOfRange: 'error.fulfillment.outOfRange',
  stateMismatch: 'error.fulfillment.stateMismatch',
  cityMismatch: 'error.fulfillment.cityMismatch',
  poBox: 'error.fulfillment.poBox',
  badStreet: 'error.fulfillment.badStreet',
  badDate: 'error.fulfillment.badDate',
  badTime: 'error.fulfillment.badTime',
  badLocation: 'error.fulfillment.badLocation',
  notReady: 'error.fulfillment.notReady',
} as const;
