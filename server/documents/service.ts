import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt } from 'drizzle-orm';
import {
  DOCUMENT_ERRORS,
  DOCUMENT_RETENTION_DAYS,
  KEY_BY_TYPE,
  MAX_FILES_PER_UPLOAD,
  MAX_IMAGE_BYTES,
  type DocumentKey,
  type UploadType,
} from '../../app/lib/contract/tracker';
import { logger } from '../../app/lib/shared/logger.server';
import type { Db } from '../db/client';
import { documents } from '../db/schema';
import { tenantOf, type StepBackend } from '../orders/backend';
import type { OrderRow } from '../orders/changes';
import { onDocumentsComplete } from '../orders/progress';
import { MultipartError, readMultipart, removeFiles, type MultipartFile } from './multipart';
import type { ObjectStorage } from '../storage/object-storage';
import {
  checkUploadedFile,
  documentKeyOf,
  documentsKey,
  incomingDir,
  makeThumbnail,
  putDocument,
  readIncoming,
  removeDocument,
  storagePathFor,
  thumbnailKeyOf,
  type DocumentKind,
} from './storage';

// Uploads (seed 001 §7, seed 002 §5): every part of the field `documents` is checked by its
// content (pdf, png, jpg) and its size (4 MB a PDF, 25 MB an image) before anything is kept.
// One bad file refuses the whole call and nothing is stored; good files are stored, encrypted,
// through the storage interface (the local folder or the bucket every process shares) and
// recorded COMPLETE. When the last required document arrives the order moves on; at a tenant
// whose partners are the desk (issue 33) it moves on once staff accepted each required one.

export type DocumentRow = typeof documents.$inferSelect;

export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The body is read whole (and dropped past the caps) up to this much; a bigger one is cut off. */
const MAX_UPLOAD_BODY_BYTES = MAX_FILES_PER_UPLOAD * (MAX_IMAGE_BYTES + 64 * 1024);

function describe(file: MultipartFile, index: number): string {
  return file.fileName ?? `File ${index + 1}`;
}

/** The name a document keeps: the browser's file name, or the type and its position. */
function storedName(file: MultipartFile, type: UploadType, index: number, kind: DocumentKind): string {
  return file.fileName ?? `${type}-${index + 1}.${kind.extension}`;
}

async function readUpload(
  backend: StepBackend,
  body: AsyncIterable<Buffer>,
  contentType: string | undefined,
): Promise<MultipartFile[]> {
  try {
    const { files } = await readMultipart(body, contentType, {
      tmpDir: incomingDir(backend.platform.dataDir),
      maxFileBytes: MAX_IMAGE_BYTES,
      maxFiles: MAX_FILES_PER_UPLOAD,
      maxTotalBytes: MAX_UPLOAD_BODY_BYTES,
    });
    const others = files.filter((file) => file.field !== 'documents');
    await removeFiles(others);
    return files.filter((file) => file.field === 'documents');
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    if (error.reason === 'tooManyFiles')
      throw new UploadError(
        400,
        DOCUMENT_ERRORS.tooManyFiles,
        `Upload at most ${MAX_FILES_PER_UPLOAD} files at a time.`,
      );
    if (error.reason === 'tooLarge') throw new UploadError(413, DOCUMENT_ERRORS.tooLarge, 'The upload is too large.');
    throw new UploadError(
      400,
      'error.validation.invalidRequest',
      'The upload could not be read as multipart/form-data.',
    );
  }
}

type Accepted = { file: MultipartFile; kind: DocumentKind; index: number };

async function checkAll(files: MultipartFile[]): Promise<Accepted[]> {
  const accepted: Accepted[] = [];
  for (const [index, file] of files.entries()) {
    const check = await checkUploadedFile(file);
    if (!check.ok) {
      const name = describe(file, index);
      if (check.reason === 'unsupportedType') {
        throw new UploadError(415, DOCUMENT_ERRORS.unsupportedType, `${name} is not a PDF, PNG or JPG file.`);
      }
      throw new UploadError(
        413,
        DOCUMENT_ERRORS.tooLarge,
        `${name} is too large: ${check.kind?.extension === 'pdf' ? 'a PDF can be up to 4 MB' : 'an image can be up to 25 MB'}.`,
      );
    }
    accepted.push({ file, kind: check.kind, index });
  }
  return accepted;
}

/**
 * Answers whether every required document has a complete upload (with `accepted`: one that
 * staff accepted, what a desk tenant's order waits for).
 */
export async function requiredDocumentsComplete(
  db: Db,
  order: Pick<OrderRow, 'dealRefId' | 'requiredDocuments'>,
  { accepted = false }: { accepted?: boolean } = {},
): Promise<boolean> {
  const rows = await db
    .select({ key: documents.key })
    .from(documents)
    .where(
      and(
        eq(documents.dealId, order.dealRefId),
        eq(documents.status, 'COMPLETE'),
        accepted ? eq(documents.reviewStatus, 'ACCEPTED') : undefined,
      ),
    );
  const complete = new Set(rows.map((row) => row.key));
  return order.requiredDocuments.every((key) => complete.has(key));
}

/** At a desk tenant uploads wait for staff to accept them; elsewhere the order moves on as they arrive. */
export function documentsReviewedByStaff(backend: StepBackend, order: Pick<OrderRow, 'tenantId'>): boolean {
  return tenantOf(backend, order.tenantId).partners === 'desk';
}

/** Stores the uploaded files of one type for the order's deal; refuses them all if one is bad. */
export async function uploadDocuments(
  backend: StepBackend,
  order: OrderRow,
  type: UploadType,
  body: AsyncIterable<Buffer>,
  contentType: string | undefined,
): Promise<DocumentRow[]> {
  const { db, dataDir, storage } = backend.platform;
  const files = await readUpload(backend, body, contentType);
  const stored: string[] = [];
  try {
    if (files.length === 0) throw new UploadError(400, DOCUMENT_ERRORS.noFile, 'Choose a file to upload.');
    const accepted = await checkAll(files);
    const key: DocumentKey = KEY_BY_TYPE[type];
    const secret = documentsKey(dataDir);
    const now = backend.now();
    const values: Array<typeof documents.$inferInsert> = [];
    for (const { file, kind, index } of accepted) {
      const id = randomUUID();
      const storagePath = storagePathFor(order.dealRefId, id, kind.extension);
      const plain = await readIncoming(file);
      const thumbnail =
        kind.extension === 'pdf'
          ? null
          : await makeThumbnail(plain).catch(() => {
              throw new UploadError(
                415,
                DOCUMENT_ERRORS.unsupportedType,
                `${describe(file, index)} could not be read as an image.`,
              );
            });
      // Personal documents are stored encrypted (storage.ts), never as the shopper sent them.
      stored.push(storagePath);
      await putDocument(storage, secret, storagePath, plain);
      if (thumbnail) await putDocument(storage, secret, thumbnailKeyOf(storagePath), thumbnail);
      values.push({
        id,
        dealId: order.dealRefId,
        key,
        type,
        status: 'COMPLETE',
        fileName: storedName(file, type, index, kind),
        contentType: kind.contentType,
        size: file.size,
        storagePath,
        createdAt: new Date(now.getTime() + index),
      });
    }
    const rows = await db.insert(documents).values(values).returning();
    if (!documentsReviewedByStaff(backend, order) && (await requiredDocumentsComplete(db, order)))
      await onDocumentsComplete(backend, order);
    return rows;
  } catch (error) {
    await Promise.all(stored.map((storagePath) => removeDocument(storage, storagePath)));
    throw error;
  } finally {
    // The parts were read into the storage (or refused): none stays in this process's folder.
    await removeFiles(files);
  }
}

/** Every document of the deal, newest first (the upload page lists them with thumbnails). */
export async function listDealDocuments(db: Db, dealId: string): Promise<DocumentRow[]> {
  return db.select().from(documents).where(eq(documents.dealId, dealId)).orderBy(desc(documents.createdAt));
}

export async function findDealDocument(db: Db, dealId: string, documentId: string): Promise<DocumentRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(documentId)) return null;
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.dealId, dealId)))
    .limit(1);
  return row ?? null;
}

/** Deletes a document: its row, its file and its thumbnail. */
export async function deleteDocument(backend: StepBackend, row: DocumentRow): Promise<void> {
  await backend.platform.db.delete(documents).where(eq(documents.id, row.id));
  await removeDocument(backend.platform.storage, documentKeyOf(row.storagePath));
}

/** Seed 002 §9: documents are deleted after 60 days. Answers how many went. */
export async function purgeExpiredDocuments(db: Db, storage: ObjectStorage, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DOCUMENT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const expired = await db
    .delete(documents)
    .where(lt(documents.createdAt, cutoff))
    .returning({ storagePath: documents.storagePath });
  await Promise.all(expired.map((row) => removeDocument(storage, documentKeyOf(row.storagePath))));
  if (expired.length > 0)
    logger.info({ count: expired.length }, 'documents: removed documents older than the retention period');
  return expired.length;
}
