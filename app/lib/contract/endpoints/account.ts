import { z } from 'zod';
import { accountDocumentsResponseSchema } from '../account-documents';
import { analyticsEventAcceptedSchema, analyticsEventSchema } from '../analytics';
import { defineEndpoint } from '../endpoint';
import { leadRequestSchema, leadResponseSchema } from '../leads';
import { outboxResponseSchema } from '../notifications';
import { prequalRequestSchema, prequalResponseSchema, prequalUpdateSchema } from '../prequal';
import { privacyRequestResponseSchema, privacyRequestSchema, privacyVerifySchema } from '../privacy';
import { shellSummaryResponseSchema } from '../shell';

/** The account documents API (server/account/). */
export const accountEndpoints = {
  shell: defineEndpoint({
    method: 'GET',
    path: '/api/account/shell',
    summary:
      "Our extension: the header's cart and saved counts and the pre-qualification reminder in one read; 401 once the session ended.",
    response: shellSummaryResponseSchema,
  }),
  documents: defineEndpoint({
    method: 'GET',
    path: '/api/account/documents',
    summary: "The signed-in shopper's documents, newest first.",
    response: accountDocumentsResponseSchema,
  }),
  contractPdf: defineEndpoint({
    method: 'GET',
    path: '/api/account/documents/:orderNumber/contract',
    summary: "The order's signed contract as a PDF (passed through), its owner only.",
    response: z.unknown(),
    transport: 'file',
  }),
} as const;

/** The pre-qualification API (server/prequal/). The bodies hold a date of birth and maybe an SSN. */
export const prequalEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/prequal',
    summary: "The signed-in shopper's pre-qualification.",
    response: prequalResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/prequal',
    summary: 'Pre-qualifies with a soft pull; 422 with `fieldErrors`.',
    body: prequalRequestSchema,
    response: prequalResponseSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/prequal',
    summary: 'Changes the details and pulls again; 422 with `fieldErrors`.',
    body: prequalUpdateSchema,
    response: prequalResponseSchema,
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/prequal/refresh',
    summary: 'Pulls again with the details on file.',
    body: z.object({}),
    response: prequalResponseSchema,
  }),
} as const;

/** The privacy requests API (server/privacy/). */
export const privacyEndpoints = {
  request: defineEndpoint({
    method: 'POST',
    path: '/api/privacy/requests',
    summary: 'Files a privacy request and sends its code.',
    body: privacyRequestSchema,
    response: privacyRequestResponseSchema,
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/api/privacy/requests/:id/verify',
    summary: 'Confirms the request with its code.',
    body: privacyVerifySchema,
    response: privacyRequestResponseSchema,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/privacy/export',
    summary: "The signed-in shopper's data as a file (passed through).",
    response: z.unknown(),
    transport: 'file',
  }),
} as const;

/** Leads, analytics and the development outbox. */
export const messagingEndpoints = {
  lead: defineEndpoint({
    method: 'POST',
    path: '/api/leads',
    summary: 'A contact-the-dealer message; the same `submissionId` answers the first lead.',
    body: leadRequestSchema,
    response: leadResponseSchema,
    status: 201,
  }),
  analyticsEvent: defineEndpoint({
    method: 'POST',
    path: '/api/analytics/events',
    summary: 'A page view or event for the built-in sink.',
    body: analyticsEventSchema,
    response: analyticsEventAcceptedSchema,
    status: 204,
  }),
  outbox: defineEndpoint({
    method: 'GET',
    path: '/api/notifications/outbox',
    summary: 'The messages the platform sent (development and tests only).',
    response: outboxResponseSchema,
  }),
} as const;
