import type { Page } from '@playwright/test';
import { accountMenu, createShopper, signInWithPassword } from './support/accounts';
import { E2E_BASE_URL } from './support/env';
import { expect, test } from './support/fixtures';
import { cards, vehicleStates } from './support/storefront';
import { tenantUrl } from './support/tenants';

// Favourites (seed 001 §4, seed 002 §6): the heart needs sign-in (a prompt with JavaScript, a
// sign-in redirect that comes back without), it toggles, the saved vehicles page lists the
// saved ones, and a sold vehicle cannot be saved. Each test signs up its own shopper, so the
// two projects never share favourites.

/** Signs in and waits until the header shows the shopper. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await signInWithPassword(page, 'default', email, password);
  await expect(accountMenu(page)).toBeVisible();
}

test.describe('favourites', () => {
  test('a signed-out shopper is asked to sign in, and comes back to the page', async ({
    page,
    visit,
    jsEnabled,
    checkA11y,
  }) => {
    await visit('/search?sort=price-asc');
    const heart = cards(page)
      .first()
      .getByRole('button', { name: /^Save / });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    if (jsEnabled) {
      const prompt = page.getByRole('dialog', { name: 'Sign in to save vehicles' });
      await expect(prompt).toBeVisible();
      await checkA11y();
      await expect(prompt.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await prompt.getByRole('button', { name: 'Not now' }).click();
      await expect(prompt).toBeHidden();
      await expect(page).toHaveURL(/\/search\?sort=price-asc$/);
    } else {
      await expect(page).toHaveURL(
        new RegExp(`/sign-in\\?redirectTo=${encodeURIComponent('/search?sort=price-asc#vehicle-')}`),
      );
    }
  });

  test('the saved vehicles page needs sign-in', async ({ page, visit }) => {
    await visit('/saved-vehicles');
    await expect(page).toHaveURL(`/sign-in?redirectTo=${encodeURIComponent('/saved-vehicles')}`);
  });

  test('a signed-in shopper saves a vehicle, finds it on the saved page and removes it', async ({
    page,
    request,
    visit,
  }) => {
    const shopper = await createShopper(request, 'default', 'favorites');
    await signIn(page, shopper.email, shopper.password);
    await visit('/search');
    const first = cards(page).first();
    const vin = await first.getAttribute('data-vin');
    const heading = (await first.getByRole('heading').textContent())!;
    const heart = first.getByRole('button', { name: `Save ${heading}` });
    await heart.click();
    await expect(page.getByTestId('card-footer').first()).toBeVisible();
    await expect(
      cards(page)
        .first()
        .getByRole('button', { name: `Save ${heading}` }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('favorites-link-badge')).toHaveText('1');

    await page.getByTestId('favorites-link').click();
    await expect(page).toHaveURL('/saved-vehicles');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved vehicles' })).toBeVisible();
    await expect(page.getByTestId('saved-count')).toHaveText('1 saved vehicle');
    const saved = page.locator(`[data-testid="vehicle-card"][data-vin="${vin}"]`);
    await expect(saved).toBeVisible();
    await saved.getByRole('button', { name: `Save ${heading}` }).click();
    await expect(page.getByTestId('saved-empty')).toBeVisible();
    await expect(page.getByTestId('favorites-link-badge')).toHaveCount(0);
  });

  test('the demo shopper finds the three seeded favourites', async ({ page, visit }) => {
    await signIn(page, 'demo@showroom.test', 'DemoPass-2026');
    await visit('/saved-vehicles');
    await expect(page.getByTestId('saved-count')).toHaveText('3 saved vehicles');
    await expect(cards(page)).toHaveCount(3);
    for (const heart of await cards(page)
      .getByRole('button', { name: /^Save / })
      .all())
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  test('a sold vehicle cannot be saved', async ({ page, request, visit }) => {
    const { sold } = await vehicleStates(request);
    const shopper = await createShopper(request, 'default', 'sold');
    await signIn(page, shopper.email, shopper.password);
    await visit(`/vehicles/${sold[0]}`);
    await expect(page.getByTestId('availability')).toContainText('Sold');
    const aside = page.getByRole('complementary', { name: 'Price and availability' });
    await expect(aside.getByRole('button', { name: /^Save / })).toHaveCount(0);
    await expect(aside.getByText('Sold vehicles cannot be saved.')).toBeVisible();

    // Even a form posted anyway is refused, with the reason on the page it comes back to.
    const posted = await page.request.post(`${E2E_BASE_URL}/resources/favorites`, {
      form: { vin: sold[0]!, intent: 'add', redirectTo: `/vehicles/${sold[0]}` },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    expect(posted.headers().location).toBe(`/vehicles/${sold[0]}`);
    await visit(`/vehicles/${sold[0]}`);
    await expect(page.getByTestId('notice')).toHaveText('This vehicle has been sold and can no longer be saved.');
    await visit('/saved-vehicles');
    await expect(page.getByTestId('saved-empty')).toBeVisible();
  });

  test('a tenant without favourites shows no hearts', async ({ page, visit }) => {
    await visit(tenantUrl('lakeview', '/search'));
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Save / })).toHaveCount(0);
    await expect(
      cards(page)
        .first()
        .getByRole('checkbox', { name: /^Compare/ }),
    ).toBeVisible();
  });
});
