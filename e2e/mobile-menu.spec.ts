import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// The mobile menu at 375×800: a Headless UI drawer with collapsible sections when JavaScript
// runs, a <details> disclosure when it does not. Either way the whole nav is reachable.

test.use({ viewport: { width: 375, height: 800 } });

/** The drawer's panel once opened: the dialog with JavaScript, the <details> panel without. */
async function openMenu(page: Page, jsEnabled: boolean): Promise<Locator> {
  const header = page.getByRole('banner');
  if (jsEnabled) {
    await header.getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    // Ready when the dialog has taken focus (as a shopper would see it settle).
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    return dialog;
  }
  await header.locator('summary', { hasText: 'Menu' }).click();
  const panel = header.getByTestId('mobile-menu-panel');
  await expect(panel).toBeVisible();
  return panel;
}

/** A section's toggle: a Disclosure button with JavaScript, a <summary> without. */
function sectionToggle(menu: Locator, title: string): Locator {
  return menu
    .getByRole('navigation', { name: 'Menu' })
    .locator('button, summary')
    .filter({ hasText: new RegExp(`^${title}$`) });
}

async function expectPanelAt(panel: Locator, x: number, width: number) {
  // The drawer slides in; measure once it has arrived.
  await expect.poll(async () => (await panel.boundingBox())?.x).toBe(x);
  expect((await panel.boundingBox())?.width).toBe(width);
}

test('the header nav collapses into the menu button below the md breakpoint', async ({ page, visit, jsEnabled }) => {
  await visit('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const trigger = jsEnabled
    ? header.getByRole('button', { name: 'Menu', exact: true })
    : header.locator('summary', { hasText: 'Menu' });
  await expect(trigger).toBeVisible();
  await expect(header.getByRole('link', { name: 'Financing', exact: true })).toBeHidden();
});

test('the menu opens full width at 375 px and its sections collapse and expand', async ({
  page,
  visit,
  jsEnabled,
  checkA11y,
}) => {
  await visit('/');
  const menu = await openMenu(page, jsEnabled);
  const panel = jsEnabled ? menu.getByTestId('mobile-menu-panel') : menu;
  // 375 px is below the sm breakpoint (600 px): the drawer takes the whole width.
  await expectPanelAt(panel, 0, 375);

  // The first section starts open, the others closed.
  await expect(menu.getByRole('link', { name: 'Shop vehicles' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Financing' })).toBeHidden();

  await sectionToggle(menu, 'Buying').click();
  await expect(menu.getByRole('link', { name: 'Financing' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Trade-in' })).toBeVisible();

  await sectionToggle(menu, 'Shop').click();
  await expect(menu.getByRole('link', { name: 'Shop vehicles' })).toBeHidden();
  if (jsEnabled) {
    await expect(sectionToggle(menu, 'Shop')).toHaveAttribute('aria-expanded', 'false');
    await expect(sectionToggle(menu, 'Buying')).toHaveAttribute('aria-expanded', 'true');
  }

  await sectionToggle(menu, 'Buying').click();
  await expect(menu.getByRole('link', { name: 'Financing' })).toBeHidden();

  await expect(menu.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await checkA11y();
});

test('a link in the menu navigates (and closes the drawer)', async ({ page, visit, jsEnabled }) => {
  await visit('/');
  const menu = await openMenu(page, jsEnabled);
  await sectionToggle(menu, 'About us').click();
  await menu.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL('/faq');
  if (jsEnabled) await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
});

test('Escape and the close button close the drawer', async ({ page, visit, jsEnabled }) => {
  test.skip(!jsEnabled, 'the drawer is a dialog only with JavaScript');
  await visit('/');
  await openMenu(page, true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  const trigger = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  await expect(trigger).toBeFocused();

  const dialog = await openMenu(page, true);
  await dialog.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
});

test.describe('between the sm and md breakpoints', () => {
  test.use({ viewport: { width: 700, height: 800 } });

  test('the drawer is 375 px wide, not full width', async ({ page, visit, jsEnabled }) => {
    await visit('/');
    const menu = await openMenu(page, jsEnabled);
    const panel = jsEnabled ? menu.getByTestId('mobile-menu-panel') : menu;
    await expectPanelAt(panel, 0, 375);
  });
});
