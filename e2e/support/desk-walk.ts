import { TOTP } from 'otpauth';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_STAFF, DOCUMENT_TYPES, requiredDocuments } from '../../server/db/seed-data/scenarios';
import { createShopper, type TestShopper } from './accounts';
import { E2E_DESK_BASE_URL, E2E_DESK_PORT } from './env';
import { expect } from './fixtures';
import { camryAnswers, type TradeInAnswers } from './trade-in-answers';
import { picture } from './tracker';
import { tenantConfig, type DemoTenantId } from './tenants';

// The desk walk's helpers (e2e/desk-walk.spec.ts, issue 33's "Done when"): the second e2e
// server runs the demo tenants with `partners: "desk"` (playwright.config.ts). Staff act by hand
// on the desk's pages; the shopper's side, which only brings an order to where staff must act,
// goes through the same HTTP API the storefront calls, as that shopper (their identity token).

/** The tenant's own host on the desk server (Chromium resolves *.localhost to the loopback address). */
export function deskTenantUrl(tenant: DemoTenantId, pathname = '/'): string {
  const domains = tenantConfig(tenant).domains;
  const host = tenant === 'default' || domains.includes('localhost') ? 'localhost' : domains[0];
  return `http://${host}:${E2E_DESK_PORT}${pathname}`;
}

const STEP_MS = 30_000;
const spent = new Map<DemoTenantId, number>();

/**
 * Signs the demo staff in with the password and the code their authenticator app shows (the
 * README's demo secret). A code is good once and steps only move forward per account: the
 * other project may have spent this 30-second step already, so the next one (the server takes
 * one step either side) is tried before waiting for a new step.
 */
export async function signInToDesk(page: Page, tenant: DemoTenantId): Promise<void> {
  await page.goto(deskTenantUrl(tenant, '/desk/sign-in'));
  await page.getByLabel('E-mail').fill(DEMO_STAFF.email);
  await page.getByLabel('Password').fill(DEMO_STAFF.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/desk\/sign-in\/code$/);
  const totp = new TOTP({ secret: DEMO_STAFF.totpSecret });
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const now = Math.floor(Date.now() / STEP_MS);
    const step = Math.max(now, (spent.get(tenant) ?? 0) + 1);
    if (step > now + 1) {
      await page.waitForTimeout((now + 1) * STEP_MS - Date.now() + 200);
      continue;
    }
    spent.set(tenant, step);
    await page.getByLabel('Code').fill(totp.generate({ timestamp: step * STEP_MS }));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const outcome = await Promise.race([
      page.waitForURL(/\/desk$/).then(() => 'in' as const),
      page
        .getByText('That code is not right')
        .waitFor()
        .then(() => 'refused' as const),
    ]);
    if (outcome === 'in') return;
  }
  throw new Error(`no TOTP code signed ${DEMO_STAFF.email} in to the ${tenant} desk`);
}

/** A shopper of the desk server's tenant, as the storefront's API sees them (their identity token). */
export class DeskShopper {
  private constructor(
    readonly request: APIRequestContext,
    readonly tenant: DemoTenantId,
    readonly shopper: TestShopper,
    private token: string,
  ) {}

  /** A new confirmed shopper (sign-up, then the e-mailed code), signed in to the API. */
  static async create(request: APIRequestContext, tenant: DemoTenantId, label: string): Promise<DeskShopper> {
    const shopper = await createShopper(request, tenant, label, E2E_DESK_BASE_URL);
    const headers = { 'x-tenant-id': tenant };
    const signIn = await request.post(`${E2E_DESK_BASE_URL}/api/identity/sign-in`, {
      headers,
      data: { email: shopper.email, password: shopper.password },
    });
    expect(signIn.status()).toBe(200);
    const { data } = (await signIn.json()) as { data: { identityToken: string } };
    return new DeskShopper(request, tenant, shopper, data.identityToken);
  }

  get name(): string {
    return `${this.shopper.firstName} ${this.shopper.lastName}`;
  }

  private headers() {
    return { 'x-tenant-id': this.tenant, authorization: `Bearer ${this.token}` };
  }

  async post(pathname: string, data: unknown, expected = 200): Promise<unknown> {
    const response = await this.request.post(`${E2E_DESK_BASE_URL}${pathname}`, { headers: this.headers(), data });
    expect(response.status(), `${pathname}: ${await response.text()}`).toBe(expected);
    return response.status() === 204 ? null : response.json();
  }

  async get<T>(pathname: string): Promise<T> {
    const response = await this.request.get(`${E2E_DESK_BASE_URL}${pathname}`, { headers: this.headers() });
    expect(response.status(), pathname).toBe(200);
    return (await response.json()) as T;
  }

  /** A placed order of this shopper (POST /api/test/orders, test mode): nothing done yet. */
  async placeOrder(template: 'finance' | 'lease' | 'cash-dealer'): Promise<{ orderNumber: string; dealRefId: string }> {
    const body = (await this.post('/api/test/orders', { template }, 201)) as {
      data: { orderNumber: string; dealRefId: string };
    };
    return body.data;
  }

  /** The steps before staff can act on an order: insurance, the ID check on the phone, every document. */
  async verifyAndUpload(order: { orderNumber: string; dealRefId: string }, dealType: 'Cash' | 'Finance' | 'Lease') {
    const { orderNumber } = order;
    await this.post('/public/insurance-verification/consent', {
      orderNumber,
      termsVersion: 1,
      consentLanguage: 'I authorize the policy pull.',
    });
    await this.post('/public/insurance-verification/policy', { orderNumber, pullId: `pull-${orderNumber}` }, 202);
    await this.post(
      '/api/id-verification/doc-verification/consumer/link',
      { orderId: orderNumber, linkBase: deskTenantUrl(this.tenant, '/') },
      201,
    );
    const link = await this.outboxText('sms', (body) => body.includes(orderNumber) && body.includes('/capture/'));
    const token = /capture\/([\w-]+)/.exec(link)![1]!;
    const png = { name: 'id.png', mimeType: 'image/png', buffer: await picture() };
    const captured = await this.request.post(`${E2E_DESK_BASE_URL}/api/id-verification/capture/${token}`, {
      headers: { 'x-tenant-id': this.tenant },
      multipart: { front: png, back: png, selfie: png },
    });
    expect(await captured.json()).toEqual({ status: 'SUCCESSFUL', problems: [] });
    for (const key of requiredDocuments(dealType)) {
      const type = DOCUMENT_TYPES[key];
      const uploaded = await this.request.put(
        `${E2E_DESK_BASE_URL}/api/documents/deals/${order.dealRefId}/documents/${type}`,
        {
          headers: this.headers(),
          multipart: { documents: { name: `${type}.png`, mimeType: 'image/png', buffer: await picture() } },
        },
      );
      expect(uploaded.status(), `upload ${type}`).toBe(201);
    }
  }

  /** Accepts the lender's offer or the dealer's deal. */
  async acceptDecision(orderNumber: string) {
    await this.post(`/public/commerce/orders/${orderNumber}/decision`, { decision: 'ACCEPT' });
  }

  /** Prepares the contract (the sandbox contract service has it ready in seconds) and signs it. */
  async signContract(orderNumber: string) {
    await this.post(`/api/contracting/signing/${orderNumber}/prepare`, {}, 202);
    let signingToken = '';
    await expect(async () => {
      const { data } = await this.get<{ data: { state: string; signingToken: string | null } }>(
        `/api/contracting/signing/${orderNumber}/envelope`,
      );
      expect(data.state).toBe('READY');
      signingToken = data.signingToken!;
    }).toPass({ timeout: 20_000, intervals: [500, 1_000] });
    await this.post(`/api/contracting/signing/document/${signingToken}/sign`, { typedName: this.name, agreed: true });
  }

  async amountDueCents(orderNumber: string): Promise<number> {
    const { data } = await this.get<{ data: { amountDueCents: number } }>(`/api/payments/orders/${orderNumber}`);
    return data.amountDueCents;
  }

  /** Pays the down payment by card (the sandbox's approved card). */
  async payByCard(orderNumber: string, amountCents: number) {
    await this.post(
      `/api/payments/orders/${orderNumber}/card`,
      {
        idempotencyKey: `walk-${orderNumber}`,
        amountCents,
        card: {
          number: '4242424242424242',
          expMonth: 12,
          expYear: 2039,
          cvc: '123',
          name: this.name,
          postalCode: tenantConfig(this.tenant).address.zip,
        },
      },
      201,
    );
  }

  /** Asks for a pickup at the dealership, or a delivery home, on the next day the dealer is open. */
  async requestAppointment(orderNumber: string, method: 'PICKUP' | 'DELIVERY') {
    const date = nextOpenDay(tenantConfig(this.tenant).timeZone);
    await this.post(
      `/api/fulfillment/${orderNumber}/appointments`,
      method === 'PICKUP'
        ? { method, date, time: '11:00', locationId: 'dealership' }
        : { method, date, time: '11:00', address: HOME[this.tenant] },
      201,
    );
  }

  /** A trade-in offer saved through the trade-in API: its id. */
  async saveTradeIn(overrides: Partial<TradeInAnswers>): Promise<string> {
    const body = (await this.post('/api/trade-in/offers', camryAnswers(TRADE_IN_VIN, overrides), 201)) as {
      data: { id: string; status: string };
    };
    expect(body.data.status).toBe('pending');
    return body.data.id;
  }

  /** A message to the dealer from the contact form's API (a lead). */
  async sendLead(comments: string) {
    await this.post(
      '/api/leads',
      {
        submissionId: `walk-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`,
        source: 'contactUs',
        firstName: this.shopper.firstName,
        lastName: this.shopper.lastName,
        email: this.shopper.email,
        comments,
      },
      201,
    );
  }

  /** Asks for their data to be deleted and confirms it with the e-mailed code: the request's id. */
  async askDeletion(): Promise<string> {
    const before = (await outbox(this.request, this.tenant)).filter((m) => m.recipient === this.shopper.email).length;
    const asked = (await this.post(
      '/api/privacy/requests',
      { requester: 'self', kind: 'deletion', subjectEmail: this.shopper.email },
      201,
    )) as { data: { id: string } };
    const code = await lastCode(this.request, this.tenant, this.shopper.email, before);
    await this.post(`/api/privacy/requests/${asked.data.id}/verify`, { code });
    return asked.data.id;
  }

  /** The newest text or e-mail to this shopper that matches. */
  async outboxText(channel: 'sms' | 'email', matches: (body: string) => boolean): Promise<string> {
    let found = '';
    await expect(async () => {
      const messages = await outbox(this.request, this.tenant);
      found = messages.find((message) => message.channel === channel && matches(message.body))?.body ?? '';
      expect(found, `a ${channel} message`).not.toBe('');
    }).toPass({ timeout: 10_000 });
    return found;
  }
}

/** A 2021 Toyota Camry LE (decodes at the sandbox appraiser). */
const TRADE_IN_VIN = '4T1BF1FK9MU123456';

/** A delivery address within reach of each tenant's dealership. */
const HOME: Record<DemoTenantId, { street: string; city: string; state: string; zip: string }> = {
  default: { street: '418 Oak Hollow Lane', city: 'Austin', state: 'TX', zip: '78704' },
  northside: { street: '1520 University Avenue', city: 'Minneapolis', state: 'MN', zip: '55414' },
  lakeview: { street: '2201 Monroe Street', city: 'Madison', state: 'WI', zip: '53711' },
};

/** Tomorrow in the dealer's time zone, or Monday when tomorrow is a Sunday (closed). */
function nextOpenDay(timeZone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

type OutboxMessage = { channel: string; recipient: string; subject: string | null; body: string };

async function outbox(request: APIRequestContext, tenant: DemoTenantId): Promise<OutboxMessage[]> {
  const response = await request.get(`${E2E_DESK_BASE_URL}/api/notifications/outbox`, {
    headers: { 'x-tenant-id': tenant },
  });
  expect(response.status(), 'the outbox must be shown (OUTBOX_PAGE=1)').toBe(200);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/** The newest six-digit code e-mailed to someone, once they hold more than `before` messages. */
async function lastCode(request: APIRequestContext, tenant: DemoTenantId, email: string, before = 0): Promise<string> {
  let code = '';
  await expect(async () => {
    const theirs = (await outbox(request, tenant)).filter((item) => item.recipient === email);
    expect(theirs.length).toBeGreaterThan(before);
    const message = theirs[0];
    code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? '';
    expect(code, `a code e-mailed to ${email}`).not.toBe('');
  }).toPass({ timeout: 10_000 });
  return code;
}

/** The e-mail subjects the outbox holds for someone. */
export async function subjectsTo(request: APIRequestContext, tenant: DemoTenantId, email: string): Promise<string[]> {
  return (await outbox(request, tenant))
    .filter((message) => message.recipient === email && message.channel === 'email')
    .map((message) => message.subject ?? '');
}
