import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, MAX_PDF_BYTES, type DOCUMENT_CONTENT_TYPES } from '../../app/lib/contract/tracker';
import { resolvePiiKey } from '../secrets';
import { checkKey, type ObjectStorage } from '../storage/object-storage';
import type { MultipartFile } from './multipart';

// Where uploaded documents live: in the storage (server/storage: DATA_DIR by default, or an
// S3-compatible bucket every process shares) under documents/<dealId>/<documentId>.<ext>, with
// a thumbnail beside each image (<key>.thumb.webp). The key is what the documents table keeps
// as storage_path (relative to DATA_DIR for the local folder, as before). Incoming upload parts
// wait in this process's DATA_DIR/documents/.incoming for the length of the request only, and
// leave it stored or removed.

export const DOCUMENTS_FOLDER = 'documents';

const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,80}$/;

export function incomingDir(dataDir: string): string {
  return path.join(dataDir, DOCUMENTS_FOLDER, '.incoming');
}

/** The storage key of a document, as the documents table keeps it. */
export function storagePathFor(dealId: string, documentId: string, extension: string): string {
  if (!SAFE_SEGMENT.test(dealId) || !SAFE_SEGMENT.test(documentId)) throw new Error('unsafe document path');
  return path.posix.join(DOCUMENTS_FOLDER, dealId, `${documentId}.${extension}`);
}

/** The stored path as a storage key, or null when it is missing or not under documents/. */
export function documentKeyOf(storagePath: string | null): string | null {
  if (!storagePath?.startsWith(`${DOCUMENTS_FOLDER}/`)) return null;
  try {
    return checkKey(storagePath);
  } catch {
    return null;
  }
}

export function thumbnailKeyOf(key: string): string {
  return `${key}.thumb.webp`;
}

export type DocumentKind = {
  contentType: (typeof DOCUMENT_CONTENT_TYPES)[number];
  extension: 'pdf' | 'png' | 'jpg';
  maxBytes: number;
};

const KINDS: Record<string, DocumentKind> = {
  'application/pdf': { contentType: 'application/pdf', extension: 'pdf', maxBytes: MAX_PDF_BYTES },
  'image/png': { contentType: 'image/png', extension: 'png', maxBytes: MAX_IMAGE_BYTES },
  'image/jpeg': { contentType: 'image/jpeg', extension: 'jpg', maxBytes: MAX_IMAGE_BYTES },
};

export type FileCheck =
  { ok: true; kind: DocumentKind } | { ok: false; reason: 'unsupportedType' | 'tooLarge'; kind: DocumentKind | null };

/** What the file is by its first bytes (never by its name or the browser's claim), and whether its size is allowed. */
export async function checkUploadedFile(file: MultipartFile): Promise<FileCheck> {
  const sniffed = file.size > 0 ? await fileTypeFromFile(file.path).catch(() => undefined) : undefined;
  const kind = sniffed ? KINDS[sniffed.mime] : undefined;
  if (!kind) return { ok: false, reason: 'unsupportedType', kind: null };
  if (file.truncated || file.size > kind.maxBytes) return { ok: false, reason: 'tooLarge', kind };
  return { ok: true, kind };
}

const THUMBNAIL_SIZE = 320;

/** A small WebP of an image. Throws when the image cannot be decoded. */
export async function makeThumbnail(image: Buffer): Promise<Buffer> {
  return sharp(image, { failOn: 'error' })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
}

/** The bytes of an incoming upload part (at most 25 MB: the caps are checked before). */
export async function readIncoming(file: MultipartFile): Promise<Buffer> {
  return readFile(file.path);
}

// ── Encryption at rest ───────────────────────────────────────────────────────────────────
// Licences, insurance cards and pay stubs are personal data: each stored object (and its
// thumbnail) is AES-256-GCM encrypted before it leaves this process, with a key derived from
// PII_ENCRYPTION_KEY (the one that encrypts SSNs), a random nonce per object and the object's
// own name (the key's last part) as additional data, so an object copied over another does not
// decrypt. Layout: MAGIC | nonce (12) | tag (16) | cipher. The storage (a folder or a bucket)
// only ever sees ciphertext. Objects from before encryption (no MAGIC) still read.

const MAGIC = Buffer.from('SRDOC1\n');

/** The documents' key: derived from the PII key, so one secret covers all personal data at rest. */
const keys = new Map<string, Buffer>();
export function documentsKey(dataDir: string): Buffer {
  let key = keys.get(dataDir);
  if (!key) {
    key = createHash('sha256').update('showroom documents v1\u0000').update(resolvePiiKey(dataDir)).digest();
    keys.set(dataDir, key);
  }
  return key;
}

function nameOf(storageKey: string): Buffer {
  return Buffer.from(path.posix.basename(storageKey));
}

export function encryptDocument(key: Buffer, storageKey: string, plain: Buffer): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(nameOf(storageKey));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, nonce, cipher.getAuthTag(), body]);
}

export function decryptDocument(key: Buffer, storageKey: string, stored: Buffer): Buffer {
  if (!stored.subarray(0, MAGIC.length).equals(MAGIC)) return stored;
  const nonce = stored.subarray(MAGIC.length, MAGIC.length + 12);
  const tag = stored.subarray(MAGIC.length + 12, MAGIC.length + 28);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(nameOf(storageKey));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(stored.subarray(MAGIC.length + 28)), decipher.final()]);
}

/** Stores a document (or thumbnail) encrypted under its key. */
export async function putDocument(storage: ObjectStorage, key: Buffer, storageKey: string, plain: Buffer) {
  await storage.put(storageKey, encryptDocument(key, storageKey, plain), 'application/octet-stream');
}

/** A stored document's bytes, decrypted, or null when it is not in the storage. */
export async function readDocument(storage: ObjectStorage, key: Buffer, storageKey: string): Promise<Buffer | null> {
  const stored = await storage.get(storageKey);
  return stored ? decryptDocument(key, storageKey, stored) : null;
}

/** Removes a stored document and its thumbnail. */
export async function removeDocument(storage: ObjectStorage, storageKey: string | null): Promise<void> {
  if (!storageKey) return;
  await Promise.all([storage.delete(storageKey), storage.delete(thumbnailKeyOf(storageKey))]);
}
