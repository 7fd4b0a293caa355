import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { http as mswHttp, passthrough } from 'msw';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PhotoRejected, readPhotoSource } from '#server/inventory/photos/pipeline';
import { server as msw } from '../support/msw';

// Issue 29 point 4: a dealer's photo URL cannot reach inside the server. Real HTTP: an "inside"
// server on 127.0.0.1 (standing for the app's own outbox or a metadata service) counts the
// requests it gets; the fetcher must refuse every way of naming it, before connecting, and a
// redirect to it from a host it may fetch from (a "dealer" on 127.0.0.2, allowed for the test
// through PHOTO_FETCH_ALLOW_NETWORKS, since a test has no public address to play outside).

let inside: http.Server;
let insidePort: number;
let insideHits: string[] = [];
let dealer: http.Server;
let dealerBase: string;
let jpeg: Buffer;

function listen(server: http.Server, host: string): Promise<number> {
  return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));
}

async function refusal(url: string): Promise<PhotoRejected> {
  const error = await readPhotoSource(url).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, `${url} must be refused`).toBeInstanceOf(PhotoRejected);
  return error as PhotoRejected;
}

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  inside = http.createServer((req, res) => {
    insideHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
  });
  insidePort = await listen(inside, '127.0.0.1');
  dealer = http.createServer((req, res) => {
    if (req.url === '/to-inside')
      return res.writeHead(302, { location: `http://127.0.0.1:${insidePort}/secret` }).end();
    if (req.url === '/to-localhost')
      return res.writeHead(301, { location: `http://localhost:${insidePort}/secret` }).end();
    if (req.url === '/to-photo') return res.writeHead(302, { location: '/photo.jpg' }).end();
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/photo.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    res.writeHead(404).end();
  });
  dealerBase = `http://127.0.0.2:${await listen(dealer, '127.0.0.2')}`;
  process.env.PHOTO_FETCH_ALLOW_NETWORKS = '127.0.0.2/32';
});
beforeEach(() => {
  // msw (the unit tests' network, reset after each test) lets these real requests through.
  msw.use(
    mswHttp.all(/^http:\/\/(127\.0\.0\.2|localhost|0\.0\.0\.0|\[::1\]|\[::ffff:7f00:1\])[:/]/, () => passthrough()),
  );
});
afterEach(() => {
  insideHits = [];
});
afterAll(async () => {
  delete process.env.PHOTO_FETCH_ALLOW_NETWORKS;
  await new Promise((resolve) => inside.close(resolve));
  await new Promise((resolve) => dealer.close(resolve));
});

describe('fetching a dealer photo', () => {
  it('refuses loopback however it is written, and never connects to it', async () => {
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f.1',
      '127.1',
      '0177.0.0.1',
      '[::ffff:127.0.0.1]',
      '[::1]',
      'localhost',
      '0.0.0.0',
    ]) {
      const error = await refusal(`http://${host}:${insidePort}/api/notifications/outbox`);
      expect(error.reason, host).toBe('blocked');
      expect(error.message, host).toMatch(/^refused: .* (loopback|unspecified) address$/);
    }
    expect(insideHits).toEqual([]);
  });

  it('refuses private, link-local, metadata and unique-local addresses', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.8/photo.jpg',
      'http://192.168.1.20/photo.jpg',
      'http://172.16.5.5/photo.jpg',
      'http://100.100.100.200/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://[fe80::1]/photo.jpg',
    ]) {
      const error = await refusal(url);
      expect([error.reason, error.message], url).toEqual([
        'blocked',
        expect.stringMatching(/^refused: .* (private|linkLocal|carrierGradeNat|uniqueLocal) address$/),
      ]);
    }
  });

  it('refuses a redirect from an allowed host to an inside one, at every hop', async () => {
    for (const path of ['/to-inside', '/to-localhost']) {
      const error = await refusal(`${dealerBase}${path}`);
      expect([error.reason, error.message]).toEqual(['blocked', expect.stringMatching(/loopback address$/)]);
    }
    expect(insideHits).toEqual([]);
    // Redirects themselves are still followed, within the limit.
    expect((await readPhotoSource(`${dealerBase}/to-photo`)).equals(jpeg)).toBe(true);
    expect((await refusal(`${dealerBase}/loop`)).message).toBe('redirected more than 5 times');
  });

  it('fetches from a network the allow-list names', async () => {
    process.env.PHOTO_FETCH_ALLOW_NETWORKS = '127.0.0.2/32, 127.0.0.1/32';
    try {
      expect((await readPhotoSource(`http://127.0.0.1:${insidePort}/lot.jpg`)).equals(jpeg)).toBe(true);
      expect(insideHits).toEqual(['/lot.jpg']);
    } finally {
      process.env.PHOTO_FETCH_ALLOW_NETWORKS = '127.0.0.2/32';
    }
  });
});
