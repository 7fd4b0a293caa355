import { createShopper, signInWithPassword, submit } from './support/accounts';
import { expect, test } from './support/fixtures';
import { cards } from './support/storefront';

// The standalone pre-qualification (issue 14, seed 002 §4): a new shopper pre-qualifies from
// /financing and then sees their own payment, not the estimate, on the search cards. The
// sandbox bureau (docs/sandbox-partners.md) finds a shopper born before 2000 without an SSN
// and gives the very-good tier. Every other outcome is covered by tests/server/prequal-api.test.ts.

const TENANT = 'default';

test('a new shopper pre-qualifies from /financing and sees personalised payments on the search cards', async ({
  page,
  request,
  visit,
}) => {
  test.slow();
  const shopper = await createShopper(request, TENANT, 'prequal');
  await signInWithPassword(page, TENANT, shopper.email, shopper.password);
  await expect(page).not.toHaveURL(/sign-in/);

  await visit('/financing');
  await page.getByTestId('prequal-cta').getByRole('link', { name: 'Get pre-qualified' }).click();
  await expect(page).toHaveURL(/\/financing\/pre-qualify$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pre-qualify for financing' })).toBeVisible();
  // The account's name and e-mail are already filled in; the SSN is not asked for yet.
  await expect(page.getByLabel('Legal first name')).toHaveValue(shopper.firstName);
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  await expect(page.getByLabel('SSN or ITIN')).toHaveCount(0);
  await page.getByLabel('Date of birth').fill('04/12/1988');
  await page.getByLabel('Street address').fill('418 Oak Hollow Lane');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').selectOption('TX');
  await page.getByLabel('Zip code').fill('78701');
  await page.getByLabel('Gross annual income').fill('85000');
  await page.getByLabel(/I authorize .* to obtain my credit report/).check();
  await submit(page, 'Check my rate');

  await expect(page).toHaveURL(/\/financing\/pre-qualify\/result/);
  await expect(page.getByRole('heading', { level: 1, name: "You're pre-qualified" })).toBeVisible();
  await expect(page.getByTestId('prequal-result')).toContainText('Very good');
  // The found shopper may edit income and e-mail (seed 002 §4).
  await expect(page.getByTestId('prequal-details').getByLabel('Gross annual income')).toHaveValue('85,000');

  await visit('/search?type=USED&priceMin=15000&priceMax=40000&sort=price-asc');
  const personalised = cards(page).filter({ has: page.locator('[data-payment="personalized"]') });
  await expect(personalised.first()).toBeVisible();
  await expect(cards(page).filter({ has: page.locator('[data-payment="estimated"]') })).toHaveCount(0);
  const block = personalised.first().getByTestId('payment-block');
  await expect(block).not.toContainText('Est.');
  await expect(block).toContainText('Lender qualified');
  await expect(block).toContainText(/\$[\d,]+\/mo/);
  await expect(block).toContainText(/\d+\.\d{2}% APR · 48 mos/);
});
