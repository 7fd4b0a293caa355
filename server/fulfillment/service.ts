import { and, eq, sql } from 'drizzle-orm';
import {
  DELIVERY_RADIUS_MILES,
  FULFILLMENT_ERRORS,
  type Address,
  type AppointmentRequest,
  type Fulfillment,
  type PickupLocation,
} from '../../app/lib/contract/tracker';
import { formatAddress } from '../../app/lib/shared/address-text';
import { appointmentCalendar, appointmentPlace } from '../../app/lib/shared/calendar';
import { deliveryOutOfRangeMessage } from '../../app/lib/shared/pricing/delivery';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import { carts, orderHistory, orders, signings, type DeliveryDetails } from '../db/schema';
import { deliveryRangeFromVehicle } from './range';
import { buyerHtml, notifyOwner, storefrontLink, tenantOf, type StepBackend } from '../orders/backend';
import { orderDealLines, orderDealText } from '../orders/deal-text';
import { dealLineTables } from '../notifications/buyer-email-html';
import { changeOrder, type DbOrTx, type OrderRow } from '../orders/changes';
import {
  addDays,
  allSlots,
  formatDealerDateTime,
  isCalendarDate,
  isWithinBusinessHours,
  localDate,
  localTime,
  outsideHoursMessage,
  zonedToUtc,
} from '../../app/lib/shared/dealer-time';

/** Days ahead a shopper can book: from tomorrow to 30 days out. */
export const BOOKING_WINDOW_DAYS = 30;

// Delivery or pickup (seed 002 §2, §4, §5, §8, §9):
//
//   nothing ──request (date, time, place)──▶ Requested (the appointment time is set: the
//   tracker's step is COMPLETED) ──the dealer confirms, a few seconds later──▶ Confirmed
//   Requested or Confirmed ──a new request──▶ Requested (rescheduled)
//
// Pickup is at the dealership (the tenant's address). Delivery goes to a verified address;
// within 50 miles of the vehicle it is included, further away the dealer quotes by phone (the
// same measure as checkout's Order Details: ./range.ts).

/** What the built-in backend keeps in orders.delivery beyond the schema's fields. */
export type StoredDelivery = DeliveryDetails & {
  requestedAt?: string;
  confirmedAt?: string;
  date?: string;
  time?: string;
  timeZone?: string;
  locationId?: string;
  addressParts?: Address;
};

export class FulfillmentError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const MESSAGES = {
  unknownZip: "Sorry, we're unable to locate the zip code you provided. Please try again.",
  stateMismatch: "Looks like your state and Zip code don't match. Please check them and try again.",
  cityMismatch: 'City and zip do not match. Please check them and try again.',
  poBox: 'P.O. boxes are not allowed. Enter a street address.',
  badStreet: 'Enter a street number followed by the street name.',
} as const;

export function outOfRangeMessage(tenant: Tenant): string {
  return deliveryOutOfRangeMessage(tenant.dealerPhone.number);
}

/** The dealership, from the tenant's address. */
export function pickupLocations(tenant: Tenant): PickupLocation[] {
  const { street, city, state, zip } = tenant.address;
  return [
    {
      id: 'dealership',
      name: tenant.brandName,
      kind: 'DEALERSHIP_LOCATION',
      address: { street, city, state, zip },
      distanceMiles: null,
    },
  ];
}

/** How far a zip is from the order's vehicle, and whether delivery there is included. */
export async function checkDeliveryZip(
  db: DbOrTx,
  order: Pick<OrderRow, 'vehicleId'>,
  zip: string,
): Promise<{ zip: string; city: string; state: string; distanceMiles: number; included: boolean }> {
  const range = await deliveryRangeFromVehicle(db, order.vehicleId, zip);
  if (!range) throw new FulfillmentError(422, FULFILLMENT_ERRORS.unknownZip, MESSAGES.unknownZip);
  const { place, distanceMiles, included } = range;
  return { zip, city: place.city, state: place.state, distanceMiles, included };
}

const PO_BOX = /\b(p\.?\s*o\.?\s*box|post\s+office\s+box)\b/i;

function simplify(city: string): string {
  return city.toLowerCase().replace(/[^a-z]/g, '');
}

function titleCase(value: string): string {
  return value.toLowerCase().replace(/\b([a-z])/g, (letter) => letter.toUpperCase());
}

/**
 * The address as the post office writes it (the zip's city, the street tidied), or an error:
 * a P.O. box, a street without a number, an unknown zip, a state or city the zip does not
 * match, or a place beyond the delivery radius.
 */
export async function verifyAddress(
  db: DbOrTx,
  tenant: Tenant,
  order: Pick<OrderRow, 'vehicleId'>,
  input: Address,
): Promise<{ address: Address; distanceMiles: number; included: boolean; corrected: boolean }> {
  const street = input.street.trim().replace(/\s+/g, ' ');
  if (PO_BOX.test(street) || PO_BOX.test(input.line2 ?? ''))
    throw new FulfillmentError(422, FULFILLMENT_ERRORS.poBox, MESSAGES.poBox);
  if (!/^\d{1,6}[A-Za-z]?\s+\S/.test(street))
    throw new FulfillmentError(422, FULFILLMENT_ERRORS.badStreet, MESSAGES.badStreet);
  const zip = await checkDeliveryZip(db, order, input.zip);
  if (zip.state !== input.state.toUpperCase())
    throw new FulfillmentError(422, FULFILLMENT_ERRORS.stateMismatch, MESSAGES.stateMismatch);
  if (simplify(zip.city) !== simplify(input.city))
    throw new FulfillmentError(422, FULFILLMENT_ERRORS.cityMismatch, MESSAGES.cityMismatch);
  if (!zip.included) throw new FulfillmentError(422, FULFILLMENT_ERRORS.outOfRange, outOfRangeMessage(tenant));
  const line2 = input.line2?.trim().replace(/\s+/g, ' ') || undefined;
  const address: Address = {
    street,
    ...(line2 ? { line2 } : {}),
    city: titleCase(zip.city),
    state: zip.state,
    zip: input.zip,
  };
  const corrected =
    address.street !== input.street ||
    address.city !== input.city ||
    address.state !== input.state ||
    (address.line2 ?? '') !== (input.line2 ?? '');
  return { address, distanceMiles: zip.distanceMiles, included: zip.included, corrected };
}

/** The tracker's rule for SCHEDULE_DELIVERY being ready (seed 000 §4.3), from the backend's own rows. */
async function requireSchedulable(backend: StepBackend, order: OrderRow): Promise<void> {
  const { db } = backend.platform;
  const [signing] = await db.select().from(signings).where(eq(signings.orderNumber, order.orderNumber)).limit(1);
  const signed = Boolean(signing && (signing.buyerSigned || signing.status === 'Signed'));
  const offRamp =
    order.orderStatus === 'OFFRAMP' ||
    (
      await db
        .select({ id: orderHistory.id })
        .from(orderHistory)
        .where(sql`${orderHistory.orderNumber} = ${order.orderNumber} and ${orderHistory.orderStatus} = 'OFFRAMP'`)
        .limit(1)
    ).length > 0;
  const paid = ['PAYMENT_CAPTURED', 'DOWNPAYMENT_PAID', 'FULLY_PAID'].includes(order.paymentStatus ?? '');
  if (!signed || !(order.dealType === 'Cash' || offRamp || paid)) {
    throw new FulfillmentError(
      409,
      FULFILLMENT_ERRORS.notReady,
      'Delivery or pickup can be scheduled once the contract is signed and, for a loan or lease, the down payment is in',
    );
  }
}

function stored(order: OrderRow): StoredDelivery | null {
  return (order.delivery as StoredDelivery | null) ?? null;
}

/**
 * Delivery or pickup and the zip chosen at checkout's Order Details (issue 31 point 3): what
 * the step starts from until the shopper books, so the choice made at checkout is carried.
 */
async function checkoutChoice(backend: StepBackend, order: OrderRow) {
  const [cart] = await backend.platform.db
    .select({ fulfillment: carts.fulfillment })
    .from(carts)
    .where(and(eq(carts.orderNumber, order.orderNumber), eq(carts.tenantId, order.tenantId)))
    .limit(1);
  const choice = cart?.fulfillment;
  return choice
    ? { method: choice.method === 'delivery' ? ('DELIVERY' as const) : ('PICKUP' as const), zip: choice.zip }
    : null;
}

export async function getFulfillment(backend: StepBackend, order: OrderRow): Promise<Fulfillment> {
  const tenant = tenantOf(backend, order.tenantId);
  const timeZone = tenant.timeZone;
  const locations = pickupLocations(tenant);
  const delivery = stored(order);
  const chosen = delivery ? null : await checkoutChoice(backend, order);
  const appointment = order.deliveryAppointment;
  const today = localDate(backend.now(), timeZone);
  const location =
    delivery?.method === 'PICKUP' ? (locations.find((item) => item.id === delivery.locationId) ?? locations[0]!) : null;
  return {
    orderNumber: order.orderNumber,
    method: delivery?.method ?? chosen?.method ?? null,
    state: delivery?.state ?? null,
    checkoutZip: chosen?.zip ?? null,
    appointmentTime: appointment?.toISOString() ?? null,
    date: delivery?.date ?? (appointment ? localDate(appointment, timeZone) : null),
    time: delivery?.time ?? (appointment ? localTime(appointment, timeZone) : null),
    timeZone,
    location,
    address: delivery?.method === 'DELIVERY' ? (delivery.addressParts ?? null) : null,
    instructions: delivery?.instructions ?? null,
    pickupLocations: locations,
    earliestDate: addDays(today, 1),
    latestDate: addDays(today, BOOKING_WINDOW_DAYS),
    timeSlots: allSlots(tenant.businessHours),
    businessHours: tenant.businessHours,
    deliveryRadiusMiles: DELIVERY_RADIUS_MILES,
  };
}

/** A date from tomorrow to BOOKING_WINDOW_DAYS ahead and a time within the dealer's business hours, or a 422. */
function checkSlot(backend: StepBackend, tenant: Tenant, slot: { date: string; time: string }): void {
  const today = localDate(backend.now(), tenant.timeZone);
  if (!isCalendarDate(slot.date) || slot.date < addDays(today, 1) || slot.date > addDays(today, BOOKING_WINDOW_DAYS)) {
    throw new FulfillmentError(
      422,
      FULFILLMENT_ERRORS.badDate,
      `Choose a date from tomorrow to ${BOOKING_WINDOW_DAYS} days from now`,
    );
  }
  if (!isWithinBusinessHours(slot.date, slot.time, tenant.businessHours))
    throw new FulfillmentError(
      422,
      FULFILLMENT_ERRORS.badTime,
      outsideHoursMessage(tenant.businessHours, tenant.timeZone),
    );
}

/** Asks the dealer for a delivery or pickup: Requested, with the appointment time set. */
export async function requestAppointment(
  backend: StepBackend,
  order: OrderRow,
  request: AppointmentRequest,
): Promise<OrderRow> {
  const tenant = tenantOf(backend, order.tenantId);
  const timeZone = tenant.timeZone;
  await requireSchedulable(backend, order);
  checkSlot(backend, tenant, request);

  const base = {
    state: 'Requested' as const,
    requestedAt: backend.now().toISOString(),
    date: request.date,
    time: request.time,
    timeZone,
    ...(request.instructions ? { instructions: request.instructions } : {}),
  };
  let delivery: StoredDelivery;
  if (request.method === 'PICKUP') {
    const location = pickupLocations(tenant).find((item) => item.id === request.locationId);
    if (!location)
      throw new FulfillmentError(422, FULFILLMENT_ERRORS.badLocation, 'Choose one of the pickup locations');
    delivery = {
      method: 'PICKUP',
      location: `${location.name}, ${formatAddress(location.address)}`,
      locationId: location.id,
      ...base,
    };
  } else {
    const verified = await verifyAddress(backend.platform.db, tenant, order, request.address);
    delivery = {
      method: 'DELIVERY',
      address: formatAddress(verified.address),
      zip: verified.address.zip,
      addressParts: verified.address,
      ...base,
    };
  }
  const appointment = zonedToUtc(request.date, request.time, timeZone);
  const updated = await changeOrder(
    backend.platform.db,
    order,
    { delivery, deliveryAppointment: appointment },
    { at: backend.now() },
  );
  return updated ?? order;
}

/**
 * The sandbox dealer confirms a request some seconds after it was made (tenants whose partners
 * are `simulated`); at a `desk` tenant staff confirm it (confirmAppointment).
 */
export async function confirmIfDue(backend: StepBackend, order: OrderRow): Promise<OrderRow> {
  const delivery = stored(order);
  if (!delivery || delivery.state !== 'Requested' || !delivery.requestedAt) return order;
  if (tenantOf(backend, order.tenantId).partners !== 'simulated') return order;
  if (backend.now().getTime() - Date.parse(delivery.requestedAt) < backend.timings.appointmentConfirmMs) return order;
  return confirmAppointment(backend, order);
}

/** The dealer confirms the requested delivery or pickup; the shopper hears by e-mail and text. */
export async function confirmAppointment(backend: StepBackend, order: OrderRow): Promise<OrderRow> {
  const delivery = stored(order);
  if (!delivery || delivery.state !== 'Requested' || !delivery.requestedAt) return order;
  const now = backend.now();
  const confirmed: StoredDelivery = { ...delivery, state: 'Confirmed', confirmedAt: now.toISOString() };
  const updated = await changeOrder(
    backend.platform.db,
    order,
    { delivery: confirmed },
    {
      when: sql`${orders.delivery}->>'state' = 'Requested' and ${orders.delivery}->>'requestedAt' = ${delivery.requestedAt}`,
      at: now,
    },
  );
  if (!updated) return order;
  const tenant = tenantOf(backend, order.tenantId);
  const { what, noun } = appointmentWords(delivery, tenant);
  const when = updated.deliveryAppointment
    ? formatDealerDateTime(updated.deliveryAppointment, tenant.timeZone)
    : 'the time you chose';
  const text = `${tenant.brandName} confirmed your ${what} on ${when} for order ${order.orderNumber}.`;
  await sendAppointmentMessages(backend, updated, {
    subject: `${tenant.brandName}: your ${noun} is confirmed`,
    text,
    now,
  });
  return updated;
}

/**
 * The appointment's e-mail and text (issue 31 point 5): the e-mail carries the appointment's
 * facts, the deal's lines as every surface prints them, and the calendar file the page offers
 * (the same UID each time, so a moved appointment replaces the booked one in a calendar).
 */
async function sendAppointmentMessages(
  backend: StepBackend,
  order: OrderRow,
  message: { subject: string; text: string; now: Date },
): Promise<void> {
  const tenant = tenantOf(backend, order.tenantId);
  const fulfillment = await getFulfillment(backend, order);
  const calendar = appointmentCalendar(
    fulfillment,
    { brandName: tenant.brandName, domain: tenant.domains[0] ?? 'localhost' },
    message.now,
  );
  const facts = appointmentFacts(fulfillment, tenant);
  const link = storefrontLink(tenant, `/fulfillment/${encodeURIComponent(order.orderNumber)}`);
  const note = calendar ? 'The attached calendar file adds it to your calendar.' : undefined;
  await notifyOwner(backend, order, {
    channel: 'email',
    subject: message.subject,
    body: `${message.text}\n\n${facts}${orderDealText(order)}\n\n${link}${note ? `\n\n${note}` : ''}`,
    html: buyerHtml(tenant, {
      paragraphs: [message.text, facts],
      tables: dealLineTables(orderDealLines(order)),
      link: { href: link, label: fulfillment.method === 'PICKUP' ? 'Your pickup' : 'Your delivery' },
      ...(note ? { note } : {}),
    }),
    ...(calendar
      ? {
          attachments: [
            {
              filename: `appointment-${order.orderNumber}.ics`,
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              content: calendar,
            },
          ],
        }
      : {}),
  });
  await notifyOwner(backend, order, { channel: 'sms', body: message.text });
}

/** The appointment as facts: what, when, where, for which order. */
function appointmentFacts(fulfillment: Fulfillment, tenant: Tenant): string {
  const pickup = fulfillment.method === 'PICKUP';
  const where = appointmentPlace(fulfillment, tenant.brandName);
  return [
    'Your appointment:',
    `${pickup ? 'Pickup' : 'Delivery'}: ${
      fulfillment.appointmentTime ? formatDealerDateTime(fulfillment.appointmentTime, fulfillment.timeZone) : ''
    }`,
    `${pickup ? 'Where' : 'Address'}: ${where}`,
    `Order: ${fulfillment.orderNumber}`,
  ].join('\n');
}

/**
 * The change applies only to the booking as it was read (a booking made before, the seed's
 * included, has no requestedAt: the whole stored value is compared).
 */
function unchanged(delivery: StoredDelivery) {
  return sql`${orders.delivery} = ${JSON.stringify(delivery)}::jsonb`;
}

function appointmentWords(delivery: StoredDelivery, tenant: Tenant): { what: string; noun: string } {
  return delivery.method === 'PICKUP'
    ? { what: `pickup at ${delivery.location ?? tenant.brandName}`, noun: 'pickup' }
    : { what: `delivery to ${delivery.address ?? 'your address'}`, noun: 'delivery' };
}

/**
 * The dealer moves a booked delivery or pickup to another date and time within business hours
 * (the desk, issue 33): it is Confirmed at the new time, and the shopper hears by e-mail and
 * text; the tracker's step shows the new time. Null when nothing is booked (or it changed
 * meanwhile).
 */
export async function moveAppointment(
  backend: StepBackend,
  order: OrderRow,
  slot: { date: string; time: string },
): Promise<OrderRow | null> {
  const delivery = stored(order);
  if (!delivery) return null;
  const tenant = tenantOf(backend, order.tenantId);
  checkSlot(backend, tenant, slot);
  const now = backend.now();
  const moved: StoredDelivery = {
    ...delivery,
    state: 'Confirmed',
    date: slot.date,
    time: slot.time,
    timeZone: tenant.timeZone,
    confirmedAt: now.toISOString(),
  };
  const appointment = zonedToUtc(slot.date, slot.time, tenant.timeZone);
  const updated = await changeOrder(
    backend.platform.db,
    order,
    { delivery: moved, deliveryAppointment: appointment },
    { when: unchanged(delivery), at: now },
  );
  if (!updated) return null;
  const { what, noun } = appointmentWords(delivery, tenant);
  const text = `${tenant.brandName} moved your ${what} to ${formatDealerDateTime(appointment, tenant.timeZone)} for order ${order.orderNumber}.`;
  await sendAppointmentMessages(backend, updated, {
    subject: `${tenant.brandName}: your ${noun} has a new time`,
    text,
    now,
  });
  return updated;
}

/**
 * The dealer cancels a booked delivery or pickup: the tracker's step asks the shopper to choose
 * a time again, and the shopper hears why by e-mail and text. Null when nothing is booked.
 */
export async function cancelAppointment(backend: StepBackend, order: OrderRow): Promise<OrderRow | null> {
  const delivery = stored(order);
  if (!delivery) return null;
  const tenant = tenantOf(backend, order.tenantId);
  const updated = await changeOrder(
    backend.platform.db,
    order,
    { delivery: null, deliveryAppointment: null },
    { when: unchanged(delivery), at: backend.now() },
  );
  if (!updated) return null;
  const { what, noun } = appointmentWords(delivery, tenant);
  const text = `${tenant.brandName} cancelled your ${what} for order ${order.orderNumber}. Please choose a new time, or call us at ${tenant.dealerPhone.number}.`;
  await notifyOwner(backend, order, {
    channel: 'email',
    subject: `${tenant.brandName}: your ${noun} was cancelled`,
    body: `${text}\n\n${storefrontLink(tenant, `/progress/${encodeURIComponent(order.orderNumber)}`)}`,
  });
  await notifyOwner(backend, order, { channel: 'sms', body: text });
  return updated;
}
