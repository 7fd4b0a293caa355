import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskPrivacyResponseSchema } from '~/lib/contract/desk';
import { privacyRequestResponseSchema } from '~/lib/contract/privacy';
import { leads, privacyRequests, users } from '#server/db/schema';
import { deskStaffToken, tenantsWithDesk } from './desk-staff';
import { errorCode, startStepHarness, type StepHarness } from './tracker-harness';

// Privacy requests at the desk (issue 33, decision 092) and the roles (decision 093): an admin
// carries out a verified request or extends it once with a reason the shopper reads; at a tenant
// whose partners are the desk a verified deletion waits for that press; a sales account is
// refused with a 403 that says why; another tenant's staff find nothing.

const DAY = 86_400_000;
// Northside is run from the desk in this test; default keeps the sandbox dealer.
const tenants = tenantsWithDesk('northside');

let harness: StepHarness;
const tokens: Record<'defaultAdmin' | 'defaultSales' | 'northsideAdmin', string> = {
  defaultAdmin: '',
  defaultSales: '',
  northsideAdmin: '',
};

function staffToken(tenantId: string, role: 'admin' | 'sales'): Promise<string> {
  return deskStaffToken(harness, tenantId, role);
}

function lastMessageTo(email: string) {
  return [...harness.messages.sent].reverse().find((sent) => sent.to === email);
}

/** A request made and verified by the shopper through the storefront's API. */
async function verifiedRequest(tenantId: string, email: string, kind: string, details?: string) {
  const created = await harness.call('/api/privacy/requests', {
    tenantId,
    json: { requester: 'self', kind, subjectEmail: email, ...(details ? { details } : {}) },
  });
  const { id } = privacyRequestResponseSchema.parse(await created.json()).data;
  const code = /\b(\d{6})\b/.exec(lastMessageTo(email)?.body ?? '')![1]!;
  const verified = await harness.call(`/api/privacy/requests/${id}/verify`, { tenantId, json: { code } });
  return privacyRequestResponseSchema.parse(await verified.json()).data;
}

async function deskList(tenantId: string, token: string) {
  const response = await harness.call('/api/desk/privacy', { tenantId, token });
  expect(response.status).toBe(200);
  return deskPrivacyResponseSchema.parse(await response.json()).data;
}

beforeAll(async () => {
  harness = await startStepHarness({}, tenants);
  tokens.defaultAdmin = await staffToken('default', 'admin');
  tokens.defaultSales = await staffToken('default', 'sales');
  tokens.northsideAdmin = await staffToken('northside', 'admin');
});
afterAll(async () => {
  await harness.close();
});

describe('privacy requests at the desk', () => {
  it('lists a verified correction by due date; extends it once with a reason the shopper reads', async () => {
    const email = `correct.${Date.now().toString(36)}@shop.test`;
    const owner = await harness.shopper('default', email);
    const request = await verifiedRequest('default', email, 'correction', 'My last name is Lane-Ortiz');
    expect(request.status).toBe('VERIFIED');

    const today = await (await harness.call('/api/desk/today', { token: tokens.defaultAdmin })).json();
    expect(today.data.items).toContainEqual(
      expect.objectContaining({ queue: 'privacy', href: `/desk/privacy#privacy-${request.id}` }),
    );
    const before = await deskList('default', tokens.defaultAdmin);
    const listed = before.open.find((item) => item.id === request.id)!;
    expect(listed).toMatchObject({
      kind: 'correction',
      subjectEmail: email,
      details: 'My last name is Lane-Ortiz',
      extended: false,
      canExtend: true,
    });
    // Seed 002 §9: due in 45 days.
    expect(Math.round((Date.parse(listed.dueAt) - Date.parse(request.createdAt)) / DAY)).toBe(45);

    const path = `/api/desk/privacy/${request.id}/extend`;
    const short = await harness.call(path, { token: tokens.defaultAdmin, json: { reason: 'busy' } });
    expect(short.status).toBe(400);
    const reason = 'We are checking the spelling against your signed contract.';
    expect((await harness.call(path, { token: tokens.defaultAdmin, json: { reason } })).status).toBe(204);
    // Once only.
    expect((await harness.call(path, { token: tokens.defaultAdmin, json: { reason } })).status).toBe(409);

    const after = (await deskList('default', tokens.defaultAdmin)).open.find((item) => item.id === request.id)!;
    expect(Math.round((Date.parse(after.dueAt) - Date.parse(request.createdAt)) / DAY)).toBe(90);
    expect(after).toMatchObject({ extended: true, canExtend: false });
    expect(after.history).toEqual([
      expect.objectContaining({
        action: 'privacy.extend',
        staffEmail: 'admin@default.test',
        after: expect.objectContaining({ reason }),
      }),
    ]);
    const told = lastMessageTo(email)!;
    expect(told.subject).toBe('We need more time for your privacy request');
    expect(told.body).toContain(reason);
    expect(told.body).toContain(`We will answer by ${after.dueAt.slice(0, 10)}`);

    // The shopper's own copy of their data says of this request what their page and the desk
    // say: the extended due date (it gave the first one, 45 days, after the extension).
    const [stored] = await harness.database.db.select().from(privacyRequests).where(eq(privacyRequests.id, request.id));
    expect(Math.round((stored!.dueAt.getTime() - Date.parse(request.createdAt)) / DAY)).toBe(45);
    const exported = await harness.call('/api/privacy/export', { token: owner.token });
    expect(exported.status).toBe(200);
    const copy = (await exported.json()) as { privacyRequests: unknown[] };
    expect(copy.privacyRequests).toEqual([
      {
        id: request.id,
        kind: 'correction',
        requester: 'self',
        status: 'VERIFIED',
        createdAt: stored!.createdAt.toISOString(),
        dueAt: stored!.extendedDueAt!.toISOString(),
        latestDueAt: request.latestDueAt,
        extended: true,
      },
    ]);
    expect(stored!.extendedDueAt!.toISOString()).toBe(after.dueAt);
  });

  it('notes a correction: a note is required, the shopper reads it, a second press is a 409', async () => {
    const email = `note.${Date.now().toString(36)}@shop.test`;
    await harness.shopper('default', email);
    const request = await verifiedRequest('default', email, 'correction', 'My phone is 5125550100');
    const path = `/api/desk/privacy/${request.id}/fulfil`;
    const missing = await harness.call(path, { token: tokens.defaultAdmin, json: { note: '  ' } });
    expect(missing.status).toBe(400);
    expect(await errorCode(missing)).toBe('error.desk.noteMissing');
    const note = 'Phone changed to (512) 555-0100';
    expect((await harness.call(path, { token: tokens.defaultAdmin, json: { note } })).status).toBe(204);
    expect((await harness.call(path, { token: tokens.defaultAdmin, json: { note } })).status).toBe(409);
    expect(lastMessageTo(email)).toMatchObject({
      subject: 'Your privacy request is done: correction',
      body: expect.stringContaining(`We corrected your personal information: ${note}`),
    });
    const list = await deskList('default', tokens.defaultAdmin);
    expect(list.open.map((item) => item.id)).not.toContain(request.id);
    expect(list.done.find((item) => item.id === request.id)?.history).toEqual([
      expect.objectContaining({
        action: 'privacy.correction',
        before: { status: 'VERIFIED' },
        after: { status: 'COMPLETED', note },
      }),
    ]);
  });

  it('at a desk-run tenant a verified deletion waits for the admin, who carries it out', async () => {
    const email = `delete.${Date.now().toString(36)}@shop.test`;
    const shopper = await harness.shopper('northside', email);
    const request = await verifiedRequest('northside', email, 'deletion');
    expect(request.status).toBe('VERIFIED');
    const [kept] = await harness.database.db.select().from(users).where(eq(users.id, shopper.userId));
    expect(kept!.email).toBe(email);

    const fulfilled = await harness.call(`/api/desk/privacy/${request.id}/fulfil`, {
      tenantId: 'northside',
      token: tokens.northsideAdmin,
      json: {},
    });
    expect(fulfilled.status).toBe(204);
    const [gone] = await harness.database.db.select().from(users).where(eq(users.id, shopper.userId));
    expect(gone).toMatchObject({ firstName: 'Deleted', lastName: 'Shopper', passwordHash: null });
    expect(lastMessageTo(email)?.body).toContain('Your personal information has been deleted.');
  });
});

describe('a requester without an account', () => {
  it('gets the copy of what the dealer holds e-mailed to the verified address, attached, when staff fulfil it', async () => {
    const email = `noaccount.${Date.now().toString(36)}@shop.test`;
    const other = `someone.${Date.now().toString(36)}@shop.test`;
    // A lead sent signed out with the address (and another person's, which must not be in it).
    await harness.database.db.insert(leads).values([
      {
        tenantId: 'northside',
        submissionId: `sub-${email}`,
        source: 'contactUs',
        firstName: 'Jordan',
        lastName: 'Park',
        email,
        phone: '5125550199',
        phoneConsent: true,
        comments: 'Is the red one still there?',
      },
      {
        tenantId: 'northside',
        submissionId: `sub-${other}`,
        source: 'contactUs',
        firstName: 'Sam',
        lastName: 'Lee',
        email: other,
      },
    ]);
    const request = await verifiedRequest('northside', email, 'access');
    expect(request.status).toBe('VERIFIED');
    const fulfilled = await harness.call(`/api/desk/privacy/${request.id}/fulfil`, {
      tenantId: 'northside',
      token: tokens.northsideAdmin,
      json: {},
    });
    expect(fulfilled.status).toBe(204);

    const sent = lastMessageTo(email)!;
    expect(sent.subject).toBe('Your privacy request is done: access');
    expect(sent.body).toContain(
      `Your copy of the personal information we hold about ${email} is attached (personal-data.json)`,
    );
    expect(sent.body).not.toContain('Sign in and download');
    expect(sent.attachments).toEqual([
      expect.objectContaining({ filename: 'personal-data.json', contentType: 'application/json' }),
    ]);
    const copy = JSON.parse(sent.attachments![0]!.content) as {
      email: string;
      leads: Array<{ email: string; comments: string | null }>;
      consents: { leadPhoneConsents: Array<{ phone: string }> };
      privacyRequests: Array<{ id: string; kind: string }>;
    };
    expect(copy.email).toBe(email);
    expect(copy.leads).toEqual([expect.objectContaining({ email, comments: 'Is the red one still there?' })]);
    expect(copy.consents.leadPhoneConsents).toEqual([expect.objectContaining({ phone: '5125550199' })]);
    expect(copy.privacyRequests).toContainEqual(expect.objectContaining({ id: request.id, kind: 'access' }));
    expect(JSON.stringify(copy)).not.toContain(other);
  });
});

describe('roles and tenants', () => {
  it('refuses a sales account with a 403 that says who may act, and lets it read the list', async () => {
    const email = `sales.${Date.now().toString(36)}@shop.test`;
    await harness.shopper('default', email);
    const request = await verifiedRequest('default', email, 'correction', 'Spelling');
    const refused = await harness.call(`/api/desk/privacy/${request.id}/fulfil`, {
      token: tokens.defaultSales,
      json: { note: 'Fixed' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'error.desk.forbidden',
        message: 'Your role (sales) cannot act on privacy requests: ask an admin member of staff.',
      },
    });
    const extend = await harness.call(`/api/desk/privacy/${request.id}/extend`, {
      token: tokens.defaultSales,
      json: { reason: 'We need to check the contract.' },
    });
    expect(extend.status).toBe(403);
    expect((await deskList('default', tokens.defaultSales)).open.map((item) => item.id)).toContain(request.id);
  });

  it('shows another tenant’s staff none of the requests and answers 404 to their actions', async () => {
    const email = `foreign.${Date.now().toString(36)}@shop.test`;
    await harness.shopper('default', email);
    const request = await verifiedRequest('default', email, 'correction', 'Spelling');
    const northside = await deskList('northside', tokens.northsideAdmin);
    expect([...northside.open, ...northside.done].map((item) => item.subjectEmail)).not.toContain(email);
    for (const action of ['fulfil', 'extend']) {
      const response = await harness.call(`/api/desk/privacy/${request.id}/${action}`, {
        tenantId: 'northside',
        token: tokens.northsideAdmin,
        json: { note: 'x', reason: 'A reason long enough.' },
      });
      expect(response.status).toBe(404);
    }
    // The default admin's token is no key at northside.
    const crossed = await harness.call('/api/desk/privacy', { tenantId: 'northside', token: tokens.defaultAdmin });
    expect(crossed.status).toBe(404);
    expect((await deskList('default', tokens.defaultAdmin)).open.map((item) => item.id)).toContain(request.id);
  });
});
