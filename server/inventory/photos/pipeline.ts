// The photo pipeline (issue 16 point 2), backend part: a dealer's photo, from a URL or a
// file, is read once (at most MAX_PHOTO_BYTES, its type checked by its content with
// file-type, never by its name or a Content-Type header), then resized with sharp into AVIF
// and WebP at PHOTO_WIDTHS plus a tiny blurred placeholder, and stored under a key made from
// its content (the same photo twice is stored once). Files go through the storage interface
// (server/storage): the local folder DATA_DIR/photos by default, or an S3-compatible bucket.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { fetchFromOutside, OutboundError, parseAllowList, type AllowList } from '../../http/outbound';
import { localStorage, type ObjectStorage } from '../../storage/object-storage';

export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** Wider photos are scaled down to these widths (never up). */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
const PLACEHOLDER_WIDTH = 16;

export class PhotoRejected extends Error {
  constructor(
    readonly reason: 'tooLarge' | 'unsupportedType' | 'unreadable' | 'fetchFailed' | 'blocked',
    message: string,
  ) {
    super(message);
  }
}

/** Where processed photos live. Keys and names are checked by the pipeline, never raw input. */
export type PhotoStorage = {
  put(key: string, name: string, data: Buffer): Promise<void>;
  get(key: string, name: string): Promise<Buffer | null>;
  stream(key: string, name: string): Promise<Readable | null>;
};

/** Photos in an object storage (server/storage), under photos/<first two>/<key>/<name>. */
export function photoStorage(objects: ObjectStorage): PhotoStorage {
  const keyOf = (key: string, name: string) => `photos/${key.slice(0, 2)}/${key}/${name}`;
  const types: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', json: 'application/json' };
  return {
    get: (key, name) => objects.get(keyOf(key, name)),
    stream: (key, name) => objects.stream(keyOf(key, name)),
    put: (key, name, data) => objects.put(keyOf(key, name), data, types[name.split('.').pop() ?? '']),
  };
}

/** The default: DATA_DIR/photos on this machine's disk. */
export function fileStorage(dataDir: string): PhotoStorage {
  return photoStorage(localStorage(dataDir));
}

export const PHOTO_KEY = /^[a-f0-9]{32}$/;
export const PHOTO_NAME = /^(w(480|960|1600)\.(avif|webp)|placeholder\.webp|meta\.json)$/;

export type StoredPhoto = {
  key: string;
  width: number;
  height: number;
  /** The widths stored (the original's width caps them). */
  widths: number[];
  /** A data: URL of a blurred 16 px WebP, shown while the photo loads. */
  placeholder: string;
};

/** The setting that lets photos come from these networks (tests, a dealer's private network). */
export const PHOTO_ALLOW_VARIABLE = 'PHOTO_FETCH_ALLOW_NETWORKS';

let allowCache: { value: string | undefined; list: AllowList } | null = null;

/** The allow-list in the environment (read each time: cheap, and a test may set it). */
function photoAllowList(): AllowList {
  const value = process.env[PHOTO_ALLOW_VARIABLE];
  if (!allowCache || allowCache.value !== value) allowCache = { value, list: parseAllowList(value) };
  return allowCache.list;
}

/**
 * The photo's bytes from an http(s) URL or a file path. A URL is fetched from outside only
 * (server/http/outbound.ts): loopback, private, link-local and metadata addresses are refused,
 * on every redirect too, unless PHOTO_FETCH_ALLOW_NETWORKS lists them.
 */
export async function readPhotoSource(source: string, limit = MAX_PHOTO_BYTES): Promise<Buffer> {
  if (/^https?:\/\//i.test(source)) {
    let fetched;
    try {
      fetched = await fetchFromOutside(source, { limit, timeoutMs: 30_000, allow: photoAllowList() });
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      throw new PhotoRejected(error.reason === 'failed' ? 'fetchFailed' : error.reason, error.message);
    }
    if (fetched.status < 200 || fetched.status >= 300)
      throw new PhotoRejected('fetchFailed', `answered ${fetched.status}`);
    return fetched.body;
  }
  const size = (await stat(source)).size;
  if (size > limit) throw new PhotoRejected('tooLarge', `larger than ${limit} bytes`);
  return readFile(source);
}

/** Processes and stores one photo's bytes; a photo already stored is not processed again. */
export async function storePhoto(storage: PhotoStorage, data: Buffer): Promise<StoredPhoto> {
  if (data.byteLength > MAX_PHOTO_BYTES) throw new PhotoRejected('tooLarge', `larger than ${MAX_PHOTO_BYTES} bytes`);
  const sniffed = await fileTypeFromBuffer(data).catch(() => undefined);
  if (!sniffed || !ACCEPTED_TYPES.has(sniffed.mime))
    throw new PhotoRejected('unsupportedType', 'is not a JPEG, PNG, WebP or AVIF image');
  const key = createHash('sha256').update(data).digest('hex').slice(0, 32);
  const existing = await storage.get(key, 'meta.json');
  if (existing) return JSON.parse(existing.toString('utf8')) as StoredPhoto;

  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: 80_000_000 }).rotate().metadata();
  } catch {
    throw new PhotoRejected('unreadable', 'could not be read as an image');
  }
  const original = metadata.autoOrient?.width ?? metadata.width ?? 0;
  const widths = PHOTO_WIDTHS.filter((width, index) => index === 0 || width <= original);
  let height = 0;
  for (const width of widths) {
    const resized = sharp(data)
      .rotate()
      .resize({ width: Math.min(width, original), withoutEnlargement: true });
    const [avif, webp] = await Promise.all([
      resized.clone().avif({ quality: 50, effort: 2 }).toBuffer({ resolveWithObject: true }),
      resized.clone().webp({ quality: 72 }).toBuffer(),
    ]);
    if (width === widths[widths.length - 1]) height = avif.info.height;
    await storage.put(key, `w${width}.avif`, avif.data);
    await storage.put(key, `w${width}.webp`, webp);
  }
  const tiny = await sharp(data)
    .rotate()
    .resize({ width: PLACEHOLDER_WIDTH })
    .blur(1.2)
    .webp({ quality: 40 })
    .toBuffer();
  await storage.put(key, 'placeholder.webp', tiny);
  const stored: StoredPhoto = {
    key,
    width: Math.min(original, widths[widths.length - 1]!),
    height,
    widths: [...widths],
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
  await storage.put(key, 'meta.json', Buffer.from(JSON.stringify(stored)));
  return stored;
}

/** The public URL of one stored rendition. */
export function photoUrl(key: string, width: number, format: PhotoFormat): string {
  return `/media/photos/${key}/w${width}.${format}`;
}

/** `srcset` for one format: every stored width. */
export function photoSrcSet(photo: Pick<StoredPhoto, 'key' | 'widths'>, format: PhotoFormat): string {
  return photo.widths.map((width) => `${photoUrl(photo.key, width, format)} ${width}w`).join(', ');
}
