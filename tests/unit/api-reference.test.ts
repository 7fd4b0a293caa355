import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointPath, type EndpointArgs } from '~/lib/contract/endpoint';
import { endpoints, listEndpoints } from '~/lib/contract/endpoints';
import { API_REFERENCE_PATH, renderApiReference } from '../../scripts/api-reference';

describe('the endpoint table', () => {
  it('is what docs/api-reference.md says (run `npm run docs:api` after changing it)', async () => {
    expect(readFileSync(API_REFERENCE_PATH, 'utf8')).toBe(await renderApiReference());
  });

  it('has one entry per method and path', () => {
    const keys = listEndpoints().map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fills and encodes path parameters, and refuses a missing one', () => {
    expect(endpointPath(endpoints.payments.card, { orderNumber: 'SR 10/01' })).toBe(
      '/api/payments/orders/SR%2010%2F01/card',
    );
    expect(endpointPath(endpoints.checkout.saveCreditApplicationStep, { cartId: 'c-1', step: 'employment' })).toBe(
      '/api/checkout/carts/c-1/credit-application/employment',
    );
    expect(() => endpointPath(endpoints.payments.card, {})).toThrow(/orderNumber is missing/);
    // @ts-expect-error a call without its path parameter does not typecheck
    const missing: EndpointArgs<typeof endpoints.payments.summary> = {};
    expect(missing).toEqual({});
  });
});
