import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { card, cardVins, vehicleStates } from './support/storefront';
import { tenantConfig, tenantText } from './support/tenants';

// The vehicle details page: pictures, specs, price details, the payment calculator (a GET form
// the server answers without JavaScript, live with it), availability (Available, Sale Pending
// with its explanation, Sold), similar vehicles, the start-purchase link and the page meta.

async function firstAvailableVin(
  page: Page,
  visit: (url: string) => Promise<unknown>,
): Promise<{ vin: string; name: string }> {
  await visit('/search');
  for (const vin of await cardVins(page)) {
    if ((await card(page, vin).getAttribute('data-status')) !== 'Available') continue;
    if ((await card(page, vin).locator('[data-payment="estimated"]').count()) === 0) continue;
    return { vin, name: (await card(page, vin).getByRole('heading').textContent())! };
  }
  throw new Error('no available vehicle with a payment on the first page');
}

test.describe('vehicle page', () => {
  test('shows the vehicle: pictures, specs, price, availability, start purchase and meta', async ({ page, visit }) => {
    const { vin, name } = await firstAvailableVin(page, visit);
    const response = await visit(`/vehicles/${vin}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const meta = tenantConfig('default').texts.meta.vehicleDetails;
    await expect(page).toHaveTitle(
      new RegExp(`^${name} .+ \\| ${tenantText('default', meta.title).replace(/[|()]/g, '\\$&')}$`),
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/vehicles/${vin}$`));
    await expect(page.getByTestId('vehicle-gallery').getByRole('img').first()).toBeVisible();
    await expect(page.getByTestId('vehicle-specs')).toContainText(vin);
    await expect(page.getByTestId('price-details')).toContainText(/\$[\d,]+/);
    await expect(page.getByTestId('availability')).toContainText('Available');
    // The call to action starts the purchase: a form posting to the checkout.
    await expect(page.getByTestId('start-purchase')).toHaveText('Start purchase');
    await expect(page.getByTestId('start-purchase-form')).toHaveAttribute('action', `/checkout/${vin}`);
  });

  test('the payment calculator recomputes for down payment, term and credit tier', async ({
    page,
    visit,
    jsEnabled,
  }) => {
    const { vin } = await firstAvailableVin(page, visit);
    await visit(`/vehicles/${vin}`);
    const calculator = page.getByTestId('payment-calculator');
    const result = calculator.getByTestId('calculator-result');
    await expect(result).toContainText('Est.');
    await expect(result).toContainText('48 mos');
    await expect(calculator.getByLabel('Down payment', { exact: true })).toHaveValue('2,500');
    const financedBefore = await result.getByTestId('calculator-financed').textContent();

    await calculator.getByLabel('Term').selectOption('60');
    await calculator.getByLabel('Credit').selectOption('excellent');
    const downPayment = calculator.getByLabel('Down payment', { exact: true });
    await downPayment.fill('4000');
    if (jsEnabled) {
      await downPayment.blur();
    } else {
      await calculator.getByRole('button', { name: 'Update payment' }).click();
      await expect(page).toHaveURL(/term=60/);
      await expect(page).toHaveURL(/creditTier=excellent/);
    }
    await expect(result).toContainText('60 mos');
    await expect(result).toContainText(/\$4,000 down/);
    await expect(result.getByTestId('calculator-financed')).not.toHaveText(financedBefore!);
    if (jsEnabled) await expect(page).toHaveURL(`/vehicles/${vin}`);
  });

  test('a Sale Pending vehicle explains what that means', async ({ page, visit, request }) => {
    const { pending } = await vehicleStates(request);
    expect(pending.length).toBeGreaterThan(0);
    await visit(`/vehicles/${pending[0]}`);
    const availability = page.getByTestId('availability');
    await expect(availability).toContainText('Sale Pending');
    await expect(availability).toContainText(
      'Another customer is ordering this vehicle. It is released if they do not continue.',
    );
    await expect(page.getByRole('link', { name: 'Start purchase' })).toHaveCount(0);
  });

  test('a sold vehicle says so, and offers similar vehicles instead of a purchase', async ({
    page,
    visit,
    request,
  }) => {
    const { sold } = await vehicleStates(request);
    await visit(`/vehicles/${sold[0]}`);
    await expect(page.getByTestId('availability')).toContainText('Sold');
    await expect(page.getByRole('link', { name: 'Start purchase' })).toHaveCount(0);
    await expect(page.getByTestId('payment-calculator')).toHaveCount(0);
    await expect(page.locator('main').getByRole('link', { name: 'See Similar Vehicles' })).toHaveAttribute(
      'href',
      '#similar-vehicles',
    );
    await expect(page.locator('#similar-vehicles').getByRole('heading', { name: 'Similar vehicles' })).toBeVisible();
  });

  test('an unknown vehicle is a 404', async ({ page, visit }) => {
    const response = await visit('/vehicles/1HGCM82633A004352');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-page')).toBeVisible();
  });
});
