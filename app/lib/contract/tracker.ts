import { z } from 'zod';
import { dealLinesSchema } from './deal-lines';
import { cartTradeInSchema } from './trade-in';
import { DOCUMENT_KEYS, ID_CAPTURE_PARTS, UPLOAD_TYPES } from './tracker-constants';

export * from './tracker-constants';

// Shapes of the tracker's calls (../shared/contracts/commerce-api.md).

export const idVerificationStatusSchema = z.object({
  status: z.enum(['NOT_STARTED', 'INITIATED', 'SUCCESSFUL', 'FAILED', 'CANCELLED']),
  isExpired: z.boolean(),
  transactionsAmount: z.number().int().min(0),
  /**
   * Whether the buyer is offered ID capture by phone (seed 002 §5: not for Illinois residents,
   * who upload their driver's licence instead). Absent from older platforms: offered.
   */
  captureOffered: z.boolean().optional(),
});
export type IdVerificationStatus = z.infer<typeof idVerificationStatusSchema>;

export const signingReadinessSchema = z.object({ ready: z.boolean(), isSigningNotificationSent: z.boolean() });
export type SigningReadiness = z.infer<typeof signingReadinessSchema>;

export const signingStatusSchema = z.object({
  status: z.enum(['NotStarted', 'Sent', 'Signed', 'Cancelled']),
  signersCompleted: z.object({ buyer: z.boolean(), dealer: z.boolean() }),
});
export type SigningStatus = z.infer<typeof signingStatusSchema>;

export const documentKeySchema = z.enum(DOCUMENT_KEYS);

export const uploadTypeSchema = z.enum(UPLOAD_TYPES);

export const documentSchema = z.object({
  id: z.string(),
  key: documentKeySchema,
  type: uploadTypeSchema,
  status: z.enum(['INITIALIZED', 'UPLOADING', 'COMPLETE', 'FAIL']),
  fileName: z.string().nullable(),
  contentType: z.string().nullable(),
  size: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Our extension (issue 33): the dealer did not accept this upload; why, and what to do, for the shopper. */
  rejection: z.object({ reason: z.string(), whatToDo: z.string() }).nullish(),
  /** Our extension (issue 33): at a tenant run from the desk, a complete upload staff have yet to accept. */
  inReview: z.boolean().optional(),
});
export type ContractDocument = z.infer<typeof documentSchema>;

export const documentPackageResponseSchema = z.object({
  data: z.object({ dealId: z.string(), required: z.array(documentKeySchema) }),
});
export const documentsResponseSchema = z.object({ documents: z.array(documentSchema) });

/** The storefront reads any string and maps values it does not know to NOT_FOUND. */
/** An absent (or null) status is NOT_INITIATED: the step shows READY, its base state (contract "Robustness"). */
export const insuranceProgressSchema = z.object({
  policyStatus: z
    .string()
    .nullish()
    .transform((status) => status ?? 'NOT_INITIATED'),
});

export const insuranceConsentRequestSchema = z.object({
  orderNumber: z.string().min(1),
  termsVersion: z.literal(1),
  consentLanguage: z.string().min(1),
});
export const insurancePolicyRequestSchema = z.object({ orderNumber: z.string().min(1), pullId: z.string().min(1) });
export const insurancePolicyErrorRequestSchema = z.object({
  orderNumber: z.string().min(1),
  reason: z.string().min(1),
});

// ==========================================================================================
// The step actions (issue 5, second part). Request and response shapes of the calls that move
// an order along; the built-in backend (server/) follows them, and so must any other backend
// the storefront is pointed at. Error answers keep the common body of common.ts; the codes
// each call may answer with are listed beside it.

const isoDateTime = z.iso.datetime({ offset: true });
const cents = z.number().int().min(0);

// ------------------------------------------------------------------------------ Insurance

/** POST /public/insurance-verification/consent → 200. */
export const insuranceConsentResponseSchema = z.object({
  orderNumber: z.string(),
  termsVersion: z.literal(1),
  consentedAt: isoDateTime,
});

/**
 * POST /public/insurance-verification/policy → 202: the pull is under way (policyStatus
 * IN_PROGRESS); GET /progress/{orderNumber} tells how it ended. 409
 * error.insurance.consentRequired without a consent, error.insurance.alreadyVerified once a
 * policy is ACTIVE or PENDING_ACTIVATION.
 */
export const insurancePolicyResponseSchema = z.object({
  orderNumber: z.string(),
  pullId: z.string(),
  policyStatus: z.string(),
});

/** POST /public/insurance-verification/policy/error → 200: the pull is abandoned; the policy reads CANCELLED. */
export const insurancePolicyErrorResponseSchema = z.object({ orderNumber: z.string(), policyStatus: z.string() });

/** GET /progress/{orderNumber} may also say when the status last changed (the built-in backend does). */
export const insuranceProgressDetailSchema = insuranceProgressSchema.extend({ updatedAt: isoDateTime.optional() });

// ------------------------------------------------------------------------------ ID verification

/**
 * POST /api/id-verification/doc-verification/consumer/link → 201: a text message with a link to
 * the capture page went to the shopper's phone. `linkBase` is the storefront's origin (one of
 * the tenant's domains, any port); the link is `{linkBase}/progress/id-verification/capture/{token}`.
 * 409 error.idVerification.alreadyVerified, 422 error.idVerification.noPhone, 400
 * error.validation.linkBase.
 */
export const idVerificationLinkRequestSchema = z.object({
  orderId: z.string().min(1),
  linkBase: z.url({ protocol: /^https?$/ }),
});
export const idVerificationLinkResponseSchema = z.object({
  status: z.literal('INITIATED'),
  /** The phone, masked: (•••) •••-0147. */
  sentTo: z.string(),
  expiresAt: isoDateTime,
});

/**
 * GET /api/id-verification/capture/{token} (tenant header, no identity) → 200; 404
 * error.idVerification.linkNotFound for a token nobody issued.
 */
export const idCaptureStateSchema = z.object({
  state: z.enum(['OPEN', 'EXPIRED', 'COMPLETED']),
  expiresAt: isoDateTime.nullable(),
  /** What the last attempt said, so the page can ask again for what was missing. */
  lastStatus: z.enum(['NOT_STARTED', 'INITIATED', 'SUCCESSFUL', 'FAILED', 'CANCELLED']),
});
export type IdCaptureState = z.infer<typeof idCaptureStateSchema>;

/**
 * POST /api/id-verification/capture/{token}: multipart, one image per part of ID_CAPTURE_PARTS
 * (25 MB each) → 200 with the verifier's answer. 410 error.idVerification.linkExpired, 409
 * error.idVerification.alreadyVerified, 413 error.document.tooLarge.
 */
export const idCaptureResultSchema = z.object({
  status: z.enum(['SUCCESSFUL', 'FAILED']),
  /** The parts that were missing or could not be read as an image. */
  problems: z.array(z.enum(ID_CAPTURE_PARTS)),
});
export type IdCaptureResult = z.infer<typeof idCaptureResultSchema>;

// ------------------------------------------------------------------------------ Documents

/**
 * PUT /api/documents/deals/{dealId}/documents/{type} → 201 `{ documents }`: the documents the
 * call added. 413 error.document.tooLarge, 415 error.document.unsupportedType, 400
 * error.document.noFile or error.document.tooManyFiles; nothing is kept when any file is refused.
 * GET /api/documents/deals/{dealId}/documents without excludeSystem=true lists every file
 * uploaded (newest first), not one entry per required document.
 */
export const documentUploadResponseSchema = documentsResponseSchema;

/** DELETE /api/documents/deals/{dealId}/documents/{docId} → 204. */
export const noContentSchema = z.undefined();

// ------------------------------------------------------------------------------ Deal terms and decision

/**
 * GET /public/commerce/orders/{orderNumber}/terms → `{ data }`: what the deal says, for the deal
 * review, the finance decision, the contract and the payment.
 */
export const dealTermsSchema = z.object({
  orderNumber: z.string(),
  dealType: z.enum(['Cash', 'Finance', 'Lease']),
  buyer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  vehicle: z.object({
    vin: z.string(),
    year: z.number().int(),
    make: z.string(),
    model: z.string(),
    trim: z.string(),
    mileage: z.number().int(),
  }),
  dealer: z.object({ name: z.string(), legalName: z.string(), address: z.string(), phone: z.string() }),
  priceCents: cents,
  downPaymentCents: cents,
  taxesCents: cents,
  feesCents: cents,
  /** Price, taxes and fees less the down payment; what a loan or lease covers. */
  amountFinancedCents: cents,
  /** Null for a cash deal. */
  aprPercent: z.number().min(0).nullable(),
  termMonths: z.number().int().positive().nullable(),
  monthlyPaymentCents: cents.nullable(),
  /** What the payment step collects: the down payment, or for cash the whole price. */
  dueCents: cents,
  // The accepted deal's other figures (issue 12, issue 10 item 9); absent from older platforms.
  /** A second party on the deal (the co-buyer of the application). */
  coBuyer: z
    .object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable() })
    .nullable()
    .optional(),
  protectionCents: cents.optional(),
  /** Trade-in offer less payoff; negative when more is owed than it is worth. */
  tradeInEquityCents: z.number().int().optional(),
  /** Price + taxes + fees + protection − trade-in equity. */
  totalCents: cents.optional(),
  /** The state whose taxes and fees apply; null: the estimate (7 %, $500). */
  state: z.string().nullable().optional(),
  lease: z
    .object({
      annualMiles: z.number().int(),
      moneyFactor: z.number(),
      residualCents: cents,
      capCostReductionCents: cents,
      adjustedCapCostCents: cents,
      firstPaymentCents: cents,
      securityDepositCents: cents,
      monthlyTaxCents: cents,
    })
    .nullable()
    .optional(),
  /** The trade-in applied at checkout (app/lib/contract/trade-in.ts); absent on older answers. */
  tradeIn: cartTradeInSchema.nullable().optional(),
  /** The deal's line list (issue 31), every surface's; absent on older platforms and for a lease the dealer works out. */
  lines: dealLinesSchema.optional(),
});
export type DealTerms = z.infer<typeof dealTermsSchema>;
export const dealTermsResponseSchema = z.object({ data: dealTermsSchema });

/**
 * POST /public/commerce/orders/{orderNumber}/decision → `{ data }`: the shopper's answer to a
 * deal or finance offer pending approval (APEN). 409 error.deal.notPending otherwise.
 */
export const dealDecisionRequestSchema = z.object({ decision: z.enum(['ACCEPT', 'DECLINE']) });
export const dealDecisionResponseSchema = z.object({
  data: z.object({ dealStatus: z.enum(['UACC', 'UDEC']), orderStatus: z.string() }),
});

// ------------------------------------------------------------------------------ Contract signing

/**
 * GET /api/contracting/signing/{orderNumber}/envelope → the contract package as the shopper
 * meets it: not started, preparing (with the time it started), ready to sign, timed out,
 * signed (by the buyer, then countersigned by the dealer) or cancelled. `signingToken` opens the
 * embedded signing page while the package is ready; it names the e-mail tied to the order.
 */
export const envelopeSchema = z.object({
  state: z.enum(['NOT_STARTED', 'PREPARING', 'READY', 'TIMED_OUT', 'SIGNED', 'CANCELLED']),
  preparingSince: isoDateTime.nullable(),
  timeoutSeconds: z.number().int().positive(),
  buyerSigned: z.boolean(),
  dealerSigned: z.boolean(),
  signingToken: z.string().nullable(),
  /** The e-mail tied to the order, where the follow-ups go. */
  email: z.string(),
});
export type Envelope = z.infer<typeof envelopeSchema>;
export const envelopeResponseSchema = z.object({ data: envelopeSchema });

/**
 * POST /api/contracting/signing/{orderNumber}/prepare → 202 `{ data: Envelope }`. 409
 * error.contract.notAvailable before the deal allows a contract, error.validation.wrongPackageStatus
 * for a cancelled package, error.contract.alreadySigned once signed.
 */
export const preparedEnvelopeResponseSchema = envelopeResponseSchema;

/**
 * GET /api/contracting/signing/document/{token} (signed in) → `{ data }`: the contract to show
 * in the signing frame. 403 error.contract.differentEmail when the shopper signed in with
 * another e-mail than the order's; 410 error.contract.linkExpired; 404 error.contract.linkBroken.
 * GET …/{token}/pdf → the contract as a PDF.
 */
export const signingDocumentSchema = z.object({
  orderNumber: z.string(),
  state: envelopeSchema.shape.state,
  terms: dealTermsSchema,
  buyerName: z.string(),
});
export type SigningDocument = z.infer<typeof signingDocumentSchema>;
export const signingDocumentResponseSchema = z.object({ data: signingDocumentSchema });

/**
 * POST /api/contracting/signing/document/{token}/sign → `{ data: Envelope }`. 422
 * error.contract.nameMismatch when the typed name is not the buyer's; 409 error.contract.notReady
 * or error.contract.alreadySigned.
 */
export const signContractRequestSchema = z.object({
  typedName: z.string().trim().min(1).max(80),
  agreed: z.literal(true),
});

// ------------------------------------------------------------------------------ Payments

/** Seed 001 §9: a card pays at most $7,000; a bank transfer (ACH) at most $6,500 (app/lib/shared/validation/payment.ts). */
export { ACH_LIMIT_CENTS, CARD_LIMIT_CENTS } from '../shared/validation/payment';

export const paymentRecordSchema = z.object({
  id: z.string(),
  /** DEALERSHIP: taken or given back by staff at the dealership (the desk). */
  method: z.enum(['CARD', 'ACH', 'DEPOSIT', 'DEALERSHIP']),
  amountCents: cents,
  /** REFUNDED: money given back, which takes it off what was paid. */
  status: z.enum(['PROCESSING', 'PENDING', 'HOLD', 'CAPTURED', 'FAILED', 'REFUNDED']),
  cardLast4: z.string().nullable(),
  createdAt: isoDateTime,
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** GET /api/payments/orders/{orderNumber} → `{ data }`. */
export const paymentSummarySchema = z.object({
  orderNumber: z.string(),
  dealType: z.enum(['Cash', 'Finance', 'Lease']),
  /** The down payment (finance, lease) or the price (cash). */
  totalDueCents: cents,
  capturedCents: cents,
  pendingCents: cents,
  /** What is left to pay. */
  amountDueCents: cents,
  limits: z.object({ cardCents: cents, achCents: cents }),
  payments: z.array(paymentRecordSchema),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;
export const paymentSummaryResponseSchema = z.object({ data: paymentSummarySchema });

const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const amount = z.number().int().min(100);

/**
 * POST /api/payments/orders/{orderNumber}/card → 201 `{ data: { payment, summary } }`. 402
 * error.payment.declined or error.payment.insufficientFunds; 422 error.payment.cardLimit or
 * error.payment.amountTooHigh; 409 error.payment.notReady before the contract is signed. The
 * same idempotencyKey answers the first call's result again and never charges twice.
 */
export const cardPaymentRequestSchema = z.object({
  idempotencyKey,
  amountCents: amount,
  card: z.object({
    number: z.string().regex(/^\d{12,19}$/),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/),
    name: z.string().trim().min(1).max(80),
    postalCode: z.string().regex(/^\d{5}$/),
  }),
});

/** POST /api/payments/orders/{orderNumber}/bank → 201, pending; 422 error.payment.achLimit. */
export const bankPaymentRequestSchema = z.object({
  idempotencyKey,
  amountCents: amount,
  bank: z.object({
    accountHolder: z.string().trim().min(1).max(80),
    routingNumber: z.string().regex(/^\d{9}$/),
    accountNumber: z.string().regex(/^\d{4,17}$/),
    accountType: z.enum(['checking', 'savings']),
  }),
});

export const paymentResultResponseSchema = z.object({
  data: z.object({ payment: paymentRecordSchema, summary: paymentSummarySchema }),
});

// ------------------------------------------------------------------------------ Fulfilment

/** Seed 002 §9: delivery within 50 miles of the vehicle is included; further away, a custom quote by phone. */
export { DELIVERY_RADIUS_MILES } from '../shared/pricing/delivery';

export const addressSchema = z.object({
  street: z.string().trim().min(2).max(60),
  line2: z.string().trim().max(16).optional(),
  city: z.string().trim().min(2).max(40),
  state: z.string().regex(/^[A-Z]{2}$/),
  zip: z.string().regex(/^\d{5}$/),
});
export type Address = z.infer<typeof addressSchema>;

export const pickupLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['DEALERSHIP_LOCATION', 'TRANSFER_LOCATION']),
  address: addressSchema,
  distanceMiles: z.number().nullable(),
});
export type PickupLocation = z.infer<typeof pickupLocationSchema>;

/** GET /api/fulfillment/{orderNumber} → `{ data }`. A request starts Requested and becomes Confirmed. */
export const fulfillmentSchema = z.object({
  orderNumber: z.string(),
  method: z.enum(['DELIVERY', 'PICKUP']).nullable(),
  state: z.enum(['Requested', 'Confirmed']).nullable(),
  /** The zip chosen at checkout's Order Details, while nothing is booked (issue 31); absent on older platforms. */
  checkoutZip: z.string().nullable().optional(),
  appointmentTime: isoDateTime.nullable(),
  /** The appointment in the dealer's zone: YYYY-MM-DD and HH:MM. */
  date: z.string().nullable(),
  time: z.string().nullable(),
  timeZone: z.string(),
  location: pickupLocationSchema.nullable(),
  address: addressSchema.nullable(),
  instructions: z.string().nullable(),
  pickupLocations: z.array(pickupLocationSchema),
  /** The first and last days that can be booked (YYYY-MM-DD, dealer's zone). */
  earliestDate: z.string(),
  latestDate: z.string(),
  /** Every start time of the week (HH:MM, dealer's zone); a given day offers those within its hours. */
  timeSlots: z.array(z.string()),
  /** The dealer's opening hours per weekday (HH:MM, dealer's zone; null = closed). */
  businessHours: z.record(
    z.enum(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']),
    z.object({ open: z.string(), close: z.string() }).nullable(),
  ),
  deliveryRadiusMiles: z.number().int().positive(),
});
export type Fulfillment = z.infer<typeof fulfillmentSchema>;
export const fulfillmentResponseSchema = z.object({ data: fulfillmentSchema });

/** POST /api/fulfillment/{orderNumber}/delivery-zip → `{ data }`; 422 error.fulfillment.unknownZip. */
export const deliveryZipRequestSchema = z.object({ zip: z.string().regex(/^\d{5}$/) });
export const deliveryZipResponseSchema = z.object({
  data: z.object({
    zip: z.string(),
    city: z.string(),
    state: z.string(),
    distanceMiles: z.number(),
    included: z.boolean(),
  }),
});

/**
 * POST /api/fulfillment/{orderNumber}/address/verify (an Address) → `{ data }`: the address as
 * the post office writes it, with its distance. 422 error.fulfillment.unknownZip, stateMismatch,
 * cityMismatch, poBox, badStreet or outOfRange.
 */
export const addressVerifyResponseSchema = z.object({
  data: z.object({ address: addressSchema, distanceMiles: z.number(), included: z.boolean(), corrected: z.boolean() }),
});

/**
 * POST /api/fulfillment/{orderNumber}/appointments → 201 `{ data: Fulfillment }` (Requested).
 * 422 error.fulfillment.badDate, badTime, badLocation or an address error; 409
 * error.fulfillment.notReady before the order may be scheduled.
 */
export const appointmentRequestSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('PICKUP'),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    time: z.string().regex(/^\d{2}:\d{2}$/),
    locationId: z.string().min(1),
    instructions: z.string().trim().max(200).optional(),
  }),
  z.object({
    method: z.literal('DELIVERY'),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    time: z.string().regex(/^\d{2}:\d{2}$/),
    address: addressSchema,
    instructions: z.string().trim().max(200).optional(),
  }),
]);
export type AppointmentRequest = z.infer<typeof appointmentRequestSchema>;

// ------------------------------------------------------------------------------ Test mode only

/**
 * POST /api/test/orders (SHOWROOM_TEST_MODE=1 only) → 201 `{ data }`: a new order for the
 * signed-in shopper at the given stage, so end-to-end tests never share an order.
 */
export const testOrderRequestSchema = z.object({
  template: z.enum(['finance', 'lease', 'cash', 'cash-dealer']),
  /** placed: nothing done yet; decision: documents in, the offer or deal waiting (APEN); signed: contract signed, nothing paid or booked. */
  stage: z.enum(['placed', 'decision', 'signed']).default('placed'),
});
export const testOrderResponseSchema = z.object({ data: z.object({ orderNumber: z.string(), dealRefId: z.string() }) });
