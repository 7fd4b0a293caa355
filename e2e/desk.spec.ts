import { TOTP } from 'otpauth';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_STAFF, scenarioOrderNumber } from '../server/db/seed-data/scenarios';
import { buildVin } from '../server/db/seed-data/vin';
import { createShopper, readCodeFromOutbox, signInWithPassword } from './support/accounts';
import { E2E_BASE_URL, E2E_PHOTO_PORT, e2eFeedKey } from './support/env';
import { expect, test } from './support/fixtures';
import { tenantUrl, type DemoTenantId } from './support/tenants';

// The dealer desk (issue 33): what the walk (e2e/desk-walk.spec.ts) does not do: a wrong
// password, a shopper's session opening no desk page, a document not accepted, a correction
// extended, the inventory, money given back and appointments moved or cancelled.

const STEP_MS = 30_000;
const lastStep = new Map<DemoTenantId, number>();

/**
 * The code the demo staff's authenticator app shows (the README's demo secret). A code is good
 * once, and the two projects sign in to the same accounts at the same time: js-on takes codes of
 * even 30-second steps, js-off of odd ones, each a step it has not used yet (waiting for one).
 */
async function freshCode(tenant: DemoTenantId, project: string): Promise<string> {
  const parity = project === 'js-off' ? 1 : 0;
  for (;;) {
    const step = Math.floor(Date.now() / STEP_MS);
    if (step % 2 === parity && step > (lastStep.get(tenant) ?? 0)) {
      lastStep.set(tenant, step);
      return new TOTP({ secret: DEMO_STAFF.totpSecret }).generate({ timestamp: step * STEP_MS });
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * STEP_MS - Date.now() + 200));
  }
}

async function signInToDesk(page: Page, tenant: DemoTenantId, project: string): Promise<void> {
  await page.goto(tenantUrl(tenant, '/desk/sign-in'));
  await page.getByLabel('E-mail').fill(DEMO_STAFF.email);
  await page.getByLabel('Password').fill(DEMO_STAFF.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/desk\/sign-in\/code$/);
  await page.getByLabel('Code').fill(await freshCode(tenant, project));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/desk$/);
}

/** The dealer's feed (CSV) posted to the feed API as a partial feed. */
async function postFeed(request: APIRequestContext, tenant: DemoTenantId, feed: string): Promise<void> {
  const posted = await request.post(`${E2E_BASE_URL}/api/inventory/feeds?mode=partial`, {
    headers: { 'x-tenant-id': tenant, authorization: `Bearer ${e2eFeedKey(tenant)}`, 'content-type': 'text/csv' },
    data: feed,
  });
  expect(posted.status()).toBe(200);
}

test.describe.configure({ mode: 'serial' });

// Signing in with a wrong code, then the app's code, and Today in every demo tenant, with and
// without JavaScript, is the first part of e2e/desk-walk.spec.ts (the whole walk).

test('a wrong password is refused and a shopper session opens no desk page', async ({ page }) => {
  await page.goto(tenantUrl('northside', '/desk/sign-in'));
  await page.getByLabel('E-mail').fill(DEMO_STAFF.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('desk-sign-in-error')).toHaveText('E-mail or password is incorrect.');
  // The demo shopper's session (same e-mail domain, the shop's own sign-in) is no desk session.
  await signInWithPassword(page, 'northside', 'demo@showroom.test', 'DemoPass-2026');
  await expect(page).not.toHaveURL(/sign-in/);
  const desk = await page.goto(tenantUrl('northside', '/desk'));
  expect(desk?.url()).toMatch(/\/desk\/sign-in$/);
  await expect(page.getByTestId('desk')).toHaveCount(0);
});

test('staff do not accept a document and the shopper sees why on the tracker', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  // One tenant per project: the action changes the seeded order for the rest of the run.
  const tenant: DemoTenantId = testInfo.project.name === 'js-off' ? 'northside' : 'lakeview';
  const orderNumber = `SR-${tenant.toUpperCase()}-10008`;
  await signInToDesk(page, tenant, testInfo.project.name);
  await page.goto(tenantUrl(tenant, `/desk/orders?q=${orderNumber}`));
  await page.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  const card = page.locator('li[data-document-type="InsuranceCard"]').first();
  await expect(card.getByTestId('document-review')).toHaveText('To review');
  await card.getByLabel('Reason, as the shopper reads it').selectOption({ label: 'The photo is blurry' });
  await card.getByRole('button', { name: 'Do not accept' }).click();
  await expect(page.getByText('Document not accepted')).toBeVisible();
  await expect(
    page.locator('li[data-document-type="InsuranceCard"]').first().getByTestId('document-review'),
  ).toHaveText('Not accepted (Blurry)');
  await expect(page.getByTestId('desk-audit')).toContainText(`${DEMO_STAFF.email} · document.reject`);

  // The shopper, in a browser of their own, sees the reason and what to do on the upload step.
  const shopper = await browser.newPage({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  try {
    await signInWithPassword(shopper, tenant, 'demo@showroom.test', 'DemoPass-2026');
    await expect(shopper).not.toHaveURL(/sign-in/);
    await shopper.goto(tenantUrl(tenant, `/progress/${orderNumber}/doc-upload`));
    const insurance = shopper.locator('[data-upload-type="InsuranceCard"]');
    await expect(insurance.getByTestId('document-rejection')).toContainText('The photo is blurry.');
    await expect(insurance.getByTestId('document-rejection')).toContainText(
      'Retake it in daylight, holding the phone steady, and upload it again.',
    );
    await expect(insurance.getByTestId('document-status')).toHaveText('Not accepted');
  } finally {
    await shopper.close();
  }
});

test('an admin extends a verified correction once with a reason, then marks it corrected', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const tenant: DemoTenantId = testInfo.project.name === 'js-off' ? 'northside' : 'lakeview';
  // The shopper asks for a correction and verifies it with the e-mailed code (the storefront's API).
  const shopper = await createShopper(request, tenant, 'desk-privacy');
  const headers = { 'x-tenant-id': tenant, 'content-type': 'application/json' };
  const asked = await request.post(`${E2E_BASE_URL}/api/privacy/requests`, {
    headers,
    data: {
      requester: 'self',
      kind: 'correction',
      subjectEmail: shopper.email,
      details: 'My last name is Reyes-Ortiz',
    },
  });
  expect(asked.status()).toBe(201);
  const { id } = ((await asked.json()) as { data: { id: string } }).data;
  const code = await readCodeFromOutbox(context, tenant, shopper.email);
  const verified = await request.post(`${E2E_BASE_URL}/api/privacy/requests/${id}/verify`, { headers, data: { code } });
  expect(verified.status()).toBe(200);

  await signInToDesk(page, tenant, testInfo.project.name);
  await page.locator(`a[href="/desk/privacy#privacy-${id}"]`).click();
  await expect(page.getByRole('heading', { name: 'Privacy requests', level: 1 })).toBeVisible();
  const item = page.locator(`#privacy-${id}`);
  await expect(item).toContainText(`About ${shopper.email}`);
  await expect(item).toContainText('Details: My last name is Reyes-Ortiz');
  // Too short a reason is told next to its field.
  await item.getByLabel('Why more time is needed (the shopper reads it)').fill('busy');
  await item.getByRole('button', { name: /Extend to 90 days/ }).click();
  await expect(page.locator(`#privacy-${id}`)).toContainText('Tell the shopper why more time is needed, in a sentence');
  const reason = 'We are checking the spelling against your signed contract.';
  await page.locator(`#privacy-${id}`).getByLabel('Why more time is needed (the shopper reads it)').fill(reason);
  await page
    .locator(`#privacy-${id}`)
    .getByRole('button', { name: /Extend to 90 days/ })
    .click();
  await expect(page.getByText('Extended to 90 days: the shopper was told why.')).toBeVisible();
  await expect(page.locator(`#privacy-${id}`).getByRole('heading')).toContainText('(extended)');
  await expect(page.locator(`#privacy-${id}`).getByTestId('privacy-history')).toContainText(
    `${DEMO_STAFF.email} · privacy.extend · ${reason}`,
  );
  await expect(page.locator(`#privacy-${id}`).getByRole('button', { name: /Extend to 90 days/ })).toHaveCount(0);

  await page.locator(`#privacy-${id}`).getByLabel('What was corrected').fill('Last name changed to Reyes-Ortiz');
  await page
    .locator(`#privacy-${id}`)
    .getByRole('button', { name: /Mark corrected/ })
    .click();
  await expect(page.getByText('Correction noted: the shopper was told.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Privacy requests done' }).locator(`#privacy-${id}`)).toContainText(
    'privacy.correction · Last name changed to Reyes-Ortiz',
  );
});

test('a feed run shows its refused row at the desk, and staff reprice a vehicle shoppers then see', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const tenant: DemoTenantId = testInfo.project.name === 'js-off' ? 'northside' : 'lakeview';
  const vin = buildVin({
    wmi: '1HG',
    descriptor: 'CV1F3',
    year: 2021,
    plant: 'A',
    serial: tenant === 'northside' ? 933_001 : 933_002,
  });
  // The dealer's feed: one good row and one without a year, posted to the feed API.
  const feed = [
    'vin,year,make,model,trim,body,colors,mileage,type,msrp,price,photo_urls,dealer_zip',
    `${vin},2021,Honda,Accord,EX-L,sedan,Platinum White Pearl,28900,USED,0,27450,,55401`,
    `${buildVin({ wmi: '1HG', descriptor: 'CV1F3', year: 2021, plant: 'A', serial: 933_100 })},,Honda,Accord,EX-L,sedan,Black,30100,USED,0,26900,,55401`,
  ].join('\n');
  await postFeed(request, tenant, feed);

  await signInToDesk(page, tenant, testInfo.project.name);
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Inventory' }).click();
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  const run = page.getByTestId('desk-feed-run').first();
  await expect(run).toContainText('partial feed of 2 rows');
  await expect(run).toContainText('1 rows refused');
  await run.getByText('Refused rows (1)').click();
  await expect(run).toContainText('Row 2, year:');

  await page.getByLabel('VIN, stock number, make or model').fill(vin);
  await page.getByRole('button', { name: 'Search' }).click();
  const vehicle = page.getByTestId('desk-vehicle');
  await expect(vehicle).toHaveCount(1);
  await expect(vehicle.getByLabel('Price in dollars')).toHaveValue('27,450');
  // A price that is not a whole number of dollars is told next to the field.
  await vehicle.getByLabel('Price in dollars').fill('26,9x0');
  await vehicle.getByRole('button', { name: `Save ${vin}`, exact: true }).click();
  await expect(
    page.getByTestId('desk-vehicle').getByText('Enter the price in whole dollars, like 24,995'),
  ).toBeVisible();
  await page.getByTestId('desk-vehicle').getByLabel('Price in dollars').fill('26,950');
  await page.getByTestId('desk-vehicle').getByLabel('Status').selectOption({ label: 'On hold' });
  await page
    .getByTestId('desk-vehicle')
    .getByRole('button', { name: `Save ${vin}`, exact: true })
    .click();
  await expect(page.getByText(`${vin} saved: $26,950, On hold.`)).toBeVisible();

  // Shoppers see the new price on the vehicle's page.
  await page.goto(tenantUrl(tenant, `/vehicles/${vin}`));
  await expect(page.getByText('$26,950').first()).toBeVisible();
});

/** A weekday (Monday to Friday) `from` days or more after today in the dealer's time zone (YYYY-MM-DD). */
function dealerWeekday(from: number, weekday: boolean): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + from);
  const isWeekday = () => date.getUTCDay() >= 1 && date.getUTCDay() <= 5;
  while (isWeekday() !== weekday || (!weekday && date.getUTCDay() !== 6)) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

test('staff take a payment, refund part of it, move the pickup within business hours and cancel it; the shopper sees each', async ({
  page,
  browser,
  request,
  checkA11y,
}, testInfo) => {
  test.setTimeout(180_000);
  // Seed scenario 10023: a cash pickup booked, the contract signed, a $500 card hold, the balance due.
  const tenant: DemoTenantId = testInfo.project.name === 'js-off' ? 'northside' : 'lakeview';
  const orderNumber = scenarioOrderNumber(tenant, 10023);
  await signInToDesk(page, tenant, testInfo.project.name);
  await page.goto(tenantUrl(tenant, `/desk/orders/${orderNumber}`));
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('desk-money-summary')).toContainText('paid $500 ·');

  await page.getByLabel('Payment received at the dealership, in dollars').fill('1,000.00');
  await page.getByRole('button', { name: 'Record the payment' }).click();
  await expect(page.getByText('Payment recorded: the shopper sees it on the tracker.')).toBeVisible();
  await expect(page.getByTestId('desk-money-summary')).toContainText('paid $1,500 ·');
  // More than was paid is refused next to the field.
  await page.getByLabel('Refund, in dollars').fill('1,500.01');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText('The refund is more than what was paid')).toBeVisible();
  await checkA11y();
  await page.getByLabel('Refund, in dollars').fill('250.00');
  await page.getByLabel('Refund of').selectOption({ label: 'Money given back at the dealership' });
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText('Refund recorded: the shopper sees it on the tracker.')).toBeVisible();
  await expect(page.getByTestId('desk-money-summary')).toContainText('paid $1,250 ·');
  await expect(page.getByTestId('desk-audit')).toContainText(`${DEMO_STAFF.email} · payment.record`);
  await expect(page.getByTestId('desk-audit')).toContainText(`${DEMO_STAFF.email} · payment.refund`);

  // The pickup: a Saturday at 17:00 is when the dealer closes (weekdays it is the last slot); a weekday at 14:00 fits.
  await page.getByLabel('New date').fill(dealerWeekday(3, false));
  await page.getByLabel('New time').selectOption('17:00');
  await page.getByRole('button', { name: 'Move the pickup' }).click();
  await expect(page.locator('#move-time-error')).toContainText('Choose a time within our hours:');
  await checkA11y();
  const moved = dealerWeekday(3, true);
  await page.getByLabel('New date').fill(moved);
  await page.getByLabel('New time').selectOption('14:00');
  await page.getByRole('button', { name: 'Move the pickup' }).click();
  await expect(page.getByText('Appointment moved: the shopper was told by e-mail and text.')).toBeVisible();
  await expect(page.getByTestId('desk-audit')).toContainText(`${DEMO_STAFF.email} · delivery.move`);

  // The shopper, in a browser of their own: the money on the payment step, the new time on the pickup step.
  const shopper = await browser.newPage({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  try {
    await signInWithPassword(shopper, tenant, 'demo@showroom.test', 'DemoPass-2026');
    await expect(shopper).not.toHaveURL(/sign-in/);
    await shopper.goto(tenantUrl(tenant, `/progress/${orderNumber}/payment`));
    await expect(shopper.getByTestId('payment-list')).toContainText('At the dealership: $1,000 — Paid');
    await expect(shopper.getByTestId('payment-list')).toContainText('At the dealership: $250 — Refunded');
    await shopper.goto(tenantUrl(tenant, `/fulfillment/${orderNumber}`));
    const appointment = shopper.getByTestId('appointment-state');
    await expect(appointment).toHaveAttribute('data-state', 'Confirmed');
    const day = new Date(`${moved}T12:00:00Z`).toLocaleDateString('en-US', {
      timeZone: 'UTC',
      month: 'long',
      day: 'numeric',
    });
    await expect(appointment).toContainText(day);
    await expect(appointment).toContainText('2:00');

    await page.getByRole('button', { name: 'Cancel the pickup' }).click();
    await expect(
      page.getByText('Appointment cancelled: the shopper was told by e-mail and text, and chooses a new time.'),
    ).toBeVisible();
    await expect(page.getByTestId('desk-audit')).toContainText(`${DEMO_STAFF.email} · delivery.cancel`);
    await shopper.goto(tenantUrl(tenant, `/fulfillment/${orderNumber}`));
    await expect(shopper.getByTestId('appointment-state')).toHaveCount(0);
    await expect(shopper.getByTestId('scheduler')).toBeVisible();
  } finally {
    await shopper.close();
  }
  // The shopper was told by e-mail.
  const outbox = await request.get(`${E2E_BASE_URL}/api/notifications/outbox`, { headers: { 'x-tenant-id': tenant } });
  const { data } = (await outbox.json()) as { data: Array<{ recipient: string; subject: string | null }> };
  const subjects = data
    .filter((message) => message.recipient === 'demo@showroom.test')
    .map((message) => message.subject);
  expect(subjects).toContainEqual(expect.stringContaining('your pickup has a new time'));
  expect(subjects).toContainEqual(expect.stringContaining('your pickup was cancelled'));
});

test('staff add, reorder and remove a vehicle’s photos by hand; shoppers see them and an inside address is refused', async ({
  page,
  request,
  checkA11y,
}, testInfo) => {
  test.setTimeout(180_000);
  const tenant: DemoTenantId = testInfo.project.name === 'js-off' ? 'northside' : 'lakeview';
  const vin = buildVin({
    wmi: '1HG',
    descriptor: 'CV1F3',
    year: 2022,
    plant: 'A',
    serial: tenant === 'northside' ? 934_001 : 934_002,
  });
  await postFeed(
    request,
    tenant,
    [
      'vin,year,make,model,trim,body,colors,mileage,type,msrp,price,photo_urls,dealer_zip',
      `${vin},2022,Honda,Accord,Sport,sedan,Still Night Pearl,21900,USED,0,28950,,55401`,
    ].join('\n'),
  );
  const host = `http://127.0.0.1:${E2E_PHOTO_PORT}`;
  const side = `${host}/side.jpg?desk=${tenant}`;
  const front = `${host}/front.jpg?desk=${tenant}`;
  const inside = `http://169.254.169.254/latest/meta-data/desk-${tenant}.jpg`;
  const storedPhotos = async () => {
    const detail = await request.get(`${E2E_BASE_URL}/api/inventory/vehicles/${vin}`, {
      headers: { 'x-tenant-id': tenant, 'x-caller-id': 'storefront' },
    });
    const body = (await detail.json()) as { data?: { gallery: { photo?: unknown }[] } };
    return body.data?.gallery.filter((picture) => picture.photo).length ?? 0;
  };

  await signInToDesk(page, tenant, testInfo.project.name);
  await page.goto(tenantUrl(tenant, `/desk/inventory?q=${vin}`));
  const vehicle = page.getByTestId('desk-vehicle');
  await expect(vehicle).toHaveCount(1);
  const field = () =>
    page.getByTestId('desk-vehicle').getByLabel('Photo URLs, one a line, in the order shoppers see them');
  await expect(field()).toHaveValue('');
  // Not a web address: told next to the field, and what was typed is kept.
  await field().fill(`${side}\nfile:///etc/passwd`);
  await page
    .getByTestId('desk-vehicle')
    .getByRole('button', { name: /Save photos/ })
    .click();
  await expect(page.getByTestId('desk-vehicle').getByText('Each photo must be an http or https URL')).toBeVisible();
  await expect(field()).toHaveValue(`${side}\nfile:///etc/passwd`);
  await checkA11y();

  await field().fill([side, front, inside].join('\n'));
  await page
    .getByTestId('desk-vehicle')
    .getByRole('button', { name: /Save photos/ })
    .click();
  await expect(page.getByText(`${vin} photos saved (3): new ones show once they are fetched.`)).toBeVisible();
  await expect(field()).toHaveValue([side, front, inside].join('\n'));
  // The photo pipeline fetches the two from the dealer's photo host and refuses the inside address.
  await expect.poll(storedPhotos, { timeout: 60_000, intervals: [500, 1000, 2000] }).toBe(2);
  await expect
    .poll(
      async () => {
        await page.goto(tenantUrl(tenant, `/desk/inventory?q=${vin}`));
        return page.getByRole('list', { name: 'Photos that failed' }).textContent();
      },
      { timeout: 30_000 },
    )
    .toContain(inside);

  // Reordered and one removed: the front first, the side gone.
  await field().fill(front);
  await page
    .getByTestId('desk-vehicle')
    .getByRole('button', { name: /Save photos/ })
    .click();
  await expect(page.getByText(`${vin} photos saved (1)`)).toBeVisible();
  await expect.poll(storedPhotos, { timeout: 30_000 }).toBe(1);
  await page.goto(tenantUrl(tenant, `/vehicles/${vin}`));
  await expect(page.getByTestId('vehicle-gallery').locator('img[data-photo="dealer"]')).toHaveCount(1);
});
