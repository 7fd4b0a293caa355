import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeResponseSchema, fulfillmentResponseSchema } from '~/lib/contract/tracker';
import { tradeInOffersResponseSchema, type AppraisalRequest } from '~/lib/contract/trade-in';
import { addDays, formatDealerDateTime, localDate, weekdayOf, zonedToUtc } from '~/lib/shared/dealer-time';
import { formatUsd, formatUsdWithCents } from '~/lib/shared/money';
import { orders, outboxMessages, signings, type OrderDeal } from '#server/db/schema';
import { priceDeal, type DealType } from '~/lib/shared/pricing/deal';
import { dealLines, dealLinesText } from '~/lib/shared/pricing/deal-lines';
import { buildVin } from '#server/db/seed-data/vin';
import { camryAnswers } from '../../e2e/support/trade-in-answers';
import { APPROVED_CARD, startStepHarness, type StepHarness } from './tracker-harness';

// The e-mails a buyer expects (issue 31 point 5), read from the sandbox outbox as a developer
// reads them at /dev/outbox: appointment confirmed (with its calendar file), trade-in offer
// ready after review, contract ready to sign, payment received. Each goes once: the request
// that moved the state sends it, so a retry or a second reader sends nothing more.

let harness: StepHarness;
let owner: { userId: string; token: string };
const EMAIL = `buyer.emails.${Date.now().toString(36)}@shop.test`;

beforeAll(async () => {
  harness = await startStepHarness({}, undefined, { outbox: true });
  owner = await harness.shopper('default', EMAIL, { firstName: 'Dana', lastName: 'Rivera' });
});
afterAll(async () => {
  await harness.close();
});

/** The e-mails the outbox holds for the buyer, oldest first. */
async function mails(subject?: string) {
  const rows = await harness.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, EMAIL), eq(outboxMessages.channel, 'email')))
    .orderBy(asc(outboxMessages.id));
  return subject === undefined ? rows : rows.filter((row) => row.subject === subject);
}

type Property = { name: string; params: Record<string, string>; value: string };

/** The content lines of a calendar file (RFC 5545 §3.1): unfolded, split into name, parameters and value. */
function parseCalendar(ics: string): Property[] {
  expect(ics.endsWith('\r\n')).toBe(true);
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      const [name, ...params] = line.slice(0, colon).split(';');
      return {
        name: name!,
        params: Object.fromEntries(params.map((param) => param.split('=') as [string, string])),
        value: line
          .slice(colon + 1)
          .replace(/\\n/gi, '\n')
          .replace(/\\([,;\\])/g, '$1'),
      };
    });
}

/** The properties of the first component of that kind. */
function component(lines: Property[], kind: string): Map<string, Property> {
  const start = lines.findIndex((line) => line.name === 'BEGIN' && line.value === kind);
  expect(start, kind).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, index) => index > start && line.name === 'END' && line.value === kind);
  return new Map(lines.slice(start + 1, end).map((line) => [line.name, line]));
}

/** Tomorrow at the dealer's, or Monday when that is a Sunday (closed). */
function openDay(): string {
  const date = addDays(localDate(harness.clock.now(), 'America/Chicago'), 1);
  return weekdayOf(date) === 'sunday' ? addDays(date, 1) : date;
}

async function signedOrder(template: 'finance' | 'cash') {
  const order = await harness.order(owner, template);
  await harness.database.db
    .update(signings)
    .set({ ready: true, status: 'Signed', buyerSigned: true, dealerSigned: true })
    .where(eq(signings.orderNumber, order.orderNumber));
  await harness.database.db
    .update(orders)
    .set({ orderStatus: 'CONTRACT_PENDING', dealStatus: template === 'finance' ? 'SIGN' : null })
    .where(eq(orders.orderNumber, order.orderNumber));
  return order;
}

/**
 * Stores a deal on the order as checkout does (a trade-in with a payoff, two named plans, a
 * co-buyer), and answers the lines every surface prints of it, as plain text.
 */
async function storeDeal(orderNumber: string, dealType: DealType) {
  const [row] = await harness.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  const record: OrderDeal = {
    priced: priceDeal({
      dealType,
      vehicle: { priceCents: row!.priceCents, msrpCents: row!.priceCents, type: 'USED' },
      state: 'TX',
      zip: '78704',
      protectionCents: 114_500 + 79_500,
      tradeIn: { offerCents: 600_000, payoffCents: 350_000, taxCreditAllowed: true },
      downPaymentCents: dealType === 'Cash' ? 0 : 250_000,
    }),
    protectionPlans: [
      { name: 'Mechanical protection', priceCents: 114_500 },
      { name: 'Appearance protection', priceCents: 79_500 },
    ],
    tradeIn: { year: 2019, make: 'Toyota', model: 'Camry' },
    parties: {
      buyer: { firstName: 'Dana', lastName: 'Rivera', email: EMAIL },
      coBuyer: { firstName: 'Sam', lastName: 'Rivera', email: null },
    },
  };
  await harness.database.db.update(orders).set({ deal: record }).where(eq(orders.orderNumber, orderNumber));
  return (paidCents?: number) => dealLinesText(dealLines(record, { paidCents: paidCents ?? null }));
}

/** The e-mail's deal part: the lines, each group adding up, the plans by name and the co-buyer. */
function expectDealLines(body: string, lines: string) {
  expect(body).toContain(`Your deal:\n\n${lines}`);
  expect(body).toContain('Mechanical protection: $1,145.00');
  expect(body).toContain('Trade-in value (2019 Toyota Camry): -$6,000.00');
  expect(body).toContain('Trade-in loan payoff: $3,500.00');
  expect(body).toContain('Co-buyer: Sam Rivera');
}

/**
 * The HTML part (decision 111): in the default tenant's name, its table rows, "label: value" as
 * the plain-text part writes them, each in the plain-text part.
 */
function expectHtmlRows(row: { body: string; attachments: Array<{ contentType: string; content: string }> | null }) {
  const html = row.attachments?.find((part) => part.contentType.startsWith('text/html'))?.content ?? '';
  expect(html).toContain('<title>Showroom</title>');
  const rows = [...html.matchAll(/<tr><td[^>]*>(.*?)<\/td><td[^>]*>(.*?)<\/td><\/tr>/g)].map(([, label, value]) =>
    `${label!}: ${value!}`.replace(/&amp;/g, '&'),
  );
  expect(rows.length).toBeGreaterThan(1);
  for (const entry of rows) expect(row.body).toContain(entry);
  return rows;
}

async function fulfillmentState(orderNumber: string) {
  const response = await harness.call(`/api/fulfillment/${orderNumber}`, { token: owner.token });
  expect(response.status).toBe(200);
  return fulfillmentResponseSchema.parse(await response.json()).data.state;
}

describe('the e-mails a buyer expects, in the outbox', () => {
  it('appointment confirmed: once, with an .ics in the dealer’s zone at the pickup address', async () => {
    const { orderNumber } = await signedOrder('cash');
    const dealText = await storeDeal(orderNumber, 'Cash');
    const date = openDay();
    const booked = await harness.call(`/api/fulfillment/${orderNumber}/appointments`, {
      token: owner.token,
      json: { method: 'PICKUP', date, time: '10:30', locationId: 'dealership' },
    });
    expect(booked.status).toBe(201);
    harness.clock.advance(5_000);
    // Two readers at once (the tracker and the scheduling page), then a third: one e-mail.
    const states = await Promise.all([fulfillmentState(orderNumber), fulfillmentState(orderNumber)]);
    expect(states).toEqual(['Confirmed', 'Confirmed']);
    await fulfillmentState(orderNumber);

    const sent = await mails('Showroom: your pickup is confirmed');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain(
      'Showroom confirmed your pickup at Showroom, 100 Congress Ave, Suite 400, Austin, TX 78701 on',
    );
    // The appointment's facts and the deal's lines (issue 31 point 5).
    expect(sent[0]!.body).toContain(
      `Your appointment:\nPickup: ${formatDealerDateTime(zonedToUtc(date, '10:30', 'America/Chicago'), 'America/Chicago')}\nWhere: Showroom, 100 Congress Ave, Suite 400, Austin, TX 78701\nOrder: ${orderNumber}`,
    );
    expectDealLines(sent[0]!.body, dealText());
    expect(expectHtmlRows(sent[0]!)).toContain('Trade-in loan payoff: $3,500.00');
    // The calendar file, then the HTML part (decision 111) kept with the files.
    expect(sent[0]!.attachments?.map((part) => part.contentType)).toEqual([
      'text/calendar; charset=utf-8; method=PUBLISH',
      'text/html; charset=utf-8',
    ]);
    const file = sent[0]!.attachments![0]!;
    expect(file.filename).toBe(`appointment-${orderNumber}.ics`);
    expect(file.contentType).toMatch(/^text\/calendar/);

    const lines = parseCalendar(file.content);
    const event = component(lines, 'VEVENT');
    const zone = component(lines, 'VTIMEZONE');
    expect(zone.get('TZID')?.value).toBe('America/Chicago');
    expect(event.get('DTSTART')).toEqual({
      name: 'DTSTART',
      params: { TZID: 'America/Chicago' },
      value: `${date.replace(/-/g, '')}T103000`,
    });
    expect(event.get('DTEND')?.value).toBe(`${date.replace(/-/g, '')}T113000`);
    expect(event.get('SUMMARY')?.value).toBe('Pick up your car at Showroom');
    expect(event.get('LOCATION')?.value).toBe('Showroom, 100 Congress Ave, Suite 400, Austin, TX 78701');
    expect(event.get('STATUS')?.value).toBe('CONFIRMED');
  });

  it('appointment confirmed for a delivery: the .ics is at the delivery address', async () => {
    const { orderNumber } = await signedOrder('cash');
    const date = openDay();
    const booked = await harness.call(`/api/fulfillment/${orderNumber}/appointments`, {
      token: owner.token,
      json: {
        method: 'DELIVERY',
        date,
        time: '14:00',
        address: { street: '418 Oak Hollow Lane', city: 'Austin', state: 'TX', zip: '78704' },
      },
    });
    expect(booked.status).toBe(201);
    harness.clock.advance(5_000);
    expect(await fulfillmentState(orderNumber)).toBe('Confirmed');
    const sent = (await mails('Showroom: your delivery is confirmed')).filter((row) =>
      row.attachments?.[0]?.filename.includes(orderNumber),
    );
    expect(sent).toHaveLength(1);
    const event = component(parseCalendar(sent[0]!.attachments![0]!.content), 'VEVENT');
    expect(event.get('DTSTART')?.params.TZID).toBe('America/Chicago');
    expect(event.get('DTSTART')?.value).toBe(`${date.replace(/-/g, '')}T140000`);
    expect(event.get('SUMMARY')?.value).toBe('Car delivery from Showroom');
    expect(event.get('LOCATION')?.value).toBe('418 Oak Hollow Lane, Austin, TX 78704');
  });

  it('trade-in offer ready after review: once, with the offer’s value', async () => {
    harness.clock.set(new Date('2026-05-05T15:00:00Z')); // a Tuesday, 11 a.m. Eastern: reviews take 5 minutes
    const vin = buildVin({ wmi: '4T1', descriptor: 'BF1FK', year: 2021, plant: 'U', serial: 777001 });
    const answers: AppraisalRequest = camryAnswers(vin, { ownership: 'Owned', condition: 'Rough' });
    const saved = await harness.call('/api/trade-in/offers', { token: owner.token, json: answers });
    expect(saved.status).toBe(201);
    const list = async () => {
      const response = await harness.call('/api/trade-in/offers', { token: owner.token });
      return tradeInOffersResponseSchema.parse(await response.json()).data;
    };
    expect((await list())[0]).toMatchObject({ vin, status: 'pending' });
    expect(await mails('Showroom: your trade-in offer is ready')).toHaveLength(0);

    harness.clock.advance(5 * 60_000);
    const [first] = await Promise.all([list(), list()]);
    await list();
    const offer = first.find((item) => item.vin === vin)!;
    expect(offer.status).toBe('proposed');
    const sent = await mails('Showroom: your trade-in offer is ready');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain(`Our offer is ${formatUsd(offer.offerCents!)}.`);
    // The offer's figures as the deal's lines label them (no loan on this car: no payoff).
    expect(sent[0]!.body).toContain(
      `Trade-in value: ${formatUsdWithCents(offer.offerCents!)}\nTrade-in equity: ${formatUsdWithCents(offer.offerCents!)}`,
    );
    expect(sent[0]!.body).toContain('/account/trade-ins');
    expect(expectHtmlRows(sent[0]!)).toEqual([
      `Trade-in value: ${formatUsdWithCents(offer.offerCents!)}`,
      `Trade-in equity: ${formatUsdWithCents(offer.offerCents!)}`,
    ]);
  });

  it('contract ready to sign: once', async () => {
    const order = await harness.order(owner, 'finance');
    const lines = await storeDeal(order.orderNumber, 'Finance');
    await harness.database.db
      .update(orders)
      .set({ dealStatus: 'APEN', orderStatus: 'DOCS_UPLOADED' })
      .where(eq(orders.orderNumber, order.orderNumber));
    const decided = await harness.call(`/public/commerce/orders/${order.orderNumber}/decision`, {
      token: owner.token,
      json: { decision: 'ACCEPT' },
    });
    expect(decided.status).toBe(200);
    const before = (await mails('Showroom: your contract is ready to sign')).length;
    const prepared = await harness.call(`/api/contracting/signing/${order.orderNumber}/prepare`, {
      method: 'POST',
      token: owner.token,
    });
    expect(prepared.status).toBe(202);
    harness.clock.advance(4_000);
    const envelope = async () => {
      const response = await harness.call(`/api/contracting/signing/${order.orderNumber}/envelope`, {
        token: owner.token,
      });
      return envelopeResponseSchema.parse(await response.json()).data.state;
    };
    expect(await Promise.all([envelope(), envelope()])).toEqual(['READY', 'READY']);
    await envelope();
    const sent = (await mails('Showroom: your contract is ready to sign')).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain(`/signing?orderNumber=${order.orderNumber}`);
    expectDealLines(sent[0]!.body, lines());
    expect(sent[0]!.body).toContain('= Amount financed: ');
    expect(expectHtmlRows(sent[0]!)).toContain('Co-buyer: Sam Rivera');
  });

  it('payment received: once, though the request is sent again with its idempotency key', async () => {
    const { orderNumber } = await signedOrder('cash');
    const lines = await storeDeal(orderNumber, 'Cash');
    const subject = `Showroom: payment received for order ${orderNumber}`;
    const pay = () =>
      harness.call(`/api/payments/orders/${orderNumber}/card`, {
        token: owner.token,
        json: {
          idempotencyKey: `buyer-emails-${orderNumber}`,
          amountCents: 50_000,
          card: APPROVED_CARD,
        },
      });
    expect((await pay()).status).toBe(201);
    expect((await pay()).status).toBe(201);
    const sent = await mails(subject);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain(
      `We received your payment of ${formatUsdWithCents(50_000)} by card ending 4242 for order ${orderNumber}.`,
    );
    expect(sent[0]!.body).toMatch(/Still due: \$[\d,]+\.\d{2}\./);
    // The cash deal's lines with the $500 paid taken off its total, as the receipt shows them.
    expectDealLines(sent[0]!.body, lines(50_000));
    expect(sent[0]!.body).toContain('Paid today: -$500.00');
  });
});
