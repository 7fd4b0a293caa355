import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_IMAGE_BYTES,
  MAX_PDF_BYTES,
  documentUploadResponseSchema,
  documentsResponseSchema,
} from '~/lib/contract/tracker';
import { documents } from '#server/db/schema';
import { MultipartError, readMultipart } from '#server/documents/multipart';
import { purgeExpiredDocuments } from '#server/documents/service';
import { localStorage } from '#server/storage/object-storage';
import { errorCode, multipart, startStepHarness, type StepHarness } from './tracker-harness';

// Documents on the built-in backend: uploads checked by content and size with nothing kept on a
// refusal, thumbnails, delete, the 60-day retention, and the order moving on once every
// required document is in. Plus the streaming multipart reader they stand on.

let harness: StepHarness;
let owner: { userId: string; token: string };
let png: Uint8Array;
let pdf: Uint8Array;

beforeAll(async () => {
  harness = await startStepHarness();
  owner = await harness.shopper();
  png = new Uint8Array(
    await sharp({ create: { width: 800, height: 500, channels: 3, background: '#cc3344' } })
      .png()
      .toBuffer(),
  );
  const doc = await PDFDocument.create();
  doc.addPage([200, 100]);
  pdf = await doc.save();
});
afterAll(async () => {
  await harness.close();
});

function upload(
  dealId: string,
  type: string,
  files: Array<{ name: string; type: string; bytes: Uint8Array; field?: string }>,
  token = owner.token,
) {
  return harness.call(`/api/documents/deals/${dealId}/documents/${type}`, {
    method: 'PUT',
    token,
    body: multipart(files.map((file) => ({ field: file.field ?? 'documents', ...file }))),
  });
}

async function required(dealId: string) {
  const response = await harness.call(`/api/documents/deals/${dealId}/documents?excludeSystem=true`, {
    token: owner.token,
  });
  return documentsResponseSchema
    .parse(await response.json())
    .documents.map((document) => `${document.key}:${document.status}`);
}

function storedFiles(dealId: string): string[] {
  const folder = path.join(harness.dataDir, 'documents', dealId);
  return existsSync(folder) ? readdirSync(folder) : [];
}

function incoming(): string[] {
  const folder = path.join(harness.dataDir, 'documents', '.incoming');
  return existsSync(folder) ? readdirSync(folder) : [];
}

/** `bytes` long, starting with the file's real signature. */
function padded(signature: Uint8Array, bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  out.set(signature);
  return out;
}

describe('uploads', () => {
  it('stores a PNG and a PDF by type, with a thumbnail and the PDF icon, listed newest first', async () => {
    const { dealRefId } = await harness.order(owner, 'finance');
    const response = await upload(dealRefId, 'DriversLicense', [
      { name: 'front.png', type: 'image/png', bytes: png },
      { name: 'C:\\Users\\dana\\back.pdf', type: 'application/pdf', bytes: pdf },
    ]);
    expect(response.status).toBe(201);
    const { documents: added } = documentUploadResponseSchema.parse(await response.json());
    expect(
      added.map((document) => [document.key, document.type, document.status, document.fileName, document.contentType]),
    ).toEqual([
      ['APP.DRIVERSLICENSE', 'DriversLicense', 'COMPLETE', 'front.png', 'image/png'],
      ['APP.DRIVERSLICENSE', 'DriversLicense', 'COMPLETE', 'back.pdf', 'application/pdf'],
    ]);
    expect(storedFiles(dealRefId).sort()).toHaveLength(3); // two files and the PNG's thumbnail
    expect(incoming()).toEqual([]);

    const thumbnail = await harness.call(`/api/documents/deals/${dealRefId}/documents/${added[0]!.id}/thumbnail`, {
      token: owner.token,
    });
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(320);
    const icon = await harness.call(`/api/documents/deals/${dealRefId}/documents/${added[1]!.id}/thumbnail`, {
      token: owner.token,
    });
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const file = await harness.call(`/api/documents/deals/${dealRefId}/documents/${added[1]!.id}`, {
      token: owner.token,
    });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);

    const all = await harness.call(`/api/documents/deals/${dealRefId}/documents`, { token: owner.token });
    expect(documentsResponseSchema.parse(await all.json()).documents.map((document) => document.fileName)).toEqual([
      'back.pdf',
      'front.png',
    ]);
    expect(await required(dealRefId)).toEqual([
      'APP.DRIVERSLICENSE:COMPLETE',
      'GEN.INSURANCECARD:INITIALIZED',
      'APP.PAYSTUB:INITIALIZED',
    ]);
  });

  it('keeps a nameless file under the name the browser gave it, and ignores an empty file input', async () => {
    const { dealRefId } = await harness.order(owner, 'cash');
    const body = new FormData();
    body.append('documents', new Blob([new Uint8Array(png)], { type: 'image/png' }));
    const response = await harness.call(`/api/documents/deals/${dealRefId}/documents/InsuranceCard`, {
      method: 'PUT',
      token: owner.token,
      body,
    });
    const { documents: added } = documentUploadResponseSchema.parse(await response.json());
    expect(added[0]!.fileName).toBe('blob');
    // A file input left empty: filename="" and no bytes, as browsers send it.
    const raw = [
      '--b0undary',
      'Content-Disposition: form-data; name="documents"; filename=""',
      'Content-Type: application/octet-stream',
      '',
      '',
      '--b0undary--',
      '',
    ].join('\r\n');
    const empty = await harness.call(`/api/documents/deals/${dealRefId}/documents/InsuranceCard`, {
      method: 'PUT',
      token: owner.token,
      body: raw,
      headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
    });
    expect(empty.status).toBe(400);
    expect(await errorCode(empty)).toBe('error.document.noFile');
    expect(incoming()).toEqual([]);
  });

  it.each([
    [
      'a PDF over 4 MB',
      'big.pdf',
      'application/pdf',
      () => padded(new TextEncoder().encode('%PDF-1.7\n'), MAX_PDF_BYTES + 1),
      413,
      'error.document.tooLarge',
      'big.pdf is too large: a PDF can be up to 4 MB.',
    ],
    [
      'an image over 25 MB',
      'huge.png',
      'image/png',
      () => padded(png.slice(0, 33), MAX_IMAGE_BYTES + 10),
      413,
      'error.document.tooLarge',
      'huge.png is too large: an image can be up to 25 MB.',
    ],
    [
      'a text file named .pdf',
      'notes.pdf',
      'application/pdf',
      () => new TextEncoder().encode('hello, not a pdf'),
      415,
      'error.document.unsupportedType',
      'notes.pdf is not a PDF, PNG or JPG file.',
    ],
    [
      'a GIF',
      'anim.gif',
      'image/gif',
      () => new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b]),
      415,
      'error.document.unsupportedType',
      'anim.gif is not a PDF, PNG or JPG file.',
    ],
  ])(
    'refuses %s (%s) with the right status and message and stores nothing',
    async (_label, name, type, bytes, status, code, message) => {
      const { dealRefId } = await harness.order(owner, 'finance');
      const response = await upload(dealRefId, 'PayStub', [
        { name: 'good.png', type: 'image/png', bytes: png },
        { name, type, bytes: bytes() },
      ]);
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error).toEqual({ code, message });
      expect(storedFiles(dealRefId)).toEqual([]);
      expect(incoming()).toEqual([]);
      expect(await required(dealRefId)).toEqual([
        'APP.DRIVERSLICENSE:INITIALIZED',
        'GEN.INSURANCECARD:INITIALIZED',
        'APP.PAYSTUB:INITIALIZED',
      ]);
    },
  );

  it('refuses an upload without a file, an unknown type, and another shopper’s deal', async () => {
    const { dealRefId } = await harness.order(owner, 'finance');
    const none = await harness.call(`/api/documents/deals/${dealRefId}/documents/W2`, {
      method: 'PUT',
      token: owner.token,
      body: new FormData(),
    });
    expect(none.status).toBe(400);
    expect(await errorCode(none)).toBe('error.document.noFile');
    const wrongType = await upload(dealRefId, 'Passport', [{ name: 'a.png', type: 'image/png', bytes: png }]);
    expect(wrongType.status).toBe(400);
    const stranger = await harness.shopper();
    const theirs = await upload(dealRefId, 'W2', [{ name: 'a.png', type: 'image/png', bytes: png }], stranger.token);
    expect(theirs.status).toBe(404);
    expect(await errorCode(theirs)).toBe('error.order.notFound');
  });

  it('deletes a document with its file and thumbnail; another shopper gets 404', async () => {
    const { dealRefId } = await harness.order(owner, 'finance');
    const response = await upload(dealRefId, 'DriversLicense', [{ name: 'front.png', type: 'image/png', bytes: png }]);
    const [added] = documentUploadResponseSchema.parse(await response.json()).documents;
    const stranger = await harness.shopper();
    const theirs = await harness.call(`/api/documents/deals/${dealRefId}/documents/${added!.id}`, {
      method: 'DELETE',
      token: stranger.token,
    });
    expect(theirs.status).toBe(404);
    const deleted = await harness.call(`/api/documents/deals/${dealRefId}/documents/${added!.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(deleted.status).toBe(204);
    expect(storedFiles(dealRefId)).toEqual([]);
    expect(await required(dealRefId)).toContain('APP.DRIVERSLICENSE:INITIALIZED');
    const twice = await harness.call(`/api/documents/deals/${dealRefId}/documents/${added!.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(twice.status).toBe(404);
  });

  it('moves a finance order to DOCS_UPLOADED and the lender to approval (APEN) once every document is in', async () => {
    const { orderNumber, dealRefId } = await harness.order(owner, 'finance');
    await upload(dealRefId, 'DriversLicense', [{ name: 'l.png', type: 'image/png', bytes: png }]);
    await upload(dealRefId, 'InsuranceCard', [{ name: 'i.pdf', type: 'application/pdf', bytes: pdf }]);
    expect((await harness.orderRow(orderNumber)).orderStatus).toBe('SUBMITTED');
    const sent = harness.messages.sent.length;
    await upload(dealRefId, 'PayStub', [{ name: 'p.pdf', type: 'application/pdf', bytes: pdf }]);
    expect(await harness.orderRow(orderNumber)).toMatchObject({ orderStatus: 'DOCS_UPLOADED', dealStatus: 'APEN' });
    expect((await harness.history(orderNumber)).slice(-2)).toEqual([
      { orderStatus: 'DOCS_UPLOADED', dealStatus: 'DPEN' },
      { orderStatus: 'DOCS_UPLOADED', dealStatus: 'APEN' },
    ]);
    const email = harness.messages.sent.slice(sent).find((message) => message.channel === 'email');
    expect(email?.subject).toBe("Showroom: you're approved for financing");
    expect(email?.body).toContain(`/progress/${orderNumber}/finance-decision`);
  });

  it('sends a dealer-started cash deal to review (APEN), and makes another cash deal ready to sign', async () => {
    const dealer = await harness.order(owner, 'cash-dealer');
    await upload(dealer.dealRefId, 'DriversLicense', [{ name: 'l.png', type: 'image/png', bytes: png }]);
    await upload(dealer.dealRefId, 'InsuranceCard', [{ name: 'i.png', type: 'image/png', bytes: png }]);
    expect(await harness.orderRow(dealer.orderNumber)).toMatchObject({
      orderStatus: 'DOCS_UPLOADED',
      dealStatus: 'APEN',
    });

    const consumer = await harness.order(owner, 'cash');
    await upload(consumer.dealRefId, 'DriversLicense', [{ name: 'l.png', type: 'image/png', bytes: png }]);
    await upload(consumer.dealRefId, 'InsuranceCard', [{ name: 'i.png', type: 'image/png', bytes: png }]);
    expect(await harness.orderRow(consumer.orderNumber)).toMatchObject({
      orderStatus: 'CONTRACT_PENDING',
      dealStatus: null,
    });
    const readiness = await harness.call(`/api/contracting/signing/${consumer.orderNumber}/readiness`, {
      token: owner.token,
    });
    expect(await readiness.json()).toEqual({ ready: true, isSigningNotificationSent: false });
  });
});

describe('retention', () => {
  it('deletes documents older than 60 days with their files', async () => {
    const { dealRefId } = await harness.order(owner, 'finance');
    const response = await upload(dealRefId, 'W2', [{ name: 'w2.png', type: 'image/png', bytes: png }]);
    expect(response.status).toBe(201);
    expect(storedFiles(dealRefId)).toHaveLength(2);
    const now = harness.clock.now();
    expect(
      await purgeExpiredDocuments(
        harness.database.db,
        localStorage(harness.dataDir),
        new Date(now.getTime() + 59 * 86_400_000),
      ),
    ).toBe(0);
    expect(
      await purgeExpiredDocuments(
        harness.database.db,
        localStorage(harness.dataDir),
        new Date(now.getTime() + 61 * 86_400_000),
      ),
    ).toBeGreaterThan(0);
    expect(storedFiles(dealRefId)).toEqual([]);
    expect(await harness.database.db.select().from(documents)).toEqual([]);
  });
});

describe('the multipart reader', () => {
  async function read(
    body: string | Buffer,
    chunkSize: number,
    options: { maxFileBytes?: number; maxFiles?: number; tmpDir?: string } = {},
  ) {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    const chunks: Buffer[] = [];
    for (let start = 0; start < bytes.length; start += chunkSize) chunks.push(bytes.subarray(start, start + chunkSize));
    return readMultipart(Readable.from(chunks), 'multipart/form-data; boundary=XyZ', {
      tmpDir: options.tmpDir ?? path.join(harness.dataDir, 'reader'),
      maxFileBytes: options.maxFileBytes ?? 1_000,
      maxFiles: options.maxFiles ?? 5,
      maxTotalBytes: 10_000,
    });
  }

  // Pieces of the delimiter inside the content must stay content.
  const CONTENT = 'line one\r\n-- XyZ\r\n--Xy\r\n\r\n-line three\r';
  const body = [
    'preamble to ignore',
    '--XyZ',
    'Content-Disposition: form-data; name="intent"',
    '',
    'upload',
    '--XyZ',
    'Content-Disposition: form-data; name="documents"; filename="a.txt"',
    'Content-Type: text/plain',
    '',
    CONTENT,
    '--XyZ--',
    'epilogue',
  ].join('\r\n');

  it.each([1, 2, 7, 64, 10_000])('reads fields and files whatever the chunk size (%i bytes)', async (chunkSize) => {
    const { fields, files } = await read(body, chunkSize);
    expect(fields).toEqual({ intent: 'upload' });
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      field: 'documents',
      fileName: 'a.txt',
      declaredType: 'text/plain',
      size: CONTENT.length,
      truncated: false,
    });
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(files[0]!.path, 'utf8')).toBe(CONTENT);
  });

  it('counts but does not write bytes past the cap', async () => {
    const { files } = await read(body, 5, { maxFileBytes: 10 });
    expect(files[0]).toMatchObject({ size: CONTENT.length, truncated: true });
    const { statSync } = await import('node:fs');
    expect(statSync(files[0]!.path).size).toBe(10);
  });

  it('refuses a body cut short and too many files, and removes what it wrote', async () => {
    const tmpDir = path.join(harness.dataDir, 'reader-refusals');
    await expect(read(body.slice(0, body.indexOf('--XyZ--') - 4), 16, { tmpDir })).rejects.toBeInstanceOf(
      MultipartError,
    );
    await expect(read(body, 16, { maxFiles: 0, tmpDir })).rejects.toMatchObject({ reason: 'tooManyFiles' });
    expect(readdirSync(tmpDir)).toEqual([]);
  });
});
