import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';

// Streaming multipart/form-data uploads, parsed by busboy. File parts go straight to temp
// files as they arrive, so a 25 MB upload costs a few chunks of memory, not 25 MB; the caller
// checks the files and moves the good ones into place, or removes them all (removeFiles).
// Bytes past a file's cap are counted but not written: the caller refuses the file by its
// size without the server ever holding it.

export type MultipartFile = {
  field: string;
  /** The name the browser sent, without any path; null when it sent none. */
  fileName: string | null;
  /** What the browser claimed; never trusted for the type (sniff the content). */
  declaredType: string | null;
  path: string;
  /** Every byte the part had, written or not. */
  size: number;
  /** The part was longer than the cap and only its start was written. */
  truncated: boolean;
};

export type MultipartResult = { files: MultipartFile[]; fields: Record<string, string> };

export type MultipartOptions = {
  /** Where the temp files go (created when missing). */
  tmpDir: string;
  /** Bytes written per file; the rest of a longer file is counted and dropped. */
  maxFileBytes: number;
  /** File parts accepted; more is an error. */
  maxFiles: number;
  /** The whole body; past it the reading stops with an error. */
  maxTotalBytes: number;
  /** Text fields are small: a longer one is an error. */
  maxFieldBytes?: number;
};

export class MultipartError extends Error {
  override name = 'MultipartError';
  constructor(
    readonly reason: 'malformed' | 'tooManyFiles' | 'tooLarge',
    message: string,
  ) {
    super(message);
  }
}

/** The boundary of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** Only the last path segment, without control characters, at most 200 characters. */
export function cleanFileName(name: string | null | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned || null;
}

/** Removes the temp files of a parse (after a refusal, or once they were moved). */
export async function removeFiles(files: readonly Pick<MultipartFile, 'path'>[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}

/** Writes a file part to disk up to `cap` bytes, counting (and dropping) the rest. */
async function writeCapped(source: Readable, file: MultipartFile, cap: number): Promise<void> {
  const out = createWriteStream(file.path, { flags: 'wx', mode: 0o600 });
  let written = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      file.size += chunk.length;
      const room = cap - written;
      if (room <= 0) {
        file.truncated = true;
        continue;
      }
      const slice = chunk.length > room ? chunk.subarray(0, room) : chunk;
      if (slice.length < chunk.length) file.truncated = true;
      written += slice.length;
      if (!out.write(slice)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
}

/**
 * Reads a multipart body from a stream (an Express request) with busboy. Answers the file parts
 * (on disk) and the text fields; throws MultipartError for a broken body, too many files or too
 * many bytes, after removing what it wrote.
 */
export async function readMultipart(
  body: AsyncIterable<Buffer | Uint8Array | string>,
  contentType: string | undefined,
  options: MultipartOptions,
): Promise<MultipartResult> {
  if (!contentType || !multipartBoundary(contentType))
    throw new MultipartError('malformed', 'not multipart/form-data with a boundary');
  await mkdir(options.tmpDir, { recursive: true, mode: 0o700 });
  const maxFieldBytes = options.maxFieldBytes ?? 8 * 1024;
  const files: MultipartFile[] = [];
  const fields: Record<string, string> = {};
  const writes: Promise<void>[] = [];
  let refusal: MultipartError | null = null;

  const parser = busboy({
    headers: { 'content-type': contentType },
    defParamCharset: 'utf8',
    limits: { files: options.maxFiles, fieldSize: maxFieldBytes, headerPairs: 20 },
  });
  parser.on('file', (field, stream, info) => {
    const file: MultipartFile = {
      field,
      fileName: cleanFileName(info.filename),
      declaredType: info.mimeType ? info.mimeType.toLowerCase() : null,
      path: path.join(options.tmpDir, `upload-${randomBytes(12).toString('hex')}`),
      size: 0,
      truncated: false,
    };
    files.push(file);
    writes.push(writeCapped(stream, file, options.maxFileBytes));
  });
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) refusal ??= new MultipartError('malformed', `field ${name} is too long`);
    else fields[name] = value;
  });
  parser.on('filesLimit', () => {
    refusal ??= new MultipartError('tooManyFiles', `more than ${options.maxFiles} files`);
  });

  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > options.maxTotalBytes)
        callback(new MultipartError('tooLarge', `more than ${options.maxTotalBytes} bytes`));
      else callback(null, chunk);
    },
  });

  try {
    await pipeline(Readable.from(body), counter, parser);
    await Promise.all(writes);
    if (refusal) throw refusal;
    // A file input left empty still sends a part: filename="" and no bytes.
    const empty = files.filter((file) => file.size === 0 && !file.fileName);
    await removeFiles(empty);
    return { files: files.filter((file) => !empty.includes(file)), fields };
  } catch (error) {
    await Promise.allSettled(writes);
    await removeFiles(files);
    if (error instanceof MultipartError) throw error;
    throw new MultipartError('malformed', error instanceof Error ? error.message : 'unreadable body');
  }
}
