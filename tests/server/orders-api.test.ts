import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '~/lib/contract/common';
import { tokensResponseSchema } from '~/lib/contract/identity';
import { orderHistoryResponseSchema, orderResponseSchema } from '~/lib/contract/orders';
import { orderHistory } from '#server/db/schema';
import { apiHeaders, insertOrder, insertShopper, startHarness, type Harness } from './harness';

let harness: Harness;
let ownerToken: string;
let strangerToken: string;
let otherTenantToken: string;

async function signIn(tenantId: string, email: string): Promise<string> {
  const response = await fetch(`${harness.url}/api/identity/sign-in`, {
    method: 'POST',
    headers: apiHeaders(tenantId),
    body: JSON.stringify({ email, password: 'Sup3r-secret!' }),
  });
  expect(response.status).toBe(200);
  return tokensResponseSchema.parse(await response.json()).data.identityToken;
}

beforeAll(async () => {
  harness = await startHarness();
  const owner = await insertShopper(harness.database, 'default', 'owner@shop.test');
  await insertShopper(harness.database, 'default', 'stranger@shop.test');
  // The same e-mail in another tenant is another account.
  await insertShopper(harness.database, 'northside', 'owner@shop.test');
  await insertOrder(harness.database, { tenantId: 'default', userId: owner.id, orderNumber: 'SR-T-1001' });
  await harness.database.db.insert(orderHistory).values([
    {
      orderNumber: 'SR-T-1001',
      orderStatus: 'SUBMITTED',
      dealStatus: 'DPEN',
      changedAt: new Date('2026-11-01T10:00:00Z'),
    },
    {
      orderNumber: 'SR-T-1001',
      orderStatus: 'SUBMITTED',
      dealStatus: 'APEN',
      changedAt: new Date('2026-11-02T10:00:00Z'),
    },
  ]);
  ownerToken = await signIn('default', 'owner@shop.test');
  strangerToken = await signIn('default', 'stranger@shop.test');
  otherTenantToken = await signIn('northside', 'owner@shop.test');
});
afterAll(async () => {
  await harness.close();
});

async function getOrder(tenantId: string, token?: string, orderNumber = 'SR-T-1001') {
  return fetch(`${harness.url}/public/commerce/orders/${orderNumber}`, { headers: apiHeaders(tenantId, token) });
}

describe('GET /public/commerce/orders/{orderNumber}', () => {
  it('answers the owner with an order that follows the contract', async () => {
    const response = await getOrder('default', ownerToken);
    expect(response.status).toBe(200);
    const { data } = orderResponseSchema.parse(await response.json());
    expect(data).toMatchObject({
      orderNumber: 'SR-T-1001',
      tenantId: 'default',
      orderStatus: 'SUBMITTED',
      deal: { dealRefId: 'DEAL-SR-T-1001', type: 'Finance', source: 'ConsumerInitiated', status: 'APEN' },
      paymentInfo: null,
      vehicle: {
        year: 2023,
        make: 'Honda',
        model: 'Accord',
        trim: 'EX-L',
        imageUrl: '/media/vehicles/sedan/blue/honda/side.svg',
      },
    });
  });

  it.each([
    ['a signed-out caller', 'default', undefined],
    ['another shopper', 'default', 'stranger'],
    ['the same e-mail in another tenant', 'northside', 'otherTenant'],
  ])('answers %s with 404 error.order.notFound, never 403', async (_who, tenantId, who) => {
    const token = who === 'stranger' ? strangerToken : who === 'otherTenant' ? otherTenantToken : undefined;
    const response = await getOrder(tenantId, token);
    expect(response.status).toBe(404);
    expect(apiErrorBodySchema.parse(await response.json()).error.code).toBe('error.order.notFound');
  });

  it('does not accept a token from one tenant on another tenant', async () => {
    const response = await getOrder('northside', ownerToken);
    expect(response.status).toBe(404);
  });

  it('answers 404 for an order that does not exist', async () => {
    expect((await getOrder('default', ownerToken, 'SR-T-9999')).status).toBe(404);
  });

  it('needs a known tenant', async () => {
    const response = await getOrder('nowhere', ownerToken);
    expect(response.status).toBe(400);
    expect(apiErrorBodySchema.parse(await response.json()).error.code).toBe('error.tenant.unknown');
  });
});

describe('GET /public/commerce/history/{orderNumber}', () => {
  it('answers the history oldest first', async () => {
    const response = await fetch(`${harness.url}/public/commerce/history/SR-T-1001`, {
      headers: apiHeaders('default', ownerToken),
    });
    const { data } = orderHistoryResponseSchema.parse(await response.json());
    expect(data.history.map((entry) => entry.values.deal.status)).toEqual(['DPEN', 'APEN']);
  });

  it('hides the history from anyone else', async () => {
    const response = await fetch(`${harness.url}/public/commerce/history/SR-T-1001`, {
      headers: apiHeaders('default', strangerToken),
    });
    expect(response.status).toBe(404);
  });
});
