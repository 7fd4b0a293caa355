import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensResponseSchema } from '~/lib/contract/identity';
import { deskChallengeResponseSchema, deskSessionResponseSchema } from '~/lib/contract/desk';
import { endpointPath } from '~/lib/contract/endpoint';
import { endpoints } from '~/lib/contract/endpoints';
import { sql } from 'drizzle-orm';
import { auditEvents, documents, leads } from '#server/db/schema';
import { createStaff, type NewStaff } from '#server/desk/staff';
import { resolvePiiKey } from '#server/secrets';
import { apiHeaders, insertOrder, insertPendingTradeIn, insertShopper, startHarness, type Harness } from './harness';

// The desk's staff accounts (issue 33 point 1): a password and a second factor, their own
// token, and nothing of one tenant's desk answers another tenant's staff or any shopper.

let harness: Harness;
let defaultStaff: NewStaff;
let northsideStaff: NewStaff;

async function post(tenantId: string, path: string, body: unknown, token?: string) {
  return fetch(`${harness.url}${path}`, {
    method: 'POST',
    headers: apiHeaders(tenantId, token),
    body: JSON.stringify(body),
  });
}

/** The code an authenticator app shows for the printed secret. */
function codeAt(staff: NewStaff, timestamp = Date.now()): string {
  return new TOTP({ secret: staff.totpSecret }).generate({ timestamp });
}

async function challengeFor(tenantId: string, staff: NewStaff): Promise<string> {
  const response = await post(tenantId, '/api/desk/sign-in', { email: staff.staff.email, password: staff.password });
  expect(response.status).toBe(200);
  return deskChallengeResponseSchema.parse(await response.json()).data.challenge;
}

async function deskToken(tenantId: string, staff: NewStaff, code: string): Promise<string> {
  const challenge = await challengeFor(tenantId, staff);
  const response = await post(tenantId, '/api/desk/sign-in/code', { challenge, code });
  expect(response.status).toBe(200);
  return deskSessionResponseSchema.parse(await response.json()).data.token;
}

beforeAll(async () => {
  harness = await startHarness();
  const keys = { piiKey: resolvePiiKey(harness.clientDir) };
  defaultStaff = (await createStaff(harness.database.db, keys, {
    tenantId: 'default',
    brandName: 'Showroom',
    email: 'Sam@Dealer.test',
    role: 'sales',
  }))!;
  northsideStaff = (await createStaff(harness.database.db, keys, {
    tenantId: 'northside',
    brandName: 'Northside Motors',
    email: 'sam@dealer.test',
    role: 'admin',
  }))!;
});
afterAll(async () => {
  await harness.close();
});

describe('staff sign-in', () => {
  it('prints what an authenticator app reads and refuses a second account with the same e-mail', async () => {
    expect(defaultStaff.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Showroom:sam%40dealer\.test\?/);
    expect(defaultStaff.recoveryCodes).toHaveLength(8);
    const again = await createStaff(
      harness.database.db,
      { piiKey: resolvePiiKey(harness.clientDir) },
      {
        tenantId: 'default',
        brandName: 'Showroom',
        email: 'sam@dealer.test',
        role: 'admin',
      },
    );
    expect(again).toBeNull();
  });

  it('needs the password and then a TOTP code, which is good once', async () => {
    const code = codeAt(defaultStaff);
    const token = await deskToken('default', defaultStaff, code);
    const me = await fetch(`${harness.url}/api/desk/me`, { headers: apiHeaders('default', token) });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ data: { id: defaultStaff.staff.id, email: 'sam@dealer.test', role: 'sales' } });
    // The same code again (a replay within its 30 seconds) is refused.
    const challenge = await challengeFor('default', defaultStaff);
    const replay = await post('default', '/api/desk/sign-in/code', { challenge, code });
    expect(replay.status).toBe(400);
  });

  it('takes a recovery code once instead of a TOTP code', async () => {
    const recovery = defaultStaff.recoveryCodes[0]!;
    const challenge = await challengeFor('default', defaultStaff);
    const first = await post('default', '/api/desk/sign-in/code', { challenge, code: recovery.toUpperCase() });
    expect(first.status).toBe(200);
    expect(deskSessionResponseSchema.parse(await first.json()).data).toMatchObject({
      usedRecoveryCode: true,
      recoveryCodesLeft: 7,
    });
    const second = await post('default', '/api/desk/sign-in/code', { challenge, code: recovery });
    expect(second.status).toBe(400);
  });

  it('does not take a challenge of one tenant at another', async () => {
    const challenge = await challengeFor('northside', northsideStaff);
    const response = await post('default', '/api/desk/sign-in/code', { challenge, code: codeAt(northsideStaff) });
    expect(response.status).toBe(410);
  });

  it('locks the account on the 5th wrong password, as the shopper sign-in does', async () => {
    const keys = { piiKey: resolvePiiKey(harness.clientDir) };
    const staff = (await createStaff(harness.database.db, keys, {
      tenantId: 'default',
      brandName: 'Showroom',
      email: 'lock@dealer.test',
      role: 'finance',
    }))!;
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push(
        (await post('default', '/api/desk/sign-in', { email: staff.staff.email, password: 'wrong-password' })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 423, 423]);
    const right = await post('default', '/api/desk/sign-in', { email: staff.staff.email, password: staff.password });
    expect(right.status).toBe(423);
  });

  it('locks the code step on the 5th wrong code', async () => {
    const keys = { piiKey: resolvePiiKey(harness.clientDir) };
    const staff = (await createStaff(harness.database.db, keys, {
      tenantId: 'default',
      brandName: 'Showroom',
      email: 'codes@dealer.test',
      role: 'finance',
    }))!;
    const challenge = await challengeFor('default', staff);
    const codes = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      codes.push((await post('default', '/api/desk/sign-in/code', { challenge, code: '000000' })).status);
    expect(codes).toEqual([400, 400, 400, 400, 423]);
    const right = await post('default', '/api/desk/sign-in/code', { challenge, code: codeAt(staff) });
    expect(right.status).toBe(423);
  });
});

describe('tenants and shoppers', () => {
  const deskCalls = Object.entries(endpoints.desk).filter(([name]) => !name.startsWith('signIn'));
  let documentId = '';
  let leadId = '';
  let offerId = '';
  let northsideToken = '';
  let defaultToken = '';

  it('answers 404 on every desk endpoint to another tenant’s staff, a shopper and nobody', async () => {
    northsideToken = await deskToken('northside', northsideStaff, codeAt(northsideStaff, Date.now() - 30_000));
    const owner = await insertShopper(harness.database, 'default', 'shopper@shop.test');
    await insertOrder(harness.database, { tenantId: 'default', userId: owner.id, orderNumber: 'SR-DESK-1' });
    const [document] = await harness.database.db
      .insert(documents)
      .values({
        dealId: 'DEAL-SR-DESK-1',
        key: 'GEN.INSURANCECARD',
        type: 'InsuranceCard',
        status: 'COMPLETE',
        fileName: 'card.jpg',
      })
      .returning();
    documentId = document!.id;
    const [lead] = await harness.database.db
      .insert(leads)
      .values({
        tenantId: 'default',
        submissionId: 'desk-lead-1',
        source: 'contactUs',
        firstName: 'Lee',
        lastName: 'Ada',
        email: 'lee@shop.test',
        comments: 'Is the blue one still there?',
      })
      .returning();
    leadId = lead!.id;
    const offer = await insertPendingTradeIn(harness.database, { tenantId: 'default', userId: owner.id });
    offerId = offer.id;
    const shopper = await post('default', '/api/identity/sign-in', {
      email: 'shopper@shop.test',
      password: 'Sup3r-secret!',
    });
    const shopperToken = tokensResponseSchema.parse(await shopper.json()).data.identityToken;
    for (const [name, endpoint] of deskCalls) {
      for (const token of [northsideToken, shopperToken, undefined]) {
        const params = {
          orderNumber: 'SR-DESK-1',
          documentId: documentId,
          leadId,
          offerId,
          requestId: leadId,
          vin: '1HGCM82633A004352',
        };
        const response = await fetch(`${harness.url}${endpointPath(endpoint, params)}`, {
          method: endpoint.method,
          headers: apiHeaders('default', token),
          body: endpoint.method === 'GET' ? undefined : '{}',
        });
        expect(`${name} ${response.status}`).toBe(`${name} 404`);
      }
    }
    // The northside token is good at northside, and still finds no default order there.
    const own = await fetch(`${harness.url}/api/desk/today`, { headers: apiHeaders('northside', northsideToken) });
    expect(own.status).toBe(200);
    const order = await fetch(`${harness.url}/api/desk/orders/SR-DESK-1`, {
      headers: apiHeaders('northside', northsideToken),
    });
    expect(order.status).toBe(404);
  });

  it('lets default staff reject the document: the shopper reads why, the trail records it, a second try is a 409', async () => {
    defaultToken = await deskToken('default', defaultStaff, codeAt(defaultStaff, Date.now() + 30_000));
    const token = defaultToken;
    const today = await (
      await fetch(`${harness.url}/api/desk/today`, { headers: apiHeaders('default', token) })
    ).json();
    expect(today.data.counts.documents).toBe(1);
    const path = `/api/desk/orders/SR-DESK-1/documents/${documentId}/review`;
    const rejected = await post('default', path, { decision: 'reject', reason: 'blurry' }, token);
    expect(rejected.status).toBe(204);
    expect((await post('default', path, { decision: 'accept' }, token)).status).toBe(409);
    const shopper = await post('default', '/api/identity/sign-in', {
      email: 'shopper@shop.test',
      password: 'Sup3r-secret!',
    });
    const shopperToken = tokensResponseSchema.parse(await shopper.json()).data.identityToken;
    const list = await fetch(`${harness.url}/api/documents/deals/DEAL-SR-DESK-1/documents`, {
      headers: apiHeaders('default', shopperToken),
    });
    const body = await list.json();
    expect(body.documents[0]).toMatchObject({
      status: 'FAIL',
      rejection: {
        reason: 'The photo is blurry',
        whatToDo: 'Retake it in daylight, holding the phone steady, and upload it again.',
      },
    });
    const order = await (
      await fetch(`${harness.url}/api/desk/orders/SR-DESK-1`, { headers: apiHeaders('default', token) })
    ).json();
    expect(order.data.audit).toEqual([
      expect.objectContaining({
        staffEmail: 'sam@dealer.test',
        action: 'document.reject',
        before: expect.objectContaining({ status: 'COMPLETE', review: null }),
        after: expect.objectContaining({ status: 'FAIL', review: 'REJECTED', reason: 'blurry' }),
      }),
    ]);
  });

  it('lets default staff mark the lead contacted with a note, audited; northside staff neither see nor change it', async () => {
    const northsideList = await fetch(`${harness.url}/api/desk/leads`, {
      headers: apiHeaders('northside', northsideToken),
    });
    expect((await northsideList.json()).data).toEqual([]);
    const foreign = await post(
      'northside',
      `/api/desk/leads/${leadId}`,
      { status: 'closed', note: null },
      northsideToken,
    );
    expect(foreign.status).toBe(404);

    const token = defaultToken;
    const today = await (
      await fetch(`${harness.url}/api/desk/today`, { headers: apiHeaders('default', token) })
    ).json();
    expect(today.data.counts.leads).toBe(1);
    expect(today.data.items).toContainEqual(
      expect.objectContaining({ queue: 'leads', href: `/desk/leads#lead-${leadId}` }),
    );

    const tooLong = await post(
      'default',
      `/api/desk/leads/${leadId}`,
      { status: 'contacted', note: 'x'.repeat(2001) },
      token,
    );
    expect(tooLong.status).toBe(400);
    const saved = await post(
      'default',
      `/api/desk/leads/${leadId}`,
      { status: 'contacted', note: ' Called, test drive Sat ' },
      token,
    );
    expect(saved.status).toBe(204);

    const list = await (await fetch(`${harness.url}/api/desk/leads`, { headers: apiHeaders('default', token) })).json();
    expect(list.data).toEqual([
      expect.objectContaining({
        id: leadId,
        source: 'contactUs',
        name: 'Lee Ada',
        status: 'contacted',
        note: 'Called, test drive Sat',
        comments: 'Is the blue one still there?',
      }),
    ]);
    const after = await (
      await fetch(`${harness.url}/api/desk/today`, { headers: apiHeaders('default', token) })
    ).json();
    expect(after.data.counts.leads).toBe(0);
    const audit = await (
      await fetch(`${harness.url}/api/desk/audit`, { headers: apiHeaders('default', token) })
    ).json();
    expect(audit.data).toContainEqual(
      expect.objectContaining({
        staffEmail: 'sam@dealer.test',
        action: 'lead.update',
        subjectType: 'lead',
        subjectId: leadId,
        before: { status: 'new', note: null },
        after: { status: 'contacted', note: 'Called, test drive Sat' },
      }),
    );
  });

  it('lets default staff value the trade-in in review: the shopper sees the offer, the trail records it', async () => {
    const foreign = await post(
      'northside',
      `/api/desk/trade-ins/${offerId}/review`,
      { decision: 'value', offerCents: 150_000 },
      northsideToken,
    );
    expect(foreign.status).toBe(404);
    const northsideList = await fetch(`${harness.url}/api/desk/trade-ins`, {
      headers: apiHeaders('northside', northsideToken),
    });
    expect((await northsideList.json()).data).toEqual([]);

    const token = defaultToken;
    const list = await (
      await fetch(`${harness.url}/api/desk/trade-ins`, { headers: apiHeaders('default', token) })
    ).json();
    expect(list.data).toEqual([
      expect.objectContaining({ id: offerId, vehicle: '2003 Honda Accord EX', suggestedCents: 210_000 }),
    ]);
    const path = `/api/desk/trade-ins/${offerId}/review`;
    expect((await post('default', path, { decision: 'value', offerCents: 1500.5 }, token)).status).toBe(400);
    expect((await post('default', path, { decision: 'value', offerCents: 195_000 }, token)).status).toBe(204);
    expect((await post('default', path, { decision: 'deny' }, token)).status).toBe(409);

    const shopper = await post('default', '/api/identity/sign-in', {
      email: 'shopper@shop.test',
      password: 'Sup3r-secret!',
    });
    const shopperToken = tokensResponseSchema.parse(await shopper.json()).data.identityToken;
    const seen = await (
      await fetch(`${harness.url}/api/trade-in/offers/${offerId}`, { headers: apiHeaders('default', shopperToken) })
    ).json();
    expect(seen.data).toMatchObject({ status: 'proposed', offerCents: 195_000 });
    expect(new Date(seen.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3_600_000);

    const audit = await (
      await fetch(`${harness.url}/api/desk/audit`, { headers: apiHeaders('default', token) })
    ).json();
    expect(audit.data).toContainEqual(
      expect.objectContaining({
        action: 'tradeIn.value',
        subjectId: offerId,
        before: { status: 'pending', offerCents: 210_000 },
        after: { status: 'proposed', offerCents: 195_000 },
      }),
    );
  });

  it('ends the session at once on sign-out', async () => {
    const token = await deskToken('northside', northsideStaff, codeAt(northsideStaff));
    expect((await post('northside', '/api/desk/sign-out', {}, token)).status).toBe(204);
    const after = await fetch(`${harness.url}/api/desk/me`, { headers: apiHeaders('northside', token) });
    expect(after.status).toBe(404);
  });
});

describe('the audit trail', () => {
  it('refuses any change to a recorded event', async () => {
    const [event] = await harness.database.db
      .insert(auditEvents)
      .values({
        tenantId: 'default',
        staffEmail: 'sam@dealer.test',
        action: 'test',
        subjectType: 'order',
        subjectId: 'SR-1',
      })
      .returning();
    const refusal = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
    await expect(
      harness.database.db.execute(sql`update audit_events set action = 'changed' where id = ${event!.id}`),
    ).rejects.toMatchObject(refusal);
    await expect(
      harness.database.db.execute(sql`delete from audit_events where id = ${event!.id}`),
    ).rejects.toMatchObject(refusal);
  });
});
