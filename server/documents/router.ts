import { asc, eq, sql } from 'drizzle-orm';
import { Router, type Request, type Response } from 'express';
import { DOCUMENT_REJECTION_REASONS, documentRejectionReasonSchema } from '../../app/lib/contract/desk';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import {
  DOCUMENT_ERRORS,
  KEY_BY_TYPE,
  UPLOAD_TYPES,
  documentKeySchema,
  uploadTypeSchema,
  type ContractDocument,
  type DocumentKey,
  type UploadType,
} from '../../app/lib/contract/tracker';
import { preparedOnce } from '../db/prepared';
import { documents } from '../db/schema';
import { createStepBackend, type StepBackend } from '../orders/backend';
import type { Db } from '../db/client';
import { requireOwnedOrder, type OwnedOrderRow } from '../orders/ownership';
import { HttpError, type Platform } from '../platform/http';
import {
  UploadError,
  deleteDocument,
  documentsReviewedByStaff,
  findDealDocument,
  listDealDocuments,
  uploadDocuments,
  type DocumentRow,
} from './service';
import { documentKeyOf, documentsKey, makeThumbnail, putDocument, readDocument, thumbnailKeyOf } from './storage';

const TYPE_BY_KEY = Object.fromEntries(UPLOAD_TYPES.map((type) => [KEY_BY_TYPE[type], type])) as Record<
  DocumentKey,
  UploadType
>;

const PDF_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" role="img" aria-label="PDF document"><title>PDF document</title><rect width="60" height="80" rx="4" fill="#f1f3f6" stroke="#8a919c"/><text x="30" y="46" font-size="14" text-anchor="middle" font-family="sans-serif" fill="#b3202a">PDF</text></svg>';

/**
 * The document as the shopper reads it; at a desk tenant (`staffReview`) a complete upload that
 * staff have not yet accepted or rejected says it is in review.
 */
function toContract(row: DocumentRow, staffReview = false): ContractDocument {
  const key = documentKeySchema.parse(row.key);
  return {
    id: row.id,
    key,
    type: TYPE_BY_KEY[key],
    status: row.status,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    rejection: rejectionOf(row),
    ...(staffReview ? { inReview: row.status === 'COMPLETE' && row.reviewStatus === null } : {}),
  };
}

/** The desk's reason for not accepting the upload, in the shopper's words (issue 33). */
function rejectionOf(row: DocumentRow): { reason: string; whatToDo: string } | null {
  if (row.reviewStatus !== 'REJECTED' || !row.reviewReason) return null;
  const parsed = documentRejectionReasonSchema.safeParse(row.reviewReason);
  if (!parsed.success) return null;
  const { reason, whatToDo } = DOCUMENT_REJECTION_REASONS[parsed.data];
  return { reason, whatToDo };
}

function notFound(): HttpError {
  return new HttpError(404, DOCUMENT_ERRORS.notFound, 'No such document');
}

/** One entry per required document: the newest complete upload, else a placeholder not yet complete. */
const documentsOfDeal = preparedOnce((db) =>
  db
    .select()
    .from(documents)
    .where(eq(documents.dealId, sql.placeholder('dealId')))
    .orderBy(asc(documents.createdAt))
    .prepare('documents_of_deal'),
);

export async function requiredDocumentList(
  db: Db,
  order: Pick<OwnedOrderRow, 'dealRefId' | 'requiredDocuments' | 'createdAt'>,
  staffReview = false,
): Promise<ContractDocument[]> {
  const rows = await documentsOfDeal(db).execute({ dealId: order.dealRefId });
  return order.requiredDocuments.map((rawKey) => {
    const key = documentKeySchema.parse(rawKey);
    const uploads = rows.filter((row) => row.key === key);
    const complete = uploads.filter((row) => row.status === 'COMPLETE').at(-1);
    const latest = complete ?? uploads.at(-1);
    if (latest) return toContract(latest, staffReview);
    return {
      id: `${order.dealRefId}-${key}`,
      key,
      type: TYPE_BY_KEY[key],
      status: 'INITIALIZED',
      fileName: null,
      contentType: null,
      size: null,
      createdAt: order.createdAt.toISOString(),
    };
  });
}

export function documentsRouter(platform: Platform, backend: StepBackend = createStepBackend(platform)): Router {
  const router = Router();

  route(router, endpoints.documents.package, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { dealId: call.params.dealId });
    res.json({ data: { dealId: order.dealRefId, required: order.requiredDocuments } });
  });

  route(router, endpoints.documents.list, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { dealId: call.params.dealId });
    res.setHeader('cache-control', 'no-store');
    if (req.query.excludeSystem !== 'true') {
      // Every file uploaded, newest first: the upload page's list with thumbnails.
      const staffReview = documentsReviewedByStaff(backend, order);
      const rows = await listDealDocuments(platform.db, order.dealRefId);
      res.json({ documents: rows.map((row) => toContract(row, staffReview)) });
      return;
    }
    res.json({ documents: await requiredDocumentList(platform.db, order, documentsReviewedByStaff(backend, order)) });
  });

  // Multipart, field `documents`, one part per file; nothing is kept when any file is refused.
  route(router, endpoints.documents.upload, async (req, res, call) => {
    const order = await requireOwnedOrder(platform, req, { dealId: call.params.dealId });
    const type = uploadTypeSchema.safeParse(req.params.type);
    if (!type.success)
      throw new HttpError(
        400,
        'error.validation.invalidType',
        `The document type must be one of ${UPLOAD_TYPES.join(', ')}`,
      );
    try {
      const rows = await uploadDocuments(backend, order, type.data, req, req.get('content-type'));
      const staffReview = documentsReviewedByStaff(backend, order);
      res.status(201).json({ documents: rows.map((row) => toContract(row, staffReview)) });
    } catch (error) {
      if (error instanceof UploadError) throw new HttpError(error.status, error.code, error.message);
      throw error;
    }
  });

  async function requireDocument(req: Request) {
    const order = await requireOwnedOrder(platform, req, { dealId: String(req.params.dealId) });
    const row = await findDealDocument(platform.db, order.dealRefId, String(req.params.docId));
    if (!row) throw notFound();
    return { row, storageKey: documentKeyOf(row.storagePath) };
  }

  // Read through the storage interface (platform.storage): any process serves a document any
  // other stored. Decrypted whole (25 MB at most) so a tampered object never starts a download.
  async function sendFile(req: Request, res: Response, asThumbnail: boolean) {
    const { row, storageKey } = await requireDocument(req);
    if (!storageKey) throw notFound();
    const answer = asThumbnail ? await thumbnailOf(row, storageKey) : await documentOf(row, storageKey);
    res.setHeader('cache-control', 'private, max-age=300');
    res.setHeader('x-content-type-options', 'nosniff');
    // Never rendered as a page of ours: a sandbox CSP, and the full document as an attachment.
    res.setHeader(
      'content-security-policy',
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    );
    if (!asThumbnail)
      res.setHeader(
        'content-disposition',
        `attachment; filename="${(row.fileName ?? 'document').replace(/[^\x20-\x7e]|["\\]/g, '')}"`,
      );
    res.type(answer.type).send(answer.body);
  }

  async function documentOf(row: DocumentRow, storageKey: string) {
    const body = await readDocument(platform.storage, documentsKey(platform.dataDir), storageKey);
    if (!body) throw notFound();
    return { type: row.contentType ?? 'application/octet-stream', body };
  }

  async function thumbnailOf(row: DocumentRow, storageKey: string) {
    const { storage } = platform;
    if (row.contentType === 'application/pdf') {
      if (!(await storage.exists(storageKey))) throw notFound();
      return { type: 'image/svg+xml', body: PDF_ICON };
    }
    const key = documentsKey(platform.dataDir);
    let body = await readDocument(storage, key, thumbnailKeyOf(storageKey));
    if (!body) {
      // A document stored without one (the seed's samples): made once, then kept.
      const image = await readDocument(storage, key, storageKey);
      if (!image) throw notFound();
      body = await makeThumbnail(image);
      await putDocument(storage, key, thumbnailKeyOf(storageKey), body);
    }
    return { type: 'image/webp', body };
  }

  route(router, endpoints.documents.file, async (req, res) => sendFile(req, res, false));
  route(router, endpoints.documents.thumbnail, async (req, res) => sendFile(req, res, true));

  route(router, endpoints.documents.remove, async (req, res) => {
    const { row } = await requireDocument(req);
    await deleteDocument(backend, row);
    res.status(204).end();
  });

  return router;
}
