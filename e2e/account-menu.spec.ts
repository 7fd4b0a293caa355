import type { Page } from '@playwright/test';
import { DEMO_SHOPPER } from '../server/db/seed-data/scenarios';
import { expect, test } from './support/fixtures';

// The header of a signed-in shopper: avatar initials and full name in the account menu, the
// cart badge (the vehicles in the cart: one at most, issue 31 point 6) and the favourites badge, from the seeded demo
// shopper of the default tenant. Signing in and out goes through the real forms.

const FULL_NAME = `${DEMO_SHOPPER.firstName} ${DEMO_SHOPPER.lastName}`;
const INITIALS = `${DEMO_SHOPPER.firstName[0]}${DEMO_SHOPPER.lastName[0]}`;

async function signIn(page: Page) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(DEMO_SHOPPER.email);
  await page.getByLabel('Password').fill(DEMO_SHOPPER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/');
}

test('a signed-in shopper sees initials, name, badges and the account menu', async ({
  page,
  visit,
  jsEnabled,
  checkA11y,
}) => {
  await signIn(page);
  await visit('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(header.getByTestId('account-avatar')).toHaveText(INITIALS);
  await expect(header.getByText(FULL_NAME).filter({ visible: true })).toHaveCount(1);

  // The demo shopper's orders (one per scenario, drafts among them) are not the cart: the badge
  // shows the cart's vehicle, when other tests have put one there, and never an order count.
  const cartBadge = header.getByTestId('cart-link-badge');
  if ((await cartBadge.count()) > 0) {
    await expect(cartBadge).toHaveText('1');
    await expect(header.getByRole('link', { name: 'Cart (1)' })).toBeVisible();
  } else await expect(header.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
  await expect(header.getByTestId('favorites-link-badge')).toHaveText(/^[1-9]$|^9\+$/);

  const items = ['Account', 'Orders', 'Saved vehicles'];
  if (jsEnabled) {
    await header.getByRole('button', { name: `Account menu for ${FULL_NAME}` }).click();
    const menu = page.getByRole('menu');
    for (const name of items) await expect(menu.getByRole('menuitem', { name })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await checkA11y();
    await menu.getByRole('menuitem', { name: 'Orders' }).click();
    await expect(page).toHaveURL('/account/orders');
  } else {
    await header.locator('summary', { hasText: FULL_NAME }).click();
    const menu = header.getByTestId('account-menu');
    for (const name of items) await expect(menu.getByRole('link', { name })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/account/orders');
  }
});

test('Sign out in the account menu signs the shopper out', async ({ page, jsEnabled, waitForHydration }) => {
  await signIn(page);
  await waitForHydration();
  const header = page.getByRole('banner');
  if (jsEnabled) {
    await header.getByRole('button', { name: `Account menu for ${FULL_NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
  } else {
    await header.locator('summary', { hasText: FULL_NAME }).click();
    await header.getByRole('button', { name: 'Sign out' }).click();
  }
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(header.getByTestId('account-avatar')).toHaveCount(0);
  await expect(header.getByTestId('cart-link-badge')).toHaveCount(0);
});

test.describe('the menu code loads on intent (decision 046)', () => {
  /** Holds the menu's chunk back, so the shopper acts before it has arrived. */
  async function slowMenuCode(page: Page) {
    await page.route(/\/assets\/account-menu-popover-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
  }

  test('nothing of the menu loads with the page; a click before its code opens it when it arrives', async ({
    page,
    visit,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, 'the menu is a <details> without JavaScript');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await signIn(page);
    await slowMenuCode(page);
    requested.length = 0;
    await visit('/');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => /account-menu-popover|headlessui|\/floating-/.test(url))).toEqual([]);

    const header = page.getByRole('banner');
    await header.getByRole('button', { name: `Account menu for ${FULL_NAME}` }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Orders' }).click();
    await expect(page).toHaveURL('/account/orders');
  });

  test('Enter before the code arrives opens it on the first item; Escape closes it and gives the focus back', async ({
    page,
    visit,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, 'the menu is a <details> without JavaScript');
    await signIn(page);
    await slowMenuCode(page);
    await visit('/');
    const trigger = page.getByRole('banner').getByRole('button', { name: `Account menu for ${FULL_NAME}` });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Account' })).toHaveAttribute('data-focus', '');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });
});
