import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { tenantUrl, type DemoTenantId } from './tenants';

// Shoppers for the account tests: new e-mails and phones for every test (so their lockout
// counters never meet), codes read from the built-in outbox, and the forms filled the way a
// shopper fills them.

export const PASSWORD = 'Gr8-Showroom!';

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${randomInt(1e6).toString(36)}@shop.test`;
}

/** Ten digits with a real Austin area code, an exchange of 2-9 that is not N11, and a random line. */
export function uniquePhone(): string {
  let exchange = '';
  do exchange = String(randomInt(200, 1000));
  while (exchange.endsWith('11'));
  return `512${exchange}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

export function formatPhone(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)} - ${digits.slice(6)}`;
}

/**
 * The newest six-digit code sent to a recipient (an e-mail or ten phone digits), read from
 * the /dev/outbox page of the tenant in a second tab of the shopper's browser.
 */
export async function readCodeFromOutbox(
  context: BrowserContext,
  tenant: DemoTenantId,
  recipient: string,
): Promise<string> {
  const outbox = await context.newPage();
  try {
    let code: string | undefined;
    await expect(async () => {
      await outbox.goto(tenantUrl(tenant, '/dev/outbox'));
      const message = outbox.locator('li', { has: outbox.locator('[data-recipient]', { hasText: recipient }) }).first();
      const body = await message.locator('pre').textContent({ timeout: 1000 });
      code = /\b(\d{6})\b/.exec(body ?? '')?.[1];
      expect(code, `a code sent to ${recipient}`).toBeTruthy();
    }).toPass({ timeout: 10_000 });
    return code!;
  } finally {
    await outbox.close();
  }
}

/** How many messages the outbox holds for a recipient. */
export async function countOutboxMessages(
  request: APIRequestContext,
  tenant: DemoTenantId,
  recipient: string,
): Promise<number> {
  const response = await request.get(`${E2E_BASE_URL}/api/notifications/outbox`, {
    headers: { 'x-tenant-id': tenant },
  });
  expect(response.status(), 'the outbox must be shown (OUTBOX_PAGE=1)').toBe(200);
  const { data } = (await response.json()) as { data: Array<{ recipient: string }> };
  return data.filter((message) => message.recipient === recipient).length;
}

/** The e-mails the outbox holds for a recipient, newest first as the outbox lists them. */
export async function outboxEmails(
  request: APIRequestContext,
  tenant: DemoTenantId,
  recipient: string,
): Promise<Array<{ subject: string; body: string }>> {
  const response = await request.get(`${E2E_BASE_URL}/api/notifications/outbox`, {
    headers: { 'x-tenant-id': tenant },
  });
  expect(response.status(), 'the outbox must be shown (OUTBOX_PAGE=1)').toBe(200);
  const { data } = (await response.json()) as {
    data: Array<{ channel: string; recipient: string; subject: string | null; body: string }>;
  };
  return data
    .filter((message) => message.channel === 'email' && message.recipient === recipient)
    .map((message) => ({ subject: message.subject ?? '', body: message.body }));
}

export type TestShopper = { email: string; password: string; phone: string; firstName: string; lastName: string };

/** A confirmed shopper made through the identity API (sign-up, then the e-mailed code), for tests about something else. */
export async function createShopper(
  request: APIRequestContext,
  tenant: DemoTenantId = 'default',
  label = 'shopper',
  /** The server: the e2e server, or the desk walk's (E2E_DESK_BASE_URL). */
  baseUrl = E2E_BASE_URL,
): Promise<TestShopper> {
  const shopper: TestShopper = {
    email: uniqueEmail(label),
    password: PASSWORD,
    phone: uniquePhone(),
    firstName: 'Morgan',
    lastName: 'Reyes',
  };
  const headers = { 'x-tenant-id': tenant, 'content-type': 'application/json' };
  const signUp = await request.post(`${baseUrl}/api/identity/sign-up`, {
    headers,
    data: {
      firstName: shopper.firstName,
      lastName: shopper.lastName,
      email: shopper.email,
      phone: shopper.phone,
      password: shopper.password,
    },
  });
  expect(signUp.status()).toBe(201);
  const outbox = await request.get(`${baseUrl}/api/notifications/outbox`, { headers });
  expect(outbox.status(), 'the outbox must be shown (OUTBOX_PAGE=1)').toBe(200);
  const { data } = (await outbox.json()) as { data: Array<{ recipient: string; body: string }> };
  const code = /\b(\d{6})\b/.exec(data.find((message) => message.recipient === shopper.email)?.body ?? '')?.[1];
  const confirmed = await request.post(`${baseUrl}/api/identity/confirmation/verify`, {
    headers,
    data: { email: shopper.email, channel: 'email', code },
  });
  expect(confirmed.status()).toBe(200);
  return shopper;
}

/** Waits until a submit button can be used (with JavaScript it is disabled until the form is changed and valid). */
export async function submit(page: Page, name: string | RegExp): Promise<void> {
  const button = page.getByRole('button', { name, exact: typeof name === 'string' });
  await expect(button).toBeEnabled();
  await button.click();
}

export type SignUpValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirm?: string;
  marketingEmail?: boolean;
  marketingSms?: boolean;
};

export async function fillSignUp(page: Page, values: SignUpValues): Promise<void> {
  await page.getByLabel('First name').fill(values.firstName);
  await page.getByLabel('Last name').fill(values.lastName);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Phone number').fill(values.phone);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Confirm password').fill(values.confirm ?? values.password);
  const email = page.getByLabel('Email me offers, news and vehicle updates.');
  if (values.marketingEmail && (await email.count())) await email.check();
  const sms = page.getByLabel('Text me offers, news and vehicle updates.');
  if (values.marketingSms && (await sms.count())) await sms.check();
}

export async function signInWithPassword(
  page: Page,
  tenant: DemoTenantId,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(tenantUrl(tenant, '/sign-in'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await submit(page, 'Sign In');
}

/** The signed-in shopper's name in the header's account menu. */
export function accountMenu(page: Page) {
  return page.getByRole('banner').getByTestId('account-menu');
}
