import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, MAX_PDF_BYTES, type DOCUMENT_CONTENT_TYPES } from '../../app/lib/contract/tracker';
import type { MultipartFile } from './multipart';

// Where uploaded documents live: DATA_DIR/documents/<dealId>/<documentId>.<ext>, with a
// thumbnail beside each image. Incoming files wait in DATA_DIR/documents/.incoming (the same
// file system, so accepting one is a rename) and leave it either moved or removed.

export const DOCUMENTS_FOLDER = 'documents';

const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,80}$/;

export function incomingDir(dataDir: string): string {
  return path.join(dataDir, DOCUMENTS_FOLDER, '.incoming');
}

/** The path of a stored document relative to DATA_DIR, as the documents table keeps it. */
export function storagePathFor(dealId: string, documentId: string, extension: string): string {
  if (!SAFE_SEGMENT.test(dealId) || !SAFE_SEGMENT.test(documentId)) throw new Error('unsafe document path');
  return path.posix.join(DOCUMENTS_FOLDER, dealId, `${documentId}.${extension}`);
}

/** The absolute path of a stored document, or null when the stored path would leave the documents folder. */
export function resolveStoragePath(dataDir: string, storagePath: string | null): string | null {
  if (!storagePath) return null;
  const root = path.resolve(dataDir, DOCUMENTS_FOLDER);
  const file = path.resolve(dataDir, storagePath);
  return file.startsWith(`${root}${path.sep}`) ? file : null;
}

export function thumbnailPathOf(file: string): string {
  return `${file}.thumb.webp`;
}

export type DocumentKind = { contentType: (typeof DOCUMENT_CONTENT_TYPES)[number]; extension: 'pdf' | 'png' | 'jpg'; maxBytes: number };

const KINDS: Record<string, DocumentKind> = {
  'application/pdf': { contentType: 'application/pdf', extension: 'pdf', maxBytes: MAX_PDF_BYTES },
  'image/png': { contentType: 'image/png', extension: 'png', maxBytes: MAX_IMAGE_BYTES },
  'image/jpeg': { contentType: 'image/jpeg', extension: 'jpg', maxBytes: MAX_IMAGE_BYTES },
};

export type FileCheck =
  | { ok: true; kind: DocumentKind }
  | { ok: false; reason: 'unsupportedType' | 'tooLarge'; kind: DocumentKind | null };

/** What the file is by its first bytes (never by its name or the browser's claim), and whether its size is allowed. */
export async function checkUploadedFile(file: MultipartFile): Promise<FileCheck> {
  const sniffed = file.size > 0 ? await fileTypeFromFile(file.path).catch(() => undefined) : undefined;
  const kind = sniffed ? KINDS[sniffed.mime] : undefined;
  if (!kind) return { ok: false, reason: 'unsupportedType', kind: null };
  if (file.truncated || file.size > kind.maxBytes) return { ok: false, reason: 'tooLarge', kind };
  return { ok: true, kind };
}

const THUMBNAIL_SIZE = 320;

/** A small WebP of an image, beside it. Throws when the image cannot be decoded. */
export async function writeThumbnail(file: string): Promise<string> {
  const target = thumbnailPathOf(file);
  await sharp(file, { failOn: 'error' })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toFile(target);
  return target;
}

export async function moveInto(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  await rename(from, to);
}

export async function removeStoredFile(file: string | null): Promise<void> {
  if (!file) return;
  await Promise.all([rm(file, { force: true }), rm(thumbnailPathOf(file), { force: true })]);
}

export async function fileExists(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
}
