import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOPPER, SCENARIOS, scenarioOrderNumber } from '#server/db/seed-data/scenarios';
import { DEPOSIT_CENTS } from '~/lib/contract/checkout';
import { SANDBOX_CARDS } from '#server/payments/sandbox-gateway';
import { payByCard } from '../support/payment-form';
import { isBuilt, signInDemoShopper, startBuiltServer, type BuiltServer } from '../support/built-server';

// Issue 34 point 4: GET /metrics on the built process, behind METRICS_TOKEN. A shopper pays by
// card (declined, then approved) through the payment step's form without JavaScript; the scrape
// then shows the outcomes, the page's duration under its route pattern, the backend's calls under
// their endpoint-table names, the queue depths, and no order number, e-mail or card digits.

const TOKEN = 'metrics-test-token-0123456789';
const scenario = SCENARIOS.find((item) => item.key === 'payment-not-started')!;
const order = scenarioOrderNumber('default', scenario.suffix);

describe.skipIf(!isBuilt)(`GET /metrics${isBuilt ? '' : ' (skipped: no build, npm run build)'}`, () => {
  let server: BuiltServer | undefined;
  let cookie = '';

  beforeAll(async () => {
    server = await startBuiltServer({
      DATABASE_URL: '',
      SEED_VEHICLES: '20',
      COMMERCE_API_URL: '',
      METRICS_TOKEN: TOKEN,
    });
    cookie = await signInDemoShopper(server.base, DEMO_SHOPPER.email, DEMO_SHOPPER.password);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  }, 60_000);

  const scrape = (token?: string) =>
    fetch(`${server!.base}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  /**
   * The scrape once it shows `line`. A call is counted when its response has finished writing,
   * which on a busy machine can come just after the client has read it: a scraper sees it on its
   * next scrape, and so does this one (within 5 s).
   */
  async function scrapeShowing(line: RegExp): Promise<string> {
    let text = '';
    await expect
      .poll(
        async () => {
          text = await (await scrape(TOKEN)).text();
          return text;
        },
        { timeout: 5_000 },
      )
      .toMatch(line);
    return text;
  }

  it('is not there without the token, or with a wrong one', async () => {
    expect((await scrape()).status).toBe(404);
    expect((await scrape('metrics-test-token-0123456780')).status).toBe(404);
  });

  const pay = (card: string) => payByCard(server!.base, cookie, order, card);

  /**
   * A checkout placed through the commerce API as the storefront places it: the shopper's cash
   * deal on an available vehicle, paid with the refundable deposit on a card (202 placed).
   */
  async function placeCashDeal(): Promise<number> {
    const json = { 'content-type': 'application/json', 'x-tenant-id': 'default' };
    const signedIn = (await (
      await fetch(`${server!.base}/api/identity/sign-in`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password }),
      })
    ).json()) as { data: { identityToken: string } };
    const headers = { ...json, authorization: `Bearer ${signedIn.data.identityToken}` };
    const search = (await (await fetch(`${server!.base}/api/inventory/search`, { headers: json })).json()) as {
      data: { vehicles: { vin: string; status: string }[] };
    };
    const vehicle = search.data.vehicles.find((item) => item.status === 'Available')!;
    const cart = (await (
      await fetch(`${server!.base}/api/checkout/carts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ vin: vehicle.vin, dealType: 'Cash' }),
      })
    ).json()) as { data: { id: string } };
    const placed = await fetch(`${server!.base}/api/checkout/carts/${cart.data.id}/place`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': `metrics-placement-${Date.now()}` },
      body: JSON.stringify({
        method: 'DEPOSIT',
        amountCents: DEPOSIT_CENTS,
        card: {
          number: SANDBOX_CARDS.approved,
          name: `${DEMO_SHOPPER.firstName} ${DEMO_SHOPPER.lastName}`,
          email: DEMO_SHOPPER.email,
          expMonth: 12,
          expYear: new Date().getFullYear() + 2,
          cvc: '123',
          country: 'US',
          postalCode: '78701',
        },
      }),
    });
    return placed.status;
  }

  it('shows the placement outcome after a checkout', async () => {
    expect(await placeCashDeal()).toBe(202);
    const text = await scrapeShowing(/showroom_order_placement_outcomes_total\{status="202"\} 1\b/);
    expect(text).toMatch(
      /showroom_commerce_api_duration_seconds_count\{endpoint="checkout\.placeOrder",status="202"\} 1\b/,
    );
    for (const secret of [DEMO_SHOPPER.email, SANDBOX_CARDS.approved])
      expect(text.includes(secret), secret).toBe(false);
  });

  it('shows the payment outcomes after a shopper pays, by route pattern and endpoint, with no personal data', async () => {
    expect((await pay(SANDBOX_CARDS.declined)).status).toBe(402);
    expect((await pay(SANDBOX_CARDS.approved)).status).toBe(302);
    const answer = await scrape(TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    expect(text).toMatch(/showroom_payment_outcomes_total\{method="card",status="201"\} 1\b/);
    expect(text).toMatch(/showroom_payment_outcomes_total\{method="card",status="402"\} 1\b/);
    // The page, under its pattern; the backend's calls, under their endpoint-table names.
    expect(text).toMatch(
      /showroom_http_request_duration_seconds_count\{method="POST",route="\/progress\/:param\/payment",status="302"\} 1\b/,
    );
    expect(text).toMatch(/showroom_commerce_api_duration_seconds_count\{endpoint="payments\.card",status="201"\} 1\b/);
    expect(text).toMatch(/showroom_commerce_api_duration_seconds_count\{endpoint="orders\.order",status="200"\} \d+/);
    expect(text).toMatch(/showroom_queue_depth\{queue="photo_jobs"\} \d+/);
    expect(text).toMatch(/showroom_queue_depth\{queue="outbox"\} \d+/);
    // PGlite on its thread (the served process's arrangement): statements queued behind the running one.
    expect(text).toMatch(/showroom_database_waiting_statements\{database="pglite"\} \d+/);
    expect(text).toMatch(/showroom_response_cache_lookups_total/);
    expect(text).toMatch(/showroom_process_cpu_seconds_total/);
    // No personal data, no raw URL.
    for (const secret of [order, DEMO_SHOPPER.email, DEMO_SHOPPER.lastName, '4242', SANDBOX_CARDS.declined]) {
      expect(text.includes(secret), secret).toBe(false);
    }
  });
});
