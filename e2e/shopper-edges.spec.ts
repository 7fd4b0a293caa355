import { accountMenu, createShopper, signInWithPassword, submit } from './support/accounts';
import { startPurchaseOfAvailable } from './support/checkout';
import { E2E_BASE_URL } from './support/env';
import { expect, test } from './support/fixtures';
import { cards } from './support/storefront';
import { DEMO_TENANTS, tenantConfig, tenantUrl } from './support/tenants';

// Rough edges a new shopper hit (issue 18), as the shopper sees them, JavaScript on and off.

test.describe('intent survives sign-in', () => {
  test('a heart pressed while signed out is saved once the shopper signs in, back at the same card', async ({
    page,
    request,
    visit,
    jsEnabled,
  }) => {
    const shopper = await createShopper(request, 'default', 'intent');
    await visit('/search?sort=price-asc');
    const card = cards(page).nth(2);
    const vin = (await card.getAttribute('data-vin'))!;
    await card.getByRole('button', { name: /^Save / }).click();
    if (jsEnabled) {
      const prompt = page.getByRole('dialog', { name: 'Sign in to save vehicles' });
      await prompt.getByRole('button', { name: 'Sign in' }).click();
    }
    await expect(page).toHaveURL(`/sign-in?redirectTo=${encodeURIComponent(`/search?sort=price-asc#vehicle-${vin}`)}`);
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await submit(page, 'Sign In');
    await expect(accountMenu(page)).toBeVisible();
    await expect(page).toHaveURL(`/search?sort=price-asc#vehicle-${vin}`);
    await expect(page.locator(`#vehicle-${vin}`).getByRole('button', { name: /^Save / })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('favorites-link-badge')).toHaveText('1');
  });

  test('Compare comes back to its card without JavaScript, and the comparison and the cart survive sign-in', async ({
    page,
    request,
    visit,
    jsEnabled,
  }) => {
    const shopper = await createShopper(request, 'default', 'intent-cart');
    await visit('/search?sort=price-asc');
    const card = cards(page).nth(4);
    const vin = (await card.getAttribute('data-vin'))!;
    await card.getByRole('checkbox', { name: /^Compare/ }).click();
    await expect(page.locator(`#vehicle-${vin}`).getByRole('checkbox', { name: /^Compare/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page).toHaveURL(jsEnabled ? '/search?sort=price-asc' : `/search?sort=price-asc#vehicle-${vin}`);
    // The box ticks at once; the tray counts what the server kept (with JavaScript the post is a
    // fetcher's, which leaving the page now would cancel).
    await expect(page.getByTestId('compare-tray')).toContainText('1 of 4 vehicles selected');

    const bought = await startPurchaseOfAvailable(page, request, 'Cash');
    await page.goto(`/sign-in?redirectTo=${encodeURIComponent('/checkout/cart')}`);
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await submit(page, 'Sign In');
    await expect(page).toHaveURL('/checkout/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(page.getByTestId('cart-vehicle').locator(`a[href="/vehicles/${bought}"]`)).toBeVisible();
    await visit('/compare');
    await expect(page.locator(`[data-vin="${vin}"]`).first()).toBeVisible();
  });
});

test.describe('per-tenant polish', () => {
  test('titles carry the tenant name and each tenant has its own icon', async ({ page, visit }) => {
    const icons = new Set<string>();
    for (const tenant of DEMO_TENANTS) {
      await visit(tenantUrl(tenant, '/sign-in'));
      await expect(page).toHaveTitle(`Sign in | ${tenantConfig(tenant).brandName}`);
      const icon = (await page.locator('head link[rel="icon"]').getAttribute('href'))!;
      icons.add(icon);
      const answer = await page.request.get(`${E2E_BASE_URL}${new URL(icon, page.url()).pathname}`);
      expect(answer.status()).toBe(200);
    }
    expect(icons.size).toBe(DEMO_TENANTS.length);
    await visit(tenantUrl('northside', '/reset-password'));
    await expect(page).toHaveTitle('Reset your password | Northside Motors');
  });

  test('on a phone the comparison lines its cards up with the table and says it scrolls', async ({ page, visit }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit('/search?sort=price-asc');
    for (const index of [5, 6]) {
      // One at a time: each answer carries the whole list in its cookie.
      await Promise.all([
        page.waitForResponse((response) => response.url().includes('/resources/compare')),
        cards(page)
          .nth(index)
          .getByRole('checkbox', { name: /^Compare/ })
          .click(),
      ]);
      await expect(
        cards(page)
          .nth(index)
          .getByRole('checkbox', { name: /^Compare/ }),
      ).toHaveAttribute('aria-checked', 'true');
    }
    await visit('/compare');
    await expect(page.getByTestId('compare-scroll-hint')).toHaveText('Swipe sideways to see every vehicle.');
    const headers = page.getByTestId('compare-table').locator('thead th');
    await expect(headers).toHaveCount(2);
    for (const index of [0, 1]) {
      const card = (await cards(page).nth(index).boundingBox())!;
      const column = (await headers.nth(index).boundingBox())!;
      expect(Math.abs(card.x - (column.x + 8)), `card ${index} above its column`).toBeLessThan(2);
    }
  });
});

test('the order list names each state as the shopper knows it', async ({ page, visit }) => {
  await signInWithPassword(page, 'default', 'demo@showroom.test', 'DemoPass-2026');
  await expect(accountMenu(page)).toBeVisible();
  await visit('/account/orders');
  const state = (suffix: number) =>
    page.locator(`[data-testid="order-item"][data-order-number="SR-DEFAULT-${suffix}"]`).getByTestId('order-state');
  await expect(state(10026)).toHaveText('Status: Vehicle delivered');
  await expect(state(10001)).toHaveText('Status: Updates in progress');
  await expect(page.getByTestId('order-state').filter({ hasText: /Status: [A-Z_]{4,}$/ })).toHaveCount(0);
});

test('a refused sign-in keeps the e-mail and never the password', async ({ page, visit }) => {
  await visit('/sign-in');
  await page.getByLabel('Email').fill('nobody-here@showroom.test');
  await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
  await submit(page, 'Sign In');
  await expect(page.getByRole('alert').filter({ hasText: /incorrect/i })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('nobody-here@showroom.test');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
});

test('the search box reads colours, body styles, conditions and years as filters', async ({ page, visit }) => {
  await visit('/search');
  const box = page
    .getByRole('combobox', { name: 'Search by make, model or keyword' })
    .or(page.getByRole('searchbox', { name: 'Search by make, model or keyword' }))
    .first();
  await box.fill('red suv');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?bodyStyle=suv&color=red');
  await expect(cards(page).first()).toBeVisible();
  await expect(cards(page).filter({ hasNotText: /red/i })).toHaveCount(0);
});
