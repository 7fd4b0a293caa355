import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressVerifyResponseSchema,
  deliveryZipResponseSchema,
  fulfillmentResponseSchema,
} from '~/lib/contract/tracker';
import { carts, orders, signings, vehicles } from '#server/db/schema';
import { addDays, localDate, weekdayOf, zonedToUtc } from '~/lib/shared/dealer-time';
import { apiErrorBodySchema } from '~/lib/contract/common';
import { errorCode, startStepHarness, type StepHarness } from './tracker-harness';

// Delivery and pickup on the built-in backend: the pickup location from the tenant's address,
// delivery zips within 50 miles (else a custom quote by phone), address verification, the
// booking window and times, requested then confirmed by the dealer, and who may schedule.

let harness: StepHarness;
let owner: { userId: string; token: string };

beforeAll(async () => {
  harness = await startStepHarness();
  // A shopper who agreed to texts: the appointment's text goes only to such a shopper (decision 111).
  owner = await harness.shopper('default', undefined, { textConsent: true });
});
afterAll(async () => {
  await harness.close();
});

async function schedulable(template: 'finance' | 'cash', paymentStatus: string | null = null) {
  const order = await harness.order(owner, template);
  await harness.database.db
    .update(signings)
    .set({ ready: true, status: 'Signed', buyerSigned: true, dealerSigned: true })
    .where(eq(signings.orderNumber, order.orderNumber));
  await harness.database.db
    .update(orders)
    .set({
      orderStatus: 'CONTRACT_PENDING',
      dealStatus: template === 'finance' ? 'SIGN' : null,
      hasPaymentInfo: paymentStatus !== null,
      paymentStatus,
    })
    .where(eq(orders.orderNumber, order.orderNumber));
  return order;
}

async function fulfillment(orderNumber: string, token = owner.token) {
  const response = await harness.call(`/api/fulfillment/${orderNumber}`, { token });
  expect(response.status).toBe(200);
  return fulfillmentResponseSchema.parse(await response.json()).data;
}

function book(orderNumber: string, body: Record<string, unknown>, token = owner.token) {
  return harness.call(`/api/fulfillment/${orderNumber}/appointments`, { token, json: body });
}

const TOMORROW = () => addDays(localDate(harness.clock.now(), 'America/Chicago'), 1);
/** The first day from date the dealer is open (Sunday is closed). */
const openDay = (date: string) => (weekdayOf(date) === 'sunday' ? addDays(date, 1) : date);
const OPEN_DAY = () => openDay(TOMORROW());
/** The next day of that weekday in the booking window. */
const next = (weekday: string) => {
  let date = TOMORROW();
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
};
const HOME = { street: '418  Oak Hollow Lane', city: 'austin', state: 'TX', zip: '78704' };

describe('fulfilment', () => {
  it('offers the dealership for pickup, a 30-day window from tomorrow and half-hour times', async () => {
    const { orderNumber } = await schedulable('cash');
    const data = await fulfillment(orderNumber);
    expect(data).toMatchObject({
      method: null,
      state: null,
      appointmentTime: null,
      timeZone: 'America/Chicago',
      deliveryRadiusMiles: 50,
    });
    expect(data.pickupLocations).toEqual([
      {
        id: 'dealership',
        name: 'Showroom',
        kind: 'DEALERSHIP_LOCATION',
        address: { street: '100 Congress Ave, Suite 400', city: 'Austin', state: 'TX', zip: '78701' },
        distanceMiles: null,
      },
    ]);
    expect(data.earliestDate).toBe(TOMORROW());
    expect(data.latestDate).toBe(addDays(TOMORROW(), 29));
    expect(data.timeSlots[0]).toBe('09:00');
    expect(data.timeSlots.at(-1)).toBe('17:00');
    expect(data.timeSlots).toHaveLength(17);
  });

  it('starts from the delivery and zip chosen at checkout’s Order Details until something is booked (issue 31)', async () => {
    const { orderNumber } = await schedulable('cash');
    expect(await fulfillment(orderNumber)).toMatchObject({ method: null, checkoutZip: null });
    await harness.database.db.insert(carts).values({
      tenantId: 'default',
      userId: owner.userId,
      status: 'placed',
      dealType: 'Cash',
      termMonths: 60,
      orderNumber,
      fulfillment: { method: 'delivery', zip: '78704' },
    });
    expect(await fulfillment(orderNumber)).toMatchObject({ method: 'DELIVERY', state: null, checkoutZip: '78704' });
  });

  it('books a pickup: Requested with the appointment time (history), then Confirmed by the dealer with an e-mail and a text', async () => {
    const { orderNumber } = await schedulable('cash');
    const date = OPEN_DAY();
    const response = await book(orderNumber, { method: 'PICKUP', date, time: '10:30', locationId: 'dealership' });
    expect(response.status).toBe(201);
    const booked = fulfillmentResponseSchema.parse(await response.json()).data;
    expect(booked).toMatchObject({
      method: 'PICKUP',
      state: 'Requested',
      date,
      time: '10:30',
      location: { id: 'dealership' },
    });
    expect(booked.appointmentTime).toBe(zonedToUtc(date, '10:30', 'America/Chicago').toISOString());
    expect((await harness.orderRow(orderNumber)).deliveryAppointment?.toISOString()).toBe(booked.appointmentTime);
    const history = await harness.history(orderNumber);
    expect(history.at(-1)).toEqual({ orderStatus: 'CONTRACT_PENDING', dealStatus: null });

    expect((await fulfillment(orderNumber)).state).toBe('Requested');
    const sent = harness.messages.sent.length;
    harness.clock.advance(5_000);
    expect((await fulfillment(orderNumber)).state).toBe('Confirmed');
    const messages = harness.messages.sent.slice(sent);
    expect(messages.map((message) => message.channel)).toEqual(['email', 'sms']);
    expect(messages[0]!.subject).toBe('Showroom: your pickup is confirmed');
    expect(messages[1]!.body).toMatch(
      /^Showroom confirmed your pickup at Showroom, 100 Congress Ave, Suite 400, Austin, TX 78701 on .+ at 10:30/,
    );
    await fulfillment(orderNumber);
    expect(harness.messages.sent.length).toBe(sent + 2);
    expect((await harness.history(orderNumber)).length).toBe(history.length + 1);
  });

  it('checks a delivery zip: included within 50 miles, a custom quote further away, unknown zips refused', async () => {
    const { orderNumber } = await schedulable('cash');
    const check = async (zip: string) =>
      harness.call(`/api/fulfillment/${orderNumber}/delivery-zip`, { token: owner.token, json: { zip } });
    expect(deliveryZipResponseSchema.parse(await (await check('78704')).json()).data).toEqual({
      zip: '78704',
      city: 'Austin',
      state: 'TX',
      distanceMiles: 2,
      included: true,
    });
    expect(deliveryZipResponseSchema.parse(await (await check('77002')).json()).data).toMatchObject({
      city: 'Houston',
      included: false,
    });
    const unknown = await check('00000');
    expect(unknown.status).toBe(422);
    expect(await errorCode(unknown)).toBe('error.fulfillment.unknownZip');
  });

  it('measures delivery from the order’s vehicle, as checkout does, not from the dealership (seed 002 §9)', async () => {
    const { orderNumber } = await schedulable('cash');
    const { vehicleId } = await harness.orderRow(orderNumber);
    const [vehicle] = await harness.database.db.select().from(vehicles).where(eq(vehicles.id, vehicleId));
    const moveTo = (dealerZip: string) =>
      harness.database.db.update(vehicles).set({ dealerZip }).where(eq(vehicles.id, vehicleId));
    // The vehicle stands in San Antonio, about 75 miles from the Austin dealership (78701).
    await moveTo('78205');
    try {
      const check = async (zip: string) =>
        deliveryZipResponseSchema.parse(
          await (
            await harness.call(`/api/fulfillment/${orderNumber}/delivery-zip`, { token: owner.token, json: { zip } })
          ).json(),
        ).data;
      expect(await check('78209')).toMatchObject({ city: 'San Antonio', included: true });
      expect(await check('78704')).toMatchObject({ city: 'Austin', included: false });
      const verify = await harness.call(`/api/fulfillment/${orderNumber}/address/verify`, {
        token: owner.token,
        json: HOME,
      });
      expect(verify.status).toBe(422);
      expect(await errorCode(verify)).toBe('error.fulfillment.outOfRange');
    } finally {
      await moveTo(vehicle!.dealerZip);
    }
  });

  it.each([
    ['a P.O. box', { street: 'PO Box 123', city: 'Austin', state: 'TX', zip: '78704' }, 'error.fulfillment.poBox'],
    [
      'a street without a number',
      { street: 'Oak Hollow Lane', city: 'Austin', state: 'TX', zip: '78704' },
      'error.fulfillment.badStreet',
    ],
    [
      'a state the zip is not in',
      { street: '1 Main St', city: 'Austin', state: 'CA', zip: '78704' },
      'error.fulfillment.stateMismatch',
    ],
    [
      'a city the zip is not in',
      { street: '1 Main St', city: 'Dallas', state: 'TX', zip: '78704' },
      'error.fulfillment.cityMismatch',
    ],
    [
      'an unknown zip',
      { street: '1 Main St', city: 'Austin', state: 'TX', zip: '00000' },
      'error.fulfillment.unknownZip',
    ],
    [
      'a place beyond 50 miles',
      { street: '1 Main St', city: 'Houston', state: 'TX', zip: '77002' },
      'error.fulfillment.outOfRange',
    ],
  ])('refuses to verify %s', async (_label, address, code) => {
    const { orderNumber } = await schedulable('cash');
    const response = await harness.call(`/api/fulfillment/${orderNumber}/address/verify`, {
      token: owner.token,
      json: address,
    });
    expect(response.status).toBe(422);
    expect(await errorCode(response)).toBe(code);
  });

  it('offers the tenant’s business hours and says them in the refusal', async () => {
    const { orderNumber } = await schedulable('cash');
    const data = await fulfillment(orderNumber);
    expect(data.businessHours.sunday).toBeNull();
    expect(data.businessHours.saturday).toEqual({ open: '09:00', close: '17:00' });
    const response = await book(orderNumber, {
      method: 'PICKUP',
      date: next('sunday'),
      time: '10:00',
      locationId: 'dealership',
    });
    expect(apiErrorBodySchema.parse(await response.json()).error.message).toBe(
      'Choose a time within our hours: Monday to Friday 9am-6pm, Saturday 9am-5pm, Sunday closed (CT).',
    );
    const friday = await book(orderNumber, {
      method: 'PICKUP',
      date: next('friday'),
      time: '17:00',
      locationId: 'dealership',
    });
    expect(friday.status).toBe(201);
  });

  it('verifies and tidies an address, and books a delivery to it', async () => {
    const { orderNumber } = await schedulable('finance', 'DOWNPAYMENT_PAID');
    const verify = await harness.call(`/api/fulfillment/${orderNumber}/address/verify`, {
      token: owner.token,
      json: HOME,
    });
    expect(addressVerifyResponseSchema.parse(await verify.json()).data).toEqual({
      address: { street: '418 Oak Hollow Lane', city: 'Austin', state: 'TX', zip: '78704' },
      distanceMiles: 2,
      included: true,
      corrected: true,
    });
    const response = await book(orderNumber, {
      method: 'DELIVERY',
      date: openDay(addDays(TOMORROW(), 3)),
      time: '14:00',
      address: HOME,
      instructions: 'Gate code 42',
    });
    expect(response.status).toBe(201);
    expect(fulfillmentResponseSchema.parse(await response.json()).data).toMatchObject({
      method: 'DELIVERY',
      state: 'Requested',
      address: { street: '418 Oak Hollow Lane', city: 'Austin' },
      instructions: 'Gate code 42',
    });
    // Rescheduling asks again.
    harness.clock.advance(5_000);
    expect((await fulfillment(orderNumber)).state).toBe('Confirmed');
    const moved = await book(orderNumber, {
      method: 'PICKUP',
      date: OPEN_DAY(),
      time: '09:00',
      locationId: 'dealership',
    });
    expect(fulfillmentResponseSchema.parse(await moved.json()).data).toMatchObject({
      method: 'PICKUP',
      state: 'Requested',
      address: null,
    });
  });

  it.each([
    ['yesterday', () => addDays(TOMORROW(), -2), '10:00', 'error.fulfillment.badDate'],
    ['today', () => addDays(TOMORROW(), -1), '10:00', 'error.fulfillment.badDate'],
    ['31 days out', () => addDays(TOMORROW(), 30), '10:00', 'error.fulfillment.badDate'],
    ['a date that does not exist', () => '2027-02-30', '10:00', 'error.fulfillment.badDate'],
    ['a time not offered', () => OPEN_DAY(), '08:00', 'error.fulfillment.badTime'],
    ['a Sunday (closed)', () => next('sunday'), '10:00', 'error.fulfillment.badTime'],
    ['Saturday after 4pm (closing at 5pm)', () => next('saturday'), '16:30', 'error.fulfillment.badTime'],
  ])('refuses %s', async (_label, date, time, code) => {
    const { orderNumber } = await schedulable('cash');
    const response = await book(orderNumber, { method: 'PICKUP', date: date(), time, locationId: 'dealership' });
    expect(response.status).toBe(422);
    expect(await errorCode(response)).toBe(code);
  });

  it('refuses a pickup elsewhere, a booking before the contract is signed or (finance) paid, and another shopper', async () => {
    const cash = await schedulable('cash');
    const elsewhere = await book(cash.orderNumber, {
      method: 'PICKUP',
      date: OPEN_DAY(),
      time: '10:00',
      locationId: 'moon-base',
    });
    expect(await errorCode(elsewhere)).toBe('error.fulfillment.badLocation');

    const unpaid = await schedulable('finance', 'PAYMENT_PENDING');
    const notYet = await book(unpaid.orderNumber, {
      method: 'PICKUP',
      date: OPEN_DAY(),
      time: '10:00',
      locationId: 'dealership',
    });
    expect(notYet.status).toBe(409);
    expect(await errorCode(notYet)).toBe('error.fulfillment.notReady');
    const unsigned = await harness.order(owner, 'cash');
    expect(
      (
        await book(unsigned.orderNumber, {
          method: 'PICKUP',
          date: OPEN_DAY(),
          time: '10:00',
          locationId: 'dealership',
        })
      ).status,
    ).toBe(409);

    const stranger = await harness.shopper();
    expect((await harness.call(`/api/fulfillment/${cash.orderNumber}`, { token: stranger.token })).status).toBe(404);
    expect(
      (
        await book(
          cash.orderNumber,
          { method: 'PICKUP', date: OPEN_DAY(), time: '10:00', locationId: 'dealership' },
          stranger.token,
        )
      ).status,
    ).toBe(404);
  });
});

describe('appointment times', () => {
  it('turns a wall-clock time in the dealer’s zone into UTC, daylight saving included', () => {
    expect(zonedToUtc('2027-01-15', '10:00', 'America/Chicago').toISOString()).toBe('2027-01-15T16:00:00.000Z');
    expect(zonedToUtc('2027-07-15', '10:00', 'America/Chicago').toISOString()).toBe('2027-07-15T15:00:00.000Z');
    expect(zonedToUtc('2027-03-14', '09:30', 'America/Chicago').toISOString()).toBe('2027-03-14T14:30:00.000Z');
    expect(zonedToUtc('2027-11-07', '09:30', 'America/Chicago').toISOString()).toBe('2027-11-07T15:30:00.000Z');
  });
});
