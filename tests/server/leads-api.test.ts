import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_ERROR_CODES, LEAD_LIMIT, leadResponseSchema } from '~/lib/contract/leads';
import { LEAD_MESSAGES } from '~/lib/shared/validation/lead-rules';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { leads } from '#server/db/schema';
import { insertVehicle } from './checkout-support';
import { errorCode, startStepHarness, type StepHarness } from './tracker-harness';

// Issue 15 point 1: POST /api/leads stores the lead per tenant and sends it as ADF/XML to the
// tenant's lead address; the same submission is one lead; the rate limit; a delivery failure.

let harness: StepHarness;
beforeAll(async () => {
  harness = await startStepHarness();
});
afterAll(async () => {
  await harness.close();
});

let submissions = 0;
function lead(extra: Record<string, unknown> = {}) {
  submissions += 1;
  return {
    submissionId: `lead-${Date.now().toString(36)}-${submissions}`,
    source: 'contactUs',
    firstName: 'Avery',
    lastName: 'Lane',
    email: `avery${submissions}@shop.test`,
    ...extra,
  };
}

describe('POST /api/leads', () => {
  it('delivers a vehicle lead to each demo tenant as ADF/XML at its lead address', async () => {
    for (const tenant of getTenants().all) {
      const vehicle = await insertVehicle(harness, {
        tenantId: tenant.id,
        make: 'Toyota',
        model: 'Corolla',
        year: 2022,
      });
      const before = harness.messages.sent.length;
      const response = await harness.call('/api/leads', {
        tenantId: tenant.id,
        json: lead({
          source: 'vehicle',
          vin: vehicle.vin,
          phone: '(512) 555-0147',
          phoneConsent: true,
          comments: 'Is it <still> available & road-ready?',
        }),
      });
      expect(response.status).toBe(201);
      expect(leadResponseSchema.parse(await response.json()).data.status).toBe('SENT');
      const message = harness.messages.sent[before]!;
      expect(message).toMatchObject({ tenantId: tenant.id, channel: 'email', to: tenant.leadEmail });
      expect(message.body).toContain('<?ADF VERSION="1.0"?>');
      expect(message.body).toContain(`<vin>${vehicle.vin}</vin>`);
      expect(message.body).toContain('<phone type="cellphone">5125550147</phone>');
      expect(message.body).toContain('Is it &lt;still&gt; available &amp; road-ready?');
      expect(message.body).toContain(`<vendorname>${tenant.brandName}</vendorname>`);
    }
  });

  it('answers the same lead for the same submission, and sends it once', async () => {
    const body = lead();
    const first = await harness.call('/api/leads', { json: body });
    expect(first.status).toBe(201);
    const before = harness.messages.sent.length;
    const again = await harness.call('/api/leads', { json: body });
    expect(again.status).toBe(200);
    expect(harness.messages.sent.length).toBe(before);
    const rows = await harness.database.db.select().from(leads).where(eq(leads.submissionId, body.submissionId));
    expect(rows).toHaveLength(1);
  });

  it('refuses a phone without consent with the seed message, and an invalid phone', async () => {
    const noConsent = await harness.call('/api/leads', { json: lead({ phone: '5125550147' }) });
    expect(noConsent.status).toBe(400);
    expect(JSON.stringify(await noConsent.json())).toContain(LEAD_MESSAGES.phoneConsent);
    expect((await harness.call('/api/leads', { json: lead({ phone: '0125550147', phoneConsent: true }) })).status).toBe(
      400,
    );
  });

  it(`takes ${LEAD_LIMIT} leads an hour from one e-mail, then answers 429`, async () => {
    const email = `limit.${Date.now().toString(36)}@shop.test`;
    for (let index = 0; index < LEAD_LIMIT; index += 1) {
      expect((await harness.call('/api/leads', { json: lead({ email }) })).status).toBe(201);
    }
    const refused = await harness.call('/api/leads', { json: lead({ email }) });
    expect(refused.status).toBe(429);
    expect(await errorCode(refused)).toBe(LEAD_ERROR_CODES.rateLimited);
  });

  it('keeps a lead the sender could not deliver, answers 502, and a retry delivers it', async () => {
    const send = harness.messages.send.bind(harness.messages);
    harness.messages.send = () => Promise.reject(new Error('smtp down'));
    const body = lead();
    const failed = await harness.call('/api/leads', { json: body });
    harness.messages.send = send;
    expect(failed.status).toBe(502);
    expect(await errorCode(failed)).toBe(LEAD_ERROR_CODES.notSent);
    const [stored] = await harness.database.db.select().from(leads).where(eq(leads.submissionId, body.submissionId));
    expect(stored?.deliveryStatus).toBe('FAILED');
    const retried = await harness.call('/api/leads', { json: body });
    expect(retried.status).toBe(200);
    expect(leadResponseSchema.parse(await retried.json()).data.status).toBe('SENT');
  });
});
