import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_ERROR_CODES, PRIVACY_TEXTS, privacyRequestResponseSchema } from '~/lib/contract/privacy';
import { leads, orders, users } from '#server/db/schema';
import { errorCode, startStepHarness, type StepHarness } from './tracker-harness';

// Issue 15 point 2: privacy requests verified by an e-mailed code, the 2-in-12-months limit,
// due dates of 45 days extendable to 90, the data export, and a deletion that keeps orders.

let harness: StepHarness;
beforeAll(async () => {
  harness = await startStepHarness();
});
afterAll(async () => {
  await harness.close();
});

const DAY = 86_400_000;

function lastCodeFor(email: string): string {
  const message = [...harness.messages.sent].reverse().find((sent) => sent.to === email);
  return /\b(\d{6})\b/.exec(message?.body ?? '')![1]!;
}

async function request(email: string, body: Record<string, unknown>) {
  return harness.call('/api/privacy/requests', {
    json: { requester: 'self', kind: 'access', subjectEmail: email, ...body },
  });
}

async function verified(email: string, body: Record<string, unknown> = {}) {
  const created = privacyRequestResponseSchema.parse(await (await request(email, body)).json()).data;
  const response = await harness.call(`/api/privacy/requests/${created.id}/verify`, {
    json: { code: lastCodeFor(email) },
  });
  expect(response.status).toBe(200);
  return privacyRequestResponseSchema.parse(await response.json()).data;
}

describe('privacy requests', () => {
  it('shows a due date 45 days out, 90 at the latest, and completes access after the e-mailed code', async () => {
    const email = `privacy.${Date.now().toString(36)}@shop.test`;
    await harness.shopper('default', email);
    const response = await request(email, {});
    expect(response.status).toBe(201);
    const created = privacyRequestResponseSchema.parse(await response.json()).data;
    const now = harness.clock.now().getTime();
    expect(Math.round((Date.parse(created.dueAt) - now) / DAY)).toBe(45);
    expect(Math.round((Date.parse(created.latestDueAt) - now) / DAY)).toBe(90);
    const wrong = await harness.call(`/api/privacy/requests/${created.id}/verify`, { json: { code: '000000' } });
    expect(wrong.status).toBe(422);
    expect(await errorCode(wrong)).toBe(PRIVACY_ERROR_CODES.wrongCode);
    const ok = await harness.call(`/api/privacy/requests/${created.id}/verify`, { json: { code: lastCodeFor(email) } });
    expect(privacyRequestResponseSchema.parse(await ok.json()).data.status).toBe('COMPLETED');
    // The one extension is given at the desk (tests/server/desk-privacy.test.ts).
  });

  it('allows 2 access or portability requests in 12 months, then answers 429 until a year has passed', async () => {
    const email = `limit.${Date.now().toString(36)}@shop.test`;
    await harness.shopper('default', email);
    await verified(email, { kind: 'access' });
    await verified(email, { kind: 'portability' });
    const third = await request(email, { kind: 'access' });
    expect(third.status).toBe(429);
    expect(await errorCode(third)).toBe(PRIVACY_ERROR_CODES.limit);
    // Deletion and the others are not limited.
    expect((await request(email, { kind: 'optOut' })).status).toBe(201);
    harness.clock.advance(366 * DAY);
    expect((await request(email, { kind: 'access' })).status).toBe(201);
    harness.clock.advance(-366 * DAY);
  });

  it('takes an agent for a person and a parent for a minor, not for a child under 13 (seed 002 §6, §9)', async () => {
    const email = `minor.${Date.now().toString(36)}@shop.test`;
    expect(
      (await request(email, { requester: 'agent', requesterName: 'Pat Agent', requesterEmail: 'pat@agents.test' }))
        .status,
    ).toBe(201);
    const noName = await request(email, { requester: 'agent' });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(await noName.json())).toContain(PRIVACY_TEXTS.agentName);
    expect(
      (
        await request(email, {
          requester: 'parent',
          requesterName: 'Sam Parent',
          requesterEmail: 'sam@family.test',
          subjectAge: 16,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await request(email, {
          requester: 'parent',
          requesterName: 'Sam Parent',
          requesterEmail: 'sam@family.test',
          subjectAge: 12,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await request(email, {
          requester: 'parent',
          requesterName: 'Sam Parent',
          requesterEmail: 'sam@family.test',
          subjectAge: 18,
        })
      ).status,
    ).toBe(400);
  });
});

describe('the data export and deletion', () => {
  it('exports profile, orders, leads and consents without an SSN; a deletion anonymises the shopper and keeps the order', async () => {
    const email = `export.${Date.now().toString(36)}@shop.test`;
    const owner = await harness.shopper('default', email);
    const { orderNumber } = await harness.order(owner, 'cash');
    const lead = await harness.call('/api/leads', {
      token: owner.token,
      json: {
        submissionId: `privacy-${Date.now().toString(36)}`,
        source: 'contactUs',
        firstName: 'Avery',
        lastName: 'Lane',
        email,
        phone: '5125550147',
        phoneConsent: true,
      },
    });
    expect(lead.status).toBe(201);
    const response = await harness.call('/api/privacy/export', { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="default-my-data-/);
    const text = await response.text();
    const copy = JSON.parse(text) as {
      profile: { email: string };
      orders: Array<{ orderNumber: string }>;
      leads: unknown[];
      consents: { leadPhoneConsents: unknown[] };
    };
    expect(copy.profile.email).toBe(email);
    expect(copy.orders.map((order) => order.orderNumber)).toContain(orderNumber);
    expect(copy.leads).toHaveLength(1);
    expect(copy.consents.leadPhoneConsents).toHaveLength(1);
    expect(text).not.toMatch(/\b\d{3}-?\d{2}-?\d{4}\b/);
    expect((await harness.call('/api/privacy/export')).status).toBe(401);

    await verified(email, { kind: 'deletion' });
    const [user] = await harness.database.db.select().from(users).where(eq(users.id, owner.userId));
    expect(user).toMatchObject({ firstName: 'Deleted', lastName: 'Shopper', phone: null, passwordHash: null });
    expect(user!.email).not.toBe(email);
    expect(await harness.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber))).toHaveLength(1);
    expect(await harness.database.db.select().from(leads).where(eq(leads.email, email))).toHaveLength(0);
  });
});
