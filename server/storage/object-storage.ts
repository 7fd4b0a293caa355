// Where files the backend keeps live (issue 17 point 7): one small interface over keys like
// `photos/ab/<hash>/w960.webp`, with the local folder (DATA_DIR) as the default and an
// S3-compatible bucket (s3.ts) for several processes or machines. Keys are built by the code
// that stores them from checked parts, never from raw input; the adapters still refuse a key
// that would leave their root. See docs/decisions/019-photos.md and README.md (scale-out).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type ObjectStorage = {
  /** `local` or `s3`, for logs and the health answer. */
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
};

const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._/-]{0,500}$/;

export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..'))
    throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
  return key;
}

/** Files under `root`; written beside and renamed, so a reader never sees half a file. */
export function localStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    kind: 'local',
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
    },
    async get(key) {
      return readFile(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
        throw error;
      });
    },
    async has(key) {
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
