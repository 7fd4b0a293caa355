import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditProfileResponseSchema } from '~/lib/contract/checkout';
import { errorCode, startStepHarness, type StepHarness } from './tracker-harness';
import { SSN, cartOf, checkoutCall, insertVehicle, personalAnswers, startCart, type Caller } from './checkout-support';

// GET /api/checkout/credit-profile (issue 3): the score of the shopper's newest soft pull, for
// personalised payments on the vehicle cards, while the pre-qualification is valid (30 days,
// seed 002 §9). The soft pulls are those of the sandbox bureau (docs/sandbox-partners.md).

let harness: StepHarness;

beforeAll(async () => {
  harness = await startStepHarness();
});
afterAll(async () => {
  await harness.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function profileOf(caller: Caller) {
  const response = await checkoutCall(harness, caller, '/credit-profile');
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return creditProfileResponseSchema.parse(body).data;
}

/** A finance cart of the caller with the Personal step saved: the bureau's soft pull. */
async function softPulled(caller: Caller, personal: Record<string, unknown>, tenantId = 'default') {
  const vehicle = await insertVehicle(harness, { tenantId });
  const cart = await cartOf(await startCart(harness, caller, vehicle.vin, 'Finance'), 201);
  await cartOf(
    await checkoutCall(harness, caller, `/carts/${cart.id}/credit-application/personal`, {
      method: 'PUT',
      json: personalAnswers(personal),
    }),
  );
  return cart;
}

describe('GET /api/checkout/credit-profile', () => {
  it('answers 401 to a signed-out visitor', async () => {
    const response = await checkoutCall(harness, { session: 'session-anonymous-1' }, '/credit-profile');
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe('error.auth.unauthenticated');
  });

  it('answers null to a shopper the bureau has not pulled yet', async () => {
    const { token } = await harness.shopper();
    expect(await profileOf({ token })).toBeNull();
    // A cart without a credit application is no pull either.
    const vehicle = await insertVehicle(harness);
    await cartOf(await startCart(harness, { token }, vehicle.vin, 'Finance'), 201);
    expect(await profileOf({ token })).toBeNull();
  });

  it('answers the score and tier of the soft pull, valid for 30 days', async () => {
    const { token } = await harness.shopper();
    const before = harness.clock.now();
    await softPulled({ token }, { ssn: SSN.excellent });
    const profile = await profileOf({ token });
    expect(profile).toMatchObject({ score: 780, tier: 'excellent' });
    const pulledAt = new Date(profile!.pulledAt).getTime();
    expect(pulledAt).toBeGreaterThanOrEqual(before.getTime());
    expect(new Date(profile!.expiresAt).getTime() - pulledAt).toBe(30 * DAY);
  });

  it('answers a score below the lowest tier with no tier', async () => {
    const { token } = await harness.shopper();
    await softPulled({ token }, { ssn: SSN.poor });
    expect(await profileOf({ token })).toMatchObject({ score: 600, tier: null });
  });

  it('skips a thin file without a score, and takes the newest pull among the carts', async () => {
    const { token } = await harness.shopper();
    await softPulled({ token }, { ssn: SSN.good });
    harness.clock.advance(60_000);
    // Starting another cart releases the first one (it stays the shopper's, with its pull).
    await softPulled({ token }, { ssn: SSN.fair });
    expect(await profileOf({ token })).toMatchObject({ score: 650, tier: 'fair' });
    harness.clock.advance(60_000);
    // Born in 2000 or later, no SSN: the bureau has a thin file without a score.
    await softPulled({ token }, { ssn: '', dateOfBirth: '04/12/2002' });
    expect(await profileOf({ token })).toMatchObject({ score: 650, tier: 'fair' });
  });

  it('lapses 30 days after the pull', async () => {
    const { token } = await harness.shopper();
    await softPulled({ token }, { ssn: SSN.veryGood });
    harness.clock.advance(30 * DAY - 60_000);
    expect(await profileOf({ token })).toMatchObject({ score: 720, tier: 'veryGood' });
    harness.clock.advance(60_000);
    expect(await profileOf({ token })).toBeNull();
  });

  it("answers only the shopper's own pulls in this tenant", async () => {
    const pulled = await harness.shopper();
    await softPulled({ token: pulled.token }, { ssn: SSN.excellent });
    const other = await harness.shopper();
    expect(await profileOf({ token: other.token })).toBeNull();
    // The same token sent to another tenant is not an identity there.
    const elsewhere = await checkoutCall(harness, { token: pulled.token, tenantId: 'northside' }, '/credit-profile');
    expect(elsewhere.status).toBe(401);
  });

  it('answers the score and its dates only: nothing of the application', async () => {
    const { token } = await harness.shopper();
    await softPulled({ token }, { ssn: SSN.excellent, dateOfBirth: '04/12/1988' });
    const response = await checkoutCall(harness, { token }, '/credit-profile');
    const text = await response.text();
    expect(text).not.toContain('123451234');
    expect(text).not.toContain('123-45-1234');
    expect(text).not.toContain('04/12/1988');
    expect(Object.keys((JSON.parse(text) as { data: object }).data).sort()).toEqual([
      'expiresAt',
      'pulledAt',
      'score',
      'tier',
    ]);
  });
});
