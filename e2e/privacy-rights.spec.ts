import { expect, test } from './support/fixtures';
import { accountMenu, createShopper, readCodeFromOutbox, signInWithPassword } from './support/accounts';
import { E2E_BASE_URL } from './support/env';
import { tenantConfig, tenantUrl } from './support/tenants';
import { saveOfferByApi } from './support/trade-in';

// Issue 35 points 1 and 3, with JavaScript on and off: a verified deletion signs the browser
// out, empties the saved trade-ins and says what is kept for placed orders; privacy requests
// are linked from the footer, the privacy policy and the profile; the page title names the
// tenant; the minor rule says "in California" (seed 002 §6); the tenant's privacy contact
// gets an e-mail for each verified request.

const tenant = 'default';
const VIN = '4T1BF1FK9MU123456';

test('privacy requests are linked from the footer, the privacy policy and the profile', async ({
  page,
  visit,
  request,
}) => {
  const shopper = await createShopper(request, tenant, 'privacy-links');
  await visit(tenantUrl(tenant, '/privacy-policy'));
  await expect(page.getByTestId('site-footer').getByRole('link', { name: 'Privacy requests' })).toHaveAttribute(
    'href',
    '/privacy-request',
  );
  await page.getByRole('main').getByRole('link', { name: 'make a privacy request' }).click();
  await expect(page).toHaveURL(/\/privacy-request$/);
  await expect(page).toHaveTitle(`Privacy request | ${tenantConfig(tenant).brandName}`);
  // Seed 002 §6: "A minor is under 18 in California."
  await expect(page.getByRole('main')).toContainText('a minor (under 18 in California)');
  await signInWithPassword(page, tenant, shopper.email, shopper.password);
  await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 10_000 });
  await visit(tenantUrl(tenant, '/account'));
  await expect(page.getByRole('main').getByRole('link', { name: 'make a privacy request' })).toHaveAttribute(
    'href',
    '/privacy-request',
  );
});

test('a verified deletion signs the shopper out, removes their trade-ins and says what is kept', async ({
  context,
  request,
  page,
  visit,
}) => {
  const shopper = await createShopper(request, tenant, 'deletion');
  test.setTimeout(60_000);
  await saveOfferByApi(request, tenant, shopper, VIN);
  await signInWithPassword(page, tenant, shopper.email, shopper.password);
  await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 10_000 });
  await visit(tenantUrl(tenant, '/account/trade-ins'));
  await expect(page.getByRole('main')).toContainText('Camry');
  await expect(accountMenu(page)).toContainText(shopper.firstName);

  await visit(tenantUrl(tenant, '/privacy-request'));
  await page.getByLabel('Email of the person the request is about').fill(shopper.email);
  await page.getByLabel('What would you like us to do?').selectOption('deletion');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
  const code = await readCodeFromOutbox(context, tenant, shopper.email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Confirm request' }).click();
  await expect(page.getByTestId('privacy-confirmed')).toHaveText(
    'Your personal information has been deleted and you have been signed out.',
  );
  await expect(page.getByTestId('privacy-kept')).toContainText(
    'the law requires a dealer to keep the record of a sale',
  );
  await expect(page.getByRole('main')).not.toContainText('carried out');
  await expect(page.getByTestId('privacy-due')).toHaveCount(0);
  // Signed out on this very page, and the account's pages ask for a sign-in.
  await expect(page.getByRole('banner')).not.toContainText(shopper.firstName);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await page.goto(tenantUrl(tenant, '/account/trade-ins'));
  await expect(page).toHaveURL(/\/sign-in/);
  // The old password no longer signs in: the account is anonymised.
  await signInWithPassword(page, tenant, shopper.email, shopper.password);
  await expect(page).toHaveURL(/\/sign-in/);

  // The tenant's privacy contact heard of the verified request.
  const outbox = await request.get(`${E2E_BASE_URL}/api/notifications/outbox`, { headers: { 'x-tenant-id': tenant } });
  const { data } = (await outbox.json()) as {
    data: Array<{ recipient: string; subject: string | null; body: string }>;
  };
  const told = data.filter((message) => message.subject === 'Verified privacy request: deletion (done)');
  expect(told.length).toBeGreaterThan(0);
  expect(told[0]!.recipient).toBe(tenantConfig(tenant).privacyContacts.email);
  expect(data.some((message) => message.recipient === shopper.email)).toBe(false);
});
