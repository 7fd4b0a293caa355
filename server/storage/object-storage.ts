// Where files the backend keeps live (issue 17 point 7): one small interface over keys like
// `photos/ab/<hash>/w960.webp` or `documents/<deal>/<id>.pdf`, with the local folder
// (DATA_DIR) as the default and an S3-compatible bucket (s3.ts) for several processes or
// machines. Every dealer photo and every uploaded document goes through it. Keys are built by
// the code that stores them from checked parts, never from raw input; the adapters still refuse
// a key that would leave their root. See docs/decisions/035-storage-for-several-processes.md.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export type ObjectStorage = {
  /** `local` or `s3`, for logs and the health answer. */
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes as they arrive (nothing held in memory), or null when there is no such object. */
  stream(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
};

function missing(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR') return null;
  throw error;
}

const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._/-]{0,500}$/;

export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..'))
    throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
  return key;
}

/**
 * Files under `root`; written beside and renamed, so a reader never sees half a file. Readable
 * by this user only (files 0600, folders 0700): the process serves them, nothing else should.
 */
export function localStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    kind: 'local',
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, data, { mode: 0o600 });
      await rename(temporary, file);
    },
    async get(key) {
      return readFile(fileOf(key)).catch(missing);
    },
    async stream(key) {
      // Opened first, so a missing file answers null rather than failing the stream later.
      const handle = await open(fileOf(key), 'r').catch(missing);
      if (!handle) return null;
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        return null;
      }
      return handle.createReadStream();
    },
    async exists(key) {
      return stat(fileOf(key)).then(
        (info) => info.isFile(),
        () => false,
      );
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
