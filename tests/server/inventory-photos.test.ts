import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTO_WIDTHS,
  PhotoRejected,
  fileStorage,
  photoSrcSet,
  readPhotoSource,
  storePhoto,
  type PhotoStorage,
} from '#server/inventory/photos/pipeline';
import { startHarness, type Harness } from './harness';

// The photo pipeline (issue 16 point 2, backend): photos fetched from a local HTTP server this
// test starts (never the internet), checked by content, resized into AVIF and WebP at a few
// widths with a blurred placeholder, stored once, served with immutable cache headers.

let server: http.Server;
let base: string;
let photo: Buffer;
let small: Buffer;
let dataDir: string;
let harness: Harness;

beforeAll(async () => {
  photo = await sharp({ create: { width: 2000, height: 1504, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
  small = await sharp({ create: { width: 600, height: 451, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    if (req.url === '/car.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    if (req.url === '/small.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(small);
    // Named and labelled a JPEG, but it is text.
    if (req.url === '/fake.jpg')
      return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>not a photo</html>');
    if (req.url === '/huge.jpg')
      return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(64 * 1024, 1));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // This test's dealer photo host is on loopback, which the fetcher refuses unless allowed.
  process.env.PHOTO_FETCH_ALLOW_NETWORKS = '127.0.0.1/32';
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'photos-'));
  harness = await startHarness({ dataDir });
});
afterAll(async () => {
  delete process.env.PHOTO_FETCH_ALLOW_NETWORKS;
  await new Promise((resolve) => server.close(resolve));
  await harness.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function countingStorage(inner: PhotoStorage): PhotoStorage & { puts: number } {
  const counted = {
    puts: 0,
    get: inner.get,
    stream: inner.stream,
    put: async (key: string, name: string, data: Buffer) => {
      counted.puts += 1;
      await inner.put(key, name, data);
    },
  };
  return counted;
}

describe('the photo pipeline', () => {
  it('fetches a photo once and stores AVIF and WebP at every width, with a blurred placeholder', async () => {
    const storage = countingStorage(fileStorage(dataDir));
    const stored = await storePhoto(storage, await readPhotoSource(`${base}/car.jpg`));
    expect(stored).toMatchObject({ widths: [...PHOTO_WIDTHS], width: 1600, height: 1203 });
    expect(stored.placeholder).toMatch(/^data:image\/webp;base64,/);
    for (const width of PHOTO_WIDTHS) {
      for (const format of ['avif', 'webp'] as const) {
        const file = await storage.get(stored.key, `w${width}.${format}`);
        const metadata = await sharp(file!).metadata();
        expect([metadata.format === 'heif' ? 'avif' : metadata.format, metadata.width]).toEqual([format, width]);
      }
    }
    expect(photoSrcSet(stored, 'webp')).toBe(
      PHOTO_WIDTHS.map((width) => `/media/photos/${stored.key}/w${width}.webp ${width}w`).join(', '),
    );
    // The same photo again: recognised by its content, nothing processed or written.
    const writes = storage.puts;
    expect((await storePhoto(storage, await readPhotoSource(`${base}/car.jpg`))).key).toBe(stored.key);
    expect(storage.puts).toBe(writes);
  });

  it('never scales a small photo up', async () => {
    const stored = await storePhoto(fileStorage(dataDir), await readPhotoSource(`${base}/small.png`));
    expect(stored.widths).toEqual([480]);
    expect(stored.width).toBe(480);
  });

  it('refuses what is not an image by its content, whatever its name and type say', async () => {
    const error = await storePhoto(fileStorage(dataDir), await readPhotoSource(`${base}/fake.jpg`)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PhotoRejected);
    expect((error as PhotoRejected).reason).toBe('unsupportedType');
  });

  it('refuses a photo over the size limit while reading it, and a URL that fails', async () => {
    const tooLarge = await readPhotoSource(`${base}/huge.jpg`, 32 * 1024).catch((caught: unknown) => caught);
    expect((tooLarge as PhotoRejected).reason).toBe('tooLarge');
    const missing = await readPhotoSource(`${base}/missing.jpg`).catch((caught: unknown) => caught);
    expect((missing as PhotoRejected).reason).toBe('fetchFailed');
  });

  it('serves stored renditions with long immutable cache headers, and 404 for anything else', async () => {
    const stored = await storePhoto(fileStorage(dataDir), await readPhotoSource(`${base}/car.jpg`));
    const response = await fetch(`${harness.url}/media/photos/${stored.key}/w960.avif`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/avif');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const wrong of [
      `${stored.key}/meta.json`,
      `${stored.key}/w700.webp`,
      `../../etc/w480.webp`,
      `${'0'.repeat(32)}/w480.webp`,
    ]) {
      expect((await fetch(`${harness.url}/media/photos/${wrong}`)).status).toBe(404);
    }
  });
});
