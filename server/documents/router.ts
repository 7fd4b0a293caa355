import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { Router, type Response } from 'express';
import {
  KEY_BY_TYPE,
  UPLOAD_TYPES,
  documentKeySchema,
  type ContractDocument,
  type DocumentKey,
  type UploadType,
} from '../../app/lib/contract/tracker';
import { documents } from '../db/schema';
import { requireOwnedOrder } from '../orders/ownership';
import { HttpError, handle, type Platform } from '../platform/http';

const TYPE_BY_KEY = Object.fromEntries(UPLOAD_TYPES.map((type) => [KEY_BY_TYPE[type], type])) as Record<DocumentKey, UploadType>;

function toContract(row: typeof documents.$inferSelect): ContractDocument {
  return {
    id: row.id,
    key: documentKeySchema.parse(row.key),
    type: TYPE_BY_KEY[documentKeySchema.parse(row.key)],
    status: row.status,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

export function documentsRouter(platform: Platform): Router {
  const router = Router();

  router.get(
    '/api/documents/packages/deals/:dealId',
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { dealId: String(req.params.dealId) });
      res.json({ data: { dealId: order.dealRefId, required: order.requiredDocuments } });
    }),
  );

  router.get(
    '/api/documents/deals/:dealId/documents',
    handle(async (req, res) => {
      const order = await requireOwnedOrder(platform, req, { dealId: String(req.params.dealId) });
      const rows = await platform.db.select().from(documents).where(eq(documents.dealId, order.dealRefId)).orderBy(asc(documents.createdAt));
      // One entry per required document: the newest complete upload, else a placeholder not yet complete.
      const list: ContractDocument[] = order.requiredDocuments.map((rawKey) => {
        const key = documentKeySchema.parse(rawKey);
        const uploads = rows.filter((row) => row.key === key);
        const complete = uploads.filter((row) => row.status === 'COMPLETE').at(-1);
        const latest = complete ?? uploads.at(-1);
        if (latest) return toContract(latest);
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
      res.json({ documents: list });
    }),
  );

  async function sendFile(dealId: string, docId: string, req: Parameters<typeof requireOwnedOrder>[1], res: Response, asThumbnail: boolean) {
    const order = await requireOwnedOrder(platform, req, { dealId });
    const [row] = await platform.db
      .select()
      .from(documents)
      .where(and(eq(documents.id, docId), eq(documents.dealId, order.dealRefId)))
      .limit(1);
    const file = row?.storagePath ? path.resolve(platform.dataDir, row.storagePath) : null;
    if (!row || !file || !existsSync(file)) throw new HttpError(404, 'error.document.notFound', 'No such document');
    if (asThumbnail && row.contentType === 'application/pdf') {
      res.setHeader('cache-control', 'private, max-age=300');
      res.type('image/svg+xml').send(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" role="img" aria-label="PDF document"><title>PDF document</title><rect width="60" height="80" rx="4" fill="#f1f3f6" stroke="#8a919c"/><text x="30" y="46" font-size="14" text-anchor="middle" font-family="sans-serif" fill="#b3202a">PDF</text></svg>',
      );
      return;
    }
    res.setHeader('cache-control', 'private, max-age=300');
    res.type(row.contentType ?? 'application/octet-stream');
    if (!asThumbnail) res.setHeader('content-disposition', `inline; filename="${(row.fileName ?? 'document').replace(/["\\\r\n]/g, '')}"`);
    createReadStream(file).pipe(res);
  }

  router.get(
    '/api/documents/deals/:dealId/documents/:docId',
    handle(async (req, res) => sendFile(String(req.params.dealId), String(req.params.docId), req, res, false)),
  );
  router.get(
    '/api/documents/deals/:dealId/documents/:docId/thumbnail',
    handle(async (req, res) => sendFile(String(req.params.dealId), String(req.params.docId), req, res, true)),
  );
  return router;
}
