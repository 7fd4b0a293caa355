import { createShopper, signInWithPassword, submit } from './support/accounts';
import { dealLine, startPurchaseOfAvailable } from './support/checkout';
import { expect, test } from './support/fixtures';
import { PurchasePage } from './support/purchase';
import { cards } from './support/storefront';
import { DEMO_TENANTS, tenantUrl } from './support/tenants';

// The standalone pre-qualification (issue 14, seed 002 §4), in every demo tenant (their flags
// leave pre-qualification on): a new shopper pre-qualifies from /financing and then sees their
// own payment, not the estimate, on the search cards and the vehicle page, and checkout reuses
// it (the cart priced at the same APR, the credit application filled from it). The sandbox
// bureau (docs/sandbox-partners.md) finds a shopper born before 2000 without an SSN and gives the
// very-good tier. Every other outcome is covered by tests/server/prequal-api.test.ts.

const ADDRESS = { street: '418 Oak Hollow Lane', city: 'Austin', state: 'TX', zip: '78701' };

for (const tenant of DEMO_TENANTS) {
  test(`${tenant}: a new shopper pre-qualifies from /financing and sees personalised payments on search, the vehicle page and in checkout`, async ({
    page,
    request,
    visit,
    jsEnabled,
  }) => {
    test.setTimeout(120_000);
    const shopper = await createShopper(request, tenant, 'prequal');
    await signInWithPassword(page, tenant, shopper.email, shopper.password);
    await expect(page).not.toHaveURL(/sign-in/);

    await visit(tenantUrl(tenant, '/financing'));
    await page.getByTestId('prequal-cta').getByRole('link', { name: 'Get pre-qualified' }).click();
    await expect(page).toHaveURL(/\/financing\/pre-qualify$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pre-qualify for financing' })).toBeVisible();
    // The account's name and e-mail are already filled in; the SSN is not asked for yet.
    await expect(page.getByLabel('Legal first name')).toHaveValue(shopper.firstName);
    await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
    await expect(page.getByLabel('SSN or ITIN')).toHaveCount(0);
    await page.getByLabel('Date of birth').fill('04/12/1988');
    await page.getByLabel('Street address').fill(ADDRESS.street);
    await page.getByLabel('City').fill(ADDRESS.city);
    await page.getByLabel('State').selectOption(ADDRESS.state);
    await page.getByLabel('Zip code').fill(ADDRESS.zip);
    await page.getByLabel('Gross annual income').fill('85000');
    await page.getByLabel(/I authorize .* to obtain my credit report/).check();
    await submit(page, 'Check my rate');

    await expect(page).toHaveURL(/\/financing\/pre-qualify\/result/);
    await expect(page.getByRole('heading', { level: 1, name: "You're pre-qualified" })).toBeVisible();
    await expect(page.getByTestId('prequal-result')).toContainText('Very good');
    // The found shopper may edit income and e-mail (seed 002 §4).
    await expect(page.getByTestId('prequal-details').getByLabel('Gross annual income')).toHaveValue('85,000');

    // Search: every card the shopper's own payment, lender qualified, none an estimate.
    await visit(tenantUrl(tenant, '/search?type=USED&priceMin=15000&priceMax=40000&sort=price-asc'));
    const personalised = cards(page).filter({ has: page.locator('[data-payment="personalized"]') });
    await expect(personalised.first()).toBeVisible();
    await expect(cards(page).filter({ has: page.locator('[data-payment="estimated"]') })).toHaveCount(0);
    const block = personalised.first().getByTestId('payment-block');
    await expect(block).not.toContainText('Est.');
    await expect(block).toContainText('Lender qualified');
    await expect(block).toContainText(/\$[\d,]+\/mo/);
    await expect(block).toContainText(/\d+\.\d{2}% APR · 48 mos/);

    // The vehicle page of a vehicle nobody else is buying: its payment is the shopper's too.
    const vin = await startPurchaseOfAvailable(page, request, 'Finance', tenant);
    await visit(tenantUrl(tenant, `/vehicles/${vin}`));
    const own = page.getByTestId('vehicle-payment').getByTestId('payment-block');
    await expect(own).toHaveAttribute('data-payment', 'personalized');
    await expect(own).not.toContainText('Est.');
    const apr = /(\d+\.\d{2})% APR/.exec((await own.textContent()) ?? '')?.[1];
    expect(apr, 'the personalised APR on the vehicle page').toBeTruthy();

    // Checkout: the cart is priced at the shopper's APR, and the credit application starts
    // from the pre-qualification's answers.
    await visit(tenantUrl(tenant, '/checkout/cart'));
    await expect(dealLine(page, 'apr')).toContainText(`${apr}%`);
    const purchase = new PurchasePage(page, tenant, jsEnabled);
    await purchase.fillOrderFromCart('Finance');
    const home = page.getByRole('group', { name: 'Home address' });
    await expect(home.getByLabel('Street address')).toHaveValue(ADDRESS.street);
    await expect(home.getByLabel('City')).toHaveValue(ADDRESS.city);
  });
}
