import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDocumentsResponseSchema } from '~/lib/contract/account-documents';
import { receiptResponseSchema } from '~/lib/contract/checkout';
import { tokensResponseSchema } from '~/lib/contract/identity';
import { myOrdersResponseSchema } from '~/lib/contract/orders';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { seedDatabase } from '#server/db/seed';
import { DEMO_SHOPPER } from '#server/db/seed-data/scenarios';
import { startStepHarness, type StepHarness } from './tracker-harness';

// Issue 15 point 4: every order in the shopper's order list has a receipt, the demo orders and
// the dealer-created ones included (they have no checkout cart), and only for its owner.

let harness: StepHarness;
let token: string;

beforeAll(async () => {
  harness = await startStepHarness();
  await seedDatabase(harness.database.db, {
    vehicles: 40,
    tenants: getTenants().all,
    tenantIds: ['default'],
    dataDir: harness.dataDir,
    now: harness.clock.now(),
  });
  const response = await harness.call('/api/identity/sign-in', {
    json: { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password },
  });
  token = tokensResponseSchema.parse(await response.json()).data.identityToken;
}, 60_000);
afterAll(async () => {
  await harness.close();
});

describe('the receipt of every order in the order list', () => {
  it('answers a receipt for each demo order of the demo shopper', async () => {
    const list = myOrdersResponseSchema.parse(
      await (await harness.call('/public/commerce/orders', { token })).json(),
    ).data;
    expect(list.length).toBeGreaterThan(20);
    for (const order of list) {
      const response = await harness.call(`/api/checkout/orders/${order.orderNumber}/receipt`, { token });
      expect(response.status, order.orderNumber).toBe(200);
      const receipt = receiptResponseSchema.parse(await response.json()).data;
      expect(receipt.orderNumber).toBe(order.orderNumber);
      expect(receipt.vehiclePriceCents).toBeGreaterThan(0);
      expect(receipt.amountDueTodayCents).toBeGreaterThan(0);
      if (receipt.dealType === 'Cash') expect(receipt.termMonths).toBeNull();
      else expect(receipt.termMonths).toBeGreaterThan(0);
      expect(receipt.lease !== null).toBe(receipt.dealType === 'Lease');
    }
  });

  it('answers the receipt of a dealer-created order, with no payment yet, to its owner only', async () => {
    const owner = await harness.shopper();
    const { orderNumber } = await harness.order(owner, 'cash-dealer');
    const response = await harness.call(`/api/checkout/orders/${orderNumber}/receipt`, { token: owner.token });
    expect(response.status).toBe(200);
    const receipt = receiptResponseSchema.parse(await response.json()).data;
    expect(receipt).toMatchObject({ orderNumber, dealType: 'Cash', payment: null, downPaymentCents: 0 });
    const stranger = await harness.shopper();
    expect((await harness.call(`/api/checkout/orders/${orderNumber}/receipt`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await harness.call(`/api/checkout/orders/${orderNumber}/receipt`)).status).toBe(404);
  });
});

describe('GET /api/account/documents (issue 15 point 3)', () => {
  it('lists the uploads, the contracts and a receipt per order, each download for its owner only', async () => {
    const response = await harness.call('/api/account/documents', { token });
    expect(response.status).toBe(200);
    const documents = accountDocumentsResponseSchema.parse(await response.json()).data;
    const orders = myOrdersResponseSchema.parse(
      await (await harness.call('/public/commerce/orders', { token })).json(),
    ).data;
    // A draft (SR-DEFAULT-10027) was never placed: it has no receipt (issue 35 point 6).
    const receipts = documents
      .filter((document) => document.kind === 'receipt')
      .map((document) => document.orderNumber);
    const drafts = orders.filter((order) => order.orderStatus === 'DRAFT').map((order) => order.orderNumber);
    expect(drafts.length).toBeGreaterThan(0);
    expect(receipts.sort()).toEqual(
      orders
        .filter((order) => order.orderStatus !== 'DRAFT')
        .map((order) => order.orderNumber)
        .sort(),
    );
    const upload = documents.find((document) => document.kind === 'upload' && document.downloadable)!;
    expect(upload).toMatchObject({ status: 'Submitted' });
    expect(documents.some((document) => document.kind === 'upload' && document.status === 'Missing')).toBe(true);
    const file = await harness.call(`/api/documents/deals/${upload.dealId}/documents/${upload.documentId}`, { token });
    expect(file.status).toBe(200);
    const stranger = await harness.shopper();
    expect(
      (
        await harness.call(`/api/documents/deals/${upload.dealId}/documents/${upload.documentId}`, {
          token: stranger.token,
        })
      ).status,
    ).toBe(404);
    const contract = documents.find((document) => document.kind === 'contract')!;
    expect(['Ready to sign', 'Signed', 'Countersigned']).toContain(contract.status);
    const pdf = await harness.call(`/api/account/documents/${contract.orderNumber}/contract`, { token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect(
      (await harness.call(`/api/account/documents/${contract.orderNumber}/contract`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await harness.call('/api/account/documents')).status).toBe(401);
    const strangers = accountDocumentsResponseSchema.parse(
      await (await harness.call('/api/account/documents', { token: stranger.token })).json(),
    ).data;
    expect(strangers).toEqual([]);
  });
});
