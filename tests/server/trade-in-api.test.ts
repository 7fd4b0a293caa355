import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appraisalResponseSchema,
  lenderMatchResponseSchema,
  tradeInOfferResponseSchema,
  tradeInOffersResponseSchema,
  vehicleLookupResponseSchema,
  type AppraisalRequest,
} from '~/lib/contract/trade-in';
import { myOrdersResponseSchema } from '~/lib/contract/orders';
import { carts, tradeInOffers } from '#server/db/schema';
import { CATALOGUE, trimOfferedIn } from '#server/db/seed-data/catalogue';
import { descriptorFor } from '#server/db/seed-data/inventory';
import { buildVin } from '#server/db/seed-data/vin';
import { camryAnswers } from '../../e2e/support/trade-in-answers';
import { cartOf, checkoutCall, insertVehicle, startCart } from './checkout-support';
import { errorCode, startStepHarness, type StepHarness } from './tracker-harness';

// The trade-in area of the commerce API (issue 13): look-ups, each appraisal outcome, the
// saved offers' states over a moved clock (seed 002 §4, §9), one trade-in per purchase with its
// equity in the cart, and every payoff answer.

let harness: StepHarness;
let shopper: { userId: string; token: string };

const TUESDAY_11_ET = new Date('2026-05-05T15:00:00Z');
const DAY = 24 * 60 * 60_000;
const camryVin = (serial: number) => buildVin({ wmi: '4T1', descriptor: 'BF1FK', year: 2021, plant: 'U', serial });

function answers(overrides: Partial<AppraisalRequest> = {}): AppraisalRequest {
  return camryAnswers(camryVin(123456), { ownership: 'Owned', ...overrides });
}

async function save(json: AppraisalRequest, token = shopper.token) {
  const response = await harness.call('/api/trade-in/offers', { token, json });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return tradeInOfferResponseSchema.parse(body).data;
}

async function list(token = shopper.token) {
  const response = await harness.call('/api/trade-in/offers', { token });
  expect(response.status).toBe(200);
  return tradeInOffersResponseSchema.parse(await response.json()).data;
}

beforeAll(async () => {
  harness = await startStepHarness();
  harness.clock.set(TUESDAY_11_ET);
  shopper = await harness.shopper();
});
afterAll(async () => {
  await harness.close();
});

describe('look-ups', () => {
  it('decodes a VIN into year, make and the models of its manufacturer code', async () => {
    const response = await harness.call(`/api/trade-in/vins/${camryVin(1)}`);
    expect(vehicleLookupResponseSchema.parse(await response.json()).data).toMatchObject({
      year: 2021,
      make: 'Toyota',
      models: [{ model: 'Camry' }],
    });
  });

  it('refuses a VIN whose check digit is wrong, and one of an unknown maker', async () => {
    const good = camryVin(1);
    const bad = `${good.slice(0, 8)}${good[8] === '0' ? '1' : '0'}${good.slice(9)}`;
    const response = await harness.call(`/api/trade-in/vins/${bad}`);
    expect(response.status).toBe(422);
    expect(await errorCode(response)).toBe('error.tradeIn.invalidVin');
    const stranger = buildVin({ wmi: 'ZZZ', descriptor: 'AAAAA', year: 2020, plant: 'A', serial: 1 });
    expect(await errorCode(await harness.call(`/api/trade-in/vins/${stranger}`))).toBe('error.tradeIn.unknownVehicle');
  });

  it('finds a car by plate and state, and not an unregistered plate', async () => {
    const response = await harness.call('/api/trade-in/plates?plate=ABC1234&state=TX');
    const found = vehicleLookupResponseSchema.parse(await response.json()).data;
    // The registered car's VIN as this demo world writes one (no made-up "TRADE" descriptor):
    // the model's manufacturer code and descriptor, so it decodes to that model alone, whose
    // trims of that year are the only ones offered (issue 31).
    expect(found.vin).not.toContain('TRADE');
    expect(found.models).toHaveLength(1);
    const [{ model, trims }] = found.models as [{ model: string; trims: string[] }];
    const entry = CATALOGUE.find((item) => item.make === found.make && item.model === model)!;
    expect(found.vin.slice(0, 3)).toBe(entry.wmi);
    expect(entry.trims.map((trim) => descriptorFor(entry, trim.name))).toContain(found.vin.slice(3, 8));
    expect(trims).toEqual(
      entry.trims.filter((trim) => trimOfferedIn(entry, trim, found.year)).map((trim) => trim.name),
    );
    // Spaces and hyphens are not part of a plate; the same plate and state is the same car.
    const again = vehicleLookupResponseSchema.parse(
      await (await harness.call('/api/trade-in/plates?plate=abc-1234&state=TX')).json(),
    ).data;
    expect(again).toEqual(found);
    // Its VIN typed in instead finds the same car and the same trims.
    const byVin = vehicleLookupResponseSchema.parse(
      await (await harness.call(`/api/trade-in/vins/${found.vin}`)).json(),
    ).data;
    expect(byVin).toEqual(found);
    expect(await errorCode(await harness.call('/api/trade-in/plates?plate=ABC0001&state=TX'))).toBe(
      'error.tradeIn.plateNotFound',
    );
  });

  it("decodes an inventory VIN to its model, not every model of the manufacturer's code", async () => {
    // A manufacturer code shared by several 2021 models; the seeded inventory's VIN of one of them.
    const sold = CATALOGUE.filter((item) => item.trims.some((trim) => trimOfferedIn(item, trim, 2021)));
    const entry = sold.find((item) => sold.filter((other) => other.wmi === item.wmi).length > 1)!;
    const trim = entry.trims.find((item) => trimOfferedIn(entry, item, 2021))!;
    const vin = buildVin({
      wmi: entry.wmi,
      descriptor: descriptorFor(entry, trim.name),
      year: 2021,
      plant: entry.plant,
      serial: 42,
    });
    const found = vehicleLookupResponseSchema.parse(
      await (await harness.call(`/api/trade-in/vins/${vin}`)).json(),
    ).data;
    expect(found.models.map((item) => item.model)).toEqual([entry.model]);
    // A descriptor this world does not give (the tests' Camry) still lists the code's models.
    const camry = vehicleLookupResponseSchema.parse(
      await (await harness.call(`/api/trade-in/vins/${camryVin(1)}`)).json(),
    ).data;
    expect(camry.models.map((item) => item.model)).toContain('Camry');
  });
});

describe('appraisals and saved offers', () => {
  it('appraises a signed-out shopper without saving; saving needs sign-in', async () => {
    const response = await harness.call('/api/trade-in/appraisals', { json: answers() });
    expect(appraisalResponseSchema.parse(await response.json()).data).toEqual({
      outcome: 'instant',
      offerCents: 1_215_000,
      reasons: [],
      readyAt: null,
      year: 2021,
      make: 'Toyota',
    });
    const anonymous = await harness.call('/api/trade-in/offers', { json: answers() });
    expect(anonymous.status).toBe(401);
  });

  it('saves an instant offer as available for 7 days, and lists it', async () => {
    const offer = await save(answers());
    expect(offer).toMatchObject({
      status: 'available',
      offerCents: 1_215_000,
      equityCents: 1_215_000,
      expiresAt: new Date(TUESDAY_11_ET.getTime() + 7 * DAY).toISOString(),
    });
    expect((await list()).map((row) => row.id)).toContain(offer.id);
    const stranger = await harness.shopper();
    expect((await list(stranger.token)).map((row) => row.id)).not.toContain(offer.id);
    expect((await harness.call(`/api/trade-in/offers/${offer.id}`, { token: stranger.token })).status).toBe(404);
  });

  // Issue 31: Back after "Save my offer" and the button again saved a second copy of the VIN.
  it('saves one offer per shopper and VIN: the same answers again answer the saved offer, new ones re-appraise it', async () => {
    const owner = await harness.shopper();
    const first = await save(answers({ vin: camryVin(888801) }), owner.token);
    const again = await harness.call('/api/trade-in/offers', {
      token: owner.token,
      json: answers({ vin: camryVin(888801) }),
    });
    expect(again.status).toBe(200);
    expect(tradeInOfferResponseSchema.parse(await again.json()).data.id).toBe(first.id);
    const changed = await harness.call('/api/trade-in/offers', {
      token: owner.token,
      json: answers({ vin: camryVin(888801), mileage: 90_000 }),
    });
    expect(changed.status).toBe(200);
    const reappraised = tradeInOfferResponseSchema.parse(await changed.json()).data;
    expect(reappraised.id).toBe(first.id);
    expect(reappraised.mileage).toBe(90_000);
    expect((await list(owner.token)).filter((row) => row.vin === camryVin(888801))).toHaveLength(1);
    // Another shopper's offer for the same VIN is theirs.
    const other = await harness.shopper();
    expect((await save(answers({ vin: camryVin(888801) }), other.token)).id).not.toBe(first.id);
  });

  it('keeps denied and ineligible offers off the list', async () => {
    const denied = await save(answers({ vin: camryVin(777701), onTitle: false }));
    const ineligible = await save(answers({ vin: camryVin(777702), mileage: 250_000 }));
    expect(denied).toMatchObject({ status: 'denied', offerCents: null, reasons: ['notOnTitle'] });
    expect(ineligible).toMatchObject({ status: 'ineligible', reasons: ['tooManyMiles'] });
    const ids = (await list()).map((row) => row.id);
    expect(ids).not.toContain(denied.id);
    expect(ids).not.toContain(ineligible.id);
  });

  it('moves a reviewed offer from pending to proposed after 5 minutes, then to expired after 7 days, and removes it 30 days later', async () => {
    const owner = await harness.shopper();
    harness.clock.set(TUESDAY_11_ET);
    const pending = await save(answers({ condition: 'Rough' }), owner.token);
    expect(pending).toMatchObject({
      status: 'pending',
      offerCents: null,
      readyAt: new Date(TUESDAY_11_ET.getTime() + 5 * 60_000).toISOString(),
    });
    harness.clock.advance(4 * 60_000);
    expect((await list(owner.token))[0]).toMatchObject({ status: 'pending' });
    harness.clock.advance(60_000);
    const proposed = (await list(owner.token))[0]!;
    expect(proposed.status).toBe('proposed');
    expect(proposed.offerCents).toBeGreaterThan(0);
    harness.clock.advance(7 * DAY);
    const expired = (await list(owner.token))[0]!;
    expect(expired).toMatchObject({ status: 'expired' });
    expect(expired.removeAt).toBe(new Date(new Date(expired.expiresAt!).getTime() + 30 * DAY).toISOString());
    harness.clock.advance(30 * DAY - 60_000);
    expect(await list(owner.token)).toHaveLength(1);
    harness.clock.advance(60_000);
    expect(await list(owner.token)).toHaveLength(0);
    const rows = await harness.database.db.select().from(tradeInOffers).where(eq(tradeInOffers.id, pending.id));
    expect(rows).toHaveLength(0);
    harness.clock.set(TUESDAY_11_ET);
  });

  it('refreshes an expired offer for 7 more days, and deletes an offer', async () => {
    const owner = await harness.shopper();
    harness.clock.set(TUESDAY_11_ET);
    const offer = await save(answers(), owner.token);
    const early = await harness.call(`/api/trade-in/offers/${offer.id}/refresh`, { token: owner.token, json: {} });
    expect(await errorCode(early)).toBe('error.tradeIn.notApplicable');
    harness.clock.advance(8 * DAY);
    const refreshed = tradeInOfferResponseSchema.parse(
      await (await harness.call(`/api/trade-in/offers/${offer.id}/refresh`, { token: owner.token, json: {} })).json(),
    ).data;
    expect(refreshed).toMatchObject({
      status: 'available',
      expiresAt: new Date(TUESDAY_11_ET.getTime() + 15 * DAY).toISOString(),
    });
    const removed = await harness.call(`/api/trade-in/offers/${offer.id}`, { token: owner.token, method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(await list(owner.token)).toHaveLength(0);
    harness.clock.set(TUESDAY_11_ET);
  });
});

describe('into the deal', () => {
  it('applies one offer per purchase; the equity (offer - payoff) reaches the cart and its amount financed', async () => {
    const owner = await harness.shopper();
    const vehicle = await insertVehicle(harness);
    const cart = await cartOf(await startCart(harness, { token: owner.token }, vehicle.vin, 'Finance'), 201);
    const financedBefore = cart.summary?.dealType === 'Finance' ? cart.summary.finance.financedCents : 0;
    const offer = await save(answers({ hasLoan: true, amountOwedCents: 500_000, ownership: 'Finance' }), owner.token);
    expect(offer).toMatchObject({ payoffCents: 500_000, equityCents: 715_000 });

    const applied = await harness.call(`/api/trade-in/offers/${offer.id}/apply`, {
      token: owner.token,
      json: { cartId: cart.id },
    });
    expect(applied.status).toBe(200);
    const after = await cartOf(await checkoutCall(harness, { token: owner.token }, `/carts/${cart.id}`));
    expect(after.tradeIn).toMatchObject({
      offerId: offer.id,
      offerCents: 1_215_000,
      payoffCents: 500_000,
      equityCents: 715_000,
      taxCredit: false,
    });
    expect(after.summary?.dealType === 'Finance' && after.summary.finance.financedCents).toBe(financedBefore - 715_000);
    expect((await list(owner.token)).find((row) => row.id === offer.id)).toMatchObject({
      status: 'applied',
      appliedCartId: cart.id,
    });

    const second = await save(answers({ vin: camryVin(222222) }), owner.token);
    const refused = await harness.call(`/api/trade-in/offers/${second.id}/apply`, {
      token: owner.token,
      json: { cartId: cart.id },
    });
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('error.tradeIn.onePerPurchase');

    // A payoff quote replaces the estimate and the cart's equity follows.
    const quoted = await harness.call(`/api/trade-in/offers/${offer.id}/payoff`, {
      token: owner.token,
      json: { lender: 'ally financial', vin: offer.vin, accountLast4: '1234', lastName: 'Lane' },
    });
    const withQuote = tradeInOfferResponseSchema.parse(await quoted.json()).data;
    expect(withQuote.payoff).toMatchObject({ lender: 'Ally Financial', source: 'quote', accountLast4: '1234' });
    expect(JSON.stringify(withQuote)).not.toContain('ssn');
    const requoted = await cartOf(await checkoutCall(harness, { token: owner.token }, `/carts/${cart.id}`));
    expect(requoted.tradeIn?.payoffCents).toBe(withQuote.payoff!.balanceCents);
    expect(requoted.tradeIn?.equityCents).toBe(1_215_000 - withQuote.payoff!.balanceCents);

    const taken = await harness.call(`/api/trade-in/offers/${offer.id}/apply`, {
      token: owner.token,
      method: 'DELETE',
    });
    expect(tradeInOfferResponseSchema.parse(await taken.json()).data.status).toBe('available');
    expect((await cartOf(await checkoutCall(harness, { token: owner.token }, `/carts/${cart.id}`))).tradeIn).toBeNull();
  });

  it('rolls negative equity into the amount financed', async () => {
    const owner = await harness.shopper();
    const vehicle = await insertVehicle(harness);
    const cart = await cartOf(await startCart(harness, { token: owner.token }, vehicle.vin, 'Finance'), 201);
    const financedBefore = cart.summary?.dealType === 'Finance' ? cart.summary.finance.financedCents : 0;
    const offer = await save(
      answers({ vin: camryVin(333333), hasLoan: true, amountOwedCents: 1_515_000 }),
      owner.token,
    );
    expect(offer.equityCents).toBe(-300_000);
    await harness.call(`/api/trade-in/offers/${offer.id}/apply`, { token: owner.token, json: { cartId: cart.id } });
    const after = await cartOf(await checkoutCall(harness, { token: owner.token }, `/carts/${cart.id}`));
    expect(after.summary?.dealType === 'Finance' && after.summary.finance.financedCents).toBe(financedBefore + 300_000);
  });
  it('the order list shows the trade-in its purchase applied: offer, payoff and equity (issue 13)', async () => {
    const owner = await harness.shopper();
    const vehicle = await insertVehicle(harness);
    const cart = await cartOf(await startCart(harness, { token: owner.token }, vehicle.vin, 'Finance'), 201);
    const offer = await save(
      answers({ vin: camryVin(666666), ownership: 'Finance', hasLoan: true, amountOwedCents: 400_000 }),
      owner.token,
    );
    await harness.call(`/api/trade-in/offers/${offer.id}/apply`, { token: owner.token, json: { cartId: cart.id } });
    // The cart becomes an order (placement writes the order number on the cart).
    const order = await harness.order(owner, 'finance');
    await harness.database.db.update(carts).set({ orderNumber: order.orderNumber }).where(eq(carts.id, cart.id));

    const response = await harness.call('/public/commerce/orders', { token: owner.token });
    expect(response.status).toBe(200);
    const listed = myOrdersResponseSchema.parse(await response.json()).data;
    expect(listed.find((row) => row.orderNumber === order.orderNumber)?.tradeIn).toMatchObject({
      vin: offer.vin,
      offerCents: offer.offerCents,
      payoffCents: 400_000,
      equityCents: offer.offerCents! - 400_000,
    });
    // An order without a trade-in (the harness's delivered one) lists none.
    expect(listed.filter((row) => row.orderNumber !== order.orderNumber).map((row) => row.tradeIn)).toEqual([null]);
  });

  it("says the seed's loan-to-value message when the equity exceeds the amount financed", async () => {
    const owner = await harness.shopper();
    const vehicle = await insertVehicle(harness, { priceCents: 1_900_000, msrpCents: 2_100_000 });
    const cart = await cartOf(await startCart(harness, { token: owner.token }, vehicle.vin, 'Finance'), 201);
    const offer = await save(answers({ vin: camryVin(555555) }), owner.token);
    await harness.call(`/api/trade-in/offers/${offer.id}/apply`, { token: owner.token, json: { cartId: cart.id } });
    await checkoutCall(harness, { token: owner.token }, `/carts/${cart.id}`, {
      method: 'PATCH',
      json: { downPaymentCents: 1_000_000 },
    });
    const after = await cartOf(await checkoutCall(harness, { token: owner.token }, `/carts/${cart.id}`));
    // Seed 002 §5: "Trade-in equity that exceeds the financed amount: lower the down payment or remove the trade-in."
    expect(after.problems).toContainEqual({
      code: 'tradeInEquityTooHigh',
      message: expect.stringMatching(/Lower your down payment or remove your trade-in\.$/),
    });
  });
});

describe('payoff quotes', () => {
  let offerId: string;
  let vin: string;
  beforeAll(async () => {
    const offer = await save(answers({ vin: camryVin(444440), hasLoan: true, amountOwedCents: 100_000 }));
    offerId = offer.id;
    vin = offer.vin;
  });

  async function quote(json: Record<string, unknown>) {
    return harness.call(`/api/trade-in/offers/${offerId}/payoff`, { token: shopper.token, json: { vin, ...json } });
  }

  it('matches lenders with a suggestion for near misses', async () => {
    const near = lenderMatchResponseSchema.parse(
      await (await harness.call('/api/trade-in/lenders?name=Chse%20Auto')).json(),
    ).data;
    expect(near).toEqual({ lender: null, suggestion: 'Chase Auto' });
    const exact = lenderMatchResponseSchema.parse(
      await (await harness.call('/api/trade-in/lenders?name=Ford%20Credit')).json(),
    ).data;
    expect(exact.lender).toEqual({ name: 'Ford Credit', requires: ['lastName', 'ssnLast4'] });
  });

  it('refuses an unlisted lender, a missing field and a VIN that is not the trade-in', async () => {
    const unlisted = await quote({ lender: 'Aly Financial', accountLast4: '1234', lastName: 'Lane' });
    expect(unlisted.status).toBe(422);
    expect(await unlisted.json()).toMatchObject({
      error: { code: 'error.payoff.lenderNotListed', message: expect.stringContaining('Ally Financial') },
    });
    expect(await errorCode(await quote({ lender: 'Ford Credit', lastName: 'Lane' }))).toBe('error.payoff.missingField');
    expect(
      await errorCode(await quote({ lender: 'Ford Credit', lastName: 'Lane', ssnLast4: '6789', vin: camryVin(1) })),
    ).toBe('error.payoff.vinMismatch');
  });

  it('answers not found, failed retrieval and technical difficulties, and takes an estimate instead', async () => {
    for (const [last, code, status] of [
      ['7', 'error.payoff.loanNotFound', 404],
      ['8', 'error.payoff.retrievalFailed', 502],
      ['9', 'error.payoff.unavailable', 503],
    ] as const) {
      // A VIN ending in the answer's digit (serial …7, …8, …9), saved as its own offer.
      const offer = await save(
        answers({ vin: camryVin(Number(`44444${last}`)), hasLoan: true, amountOwedCents: 100_000 }),
      );
      const response = await harness.call(`/api/trade-in/offers/${offer.id}/payoff`, {
        token: shopper.token,
        json: { vin: offer.vin, lender: 'Ford Credit', lastName: 'Lane', ssnLast4: '6789' },
      });
      expect(response.status).toBe(status);
      expect(await errorCode(response)).toBe(code);
    }
    const estimate = await harness.call(`/api/trade-in/offers/${offerId}/payoff-estimate`, {
      token: shopper.token,
      json: { balanceCents: 800_000, lender: 'Ford Credit' },
    });
    expect(tradeInOfferResponseSchema.parse(await estimate.json()).data).toMatchObject({
      payoff: { source: 'estimate', balanceCents: 800_000 },
      payoffCents: 800_000,
      equityCents: 415_000,
    });
  });
});
