import { expect, test } from './support/fixtures';
import { tenantConfig } from './support/tenants';

// The header for a shopper who is not signed in (the signed-in menu and badges need a seeded
// shopper: see the sign-in fixtures).

test('logo links home; nav, saved vehicles and cart links; a Sign in link', async ({ page, visit }) => {
  await visit('/no-such-page');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: `${tenantConfig('default').brandName} home` })).toHaveAttribute(
    'href',
    '/',
  );
  const nav = header.getByRole('navigation', { name: 'Main' });
  for (const label of ['Shop vehicles', 'Financing', 'Trade-in', 'Why us', 'FAQ']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(header.getByRole('link', { name: 'Saved vehicles' })).toHaveAttribute('href', '/saved-vehicles');
  await expect(header.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/checkout');
  // Signed out there is nothing to count: no badges.
  await expect(header.getByTestId('favorites-link-badge')).toHaveCount(0);
  await expect(header.getByTestId('cart-link-badge')).toHaveCount(0);

  await header.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/sign-in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
});

test('the header logo goes back to the landing page', async ({ page, visit }) => {
  await visit('/no-such-page');
  await page
    .getByRole('banner')
    .getByRole('link', { name: `${tenantConfig('default').brandName} home` })
    .click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('not-found-page')).toHaveCount(0);
});
