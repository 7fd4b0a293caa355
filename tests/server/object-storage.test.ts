import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoStorage, storePhoto } from '#server/inventory/photos/pipeline';
import { localStorage, type ObjectStorage } from '#server/storage/object-storage';
import { StorageConfigError, storageFromEnv } from '#server/storage/s3';

// The storage interface (issue 17 point 7): the local folder and the S3-compatible adapter
// behave alike. No S3-compatible server can be started from npm here without downloading a
// binary, so the adapter (the official @aws-sdk/client-s3) talks to a small local HTTP fake of
// the four S3 calls it uses (PutObject, GetObject, HeadObject, DeleteObject, path-style). The
// fake checks what a real server would: a SigV4 Authorization with our access key, and a body
// matching its x-amz-content-sha256.

const objects = new Map<string, { body: Buffer; type: string }>();
const seen: string[] = [];
let server: http.Server;
let endpoint: string;
let dataDir: string;

function noSuchKey(res: http.ServerResponse, method: string) {
  res.writeHead(404, { 'content-type': 'application/xml' });
  res.end(
    method === 'HEAD' ? undefined : '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>',
  );
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://fake');
      seen.push(`${req.method} ${url.pathname}`);
      const auth = req.headers.authorization ?? '';
      if (
        !/^AWS4-HMAC-SHA256 Credential=test-access-key\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=.+, Signature=[0-9a-f]{64}$/.test(
          auth,
        )
      ) {
        res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      const key = decodeURIComponent(url.pathname.replace(/^\/showroom-bucket\//, ''));
      if (!url.pathname.startsWith('/showroom-bucket/')) return void res.writeHead(404).end();
      if (req.method === 'PUT') {
        const declared = req.headers['x-amz-content-sha256'];
        if (declared !== 'UNSIGNED-PAYLOAD' && declared !== createHash('sha256').update(body).digest('hex')) {
          res.writeHead(400).end('<Error><Code>XAmzContentSHA256Mismatch</Code></Error>');
          return;
        }
        objects.set(key, { body, type: String(req.headers['content-type'] ?? '') });
        res.writeHead(200, { etag: '"x"' }).end();
        return;
      }
      const object = objects.get(key);
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
        return;
      }
      if (!object) return noSuchKey(res, req.method ?? 'GET');
      res.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length });
      res.end(req.method === 'HEAD' ? undefined : object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'storage-'));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

const s3Env = () => ({
  STORAGE: 's3',
  S3_BUCKET: 'showroom-bucket',
  S3_REGION: 'eu-west-1',
  S3_ENDPOINT: endpoint,
  S3_FORCE_PATH_STYLE: '1',
  S3_ACCESS_KEY_ID: 'test-access-key',
  S3_SECRET_ACCESS_KEY: 'test-secret-key-0123456789',
  S3_PREFIX: 'showroom/',
});

describe.each([
  ['the local folder', () => storageFromEnv(dataDir, {})],
  ['an S3-compatible bucket', () => storageFromEnv(dataDir, s3Env())],
])('storage in %s', (_name, open: () => ObjectStorage) => {
  it('puts, gets, tells what it has and deletes', async () => {
    const storage = open();
    expect(await storage.get('documents/deal-1/missing.pdf')).toBeNull();
    expect(await storage.has('documents/deal-1/missing.pdf')).toBe(false);
    await storage.put('documents/deal-1/a.pdf', Buffer.from('%PDF-1.7 body'), 'application/pdf');
    expect((await storage.get('documents/deal-1/a.pdf'))?.toString()).toBe('%PDF-1.7 body');
    expect(await storage.has('documents/deal-1/a.pdf')).toBe(true);
    await storage.delete('documents/deal-1/a.pdf');
    expect(await storage.get('documents/deal-1/a.pdf')).toBeNull();
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
  it('sends signed path-style requests under the prefix, with each object’s content type', async () => {
    seen.length = 0;
    await storageFromEnv(dataDir, s3Env()).put('photos/ab/key/w480.avif', Buffer.from('x'), 'image/avif');
    expect(seen).toEqual(['PUT /showroom-bucket/showroom/photos/ab/key/w480.avif']);
    expect(objects.get('showroom/photos/ab/key/w480.avif')?.type).toBe('image/avif');
  });

  it('answers a configuration mistake with a clear error, not a crash later', () => {
    expect(() => storageFromEnv(dataDir, { STORAGE: 'ftp' })).toThrow(StorageConfigError);
    expect(() => storageFromEnv(dataDir, { STORAGE: 's3' })).toThrow('STORAGE=s3 needs S3_BUCKET');
    expect(() => storageFromEnv(dataDir, { ...s3Env(), S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
    expect(storageFromEnv(dataDir, {}).kind).toBe('local');
    expect(localStorage(dataDir).kind).toBe('local');
  });
});
