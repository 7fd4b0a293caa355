import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prequalResponseSchema } from '~/lib/contract/prequal';
import { shellSummaryResponseSchema, type ShellSummary } from '~/lib/contract/shell';
import { HOLD_MINUTES, currentCartResponseSchema } from '~/lib/contract/checkout';
import { favoritesCountResponseSchema } from '~/lib/contract/favorites';
import { tokensResponseSchema } from '~/lib/contract/identity';
import { orders, prequalifications, vehicles } from '#server/db/schema';
import { cartOf, insertVehicle, sessionId, startCart } from './checkout-support';
import { PASSWORD, startStepHarness, type StepHarness } from './tracker-harness';

// GET /api/account/shell (decision 072): the header's counts in one read. It must answer what
// the seed's own calls add up to (the whole order list, the current cart, the saved count, the
// pre-qualification), and never write: a page view reads.

const DAY = 24 * 60 * 60 * 1000;
let harness: StepHarness;

beforeAll(async () => {
  harness = await startStepHarness();
});
afterAll(async () => {
  await harness.close();
});

async function shellOf(token: string, headers: Record<string, string> = {}): Promise<ShellSummary> {
  const response = await harness.call('/api/account/shell', { token, headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return shellSummaryResponseSchema.parse(await response.json()).data;
}

/** The same figures from the seed's calls, as a platform without the extension gives them. */
async function fromSeedCalls(token: string, visit?: string) {
  const headers: Record<string, string> = visit ? { 'x-session-id': visit } : {};
  const current = currentCartResponseSchema.parse(
    await (await harness.call('/api/checkout/carts/current', { token, headers })).json(),
  ).data;
  const openCart = current?.vehicle && current.placement.status === 'NOT_PLACED' ? 1 : 0;
  const favorites = favoritesCountResponseSchema.parse(
    await (await harness.call('/api/favorites/count', { token })).json(),
  ).data.count;
  const prequal = prequalResponseSchema.parse(await (await harness.call('/api/prequal', { token })).json()).data;
  return {
    // Issue 31 point 6: the vehicles in the cart; the order list's drafts are not in it.
    cart: openCart,
    favorites,
    prequal:
      prequal.reminder && prequal.expiresAt
        ? { reminder: prequal.reminder, expiresAt: prequal.expiresAt, canRefresh: prequal.canRefresh }
        : null,
  };
}

describe('the shell summary', () => {
  it('adds up to what the seed calls answer: in-progress orders, the open cart, saved vehicles, the reminder', async () => {
    const shopper = await harness.shopper();
    expect(await shellOf(shopper.token)).toEqual({ cart: 0, favorites: 0, prequal: null });

    // A placed order (not counted), a draft and a cancelled one.
    await harness.order(shopper, 'finance');
    const [draft] = await harness.database.db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.userId, shopper.userId))
      .limit(1);
    await harness.database.db
      .update(orders)
      .set({ orderStatus: 'DRAFT' })
      .where(eq(orders.orderNumber, draft!.orderNumber));
    // An open cart holding a vehicle, and two saved vehicles.
    const held = await insertVehicle(harness);
    await cartOf(await startCart(harness, { token: shopper.token }, held.vin, 'Cash'), 201);
    for (const vehicle of [await insertVehicle(harness), await insertVehicle(harness)]) {
      const saved = await harness.call(`/api/favorites/${vehicle.vin}`, { method: 'POST', token: shopper.token });
      expect(saved.status).toBe(200);
    }
    // A pre-qualification within five days of its expiry.
    const prequal = await harness.call('/api/prequal', {
      token: shopper.token,
      json: {
        firstName: 'Avery',
        lastName: 'Lane',
        address: { addressLine1: '418 Oak Hollow Lane', city: 'Austin', state: 'TX', zip: '78701' },
        dateOfBirth: '04/12/1988',
        annualIncome: '85000',
        email: 'avery.lane@example.com',
        consent: 'on',
        keepData: true,
      },
    });
    expect(prequal.status).toBe(200);
    const [row] = await harness.database.db
      .select({ expiresAt: prequalifications.expiresAt })
      .from(prequalifications)
      .where(eq(prequalifications.userId, shopper.userId));
    harness.clock.set(new Date(row!.expiresAt!.getTime() - 3 * DAY));

    const shell = await shellOf(shopper.token);
    expect(shell).toEqual(await fromSeedCalls(shopper.token));
    expect(shell).toMatchObject({ cart: 1, favorites: 2, prequal: { reminder: 'expiring', canRefresh: true } });
    harness.clock.set(new Date());
  });

  it('counts the visit cart of a shopper who started before signing in, and not an empty one', async () => {
    const shopper = await harness.shopper();
    const visit = sessionId();
    const vehicle = await insertVehicle(harness);
    await cartOf(await startCart(harness, { session: visit }, vehicle.vin, 'Cash'), 201);
    expect((await shellOf(shopper.token, { 'x-session-id': visit })).cart).toBe(1);
    expect((await shellOf(shopper.token)).cart).toBe(0);
  });

  it('writes nothing: a lapsed hold and data past its retention stay for the sweepers', async () => {
    const shopper = await harness.shopper();
    const vehicle = await insertVehicle(harness);
    await cartOf(await startCart(harness, { token: shopper.token }, vehicle.vin, 'Cash'), 201);
    harness.clock.advance((HOLD_MINUTES + 1) * 60_000);
    await shellOf(shopper.token);
    const [after] = await harness.database.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(after?.status).toBe('PendingSale');
    harness.clock.set(new Date());
  });

  it('answers 401 to another tenant, and at once after sign-out although the session was just read as live', async () => {
    const email = `shell.${Date.now().toString(36)}@shop.test`;
    const shopper = await harness.shopper('default', email);
    expect((await harness.call('/api/account/shell', { token: shopper.token, tenantId: 'northside' })).status).toBe(
      401,
    );
    const signedIn = tokensResponseSchema.parse(
      await (await harness.call('/api/identity/sign-in', { json: { email, password: PASSWORD } })).json(),
    ).data;
    await shellOf(signedIn.identityToken);
    const signOut = await harness.call('/api/identity/sign-out', { json: { refreshToken: signedIn.refreshToken } });
    expect(signOut.status).toBeLessThan(300);
    expect((await harness.call('/api/account/shell', { token: signedIn.identityToken })).status).toBe(401);
    // The first sign-in's session is another one: still live.
    await shellOf(shopper.token);
  });
});
