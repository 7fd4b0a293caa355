import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { data, redirect } from '@remix-run/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '~/lib/api.server';
import {
  myOrdersResponseSchema,
  orderHistoryResponseSchema,
  orderResponseSchema,
  type Order,
} from '~/lib/contract/orders';
import { buildOrder, commerce, server } from '../support/msw';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('msw handler builders', () => {
  it('refuse a fixture that breaks the contract', () => {
    const drifted = { ...buildOrder(), orderStatus: 'TELEPORTED' } as unknown as Order;
    expect(() => commerce.order(drifted)).toThrow(/orderStatus/);
    expect(() => commerce.error('/x', 404, 'not-a-code')).toThrow();
  });

  it('answer only the order they were built for', async () => {
    const order = buildOrder({ orderNumber: 'SR-1' });
    server.use(commerce.order(order), commerce.error('/public/commerce/orders/SR-2', 404, 'error.order.notFound'));
    const context = { tenantId: 'default' };
    await expect(callApi(context, '/public/commerce/orders/SR-1', { schema: orderResponseSchema })).resolves.toEqual({
      data: order,
    });
    await expect(
      callApi(context, '/public/commerce/orders/SR-2', { schema: orderResponseSchema }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('serve history and order lists in the contract shape', async () => {
    const order = buildOrder({ orderNumber: 'SR-9' });
    server.use(
      commerce.orderHistory('SR-9', [
        { changedAt: '2026-11-02T10:00:00.000Z', values: { orderStatus: 'OFFRAMP', deal: { status: null } } },
      ]),
      commerce.myOrders([order]),
    );
    const context = { tenantId: 'default' };
    const history = await callApi(context, '/public/commerce/history/SR-9', { schema: orderHistoryResponseSchema });
    expect(history?.data.history[0]?.values.orderStatus).toBe('OFFRAMP');
    const mine = await callApi(context, '/public/commerce/orders', { schema: myOrdersResponseSchema });
    expect(mine?.data[0]?.orderNumber).toBe('SR-9');
  });

  it('fail a call that no handler answers', async () => {
    // Expected here, so spied on and silenced: any other console.error fails a test.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(fetch('http://commerce.test/not-mocked')).rejects.toThrow();
    expect(consoleError.mock.calls.flat().join(' ')).toContain('commerce.test/not-mocked');
  });

  it('let calls to the process itself through', async () => {
    const local = createServer((_req, res) => res.end('real'));
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(local.address() as AddressInfo).port}/`);
      expect(await response.text()).toBe('real');
    } finally {
      await new Promise<void>((resolve) => local.close(() => resolve()));
    }
  });
});

describe('matchers', () => {
  it('toRedirectTo reads returned and thrown redirects', async () => {
    expect(redirect('/sign-in?redirectTo=%2Faccount')).toRedirectTo('/sign-in?redirectTo=%2Faccount');
    expect(redirect('/sign-in', 303)).toRedirectTo('/sign-in', 303);
    expect(redirect('/sign-in', 303)).not.toRedirectTo('/sign-in', 302);
    expect(new Response(null, { status: 302, headers: { location: 'http://shop.test/account' } })).toRedirectTo(
      '/account',
    );
    await expect(Promise.reject(redirect('/sign-in'))).rejects.toRedirectTo('/sign-in');
    expect(new Response('ok')).not.toRedirectTo('/sign-in');
    expect(() => expect({ status: 302 }).toRedirectTo('/x')).toThrow(/expected a redirect Response/);
  });

  it('toHaveStatus reads Responses and single-fetch data() results', () => {
    expect(new Response(null, { status: 404 })).toHaveStatus(404);
    expect(data({ ok: false }, { status: 400 })).toHaveStatus(400);
    expect(data({ ok: true })).toHaveStatus(200);
    expect(new Response(null, { status: 500 })).not.toHaveStatus(200);
    expect(() => expect(new Response(null, { status: 500 })).toHaveStatus(200)).toThrow('expected status 200, got 500');
  });
});
