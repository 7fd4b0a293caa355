import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsResponseSchema } from '~/lib/contract/tracker';
import { deskStaffToken, tenantsWithDesk } from './desk-staff';
import { insertPendingTradeIn } from './harness';
import { multipart, startStepHarness, type StepHarness } from './tracker-harness';

// Issue 33 point 3 at a tenant whose partners are the desk: nothing moves until staff act.
// Uploaded documents stay in review and hold the order at its documents until staff accept each
// one; a trade-in in further review waits for staff past its ready time. Default keeps the
// simulated partners: the order moves on as the last document arrives and the timer settles
// the offer, as before.

const tenants = tenantsWithDesk('northside');

let harness: StepHarness;
let pdf: Uint8Array;
let northsideStaff = '';

beforeAll(async () => {
  harness = await startStepHarness({}, tenants);
  const doc = await PDFDocument.create();
  doc.addPage([100, 100]);
  pdf = await doc.save();
  northsideStaff = await deskStaffToken(harness, 'northside', 'sales');
});
afterAll(async () => {
  await harness.close();
});

const TYPE_BY_KEY: Record<string, string> = {
  'APP.DRIVERSLICENSE': 'DriversLicense',
  'GEN.INSURANCECARD': 'InsuranceCard',
  'APP.PAYSTUB': 'PayStub',
  'APP.W2': 'W2',
  'APP.OTHER': 'Other',
};

async function upload(tenantId: string, token: string, dealRefId: string, key: string) {
  const type = TYPE_BY_KEY[key]!;
  const response = await harness.call(`/api/documents/deals/${dealRefId}/documents/${type}`, {
    method: 'PUT',
    tenantId,
    token,
    body: multipart([{ field: 'documents', name: `${type}.pdf`, type: 'application/pdf', bytes: pdf }]),
  });
  expect(response.status).toBe(201);
}

async function shopperDocuments(tenantId: string, token: string, dealRefId: string) {
  const response = await harness.call(`/api/documents/deals/${dealRefId}/documents?excludeSystem=true`, {
    tenantId,
    token,
  });
  expect(response.status).toBe(200);
  return documentsResponseSchema.parse(await response.json()).documents;
}

async function review(orderNumber: string, documentId: string, body: unknown) {
  const response = await harness.call(`/api/desk/orders/${orderNumber}/documents/${documentId}/review`, {
    tenantId: 'northside',
    token: northsideStaff,
    json: body,
  });
  expect(response.status).toBe(204);
}

describe('documents', () => {
  it('at a desk tenant: in review and the order held until staff accept each; a rejection asks again', async () => {
    const owner = await harness.shopper('northside');
    const { orderNumber, dealRefId } = await harness.order(owner, 'finance', 'northside');
    const placed = await harness.orderRow(orderNumber);
    expect(placed.requiredDocuments.length).toBeGreaterThan(1);
    for (const key of placed.requiredDocuments) await upload('northside', owner.token, dealRefId, key);

    let seen = await shopperDocuments('northside', owner.token, dealRefId);
    expect(seen.map(({ status, inReview }) => ({ status, inReview }))).toEqual(
      placed.requiredDocuments.map(() => ({ status: 'COMPLETE', inReview: true })),
    );
    // Nothing moved: no lender offer, the order at the status it was placed with.
    let row = await harness.orderRow(orderNumber);
    expect({ orderStatus: row.orderStatus, dealStatus: row.dealStatus }).toEqual({
      orderStatus: placed.orderStatus,
      dealStatus: placed.dealStatus,
    });

    // All but the last accepted, the last rejected: still held; the shopper reads why.
    const [last, ...others] = [...seen].reverse();
    for (const document of others) await review(orderNumber, document.id, { decision: 'accept' });
    await review(orderNumber, last!.id, { decision: 'reject', reason: 'blurry' });
    seen = await shopperDocuments('northside', owner.token, dealRefId);
    expect(seen.find((document) => document.key === last!.key)).toMatchObject({
      status: 'FAIL',
      rejection: { reason: 'The photo is blurry' },
    });
    expect(seen.filter((document) => document.key !== last!.key).map((document) => document.inReview)).toEqual(
      others.map(() => false),
    );
    row = await harness.orderRow(orderNumber);
    expect(row.dealStatus).toBe(placed.dealStatus);

    // Uploaded again: in review; accepted: the order moves on, and the sandbox lender answers.
    await upload('northside', owner.token, dealRefId, last!.key);
    seen = await shopperDocuments('northside', owner.token, dealRefId);
    const again = seen.find((document) => document.key === last!.key)!;
    expect(again).toMatchObject({ status: 'COMPLETE', inReview: true });
    expect((await harness.orderRow(orderNumber)).dealStatus).toBe(placed.dealStatus);
    await review(orderNumber, again.id, { decision: 'accept' });
    row = await harness.orderRow(orderNumber);
    expect({ orderStatus: row.orderStatus, dealStatus: row.dealStatus }).toEqual({
      orderStatus: 'DOCS_UPLOADED',
      dealStatus: 'APEN',
    });
    expect((await harness.history(orderNumber)).at(-1)).toMatchObject({ dealStatus: 'APEN' });
    seen = await shopperDocuments('northside', owner.token, dealRefId);
    expect(seen.map((document) => document.inReview)).toEqual(placed.requiredDocuments.map(() => false));
  });

  it('at a simulated tenant: the order moves on as the last document arrives, and no document says review', async () => {
    const owner = await harness.shopper('default');
    const { orderNumber, dealRefId } = await harness.order(owner, 'finance', 'default');
    const placed = await harness.orderRow(orderNumber);
    for (const key of placed.requiredDocuments) await upload('default', owner.token, dealRefId, key);
    const row = await harness.orderRow(orderNumber);
    expect({ orderStatus: row.orderStatus, dealStatus: row.dealStatus }).toEqual({
      orderStatus: 'DOCS_UPLOADED',
      dealStatus: 'APEN',
    });
    const seen = await shopperDocuments('default', owner.token, dealRefId);
    expect(seen.map(({ status, inReview }) => ({ status, inReview }))).toEqual(
      placed.requiredDocuments.map(() => ({ status: 'COMPLETE', inReview: undefined })),
    );
  });
});

describe('a trade-in in further review past its ready time', () => {
  it('stays in review at a desk tenant until staff value it; the timer settles it at a simulated one', async () => {
    const desk = await harness.shopper('northside');
    const simulated = await harness.shopper('default');
    const deskOffer = await insertPendingTradeIn(harness.database, { tenantId: 'northside', userId: desk.userId });
    const simulatedOffer = await insertPendingTradeIn(harness.database, {
      tenantId: 'default',
      userId: simulated.userId,
    });
    harness.clock.advance(2 * 3_600_000);

    const offer = async (tenantId: string, token: string, id: string) => {
      const response = await harness.call(`/api/trade-in/offers/${id}`, { tenantId, token });
      expect(response.status).toBe(200);
      return (await response.json()).data as { status: string; offerCents: number | null };
    };
    expect(await offer('northside', desk.token, deskOffer.id)).toMatchObject({ status: 'pending', offerCents: null });
    expect(await offer('default', simulated.token, simulatedOffer.id)).toMatchObject({
      status: 'proposed',
      offerCents: 210_000,
    });
    const list = await harness.call('/api/trade-in/offers', { tenantId: 'northside', token: desk.token });
    expect((await list.json()).data).toEqual([expect.objectContaining({ id: deskOffer.id, status: 'pending' })]);

    const valued = await harness.call(`/api/desk/trade-ins/${deskOffer.id}/review`, {
      tenantId: 'northside',
      token: northsideStaff,
      json: { decision: 'value', offerCents: 195_000 },
    });
    expect(valued.status).toBe(204);
    expect(await offer('northside', desk.token, deskOffer.id)).toMatchObject({
      status: 'proposed',
      offerCents: 195_000,
    });
  });
});
