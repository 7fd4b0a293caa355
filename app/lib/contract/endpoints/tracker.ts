import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { myOrdersResponseSchema, orderHistoryResponseSchema, orderResponseSchema } from '../orders';
import {
  addressSchema,
  addressVerifyResponseSchema,
  appointmentRequestSchema,
  bankPaymentRequestSchema,
  cardPaymentRequestSchema,
  dealDecisionRequestSchema,
  dealDecisionResponseSchema,
  dealTermsResponseSchema,
  deliveryZipRequestSchema,
  deliveryZipResponseSchema,
  documentPackageResponseSchema,
  documentUploadResponseSchema,
  documentsResponseSchema,
  envelopeResponseSchema,
  fulfillmentResponseSchema,
  idCaptureResultSchema,
  idCaptureStateSchema,
  idVerificationLinkRequestSchema,
  idVerificationLinkResponseSchema,
  idVerificationStatusSchema,
  insuranceConsentRequestSchema,
  insuranceConsentResponseSchema,
  insurancePolicyErrorRequestSchema,
  insurancePolicyErrorResponseSchema,
  insurancePolicyRequestSchema,
  insurancePolicyResponseSchema,
  insuranceProgressDetailSchema,
  noContentSchema,
  paymentResultResponseSchema,
  paymentSummaryResponseSchema,
  preparedEnvelopeResponseSchema,
  signContractRequestSchema,
  signingDocumentResponseSchema,
  signingReadinessSchema,
  signingStatusSchema,
  testOrderRequestSchema,
  testOrderResponseSchema,
} from '../tracker';
import { trackerStateResponseSchema } from '../tracker-state';

/** A file passed through as it streams (a PDF, an image): no JSON answer to check. */
const fileAnswer = z.unknown();

/** The orders API (server/orders/): the shopper's orders, their history, terms and decision. */
export const orderEndpoints = {
  myOrders: defineEndpoint({
    method: 'GET',
    path: '/public/commerce/orders',
    summary: "The signed-in shopper's orders.",
    response: myOrdersResponseSchema,
  }),
  order: defineEndpoint({
    method: 'GET',
    path: '/public/commerce/orders/:orderNumber',
    summary: 'One order of the signed-in shopper.',
    response: orderResponseSchema,
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/public/commerce/history/:orderNumber',
    summary: "The order's status history (the tracker's timeline).",
    response: orderHistoryResponseSchema,
  }),
  trackerState: defineEndpoint({
    method: 'GET',
    path: '/public/commerce/orders/:orderNumber/tracker-state',
    summary:
      "What the tracker's steps are worked out from, in one answer (order, history, ID check, signing, insurance, documents): the bare tracker URL's redirect.",
    response: trackerStateResponseSchema,
  }),
  terms: defineEndpoint({
    method: 'GET',
    path: '/public/commerce/orders/:orderNumber/terms',
    summary: 'What the deal says, for the decision pages.',
    response: dealTermsResponseSchema,
  }),
  decision: defineEndpoint({
    method: 'POST',
    path: '/public/commerce/orders/:orderNumber/decision',
    summary: "The shopper's answer to a pending deal or offer; 409 error.deal.notPending.",
    body: dealDecisionRequestSchema,
    response: dealDecisionResponseSchema,
  }),
  testOrder: defineEndpoint({
    method: 'POST',
    path: '/api/test/orders',
    summary:
      'Test mode only (404 otherwise): a fresh order for the signed-in shopper at a stage, so e2e tests never share one.',
    body: testOrderRequestSchema,
    response: testOrderResponseSchema,
    status: 201,
  }),
} as const;

/** The documents API (server/documents/): the package, the uploads and their files. */
export const documentEndpoints = {
  package: defineEndpoint({
    method: 'GET',
    path: '/api/documents/packages/deals/:dealId',
    summary: 'The documents the deal requires.',
    response: documentPackageResponseSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/documents/deals/:dealId/documents',
    summary: "The deal's uploaded files (`excludeSystem=true` leaves out the system's own).",
    query: z.object({ excludeSystem: z.boolean().optional() }),
    response: documentsResponseSchema,
  }),
  upload: defineEndpoint({
    method: 'PUT',
    path: '/api/documents/deals/:dealId/documents/:type',
    summary: 'Uploads files of one document type (multipart, streamed through).',
    response: documentUploadResponseSchema,
    status: 201,
    transport: 'multipart',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/documents/deals/:dealId/documents/:docId',
    summary: 'Deletes an uploaded file.',
    response: noContentSchema,
    status: 204,
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/api/documents/deals/:dealId/documents/:docId',
    summary: 'An uploaded file (passed through).',
    response: fileAnswer,
    transport: 'file',
  }),
  thumbnail: defineEndpoint({
    method: 'GET',
    path: '/api/documents/deals/:dealId/documents/:docId/thumbnail',
    summary: "An uploaded image's thumbnail (passed through).",
    response: fileAnswer,
    transport: 'file',
  }),
} as const;

/** The contracting API (server/contracting/): e-signing the contract. */
export const contractingEndpoints = {
  readiness: defineEndpoint({
    method: 'GET',
    path: '/api/contracting/signing/:orderNumber/readiness',
    summary: 'Whether the contract can be signed yet.',
    response: signingReadinessSchema,
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/contracting/signing/:orderNumber/status',
    summary: "The signing envelope's status.",
    response: signingStatusSchema,
  }),
  envelope: defineEndpoint({
    method: 'GET',
    path: '/api/contracting/signing/:orderNumber/envelope',
    summary: 'The contract package as the shopper signs it.',
    response: envelopeResponseSchema,
  }),
  prepare: defineEndpoint({
    method: 'POST',
    path: '/api/contracting/signing/:orderNumber/prepare',
    summary: 'Prepares the envelope; 409 when already signed.',
    response: preparedEnvelopeResponseSchema,
    status: 202,
  }),
  document: defineEndpoint({
    method: 'GET',
    path: '/api/contracting/signing/document/:token',
    summary: 'The contract to show, by its signing token.',
    response: signingDocumentResponseSchema,
  }),
  documentPdf: defineEndpoint({
    method: 'GET',
    path: '/api/contracting/signing/document/:token/pdf',
    summary: 'The contract as a PDF (passed through).',
    response: fileAnswer,
    transport: 'file',
  }),
  sign: defineEndpoint({
    method: 'POST',
    path: '/api/contracting/signing/document/:token/sign',
    summary: 'Signs the contract with the typed name.',
    body: signContractRequestSchema,
    response: envelopeResponseSchema,
  }),
} as const;

/** The ID verification API (server/id-verification/). */
export const idVerificationEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/api/id-verification/doc-verification/consumer',
    summary: "The order's ID verification status.",
    query: z.object({ orderId: z.string() }),
    response: idVerificationStatusSchema,
  }),
  sendLink: defineEndpoint({
    method: 'POST',
    path: '/api/id-verification/doc-verification/consumer/link',
    summary: 'Texts the shopper a link to the capture page.',
    body: idVerificationLinkRequestSchema,
    response: idVerificationLinkResponseSchema,
    status: 201,
  }),
  captureState: defineEndpoint({
    method: 'GET',
    path: '/api/id-verification/capture/:token',
    summary: "The capture link's state (tenant header, no identity).",
    response: idCaptureStateSchema,
  }),
  capture: defineEndpoint({
    method: 'POST',
    path: '/api/id-verification/capture/:token',
    summary: 'The ID pictures (multipart, streamed through).',
    response: idCaptureResultSchema,
    transport: 'multipart',
  }),
} as const;

/** The insurance verification API (server/insurance/). */
export const insuranceEndpoints = {
  progress: defineEndpoint({
    method: 'GET',
    path: '/public/insurance-verification/progress/:orderNumber',
    summary: "The policy pull's status.",
    response: insuranceProgressDetailSchema,
  }),
  consent: defineEndpoint({
    method: 'POST',
    path: '/public/insurance-verification/consent',
    summary: "Records the shopper's consent to the policy pull.",
    body: insuranceConsentRequestSchema,
    response: insuranceConsentResponseSchema,
  }),
  pullPolicy: defineEndpoint({
    method: 'POST',
    path: '/public/insurance-verification/policy',
    summary: 'Starts the policy pull.',
    body: insurancePolicyRequestSchema,
    response: insurancePolicyResponseSchema,
    status: 202,
  }),
  abandonPolicy: defineEndpoint({
    method: 'POST',
    path: '/public/insurance-verification/policy/error',
    summary: 'Abandons the pull: the policy reads CANCELLED.',
    body: insurancePolicyErrorRequestSchema,
    response: insurancePolicyErrorResponseSchema,
  }),
} as const;

/** The payments API (server/payments/). */
export const paymentEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/payments/orders/:orderNumber',
    summary: 'What is due and what was paid on the order.',
    response: paymentSummaryResponseSchema,
  }),
  card: defineEndpoint({
    method: 'POST',
    path: '/api/payments/orders/:orderNumber/card',
    summary: 'A card payment; 402 when declined.',
    body: cardPaymentRequestSchema,
    response: paymentResultResponseSchema,
    status: 201,
  }),
  bank: defineEndpoint({
    method: 'POST',
    path: '/api/payments/orders/:orderNumber/bank',
    summary: 'A bank (ACH) payment, pending; 422 error.payment.achLimit.',
    body: bankPaymentRequestSchema,
    response: paymentResultResponseSchema,
    status: 201,
  }),
} as const;

/** The fulfillment API (server/fulfillment/): pickup or delivery appointments. */
export const fulfillmentEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/fulfillment/:orderNumber',
    summary: "The scheduling step's state.",
    response: fulfillmentResponseSchema,
  }),
  deliveryZip: defineEndpoint({
    method: 'POST',
    path: '/api/fulfillment/:orderNumber/delivery-zip',
    summary: 'Whether a zip is in the delivery area; 422 error.fulfillment.unknownZip.',
    body: deliveryZipRequestSchema,
    response: deliveryZipResponseSchema,
  }),
  verifyAddress: defineEndpoint({
    method: 'POST',
    path: '/api/fulfillment/:orderNumber/address/verify',
    summary: 'The delivery address as the post office writes it.',
    body: addressSchema,
    response: addressVerifyResponseSchema,
  }),
  book: defineEndpoint({
    method: 'POST',
    path: '/api/fulfillment/:orderNumber/appointments',
    summary: 'Books the pickup or delivery appointment.',
    body: appointmentRequestSchema,
    response: fulfillmentResponseSchema,
  }),
} as const;
