import { z } from 'zod';

// Shapes of the tracker's calls (../shared/contracts/commerce-api.md).

export const idVerificationStatusSchema = z.object({
  status: z.enum(['NOT_STARTED', 'INITIATED', 'SUCCESSFUL', 'FAILED', 'CANCELLED']),
  isExpired: z.boolean(),
  transactionsAmount: z.number().int().min(0),
});
export type IdVerificationStatus = z.infer<typeof idVerificationStatusSchema>;

export const signingReadinessSchema = z.object({ ready: z.boolean(), isSigningNotificationSent: z.boolean() });
export type SigningReadiness = z.infer<typeof signingReadinessSchema>;

export const signingStatusSchema = z.object({
  status: z.enum(['NotStarted', 'Sent', 'Signed', 'Cancelled']),
  signersCompleted: z.object({ buyer: z.boolean(), dealer: z.boolean() }),
});
export type SigningStatus = z.infer<typeof signingStatusSchema>;

/** A 4xx with one of these codes means the contract is Cancelled. */
export const CANCELLED_SIGNING_CODES = ['error.validation.wrongPackageStatus', 'error.validation.transactionExpired'] as const;

export const DOCUMENT_KEYS = ['APP.DRIVERSLICENSE', 'GEN.INSURANCECARD', 'APP.W2', 'APP.PAYSTUB', 'APP.OTHER'] as const;
export const documentKeySchema = z.enum(DOCUMENT_KEYS);
export type DocumentKey = z.infer<typeof documentKeySchema>;

export const UPLOAD_TYPES = ['DriversLicense', 'InsuranceCard', 'W2', 'PayStub', 'Other'] as const;
export const uploadTypeSchema = z.enum(UPLOAD_TYPES);
export type UploadType = z.infer<typeof uploadTypeSchema>;

export const KEY_BY_TYPE: Record<UploadType, DocumentKey> = {
  DriversLicense: 'APP.DRIVERSLICENSE',
  InsuranceCard: 'GEN.INSURANCECARD',
  W2: 'APP.W2',
  PayStub: 'APP.PAYSTUB',
  Other: 'APP.OTHER',
};

export const documentSchema = z.object({
  id: z.string(),
  key: documentKeySchema,
  type: uploadTypeSchema,
  status: z.enum(['INITIALIZED', 'UPLOADING', 'COMPLETE', 'FAIL']),
  fileName: z.string().nullable(),
  contentType: z.string().nullable(),
  size: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ContractDocument = z.infer<typeof documentSchema>;

export const documentPackageResponseSchema = z.object({
  data: z.object({ dealId: z.string(), required: z.array(documentKeySchema) }),
});
export const documentsResponseSchema = z.object({ documents: z.array(documentSchema) });

export const POLICY_STATUSES = [
  'NOT_INITIATED',
  'IN_PROGRESS',
  'ACTIVE',
  'PENDING_ACTIVATION',
  'INACTIVE',
  'EXPIRED',
  'CANCELLED',
] as const;
/** The storefront reads any string and maps values it does not know to NOT_FOUND. */
export const insuranceProgressSchema = z.object({ policyStatus: z.string() });

export const insuranceConsentRequestSchema = z.object({
  orderNumber: z.string().min(1),
  termsVersion: z.literal(1),
  consentLanguage: z.string().min(1),
});
export const insurancePolicyRequestSchema = z.object({ orderNumber: z.string().min(1), pullId: z.string().min(1) });
export const insurancePolicyErrorRequestSchema = z.object({ orderNumber: z.string().min(1), reason: z.string().min(1) });
