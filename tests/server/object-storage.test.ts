import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoStorage, storePhoto } from '#server/inventory/photos/pipeline';
import { localStorage, type ObjectStorage } from '#server/storage/object-storage';
import { StorageConfigError, storageFromEnv } from '#server/storage/s3';
import { startS3Server, type TestS3Server } from '../support/s3-server';

// The storage interface (issue 17 point 7): the local folder and the S3-compatible adapter
// behave alike. The adapter (the official @aws-sdk/client-s3) talks to an S3-compatible server
// started here (tests/support/s3-server.ts: @20minutes/s3rver, which checks every request's
// signature), exactly as it would to AWS, MinIO or R2.

let s3: TestS3Server;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server('showroom-bucket');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'storage-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const s3Env = () => ({ ...s3.env, S3_PREFIX: 'showroom/' });

describe.each([
  ['the local folder', () => storageFromEnv(dataDir, {})],
  ['an S3-compatible bucket', () => storageFromEnv(dataDir, s3Env())],
])('storage in %s', (_name, open: () => ObjectStorage) => {
  it('puts, gets, streams, tells what it has and deletes', async () => {
    const storage = open();
    await storage.put('documents/deal-1/a.pdf', Buffer.from('%PDF-1.7 body'), 'application/pdf');
    expect((await storage.get('documents/deal-1/a.pdf'))?.toString()).toBe('%PDF-1.7 body');
    expect(await text((await storage.stream('documents/deal-1/a.pdf'))!)).toBe('%PDF-1.7 body');
    expect(await storage.exists('documents/deal-1/a.pdf')).toBe(true);
    await storage.put('documents/deal-1/a.pdf', Buffer.from('%PDF-1.7 second'), 'application/pdf');
    expect((await storage.get('documents/deal-1/a.pdf'))?.toString()).toBe('%PDF-1.7 second');
    await storage.delete('documents/deal-1/a.pdf');
    expect(await storage.get('documents/deal-1/a.pdf')).toBeNull();
    expect(await storage.exists('documents/deal-1/a.pdf')).toBe(false);
  });

  it('answers a missing key with null and false, and deletes it without an error', async () => {
    const storage = open();
    expect(await storage.get('documents/deal-1/missing.pdf')).toBeNull();
    expect(await storage.stream('documents/deal-1/missing.pdf')).toBeNull();
    expect(await storage.exists('documents/deal-1/missing.pdf')).toBe(false);
    // A "folder" is not an object either.
    await storage.put('documents/deal-2/x/y.pdf', Buffer.from('y'));
    expect(await storage.get('documents/deal-2/x')).toBeNull();
    expect(await storage.stream('documents/deal-2/x')).toBeNull();
    await expect(storage.delete('documents/deal-1/missing.pdf')).resolves.toBeUndefined();
  });

  it('streams a large object as it is', async () => {
    const storage = open();
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 'showroom');
    await storage.put('documents/deal-3/big.pdf', big);
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.stream('documents/deal-3/big.pdf'))!) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).equals(big)).toBe(true);
  });

  it('refuses a key that would leave its root', async () => {
    const storage = open();
    for (const key of ['../etc/passwd', 'photos/../../x', '/abs', 'a//b'])
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
  });

  it('holds the photo pipeline’s renditions', async () => {
    const storage = photoStorage(open());
    const image = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer();
    const stored = await storePhoto(storage, image);
    const webp = await storage.get(stored.key, 'w480.webp');
    expect((await sharp(webp!).metadata()).format).toBe('webp');
  });
});

describe('the S3 adapter', () => {
  it('keeps objects under the prefix, with each object’s content type', async () => {
    await storageFromEnv(dataDir, s3Env()).put('photos/ab/key/w480.avif', Buffer.from('x'), 'image/avif');
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const head = await client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: 'showroom/photos/ab/key/w480.avif' }),
    );
    expect(head.ContentType).toBe('image/avif');
    expect(await storageFromEnv(dataDir, s3.env).exists('photos/ab/key/w480.avif')).toBe(false);
    client.destroy();
  });

  it('fails loudly with the wrong secret or an unknown bucket, rather than reading as missing', async () => {
    const wrongSecret = storageFromEnv(dataDir, { ...s3Env(), S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    await expect(wrongSecret.put('documents/deal-1/a.pdf', Buffer.from('x'))).rejects.toThrow(/signature/i);
    await expect(wrongSecret.get('documents/deal-1/a.pdf')).rejects.toThrow(/signature/i);
    const noBucket = storageFromEnv(dataDir, { ...s3Env(), S3_BUCKET: 'no-such-bucket' });
    await expect(noBucket.put('documents/deal-1/a.pdf', Buffer.from('x'))).rejects.toThrow(/bucket/i);
  });

  it('answers a configuration mistake with a clear error, not a crash later', () => {
    expect(() => storageFromEnv(dataDir, { STORAGE: 'ftp' })).toThrow(StorageConfigError);
    expect(() => storageFromEnv(dataDir, { STORAGE: 's3' })).toThrow('STORAGE=s3 needs S3_BUCKET');
    expect(() => storageFromEnv(dataDir, { ...s3Env(), S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
    expect(storageFromEnv(dataDir, {}).kind).toBe('local');
    expect(localStorage(dataDir).kind).toBe('local');
  });
});
