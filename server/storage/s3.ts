// The S3-compatible adapter of the storage interface (object-storage.ts), with the official
// client. Any S3-compatible server works (AWS S3, MinIO, Ceph, R2, …): set S3_ENDPOINT for one
// that is not AWS, S3_FORCE_PATH_STYLE=1 when it has no per-bucket host names. Checksums are
// sent only where S3 requires them, which every compatible server understands.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { checkKey, localStorage, type ObjectStorage } from './object-storage';

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Put before every key, e.g. `showroom/`. */
  prefix: string;
};

function notFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

export function s3Storage(settings: S3Settings): ObjectStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => `${settings.prefix}${checkKey(key)}`;
  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          Body: data,
          ContentType: contentType ?? 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async stream(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!answer.Body) return Readable.from([]);
        // In Node the body is the response stream itself; any other runtime's body is read whole.
        if (answer.Body instanceof Readable) return answer.Body;
        return Readable.from([Buffer.from(await answer.Body.transformToByteArray())]);
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}

export class StorageConfigError extends Error {}

/**
 * The storage the environment asks for: STORAGE=s3 with S3_BUCKET (and S3_REGION, S3_ENDPOINT,
 * S3_FORCE_PATH_STYLE, S3_PREFIX, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or the AWS SDK's own
 * AWS_* variables and profiles), else the local folder `dataDir`.
 */
export function storageFromEnv(dataDir: string, env: Record<string, string | undefined> = process.env): ObjectStorage {
  const kind = env.STORAGE ?? 'local';
  if (kind === 'local') return localStorage(dataDir);
  if (kind !== 's3') throw new StorageConfigError(`STORAGE is local or s3, not ${kind}`);
  if (!env.S3_BUCKET) throw new StorageConfigError('STORAGE=s3 needs S3_BUCKET');
  const prefix = env.S3_PREFIX ?? '';
  if (prefix && !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/.test(prefix))
    throw new StorageConfigError('S3_PREFIX is letters, digits, . _ - and / and ends with /');
  return s3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    prefix,
  });
}
