import type { Page } from '@playwright/test';
import { DEMO_SHOPPER, SCENARIOS, scenarioOrderNumber, type Scenario } from '../server/db/seed-data/scenarios';
import { expect, test } from './support/fixtures';
import { tenantUrl, type DemoTenantId } from './support/tenants';

// The post-purchase tracker against the built-in backend and the seeded demo orders: the step
// list as machines read it (data-step, data-status, aria-current="step", in sequence order),
// the redirect to the active step, the 404 for another tenant's order, and forceFlag.

const STEP_PATHS: Record<string, string> = {
  VERIFY_INSURANCE: 'insurance-verification',
  VERIFY_ID: 'id-verification',
  UPLOAD_DOCUMENTS: 'doc-upload',
  DEAL_REVIEW: 'deal-review',
  FINANCE_DECISION: 'finance-decision',
  SIGN_CONTRACT: 'signing',
  PAYMENT_DETAILS: 'payment',
};

function scenario(key: string): Scenario {
  const found = SCENARIOS.find((item) => item.key === key);
  if (!found) throw new Error(`no scenario ${key}`);
  return found;
}

function activePath(tenant: DemoTenantId, item: Scenario): string {
  const orderNumber = scenarioOrderNumber(tenant, item.suffix);
  const step = item.expected.activeStep!;
  return step === 'SCHEDULE_DELIVERY' ? `/fulfillment/${orderNumber}` : `/progress/${orderNumber}/${STEP_PATHS[step]}`;
}

/** Signs the demo shopper in on this tenant's site through the real form, landing on `path`. */
async function signIn(page: Page, tenant: DemoTenantId, path: string) {
  await page.goto(tenantUrl(tenant, `/sign-in?redirectTo=${encodeURIComponent(path)}`));
  await page.getByLabel('Email').fill(DEMO_SHOPPER.email);
  await page.getByLabel('Password').fill(DEMO_SHOPPER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 10_000 });
}

/** [data-step] items of the step list, as "STEP:STATUS", in document order. */
function stepList(page: Page) {
  return page.getByTestId('tracker-steps').locator('[data-step]');
}

async function readSteps(page: Page): Promise<string[]> {
  return stepList(page).evaluateAll((items) =>
    items.map((item) => `${item.getAttribute('data-step')}:${item.getAttribute('data-status')}`),
  );
}

async function expectTracker(page: Page, item: Scenario) {
  const expected = Object.entries(item.expected.steps).map(([step, status]) => `${step}:${status}`);
  await expect.poll(() => readSteps(page)).toEqual(expected);
  const current = page.locator('[data-step][aria-current="step"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute('data-step', item.expected.activeStep!);
  // Not-ready steps are not links.
  for (const row of await stepList(page).all()) {
    const links = row.getByRole('link');
    await expect(links).toHaveCount((await row.getAttribute('data-status')) === 'NOT_READY' ? 0 : 1);
  }
}

test.describe('default tenant', () => {
  const tenant = 'default';

  test('each seeded order opens on its active step with the rules’ statuses', async ({ page, visit }) => {
    test.slow();
    const keys = [
      'finance-new',
      'insurance-in-progress',
      'id-check-error',
      'id-check-expired',
      'documents-partial',
      'documents-needs-attention',
      'cash-dealer-deal-review',
      'cash-dealer-awaiting-deal',
      'finance-decision-pending',
      'finance-declined',
      'signing-ready',
      'signing-cancelled',
      'cash-reset-signing-ready',
      'payment-failed',
      'payment-captured',
      'cash-paid-delivery-ready',
      'cash-pickup-balance-due',
      'offramp-signed',
      'lease-payment-hold',
      'delivery-scheduled',
    ];
    const first = scenario(keys[0]!);
    await signIn(page, tenant, `/progress/${scenarioOrderNumber(tenant, first.suffix)}`);
    for (const key of keys) {
      const item = scenario(key);
      const response = await visit(tenantUrl(tenant, `/progress/${scenarioOrderNumber(tenant, item.suffix)}`), {
        axe: key === keys[0],
      });
      expect(response?.status(), key).toBe(200);
      await expect(page, key).toHaveURL(tenantUrl(tenant, activePath(tenant, item)));
      await expectTracker(page, item);
      await expect(page.getByTestId('step-page')).toHaveAttribute('data-page-step', item.expected.activeStep!);
    }
  });

  test('a step page shows its title, status, guidance, facts and the vehicle', async ({ page, visit }) => {
    const item = scenario('documents-partial');
    const orderNumber = scenarioOrderNumber(tenant, item.suffix);
    await signIn(page, tenant, `/progress/${orderNumber}/doc-upload`);
    await visit(tenantUrl(tenant, `/progress/${orderNumber}/doc-upload`));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Upload documents' })).toBeVisible();
    await expect(main.getByTestId('step-status')).toHaveText('In Progress');
    await expect(main.getByTestId('step-guidance')).toHaveText('Some documents are in. Upload the ones still missing.');
    await expect(main.locator('[data-document="APP.DRIVERSLICENSE"]')).toHaveAttribute(
      'data-document-status',
      'COMPLETE',
    );
    await expect(main.locator('[data-document="GEN.INSURANCECARD"]')).toHaveAttribute(
      'data-document-status',
      'UPLOADING',
    );
    await expect(main.locator('[data-step-actions="UPLOAD_DOCUMENTS"]')).toBeVisible();
    await expect(page.getByTestId('vehicle-name')).toHaveText(/^\d{4} \S+ .+/);
    await expect(page.getByTestId('message-banner')).toHaveAttribute('data-variant', 'message-with-timer');

    // The summary sub-page of the same step.
    await visit(tenantUrl(tenant, `/progress/${orderNumber}/doc-upload/summary`));
    await expect(page.getByTestId('documents-summary')).toContainText('1 of 3 documents received.');
    await expect(page.locator('[data-step][aria-current="step"]')).toHaveAttribute('data-step', 'UPLOAD_DOCUMENTS');
  });

  test('the banner timer counts with JavaScript and keeps its count per order', async ({ page, visit, jsEnabled }) => {
    const item = scenario('finance-new');
    const orderNumber = scenarioOrderNumber(tenant, item.suffix);
    await signIn(page, tenant, `/progress/${orderNumber}`);
    await visit(tenantUrl(tenant, `/progress/${orderNumber}/id-verification`));
    const banner = page.getByTestId('message-banner');
    await expect(banner).toBeVisible();
    if (!jsEnabled) {
      // Without JavaScript there is nothing to count with: the message shows alone.
      await expect(banner.getByTestId('banner-timer')).toHaveCount(0);
      return;
    }
    // The running page writes its count every second, so the stored value is set before the
    // page's own scripts run.
    const key = `showroom.progress-banner-timer.${orderNumber}`;
    await page.addInitScript((name) => window.localStorage.setItem(name, '32398'), key);
    await page.reload();
    const timer = banner.getByTestId('banner-timer');
    await expect(timer).toContainText(/08:59:5[89]/);
    await expect(timer).toHaveAttribute('data-red', 'true', { timeout: 5_000 });
    await page.addInitScript((name) => window.localStorage.setItem(name, '36000'), key);
    await page.reload();
    await expect(timer).toContainText('10:00:00');
    await page.waitForTimeout(1_500);
    await expect(timer).toContainText('10:00:00');
    // Another order keeps its own count.
    const other = scenarioOrderNumber(tenant, scenario('insurance-in-progress').suffix);
    await visit(tenantUrl(tenant, `/progress/${other}/insurance-verification`), { axe: false });
    await expect(page.getByTestId('banner-timer')).toContainText(/00:00:0\d/);
  });

  test('an unknown path and a step that is not ready redirect to the active step', async ({ page, visit }) => {
    const item = scenario('id-check-initiated');
    const orderNumber = scenarioOrderNumber(tenant, item.suffix);
    await signIn(page, tenant, `/progress/${orderNumber}`);
    await visit(tenantUrl(tenant, `/progress/${orderNumber}/no-such-step/at-all`));
    await expect(page).toHaveURL(tenantUrl(tenant, activePath(tenant, item)));
    await visit(tenantUrl(tenant, `/progress/${orderNumber}/signing`));
    await expect(page).toHaveURL(tenantUrl(tenant, activePath(tenant, item)));
    await visit(tenantUrl(tenant, `/fulfillment/${orderNumber}`));
    await expect(page).toHaveURL(tenantUrl(tenant, activePath(tenant, item)));
    await expectTracker(page, item);
  });

  test("another tenant's order number is not found here", async ({ page, visit }) => {
    const item = scenario('finance-new');
    await signIn(page, tenant, `/progress/${scenarioOrderNumber(tenant, item.suffix)}`);
    const response = await visit(
      tenantUrl(tenant, `/progress/${scenarioOrderNumber('northside', item.suffix)}/id-verification`),
    );
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page.locator('[data-step]')).toHaveCount(0);
  });

  test('forceFlag=consolidate-finance-and-signing removes FINANCE_DECISION and DEAL_REVIEW', async ({
    page,
    visit,
  }) => {
    const item = scenario('cash-dealer-deal-review');
    const orderNumber = scenarioOrderNumber(tenant, item.suffix);
    await signIn(page, tenant, `/progress/${orderNumber}`);
    await expectTracker(page, item);
    await visit(tenantUrl(tenant, `/progress/${orderNumber}?forceFlag=consolidate-finance-and-signing`));
    // DEAL_REVIEW was the active step; without it no step is open, so the tracker opens on the
    // last completed one, and the redirect keeps the forced flag.
    await expect(page).toHaveURL(
      tenantUrl(tenant, `/progress/${orderNumber}/doc-upload?forceFlag=consolidate-finance-and-signing`),
    );
    await expect
      .poll(() => readSteps(page))
      .toEqual([
        'VERIFY_INSURANCE:COMPLETED',
        'VERIFY_ID:COMPLETED',
        'UPLOAD_DOCUMENTS:COMPLETED',
        'SIGN_CONTRACT:NOT_READY',
        'SCHEDULE_DELIVERY:NOT_READY',
        'PAYMENT_DETAILS:NOT_READY',
      ]);
    await expect(page.locator('[data-step][aria-current="step"]')).toHaveAttribute('data-step', 'UPLOAD_DOCUMENTS');
  });

  test('a signed-out visitor is asked to sign in and comes back to the tracker', async ({ page }) => {
    const item = scenario('signing-ready');
    const orderNumber = scenarioOrderNumber(tenant, item.suffix);
    await page.goto(tenantUrl(tenant, `/progress/${orderNumber}`));
    await expect(page).toHaveURL(
      tenantUrl(tenant, `/sign-in?redirectTo=${encodeURIComponent(`/progress/${orderNumber}`)}`),
    );
    await page.getByLabel('Email').fill(DEMO_SHOPPER.email);
    await page.getByLabel('Password').fill(DEMO_SHOPPER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(tenantUrl(tenant, activePath(tenant, item)));
    await expectTracker(page, item);
  });

  test('/signing?orderNumber= opens the order’s signing step', async ({ page }) => {
    const item = scenario('signing-ready');
    const orderNumber = scenarioOrderNumber(tenant, item.suffix);
    await signIn(page, tenant, `/signing?orderNumber=${orderNumber}`);
    await expect(page).toHaveURL(tenantUrl(tenant, `/progress/${orderNumber}/signing`));
    await expect(page.getByRole('heading', { level: 1, name: 'Sign your contract' })).toBeVisible();
  });

  test('clicking a step in the side list opens it', async ({ page }) => {
    const item = scenario('signing-ready');
    const orderNumber = scenarioOrderNumber(tenant, item.suffix);
    await signIn(page, tenant, `/progress/${orderNumber}`);
    await expect(page).toHaveURL(tenantUrl(tenant, activePath(tenant, item)));
    await page.getByTestId('tracker-steps').locator('[data-step="VERIFY_ID"]').getByRole('link').click();
    await expect(page).toHaveURL(tenantUrl(tenant, `/progress/${orderNumber}/id-verification`));
    await expect(page.locator('[data-step][aria-current="step"]')).toHaveAttribute('data-step', 'VERIFY_ID');
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your ID' })).toBeVisible();
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a collapsible header numbered 'n of total' opens the list of steps", async ({ page, jsEnabled, checkA11y }) => {
    const item = scenario('documents-partial');
    const orderNumber = scenarioOrderNumber('default', item.suffix);
    await signIn(page, 'default', `/progress/${orderNumber}`);
    await expect(page).toHaveURL(tenantUrl('default', activePath('default', item)));
    await expect(page.getByTestId('tracker-steps')).toBeHidden();
    const menu = page.getByTestId('tracker-mobile-steps');
    await expect(menu.getByTestId('tracker-step-count')).toHaveText(`3 of ${Object.keys(item.expected.steps).length}`);
    const opener = jsEnabled ? menu.getByRole('button') : menu.locator('summary');
    await opener.click();
    await expect(menu.getByRole('link', { name: /Verify your ID/ })).toBeVisible();
    // Steps that are not ready are listed but cannot be opened.
    await expect(menu.getByRole('link', { name: /Sign your contract/ })).toHaveCount(0);
    await expect(menu.getByText(/Sign your contract/)).toBeVisible();
    await checkA11y();
    await menu.getByRole('link', { name: /Verify your ID/ }).click();
    await expect(page).toHaveURL(tenantUrl('default', `/progress/${orderNumber}/id-verification`));
    await expect(page.getByTestId('tracker-mobile-steps').getByTestId('tracker-step-count')).toHaveText(
      `2 of ${Object.keys(item.expected.steps).length}`,
    );
  });
});

test.describe('other tenants', () => {
  for (const tenant of ['northside', 'lakeview'] as const) {
    test(`${tenant}: the demo orders open on their active steps`, async ({ page, visit }) => {
      const keys = ['finance-new', 'cash-dealer-deal-review', 'offramp-signed'];
      await signIn(page, tenant, `/progress/${scenarioOrderNumber(tenant, scenario(keys[0]!).suffix)}`);
      for (const key of keys) {
        const item = scenario(key);
        await visit(tenantUrl(tenant, `/progress/${scenarioOrderNumber(tenant, item.suffix)}`), { axe: false });
        await expect(page, key).toHaveURL(tenantUrl(tenant, activePath(tenant, item)));
        await expectTracker(page, item);
      }
      const response = await visit(tenantUrl(tenant, `/progress/${scenarioOrderNumber('default', 10001)}`), {
        axe: false,
      });
      expect(response?.status()).toBe(404);
    });
  }
});
