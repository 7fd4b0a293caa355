import { z } from 'zod';
import { isoDateTime } from './common';

// The account's documents (seed 002 §3 "Documents: type, date added, status"; issue 15 point 3):
// every document of the shopper's orders, uploaded and generated (receipts, contracts).

export const accountDocumentSchema = z.object({
  /** `upload:<uuid>`, `contract:<order>` or `receipt:<order>`. */
  id: z.string(),
  orderNumber: z.string(),
  kind: z.enum(['upload', 'contract', 'receipt']),
  type: z.string(),
  addedAt: isoDateTime,
  status: z.enum([
    'Missing',
    'Uploading',
    'Upload failed',
    'Submitted',
    'Ready to sign',
    'Signed',
    'Countersigned',
    'Issued',
  ]),
  /** Only a document with a file (or one we render) can be downloaded. */
  downloadable: z.boolean(),
  /** For an upload: its deal and document ids (the file's address in the documents API). */
  dealId: z.string().nullable(),
  documentId: z.string().nullable(),
});
export type AccountDocument = z.infer<typeof accountDocumentSchema>;

/**
 * GET /api/account/documents → 200 `{ data: AccountDocument[] }` newest first; 401 signed out.
 * GET /api/account/documents/:orderNumber/contract → the contract PDF, its owner only (404 else).
 * Uploaded files come from GET /api/documents/deals/:dealId/documents/:docId (owner only).
 */
export const accountDocumentsResponseSchema = z.object({ data: z.array(accountDocumentSchema) });
