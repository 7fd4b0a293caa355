import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpResponse, delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, callApi } from '~/lib/api.server';
import { API_TIMEOUT_MS, RATE_LIMITED_CODE } from '~/lib/contract/common';
import { orderResponseSchema } from '~/lib/contract/orders';
import { createShopContext } from '~/lib/request-context.server';
import { logger, requestContext } from '~/lib/shared/logger.server';
import { buildOrder, commerce, commerceUrl, server } from '../support/msw';

afterEach(() => {
  vi.restoreAllMocks();
});

const order = buildOrder({ orderNumber: 'SR-2001' });
const orderPath = `/public/commerce/orders/${order.orderNumber}`;

function captureHeaders(): { headers: () => Headers } {
  let seen: Headers | undefined;
  server.use(commerce.order(order, { onRequest: (request) => void (seen = request.headers) }));
  return {
    headers() {
      if (!seen) throw new Error('the API was not called');
      return seen;
    },
  };
}

describe('callApi headers', () => {
  it('sends the caller id, a test- correlation id and the tenant, and no credentials when there are none', async () => {
    const captured = captureHeaders();
    const answer = await callApi({ tenantId: 'default' }, orderPath, { schema: orderResponseSchema });
    expect(answer?.data).toEqual(order);
    const headers = captured.headers();
    expect(headers.get('x-caller-id')).toBe('storefront');
    expect(headers.get('x-correlation-id')).toMatch(/^test-[0-9a-f-]{36}$/);
    expect(headers.get('x-tenant-id')).toBe('default');
    expect(headers.has('authorization')).toBe(false);
    expect(headers.has('x-session-id')).toBe(false);
  });

  it("sends the request context's correlation id, not the one of whatever log context the call runs in", async () => {
    const captured = captureHeaders();
    const request = new Request('http://shop.test/vehicles');
    const shop = await createShopContext(request, { correlationId: 'test-page-request-1' });
    await requestContext.run({ correlationId: 'test-another-request' }, () =>
      callApi(shop.api, orderPath, { schema: orderResponseSchema }),
    );
    expect(captured.headers().get('x-correlation-id')).toBe('test-page-request-1');
    expect(shop.correlationId).toBe('test-page-request-1');
  });

  it('sends the bearer token and session id when given', async () => {
    const captured = captureHeaders();
    await callApi({ tenantId: 'northside', token: 'identity-token', sessionId: 'session-1' }, orderPath, {
      schema: orderResponseSchema,
    });
    const headers = captured.headers();
    expect(headers.get('authorization')).toBe('Bearer identity-token');
    expect(headers.get('x-session-id')).toBe('session-1');
    expect(headers.get('x-tenant-id')).toBe('northside');
  });

  it('sends no authorization header for a null token (authentication failed)', async () => {
    const captured = captureHeaders();
    await callApi({ tenantId: 'default', token: null, sessionId: null }, orderPath, { schema: orderResponseSchema });
    expect(captured.headers().has('authorization')).toBe(false);
    expect(captured.headers().has('x-session-id')).toBe(false);
  });

  it('sends JSON bodies with their content type and repeats array query values', async () => {
    let body: unknown;
    let url: URL | undefined;
    server.use(
      http.post(commerceUrl('/api/echo'), async ({ request }) => {
        body = await request.json();
        url = new URL(request.url);
        expect(request.headers.get('content-type')).toBe('application/json');
        return HttpResponse.json({ ok: true });
      }),
    );
    await callApi({ tenantId: 'default' }, '/api/echo', {
      method: 'POST',
      json: { a: 1 },
      query: { tag: ['x', 'y'], empty: undefined, none: null, n: 3 },
      schema: z.object({ ok: z.boolean() }),
    });
    expect(body).toEqual({ a: 1 });
    expect(url?.searchParams.getAll('tag')).toEqual(['x', 'y']);
    expect(url?.searchParams.has('empty')).toBe(false);
    expect(url?.searchParams.has('none')).toBe(false);
    expect(url?.searchParams.get('n')).toBe('3');
  });
});

describe('callApi time-outs and cancellation', () => {
  it('waits 20 s by default (seed 000 §7)', () => {
    expect(API_TIMEOUT_MS).toBe(20_000);
  });

  it('turns a time-out into ApiError 504', async () => {
    server.use(
      http.get(commerceUrl(orderPath), async () => {
        await delay(1_000);
        return HttpResponse.json({ data: order });
      }),
    );
    const warn = vi.spyOn(logger, 'warn');
    const call = callApi({ tenantId: 'default' }, orderPath, { schema: orderResponseSchema, timeoutMs: 50 });
    await expect(call).rejects.toMatchObject({ name: 'ApiError', status: 504, code: 'error.api.timeout' });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ path: orderPath, timeoutMs: 50 }),
      'commerce API call timed out',
    );
  });

  it('resolves to null when the page is left before the answer', async () => {
    const page = new AbortController();
    server.use(
      http.get(commerceUrl(orderPath), async () => {
        page.abort();
        await delay(200);
        return HttpResponse.json({ data: order });
      }),
    );
    await expect(
      callApi({ tenantId: 'default', signal: page.signal }, orderPath, { schema: orderResponseSchema }),
    ).resolves.toBeNull();
  });

  it('resolves to null when the page was already left', async () => {
    const page = new AbortController();
    page.abort();
    server.use(commerce.order(order));
    await expect(
      callApi({ tenantId: 'default', signal: page.signal }, orderPath, { schema: orderResponseSchema }),
    ).resolves.toBeNull();
  });

  // msw hands the body over whole, so a real socket shows what happens when the answer is
  // cut half-way: the storefront's fetch is pointed at a local server for these two tests.
  async function slowBodyServer(onHalfSent: () => void): Promise<{ url: string; close: () => Promise<void> }> {
    const httpServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
      onHalfSent();
      setTimeout(() => res.end(`${JSON.stringify(order)}}`), 400).unref();
    });
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const { port } = httpServer.address() as AddressInfo;
    const mockedFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      mockedFetch(`http://127.0.0.1:${port}${new URL(String(input)).pathname}`, init),
    );
    return {
      url: `http://127.0.0.1:${port}`,
      close: () =>
        new Promise<void>((resolve) => {
          httpServer.closeAllConnections();
          httpServer.close(() => resolve());
        }),
    };
  }

  it('resolves to null when the page is left while the body is still arriving', async () => {
    const page = new AbortController();
    const local = await slowBodyServer(() => setTimeout(() => page.abort(), 50));
    const error = vi.spyOn(logger, 'error');
    try {
      await expect(
        callApi({ tenantId: 'default', signal: page.signal }, orderPath, { schema: orderResponseSchema }),
      ).resolves.toBeNull();
      expect(error).not.toHaveBeenCalled();
    } finally {
      await local.close();
    }
  });

  it('turns a time-out while the body is still arriving into ApiError 504', async () => {
    const local = await slowBodyServer(() => undefined);
    const error = vi.spyOn(logger, 'error');
    try {
      await expect(
        callApi({ tenantId: 'default' }, orderPath, { schema: orderResponseSchema, timeoutMs: 150 }),
      ).rejects.toMatchObject({
        status: 504,
        code: 'error.api.timeout',
      });
      expect(error).not.toHaveBeenCalled();
    } finally {
      await local.close();
    }
  });
});

describe('callApi errors', () => {
  it('turns an error body into ApiError with its status and code', async () => {
    server.use(commerce.error(orderPath, 404, 'error.order.notFound', { message: 'No such order' }));
    const failure = await callApi({ tenantId: 'default' }, orderPath, { schema: orderResponseSchema }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: 'error.order.notFound', message: 'No such order' });
  });

  it('answers error.api.unknown for an error without the contract body', async () => {
    server.use(http.get(commerceUrl(orderPath), () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })));
    await expect(callApi({ tenantId: 'default' }, orderPath, { schema: orderResponseSchema })).rejects.toMatchObject({
      status: 502,
      code: 'error.api.unknown',
    });
  });

  it('turns a body that breaks the contract into ApiError 502', async () => {
    server.use(
      http.get(commerceUrl(orderPath), () => HttpResponse.json({ data: { ...order, orderStatus: 'TELEPORTED' } })),
    );
    const error = vi.spyOn(logger, 'error');
    await expect(callApi({ tenantId: 'default' }, orderPath, { schema: orderResponseSchema })).rejects.toMatchObject({
      status: 502,
      code: 'error.api.contract',
    });
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ path: orderPath }),
      'commerce API answer breaks the contract',
    );
  });

  it('turns an unreachable API into ApiError 503', async () => {
    server.use(commerce.networkError(orderPath));
    const error = vi.spyOn(logger, 'error');
    await expect(callApi({ tenantId: 'default' }, orderPath, { schema: orderResponseSchema })).rejects.toMatchObject({
      status: 503,
      code: 'error.api.unreachable',
    });
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ path: orderPath }), 'commerce API unreachable');
  });

  it('turns a rate limit in front of the API into a 429 answer with its Retry-After (decision 067)', async () => {
    const limited = (retryAfter?: string) =>
      server.use(
        http.get(commerceUrl(orderPath), () =>
          HttpResponse.json(
            { error: { code: RATE_LIMITED_CODE, message: 'Too many requests; try again later' } },
            { status: 429, headers: retryAfter ? { 'retry-after': retryAfter } : {} },
          ),
        ),
      );
    const thrown = () =>
      callApi({ tenantId: 'default' }, orderPath, { schema: orderResponseSchema }).catch((error: unknown) => error);
    limited('42');
    const answer = await thrown();
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(429);
    expect((answer as Response).headers.get('retry-after')).toBe('42');
    // A date, a wait of days or none at all: the shopper is asked to wait a minute.
    for (const retryAfter of ['Wed, 21 Oct 2026 07:28:00 GMT', '86400', undefined]) {
      limited(retryAfter);
      expect(((await thrown()) as Response).headers.get('retry-after')).toBe('60');
    }
    // A gateway's own 429 page, outside the contract, is the same.
    server.use(http.get(commerceUrl(orderPath), () => new HttpResponse('<h1>Slow down</h1>', { status: 429 })));
    expect(((await thrown()) as Response).status).toBe(429);
    // A 429 with the call's own code (a rule of that call) stays an ApiError, for its caller's form.
    server.use(commerce.error(orderPath, 429, 'error.lead.rateLimited', { message: 'Too many messages' }));
    expect(await thrown()).toMatchObject({ name: 'ApiError', status: 429, code: 'error.lead.rateLimited' });
  });

  it('answers a 204 through the schema', async () => {
    server.use(http.delete(commerceUrl('/api/thing'), () => new HttpResponse(null, { status: 204 })));
    await expect(
      callApi({ tenantId: 'default' }, '/api/thing', { method: 'DELETE', schema: z.undefined() }),
    ).resolves.toBeUndefined();
  });

  it('turns a 204 where the contract expects a body into ApiError 502', async () => {
    server.use(http.get(commerceUrl(orderPath), () => new HttpResponse(null, { status: 204 })));
    vi.spyOn(logger, 'error');
    await expect(callApi({ tenantId: 'default' }, orderPath, { schema: orderResponseSchema })).rejects.toMatchObject({
      status: 502,
      code: 'error.api.contract',
    });
  });
});
