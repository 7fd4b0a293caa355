import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, MAX_PDF_BYTES, type DOCUMENT_CONTENT_TYPES } from '../../app/lib/contract/tracker';
import { resolvePiiKey } from '../secrets';
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
  await mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
  await rename(from, to);
  await chmod(to, 0o600);
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

// ── Encryption at rest ───────────────────────────────────────────────────────────────────
// Licences, insurance cards and pay stubs are personal data: each stored file (and its
// thumbnail) is AES-256-GCM encrypted with a key derived from PII_ENCRYPTION_KEY (the one that
// encrypts SSNs), a random nonce per file and the file's own name as additional data, so a
// file copied over another does not decrypt. Layout: MAGIC | nonce (12) | tag (16) | cipher.
// Files are written with mode 0600. Files from before this change (no MAGIC) still read.

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

export async function encryptFileInPlace(key: Buffer, file: string): Promise<void> {
  const plain = await readFile(file);
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(path.basename(file)));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, Buffer.concat([MAGIC, nonce, cipher.getAuthTag(), body]), { mode: 0o600 });
  await rename(temp, file);
}

/** A stored file's bytes, decrypted (or as they are, for a file stored before encryption). */
export async function readStoredFile(key: Buffer, file: string): Promise<Buffer> {
  const stored = await readFile(file);
  if (!stored.subarray(0, MAGIC.length).equals(MAGIC)) return stored;
  const nonce = stored.subarray(MAGIC.length, MAGIC.length + 12);
  const tag = stored.subarray(MAGIC.length + 12, MAGIC.length + 28);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(Buffer.from(path.basename(file)));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(stored.subarray(MAGIC.length + 28)), decipher.final()]);
}

/** A thumbnail made from a stored (encrypted) image, itself stored encrypted. */
export async function writeEncryptedThumbnail(key: Buffer, file: string): Promise<void> {
  const target = thumbnailPathOf(file);
  await sharp(await readStoredFile(key, file), { failOn: 'error' })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toFile(target);
  await chmod(target, 0o600);
  await encryptFileInPlace(key, target);
}
