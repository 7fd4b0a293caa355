import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outboxMessages, signings, type OrderDeal } from '#server/db/schema';
import { priceDeal } from '~/lib/shared/pricing/deal';
import { dealLines } from '~/lib/shared/pricing/deal-lines';
import { APPROVED_CARD, startStepHarness, type StepHarness } from './tracker-harness';

// The buyer e-mails' HTML part and texts (issue 31 point 5, decision 111), read from the
// sandbox outbox: the HTML part carries the tenant's name, logo and colour and the same deal
// lines as the plain-text part; a name is text, never markup; a text goes only to a shopper
// who agreed to texts.

let harness: StepHarness;
const RUN = Date.now().toString(36);
let phoneCounter = 0;

beforeAll(async () => {
  harness = await startStepHarness({}, undefined, { outbox: true });
});
afterAll(async () => {
  await harness.close();
});

/** The tenant's brand as its folder states it (tenants/<id>/config.json). */
function brandOf(tenantId: string): { brandName: string; primary: string; logo: string } {
  const config = JSON.parse(readFileSync(path.join('tenants', tenantId, 'config.json'), 'utf8')) as {
    brandName: string;
    theme: { primary: string };
    images: { logo: string };
  };
  return { brandName: config.brandName, primary: config.theme.primary, logo: config.images.logo };
}

async function shopper(tenantId: string, options: { firstName?: string; textConsent: boolean }) {
  phoneCounter += 1;
  const phone = `512${String(Date.now() + phoneCounter).slice(-7)}`;
  const email = `html.mail.${tenantId}.${phoneCounter}.${RUN}@shop.test`;
  const owner = await harness.shopper(tenantId, email, {
    firstName: options.firstName ?? 'Dana',
    lastName: 'Rivera',
    phone,
    textConsent: options.textConsent,
  });
  return { ...owner, email, phone, tenantId };
}

/** A cash order ready for payment, its deal stored as checkout stores it (buyer named as given). */
async function cashOrder(owner: Awaited<ReturnType<typeof shopper>>, buyerFirstName: string) {
  const { orderNumber } = await harness.order(owner, 'cash', owner.tenantId);
  await harness.database.db
    .update(signings)
    .set({ ready: true, status: 'Signed', buyerSigned: true, dealerSigned: true })
    .where(eq(signings.orderNumber, orderNumber));
  const [row] = await harness.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  const record: OrderDeal = {
    priced: priceDeal({
      dealType: 'Cash',
      vehicle: { priceCents: row!.priceCents, msrpCents: row!.priceCents, type: 'USED' },
      state: 'TX',
      zip: '78704',
      protectionCents: 114_500,
      tradeIn: { offerCents: 600_000, payoffCents: 350_000, taxCreditAllowed: true },
      downPaymentCents: 0,
    }),
    protectionPlans: [{ name: 'Mechanical protection', priceCents: 114_500 }],
    tradeIn: { year: 2019, make: 'Toyota', model: 'Camry' },
    parties: { buyer: { firstName: buyerFirstName, lastName: 'Rivera', email: owner.email }, coBuyer: null },
  };
  await harness.database.db
    .update(orders)
    .set({ deal: record, orderStatus: 'CONTRACT_PENDING', dealStatus: null })
    .where(eq(orders.orderNumber, orderNumber));
  return { orderNumber, record };
}

async function payDeposit(owner: Awaited<ReturnType<typeof shopper>>, orderNumber: string) {
  const response = await harness.call(`/api/payments/orders/${orderNumber}/card`, {
    token: owner.token,
    tenantId: owner.tenantId,
    json: {
      idempotencyKey: `html-mail-${orderNumber}`,
      amountCents: 50_000,
      card: APPROVED_CARD,
    },
  });
  expect(response.status).toBe(201);
}

async function outbox(recipient: string, channel: 'email' | 'sms') {
  return harness.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, channel)))
    .orderBy(asc(outboxMessages.id));
}

function unescape(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The HTML part's table rows as "label: value", as the plain-text part writes them. */
function htmlRows(html: string): string[] {
  return [...html.matchAll(/<tr><td[^>]*>(.*?)<\/td><td[^>]*>(.*?)<\/td><\/tr>/g)].map(
    ([, label, value]) => `${unescape(label!)}: ${unescape(value!)}`,
  );
}

describe('the buyer e-mail’s HTML part, in the tenant’s brand', () => {
  it.each(['default', 'northside'])(
    '%s: name, logo, colour and the same deal lines as the text part',
    async (tenantId) => {
      const brand = brandOf(tenantId);
      const owner = await shopper(tenantId, { textConsent: true });
      const { orderNumber, record } = await cashOrder(owner, 'Dana');
      await payDeposit(owner, orderNumber);

      const [mail] = await outbox(owner.email, 'email');
      expect(mail!.subject).toBe(`${brand.brandName}: payment received for order ${orderNumber}`);
      const html = mail!.attachments?.find((part) => part.contentType.startsWith('text/html'));
      expect(html).toBeDefined();
      expect(html!.content).toContain(`<title>${brand.brandName}</title>`);
      expect(html!.content).toContain(`background:${brand.primary}`);
      expect(html!.content).toContain(`/tenant-assets/${tenantId}/${brand.logo}`);

      // Every figure of the deal, in a table row, the same as in the plain-text part.
      const lines = dealLines(record, { paidCents: 50_000 });
      const expected = [
        ...lines.groups.flatMap((group) => [...group.lines, group.total]),
        ...lines.terms,
        ...lines.parties,
      ].map((line) => `${line.label}: ${line.value}`);
      const rows = htmlRows(html!.content);
      expect(rows).toEqual(expected);
      for (const row of rows) expect(mail!.body).toContain(row);
      expect(rows).toContain('Trade-in value (2019 Toyota Camry): -$6,000.00');
      expect(rows).toContain('Trade-in loan payoff: $3,500.00');
      expect(rows).toContain('Mechanical protection: $1,145.00');
      expect(rows).toContain('Paid today: -$500.00');
      expect(html!.content).toContain(
        `We received your payment of $500.00 by card ending 4242 for order ${orderNumber}.`,
      );
    },
  );

  it('a name with markup is printed as text', async () => {
    const owner = await shopper('default', { textConsent: false });
    const name = '<script>alert("x")</script>';
    const { orderNumber } = await cashOrder(owner, name);
    await payDeposit(owner, orderNumber);
    const [mail] = await outbox(owner.email, 'email');
    const html = mail!.attachments!.find((part) => part.contentType.startsWith('text/html'))!.content;
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(htmlRows(html)).toContain(`Buyer: ${name} Rivera`);
    expect(mail!.body).toContain(`Buyer: ${name} Rivera`);
  });
});

describe('texts only to a shopper who agreed to texts', () => {
  it('payment received: a text with consent, none without', async () => {
    const agreed = await shopper('default', { textConsent: true });
    const declined = await shopper('default', { textConsent: false });
    for (const owner of [agreed, declined]) {
      const { orderNumber } = await cashOrder(owner, 'Dana');
      await payDeposit(owner, orderNumber);
      expect(await outbox(owner.email, 'email')).toHaveLength(1);
    }
    const texts = await outbox(agreed.phone, 'sms');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(/^Showroom: We received your payment of \$500\.00 by card ending 4242/);
    expect(await outbox(declined.phone, 'sms')).toHaveLength(0);
  });
});
