import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MINUTES, protectionPlansResponseSchema } from '~/lib/contract/checkout';
import { getMonthlyPaymentCents } from '~/lib/shared/payments/finance';
import { computeCalculator } from '~/lib/search/payment-calculator';
import { releaseLapsedHolds } from '#server/checkout/hold';
import { vehicles } from '#server/db/schema';
import { errorCode, startStepHarness, type StepHarness } from './tracker-harness';
import { cartOf, cartRow, checkoutCall, insertVehicle, sessionId, startCart, vehicleRow } from './checkout-support';

// Carts and the vehicle hold (issue 6 item 2), the order summary of each purchase type and the
// down-payment and loan-to-value problems (item 3), and the protection catalogue (item 4).

let harness: StepHarness;
let shopper: { userId: string; token: string };
let rival: { userId: string; token: string };

beforeAll(async () => {
  harness = await startStepHarness();
  shopper = await harness.shopper();
  rival = await harness.shopper();
});
afterAll(async () => {
  await harness.close();
});

async function inventoryStatus(vin: string): Promise<string> {
  const response = await harness.call(`/api/inventory/vehicles/${vin}`);
  const body = (await response.json()) as { data: { status: string } };
  return body.data.status;
}

describe('the hold', () => {
  it('lets exactly one of two racing shoppers hold a vehicle; the other is told it is held', async () => {
    const vehicle = await insertVehicle(harness);
    const [first, second] = await Promise.all([
      startCart(harness, { token: shopper.token }, vehicle.vin),
      startCart(harness, { token: rival.token }, vehicle.vin),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([201, 409]);
    const loser = first.status === 409 ? first : second;
    expect(await errorCode(loser)).toBe('error.cart.vehicleHeld');
    const row = await vehicleRow(harness, vehicle.id);
    expect(row.status).toBe('PendingSale');
    expect(await inventoryStatus(vehicle.vin)).toBe('PendingSale');
    // Clean up: the winner empties the cart, so later tests start fresh.
    const winner = await cartOf(first.status === 201 ? first : second, 201);
    const winnerToken = first.status === 201 ? shopper.token : rival.token;
    await cartOf(
      await checkoutCall(harness, { token: winnerToken }, `/carts/${winner.id}/vehicle`, { method: 'DELETE' }),
    );
    expect((await vehicleRow(harness, vehicle.id)).status).toBe('Available');
  });

  it('holds for HOLD_MINUTES, answers 200 to the same start again, and resets the timer on extend', async () => {
    const vehicle = await insertVehicle(harness);
    const session = sessionId();
    const cart = await cartOf(await startCart(harness, { session }, vehicle.vin, 'Cash'), 201);
    expect(cart.hold).toMatchObject({ secondsLeft: HOLD_MINUTES * 60, timerVisible: true });
    expect(cart.vehicle).toMatchObject({ vin: vehicle.vin, availability: 'Available', heldByThisCart: true });
    expect(cart.ownedByShopper).toBe(false);

    await cartOf(await startCart(harness, { session }, vehicle.vin, 'Cash'), 200);
    harness.clock.advance(20 * 60_000);
    const later = await cartOf(await checkoutCall(harness, { session }, `/carts/${cart.id}`));
    expect(later.hold?.secondsLeft).toBe((HOLD_MINUTES - 20) * 60);
    const extended = await cartOf(
      await checkoutCall(harness, { session }, `/carts/${cart.id}/hold`, { method: 'POST' }),
    );
    expect(extended.hold?.secondsLeft).toBe(HOLD_MINUTES * 60);
    const hidden = await cartOf(
      await checkoutCall(harness, { session }, `/carts/${cart.id}`, { method: 'PATCH', json: { timerVisible: false } }),
    );
    expect(hidden.hold?.timerVisible).toBe(false);
    await checkoutCall(harness, { session }, `/carts/${cart.id}/vehicle`, { method: 'DELETE' });
  });

  it('reads a lapsed hold as lapsed without writing, lets another shopper take it, and offers the first one more time only if free', async () => {
    const vehicle = await insertVehicle(harness);
    const first = sessionId();
    const second = sessionId();
    const cart = await cartOf(await startCart(harness, { session: first }, vehicle.vin, 'Cash'), 201);
    harness.clock.advance((HOLD_MINUTES + 1) * 60_000);

    const lapsed = await cartOf(await checkoutCall(harness, { session: first }, `/carts/${cart.id}`));
    expect(lapsed.hold?.secondsLeft).toBe(0);
    expect(lapsed.vehicle).toMatchObject({ heldByThisCart: false, availability: 'Available' });
    // A read never writes (issue 30): the row is released by the sweeper or the next change.
    expect((await vehicleRow(harness, vehicle.id)).status).toBe('PendingSale');
    const current = await checkoutCall(harness, { session: first }, '/carts/current');
    expect((await current.json()) as unknown).toMatchObject({
      data: { vehicle: { heldByThisCart: false, availability: 'Available' } },
    });
    expect((await vehicleRow(harness, vehicle.id)).status).toBe('PendingSale');

    await cartOf(await startCart(harness, { session: second }, vehicle.vin, 'Cash'), 201);
    const refused = await checkoutCall(harness, { session: first }, `/carts/${cart.id}/hold`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('error.cart.vehicleHeld');
    const seen = await cartOf(await checkoutCall(harness, { session: first }, `/carts/${cart.id}`));
    expect(seen.vehicle).toMatchObject({ availability: 'PendingSale', heldByThisCart: false });
  });

  it('the periodic sweep releases lapsed holds without anyone touching the cart', async () => {
    const vehicle = await insertVehicle(harness);
    await cartOf(await startCart(harness, { session: sessionId() }, vehicle.vin, 'Cash'), 201);
    expect(await releaseLapsedHolds(harness.database.db, harness.clock.now())).toBe(0);
    harness.clock.advance((HOLD_MINUTES + 1) * 60_000);
    expect(await releaseLapsedHolds(harness.database.db, harness.clock.now())).toBeGreaterThanOrEqual(1);
    const row = await vehicleRow(harness, vehicle.id);
    expect(row).toMatchObject({ status: 'Available', heldBy: null, holdUntil: null });
  });

  it('starting another vehicle releases the earlier hold; removing the vehicle empties the cart', async () => {
    const a = await insertVehicle(harness);
    const b = await insertVehicle(harness);
    const caller = { token: shopper.token };
    const cart = await cartOf(await startCart(harness, caller, a.vin), 201);
    const moved = await cartOf(await startCart(harness, caller, b.vin), 201);
    expect(moved.id).toBe(cart.id);
    expect((await vehicleRow(harness, a.id)).status).toBe('Available');
    expect((await vehicleRow(harness, b.id)).status).toBe('PendingSale');
    const empty = await cartOf(await checkoutCall(harness, caller, `/carts/${cart.id}/vehicle`, { method: 'DELETE' }));
    expect(empty).toMatchObject({ vehicle: null, hold: null, summary: null });
    expect((await vehicleRow(harness, b.id)).status).toBe('Available');
  });

  it('refuses sold vehicles and unknown VINs', async () => {
    const sold = await insertVehicle(harness, { status: 'Sold' });
    const response = await startCart(harness, { session: sessionId() }, sold.vin);
    expect(response.status).toBe(409);
    expect(await errorCode(response)).toBe('error.cart.vehicleUnavailable');
    const missing = await startCart(harness, { session: sessionId() }, '1FTFW1E50PFA00000');
    expect(missing.status).toBe(404);
  });
});

describe('tenant limits', () => {
  it('refuses with 404 a vehicle older than the tenant’s age limit, past its mileage limit, or deleted', async () => {
    const tooOld = await insertVehicle(harness, { year: new Date().getUTCFullYear() - 51 });
    const tooFar = await insertVehicle(harness, { mileage: 900_001 });
    const deleted = await insertVehicle(harness, { status: 'Deleted' });
    for (const vehicle of [tooOld, tooFar, deleted]) {
      const response = await startCart(harness, { session: sessionId() }, vehicle.vin);
      expect(response.status).toBe(404);
      expect(await errorCode(response)).toBe('error.vehicle.notFound');
      expect((await vehicleRow(harness, vehicle.id)).heldBy).toBeNull();
    }
  });

  it('cannot extend a hold once the vehicle is outside the limits', async () => {
    const vehicle = await insertVehicle(harness);
    const caller = { session: sessionId() };
    const cart = await cartOf(await startCart(harness, caller, vehicle.vin), 201);
    await harness.database.db.update(vehicles).set({ mileage: 950_000 }).where(eq(vehicles.id, vehicle.id));
    const extended = await checkoutCall(harness, caller, `/carts/${cart.id}/hold`, { method: 'POST' });
    expect(extended.status).toBe(409);
  });
});

describe('the lender’s lease rule (issue 35 point 5)', () => {
  it('refuses a lease on a 1993 F-150 at $2,500, at the start and when switching, saying why', async () => {
    const old = await insertVehicle(harness, {
      year: 1993,
      make: 'Ford',
      model: 'F-150',
      priceCents: 250_000,
      msrpCents: 0,
    });
    const started = await startCart(harness, { session: sessionId() }, old.vin, 'Lease');
    expect(started.status).toBe(422);
    const oldest = new Date().getUTCFullYear() - 6;
    expect(((await started.json()) as { error: { message: string } }).error.message).toBe(
      `Leasing is not offered on this vehicle: our lender leases model years ${oldest} and newer.`,
    );
    expect((await vehicleRow(harness, old.id)).heldBy).toBeNull();
    const session = sessionId();
    const cart = await cartOf(await startCart(harness, { session }, old.vin, 'Cash'), 201);
    const switched = await checkoutCall(harness, { session }, `/carts/${cart.id}`, {
      method: 'PATCH',
      json: { dealType: 'Lease' },
    });
    expect(switched.status).toBe(422);
    expect(await errorCode(switched)).toBe('error.cart.invalid');
  });
});

describe('owners', () => {
  it('keeps a session cart to its session, and claims it for the shopper at sign-in', async () => {
    const vehicle = await insertVehicle(harness);
    const session = sessionId();
    const cart = await cartOf(await startCart(harness, { session }, vehicle.vin, 'Cash'), 201);
    expect((await checkoutCall(harness, { session: sessionId() }, `/carts/${cart.id}`)).status).toBe(404);
    expect((await checkoutCall(harness, { token: rival.token }, `/carts/${cart.id}`)).status).toBe(404);
    expect((await checkoutCall(harness, { session }, `/carts/${cart.id}/claim`, { method: 'POST' })).status).toBe(401);

    const owner = await harness.shopper();
    const claimed = await cartOf(
      await checkoutCall(harness, { session, token: owner.token }, `/carts/${cart.id}/claim`, { method: 'POST' }),
    );
    expect(claimed.ownedByShopper).toBe(true);
    expect((await cartRow(harness, cart.id)).userId).toBe(owner.userId);
    // Another device: only the token.
    const current = await checkoutCall(harness, { token: owner.token }, '/carts/current');
    expect(((await current.json()) as { data: { id: string } }).data.id).toBe(cart.id);
  });

  it('stores the step and completed steps so the shopper resumes on any device', async () => {
    const vehicle = await insertVehicle(harness);
    const owner = await harness.shopper();
    const cart = await cartOf(await startCart(harness, { token: owner.token }, vehicle.vin, 'Cash'), 201);
    await cartOf(
      await checkoutCall(harness, { token: owner.token }, `/carts/${cart.id}`, {
        method: 'PATCH',
        json: { step: 'coverage', completeStep: 'cart' },
      }),
    );
    const resumed = (await (await checkoutCall(harness, { token: owner.token }, '/carts/current')).json()) as {
      data: { step: string; completedSteps: string[] };
    };
    expect(resumed.data).toMatchObject({ step: 'coverage', completedSteps: ['cart'] });
  });
});

describe('the order summary', () => {
  it('prints the finance numbers of app/lib/shared/payments: 7% tax, $500 fees, the estimate APR', async () => {
    const vehicle = await insertVehicle(harness);
    const cart = await cartOf(await startCart(harness, { session: sessionId() }, vehicle.vin, 'Finance'), 201);
    expect(cart.summary).toEqual({
      dealType: 'Finance',
      finance: {
        priceCents: 2_800_000,
        downPaymentCents: 250_000,
        taxesAndFeesCents: 196_000 + 50_000,
        protectionCents: 0,
        termMonths: 48,
        aprPercent: 8.49,
        financedCents: 2_796_000,
        monthlyPaymentCents: getMonthlyPaymentCents(2_796_000, 8.49, 48),
        dueTodayCents: 250_000,
      },
    });
    expect(cart.problems).toEqual([]);
  });

  it('prints the cash total and the lease terms, and switches purchase type with the right defaults', async () => {
    const vehicle = await insertVehicle(harness);
    const session = sessionId();
    const cart = await cartOf(await startCart(harness, { session }, vehicle.vin, 'Cash'), 201);
    expect(cart.summary).toEqual({
      dealType: 'Cash',
      cash: {
        priceCents: 2_800_000,
        taxesAndFeesCents: 246_000,
        protectionCents: 0,
        totalCents: 3_046_000,
        dueTodayCents: 3_046_000,
      },
    });
    const lease = await cartOf(
      await checkoutCall(harness, { session }, `/carts/${cart.id}`, { method: 'PATCH', json: { dealType: 'Lease' } }),
    );
    expect(lease).toMatchObject({ dealType: 'Lease', termMonths: 36, annualMiles: 12_000, downPaymentCents: 250_000 });
    if (lease.summary?.dealType !== 'Lease') throw new Error('expected a lease summary');
    const terms = lease.summary.lease;
    // Adjusted cap cost: price + $695 acquisition fee − cap cost reduction.
    expect(terms.adjustedCapCostCents).toBe(2_800_000 + 69_500 - 250_000);
    expect(terms.dueAtSigningCents).toBe(
      terms.firstPaymentCents + terms.capCostReductionCents + terms.securityDepositCents + 50_000,
    );
    const bad = await checkoutCall(harness, { session }, `/carts/${cart.id}`, {
      method: 'PATCH',
      json: { termMonths: 60 },
    });
    expect(bad.status).toBe(422);
    expect(await errorCode(bad)).toBe('error.cart.invalid');
  });

  it('opens on the vehicle page calculator’s figures for a lease and a finance deal, at the tier it carried', async () => {
    const vehicle = await insertVehicle(harness, {
      type: 'NEW',
      msrpCents: 3_200_000,
      priceCents: 3_000_000,
      year: 2026,
    });
    const card = { price: 30_000, msrp: 32_000, type: 'NEW' as const, year: 2026, mileage: vehicle.mileage };
    const choice = {
      dealType: 'Lease' as const,
      downPaymentCents: 250_000,
      termMonths: 36,
      annualMiles: 12_000,
      tier: 'excellent' as const,
    };
    const leaseSession = sessionId();
    const lease = await cartOf(
      await startCart(harness, { session: leaseSession }, vehicle.vin, 'Lease', {
        downPaymentCents: 250_000,
        termMonths: 36,
        annualMiles: 12_000,
        creditTier: 'excellent',
      }),
      201,
    );
    const calculated = computeCalculator(card, choice).deal!;
    if (lease.summary?.dealType !== 'Lease') throw new Error('expected a lease summary');
    // $418.27/mo and $3,418.27 at signing (app/lib/search/payment-calculator.test.ts works them out).
    expect(lease.summary.lease).toMatchObject({ monthlyPaymentCents: 41_827, dueAtSigningCents: 341_827 });
    expect(lease.summary.lease.monthlyPaymentCents).toBe(calculated.monthlyPaymentCents);
    expect(lease.summary.lease.dueAtSigningCents).toBe(calculated.dueTodayCents);
    expect(lease).toMatchObject({ creditTier: 'excellent', summaryChanges: [] });
    await checkoutCall(harness, { session: leaseSession }, `/carts/${lease.id}/vehicle`, { method: 'DELETE' });

    const session = sessionId();
    const vehicle2 = await insertVehicle(harness);
    const finance = await cartOf(
      await startCart(harness, { session }, vehicle2.vin, 'Finance', {
        downPaymentCents: 600_000,
        termMonths: 72,
        creditTier: 'good',
      }),
      201,
    );
    const financeCard = { price: 28_000, msrp: 30_000, type: 'USED' as const, year: 2022, mileage: 24_000 };
    const financed = computeCalculator(financeCard, {
      ...choice,
      dealType: 'Finance',
      downPaymentCents: 600_000,
      termMonths: 72,
      tier: 'good',
    }).deal!;
    if (finance.summary?.dealType !== 'Finance') throw new Error('expected a finance summary');
    expect(finance.summary.finance.monthlyPaymentCents).toBe(financed.monthlyPaymentCents);
    expect(finance.summary.finance.aprPercent).toBe(financed.aprPercent);
    const badMiles = await startCart(harness, { session }, vehicle2.vin, 'Lease', { annualMiles: 11_000 });
    expect(badMiles.status).toBe(422);
    await checkoutCall(harness, { session }, `/carts/${finance.id}/vehicle`, { method: 'DELETE' });
  });

  // Issue 31 point 2: the vehicle page prices with the shopper's zip; a purchase started there
  // carries it, so the cart opens on the same figures and Order Details with that zip moves nothing.
  it('opens on the figures the vehicle page priced at the shopper’s zip, and shows no change when Order Details gives that zip', async () => {
    const vehicle = await insertVehicle(harness); // $28,000 used
    const card = { price: 28_000, msrp: 30_000, type: 'USED' as const, year: 2022, mileage: 24_000 };
    const choice = {
      dealType: 'Finance' as const,
      downPaymentCents: 250_000,
      termMonths: 60,
      annualMiles: 12_000,
      tier: 'veryGood' as const,
    };
    const austin = { state: 'TX', zip: '78704' };
    const page = computeCalculator(card, choice, undefined, austin).deal!;
    // Texas: 6.25 % of $28,000 = $1,750 and $153 title and registration (not 7 % and $500).
    expect(page).toMatchObject({ taxesCents: 175_000, feesCents: 15_300 });
    const session = sessionId();
    const cart = await cartOf(
      await startCart(harness, { session }, vehicle.vin, 'Finance', {
        downPaymentCents: 250_000,
        termMonths: 60,
        creditTier: 'veryGood',
        zip: '78704',
      }),
      201,
    );
    if (cart.summary?.dealType !== 'Finance') throw new Error('expected a finance summary');
    expect(cart.summary.finance.monthlyPaymentCents).toBe(page.monthlyPaymentCents);
    expect(cart.summary.finance.taxesAndFeesCents).toBe(190_300);
    expect(cart.summaryChanges).toEqual([]);
    const sameZip = await cartOf(
      await checkoutCall(harness, { session }, `/carts/${cart.id}`, {
        method: 'PATCH',
        json: { fulfillment: { method: 'delivery', zip: '78704' } },
      }),
    );
    expect(sameZip.summary).toEqual(cart.summary);
    expect(sameZip.summaryChanges).toEqual([]);
    // Another state's zip does move the taxes, and says why.
    const denver = await cartOf(
      await checkoutCall(harness, { session }, `/carts/${cart.id}`, {
        method: 'PATCH',
        json: { fulfillment: { method: 'pickup', zip: '80202' } },
      }),
    );
    expect(denver.summaryChanges?.find((change) => change.row === 'taxTitleRegistration')).toMatchObject({
      previous: 190_300,
      reasons: ['zip'],
    });
    const badZip = await startCart(harness, { session: sessionId() }, vehicle.vin, 'Finance', { zip: '7870' });
    expect(badZip.status).toBe(400);
    await checkoutCall(harness, { session }, `/carts/${cart.id}/vehicle`, { method: 'DELETE' });
  });

  it('refuses delivery more than 50 miles from the vehicle (a custom quote) and takes it within (seed 002 §9)', async () => {
    const vehicle = await insertVehicle(harness); // at 78701, Austin
    const session = sessionId();
    const cart = await cartOf(await startCart(harness, { session }, vehicle.vin, 'Cash'), 201);
    const dallas = await checkoutCall(harness, { session }, `/carts/${cart.id}`, {
      method: 'PATCH',
      json: { fulfillment: { method: 'delivery', zip: '75201' } },
    });
    expect(dallas.status).toBe(422);
    expect(((await dallas.json()) as { error: { code: string } }).error.code).toBe('error.cart.deliveryOutOfRange');
    const pickup = await checkoutCall(harness, { session }, `/carts/${cart.id}`, {
      method: 'PATCH',
      json: { fulfillment: { method: 'pickup', zip: '75201' } },
    });
    expect(pickup.status).toBe(200);
    const near = await cartOf(
      await checkoutCall(harness, { session }, `/carts/${cart.id}`, {
        method: 'PATCH',
        json: { fulfillment: { method: 'delivery', zip: '78704' } },
      }),
    );
    expect(near.fulfillment).toEqual({ method: 'delivery', zip: '78704' });
    await checkoutCall(harness, { session }, `/carts/${cart.id}/vehicle`, { method: 'DELETE' });
  });

  it('keeps a change note until the shopper acknowledges it, and flags a later move against the acknowledged figure', async () => {
    const vehicle = await insertVehicle(harness);
    const session = sessionId();
    const cart = await cartOf(await startCart(harness, { session }, vehicle.vin, 'Finance'), 201);
    expect(cart.summaryChanges).toEqual([]);
    // Delivery to a Texas zip: the taxes now follow the state.
    const texas = await cartOf(
      await checkoutCall(harness, { session }, `/carts/${cart.id}`, {
        method: 'PATCH',
        json: { fulfillment: { method: 'delivery', zip: '78701' } },
      }),
    );
    const taxNote = texas.summaryChanges?.find((change) => change.row === 'taxTitleRegistration');
    expect(taxNote).toMatchObject({ reasons: ['zip'], since: 'estimate' });
    // Read again without acknowledging: still there.
    const again = await cartOf(await checkoutCall(harness, { session }, `/carts/${cart.id}`));
    expect(again.summaryChanges).toEqual(texas.summaryChanges);
    const acknowledged = await cartOf(
      await checkoutCall(harness, { session }, `/carts/${cart.id}/changes/acknowledge`, { method: 'POST' }),
    );
    expect(acknowledged.summaryChanges).toEqual([]);
    expect(acknowledged.summary).toEqual(texas.summary);
    // A later move (a longer term) is flagged with the acknowledged value as the previous one.
    const longer = await cartOf(
      await checkoutCall(harness, { session }, `/carts/${cart.id}`, { method: 'PATCH', json: { termMonths: 60 } }),
    );
    const monthly = longer.summaryChanges?.find((change) => change.row === 'monthly');
    if (texas.summary?.dealType !== 'Finance') throw new Error('expected a finance summary');
    expect(monthly).toMatchObject({
      previous: texas.summary.finance.monthlyPaymentCents,
      reasons: ['terms'],
      since: 'acknowledged',
    });
    await checkoutCall(harness, { session }, `/carts/${cart.id}/vehicle`, { method: 'DELETE' });
  });

  it('carries the seed 002 §5 down-payment and minimum-financed messages', async () => {
    const vehicle = await insertVehicle(harness);
    const session = sessionId();
    const cart = await cartOf(await startCart(harness, { session }, vehicle.vin, 'Finance'), 201);
    const patch = (json: unknown) => checkoutCall(harness, { session }, `/carts/${cart.id}`, { method: 'PATCH', json });
    const tooHigh = await cartOf(await patch({ downPaymentCents: 3_100_000 }));
    expect(tooHigh.problems).toEqual([
      { code: 'downPaymentTooHigh', message: 'Down payment must not exceed the maximum of $30,460.' },
    ]);
    const belowMinimum = await cartOf(await patch({ downPaymentCents: 2_600_000 }));
    expect(belowMinimum.problems).toEqual([
      {
        code: 'financedBelowMinimum',
        message:
          'The amount financed is below the minimum of $5,000. Decrease your down payment or remove your trade-in.',
      },
    ]);
    const lease = await cartOf(await patch({ dealType: 'Lease', downPaymentCents: 2_000_000 }));
    expect(lease.problems[0]?.code).toBe('downPaymentTooHigh');
    expect(lease.problems[0]?.message).toMatch(/^Down payment must not exceed the maximum of \$[\d,]+\.$/);
  });

  it('asks for a larger down payment when protection takes the loan past the loan-to-value limit', async () => {
    const vehicle = await insertVehicle(harness, { priceCents: 800_000, msrpCents: 0, mileage: 120_000, year: 2015 });
    const owner = await harness.shopper();
    const cart = await cartOf(
      await startCart(harness, { token: owner.token }, vehicle.vin, 'Finance', { downPaymentCents: 0 }),
      201,
    );
    const chosen = await cartOf(
      await checkoutCall(harness, { token: owner.token }, `/carts/${cart.id}/protection`, {
        method: 'PUT',
        json: { planIds: ['appearance-mechanical', 'gap'], declined: false },
      }),
    );
    expect(chosen.protection.status).toBe('added');
    expect(chosen.problems).toEqual([
      { code: 'loanToValue', message: 'Raise your down payment to $3,807 to see payments.' },
    ]);
    // No monthly payment while the lender would not finance the deal: the suggestion instead
    // (seed 001 "Card payment block"); the down payment it asks for gives a payment again.
    const monthly = (lines: typeof chosen.lines) => lines?.terms.find((line) => line.id === 'monthly');
    expect(monthly(chosen.lines)).toEqual({
      id: 'monthly',
      label: 'Monthly payment',
      cents: null,
      value: 'Raise your down payment to $3,807 to see payments.',
      sentence: true,
    });
    const raised = await cartOf(
      await checkoutCall(harness, { token: owner.token }, `/carts/${cart.id}`, {
        method: 'PATCH',
        json: { downPaymentCents: 380_700 },
      }),
    );
    expect(raised.problems).toEqual([]);
    expect(monthly(raised.lines)?.value).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(monthly(raised.lines)?.sentence).toBeUndefined();
  });
});

describe('protection', () => {
  it('is for signed-in shoppers only', async () => {
    const vehicle = await insertVehicle(harness);
    const session = sessionId();
    const cart = await cartOf(await startCart(harness, { session }, vehicle.vin, 'Finance'), 201);
    const response = await checkoutCall(harness, { session }, `/carts/${cart.id}/protection`);
    expect(response.status).toBe(401);
  });

  it('prices four packages from the vehicle, GAP only for finance and lease; add, decline and remove', async () => {
    const vehicle = await insertVehicle(harness);
    const owner = await harness.shopper();
    const caller = { token: owner.token };
    const cart = await cartOf(await startCart(harness, caller, vehicle.vin, 'Finance'), 201);
    const list = protectionPlansResponseSchema.parse(
      await (await checkoutCall(harness, caller, `/carts/${cart.id}/protection`)).json(),
    ).data.plans;
    expect(list.map((plan) => plan.kind)).toEqual(['appearance', 'mechanical', 'appearanceMechanical', 'gap']);
    const byKind = Object.fromEntries(list.map((plan) => [plan.kind, plan]));
    // $595 + 1% of $28,000, to the dollar.
    expect(byKind.appearance).toMatchObject({
      termMonths: 36,
      mileage: null,
      deductibleCents: 0,
      packagePriceCents: 87_500,
      monthlyPriceCents: 2_431,
    });
    // ($1,200 + 3% of $28,000) × 1.25 (used) × 1.24 (24,000 miles).
    expect(byKind.mechanical).toMatchObject({
      termMonths: 60,
      mileage: 75_000,
      deductibleCents: 10_000,
      packagePriceCents: 316_200,
    });
    // (Mechanical + Appearance) less 10%, to the dollar.
    expect(byKind.appearanceMechanical?.packagePriceCents).toBe(363_300);
    expect(byKind.gap).toMatchObject({ termMonths: 48, packagePriceCents: 77_500, dealTypes: ['Finance', 'Lease'] });
    for (const plan of list) expect(plan.details.length).toBeGreaterThan(0);

    const put = (json: unknown) =>
      checkoutCall(harness, caller, `/carts/${cart.id}/protection`, { method: 'PUT', json });
    const added = await cartOf(await put({ planIds: ['mechanical', 'gap'], declined: false }));
    expect(added.protection.status).toBe('added');
    if (added.summary?.dealType !== 'Finance') throw new Error('expected finance');
    expect(added.summary.finance.protectionCents).toBe(316_200 + 77_500);
    expect(added.summary.finance.financedCents).toBe(2_796_000 + 316_200 + 77_500);
    const removed = await cartOf(await put({ planIds: [], declined: false }));
    expect(removed.protection).toEqual({ status: 'undecided', plans: [] });
    const declined = await cartOf(await put({ planIds: [], declined: true }));
    expect(declined.protection.status).toBe('declined');

    await cartOf(await put({ planIds: ['gap'], declined: false }));
    const cash = await cartOf(
      await checkoutCall(harness, caller, `/carts/${cart.id}`, { method: 'PATCH', json: { dealType: 'Cash' } }),
    );
    expect(cash.protection.plans).toEqual([]);
    const cashPlans = protectionPlansResponseSchema.parse(
      await (await checkoutCall(harness, caller, `/carts/${cart.id}/protection`)).json(),
    ).data.plans;
    expect(cashPlans.map((plan) => plan.kind)).not.toContain('gap');
  });
});
