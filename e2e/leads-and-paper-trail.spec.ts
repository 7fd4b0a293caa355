import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_SHOPPER } from '../server/db/seed-data/scenarios';
import { E2E_BASE_URL } from './support/env';
import { expect, test } from './support/fixtures';
import { createShopper, readCodeFromOutbox, signInWithPassword } from './support/accounts';
import { cardVins } from './support/storefront';
import { tenantConfig, tenantUrl } from './support/tenants';

// Issue 15: a lead from /contact-us and from a vehicle page reaches the dealer's outbox as
// ADF/XML; the receipt of a demo order; the account's documents list.

type OutboxMessage = { recipient: string; subject: string | null; body: string };

async function leadMessages(request: APIRequestContext, email: string): Promise<OutboxMessage[]> {
  const response = await request.get(`${E2E_BASE_URL}/api/notifications/outbox`, {
    headers: { 'x-tenant-id': 'default' },
  });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: OutboxMessage[] };
  return data.filter((message) => message.body.includes(`<email>${email}</email>`));
}

function uniqueLeadEmail(label: string): string {
  return `lead.${label}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}

async function fillLead(page: Page, email: string, comments: string) {
  const form = page.getByTestId('lead-form');
  await form.getByLabel('First name').fill('Jordan');
  await form.getByLabel('Last name').fill('Reyes');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Mobile phone (optional)').fill('5125550123');
  await form.getByLabel('Comments (optional)').fill(comments);
}

test.describe('contact the dealer', () => {
  test('a lead from /contact-us needs consent for the phone, then reaches the dealer as ADF/XML', async ({
    page,
    visit,
    request,
    jsEnabled,
  }) => {
    const email = uniqueLeadEmail('contact');
    await visit('/contact-us');
    await fillLead(page, email, 'Do you take trade-ins?');
    if (jsEnabled) await expect(page.getByTestId('characters-remaining')).toHaveText('478 characters remaining');
    await page.getByRole('button', { name: 'Send message' }).click();
    // Seed 002 §5, word for word.
    await expect(page.getByText('Your consent is required if phone number is provided')).toBeVisible();
    await expect(page.getByTestId('lead-form').getByLabel('Email')).toHaveValue(email);
    await page.getByTestId('lead-form').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('lead-sent')).toContainText('Your message was sent');
    const messages = await leadMessages(request, email);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.recipient).toBe(tenantConfig('default').leadEmail);
    expect(messages[0]!.body).toContain('<?ADF VERSION="1.0"?>');
    expect(messages[0]!.body).toContain('<comments>Do you take trade-ins?</comments>');
  });

  test('"Ask about this vehicle" carries the VIN to the dealer', async ({ page, visit, request, jsEnabled }) => {
    await visit('/search');
    const [vin] = await cardVins(page);
    expect(vin).toBeTruthy();
    await visit(`/vehicles/${vin}`);
    await expect(page.getByRole('heading', { name: 'Ask about this vehicle' })).toBeVisible();
    const email = uniqueLeadEmail('vehicle');
    await fillLead(page, email, 'Is it still available?');
    await page.getByTestId('lead-form').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('lead-sent')).toContainText('Your message was sent');
    // With JavaScript the shopper stays on the vehicle page; without, the contact page answers.
    await expect(page).toHaveURL(jsEnabled ? new RegExp(`/vehicles/${vin}`) : /\/contact-us/);
    const messages = await leadMessages(request, email);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toContain(`<vin>${vin}</vin>`);
  });
});

test.describe('the paper trail of the demo shopper', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(tenantUrl('default', `/sign-in?redirectTo=${encodeURIComponent('/account/orders')}`));
    await page.getByLabel('Email').fill(DEMO_SHOPPER.email);
    await page.getByLabel('Password').fill(DEMO_SHOPPER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/account\/orders/, { timeout: 10_000 });
  });

  test('every order in the list opens its receipt', async ({ page, checkA11y }) => {
    const links = page.getByRole('link', { name: /^Receipt for order / });
    await expect(links.first()).toBeVisible();
    expect(await links.count()).toBeGreaterThan(20);
    const last = links.last();
    const name = (await last.textContent())!.replace('Receipt for order ', '').trim();
    await last.click();
    await expect(page.getByRole('heading', { name: 'Order receipt' })).toBeVisible();
    await expect(page.getByTestId('receipt')).toContainText(name);
    await checkA11y();
  });
});

test.describe('the documents of the demo shopper', () => {
  test('lists uploads, contracts and receipts with type, date and status, and downloads a document', async ({
    page,
    visit,
  }) => {
    // Signing in, then axe over a table of every demo order's documents: slower than most pages.
    test.setTimeout(60_000);
    await page.goto(tenantUrl('default', `/sign-in?redirectTo=${encodeURIComponent('/account/documents')}`));
    await page.getByLabel('Email').fill(DEMO_SHOPPER.email);
    await page.getByLabel('Password').fill(DEMO_SHOPPER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/account\/documents/, { timeout: 10_000 });
    await visit('/account/documents');
    const table = page.getByTestId('documents-table');
    await expect(table.getByRole('columnheader', { name: 'Date added' })).toBeVisible();
    await expect(table.locator('[data-kind="receipt"]').first()).toContainText('Issued');
    await expect(table.locator('[data-kind="upload"]', { hasText: 'Submitted' }).first()).toBeVisible();
    await expect(table.locator('[data-kind="contract"]').first()).toBeVisible();
    const link = table
      .locator('[data-kind="contract"]')
      .first()
      .getByRole('link', { name: /^Download contract/ });
    const href = await link.getAttribute('href');
    const file = await page.request.get(new URL(href!, page.url()).toString());
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/pdf');
    // A document that is not the shopper's: the seed's download failure, on the page.
    await page.goto(tenantUrl('default', '/account/documents/download?id=contract:SR-NOBODY-1'));
    await expect(page.getByTestId('download-error')).toHaveText('Failed to download the document. Please try again.');
  });
});

test.describe('privacy', () => {
  test('a shopper confirms an access request with the e-mailed code, sees the due dates and downloads their data', async ({
    page,
    visit,
    request,
    context,
  }) => {
    test.setTimeout(60_000);
    const shopper = await createShopper(request, 'default', 'privacy');
    await signInWithPassword(page, 'default', shopper.email, shopper.password);
    await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 10_000 });
    await visit('/privacy-request');
    await page.getByLabel('Email of the person the request is about').fill(shopper.email);
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
    // Seed 002 §9: due in 45 days, extendable to 90, no fee.
    const due = (day: number) =>
      new Date(Date.now() + day * 86_400_000).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
    await expect(page.getByTestId('privacy-due')).toContainText(`We will respond by ${due(45)}`);
    await expect(page.getByTestId('privacy-due')).toContainText(`by ${due(90)} at the latest. There is no fee.`);
    const code = await readCodeFromOutbox(context, 'default', shopper.email);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Confirm request' }).click();
    await expect(page.getByTestId('privacy-confirmed')).toBeVisible();
    const file = await page.request.get(tenantUrl('default', '/account/privacy/export'));
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toContain('attachment');
    const copy = (await file.json()) as {
      profile: { email: string };
      privacyRequests: Array<{ kind: string; status: string }>;
    };
    expect(copy.profile.email).toBe(shopper.email);
    expect(copy.privacyRequests).toEqual([expect.objectContaining({ kind: 'access', status: 'COMPLETED' })]);
  });
});
