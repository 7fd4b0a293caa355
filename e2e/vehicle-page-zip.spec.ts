import type { Page } from '@playwright/test';
import { availableVin, orderSummary, startPurchaseHere } from './support/checkout';
import { expect, test } from './support/fixtures';

// Issue 31 point 2: with the shopper's zip known, the vehicle page prices taxes and fees by its
// state, as the cart does, so the cart opens on the same monthly payment without a "now follow
// your Zip code" note; and the buy box says what the calculator's choices price (60 months, a
// lease), not the 48-month default.

const ZIP = '78704';
// The note the issue saw on every cart although the zip had not changed.
const ZIP_NOTE = 'Taxes and fees now follow your Zip code';

async function giveZip(page: Page, visit: (path: string) => Promise<unknown>): Promise<void> {
  await visit('/zip');
  const form = page.getByTestId('zip-editor');
  await form.getByLabel('Zip code').fill(ZIP);
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/search/, { timeout: 30_000 });
}

async function text(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).first().textContent()) ?? '').trim();
}

/** The cart's monthly payment, from its deal lines. */
async function cartMonthly(page: Page): Promise<string> {
  const line = orderSummary(page).getByTestId('deal-lines').locator('[data-line="monthly"] dd');
  return ((await line.textContent()) ?? '').trim();
}

test('a finance payment at 60 months is the same in the buy box, the calculator and the cart', async ({
  page,
  request,
  visit,
  jsEnabled,
}) => {
  await giveZip(page, visit);
  const vin = await availableVin(request, 'default', { maxPrice: 45_000 });
  await visit(`/vehicles/${vin}`);
  const calculator = page.getByTestId('payment-calculator');
  await expect(calculator.getByTestId('calculator-place')).toHaveText(`Taxes and fees for Zip code ${ZIP} (TX).`);
  await calculator.getByLabel('Term').selectOption('60');
  if (!jsEnabled) await calculator.getByRole('button', { name: 'Update payment' }).click();
  const result = calculator.getByTestId('calculator-result');
  await expect(result).toContainText('60 mos');
  const monthly = (await result.getByTestId('calculator-monthly').textContent())!.trim().replace(/\/mo$/, '');
  const buyBox = page.getByTestId('vehicle-payment');
  await expect(buyBox).toContainText('60 mos');
  await expect(buyBox).not.toContainText('48 mos');
  // The buy box rounds to the dollar, as the cards do; the calculator shows cents.
  expect(await text(page, 'payment-monthly')).toBe(
    `$${Math.round(Number(monthly.replace(/[$,]/g, ''))).toLocaleString('en-US')}`,
  );

  await startPurchaseHere(page, 'Finance');
  expect(await cartMonthly(page)).toBe(monthly);
  await expect(orderSummary(page).locator('[data-testid^="deal-change-"]')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(ZIP_NOTE);
});

test('a lease picked in the calculator is what the buy box says, and the cart opens on its monthly', async ({
  page,
  request,
  visit,
  jsEnabled,
}) => {
  await giveZip(page, visit);
  const vin = await availableVin(request, 'default', { type: 'NEW' });
  await visit(`/vehicles/${vin}`);
  const calculator = page.getByTestId('payment-calculator');
  await calculator.getByRole('radio', { name: 'Lease' }).check();
  if (!jsEnabled) await calculator.getByRole('button', { name: 'Update payment' }).click();
  await expect(calculator).toHaveAttribute('data-deal-type', 'Lease');
  const result = calculator.getByTestId('calculator-result');
  const monthly = (await result.getByTestId('calculator-monthly').textContent())!.trim().replace(/\/mo$/, '');
  const due = (await result.getByTestId('calculator-due-today').textContent())!.trim();
  const buyBox = page.getByTestId('vehicle-payment');
  await expect(buyBox.getByTestId('payment-monthly')).toHaveText(monthly);
  // The lease's term as the calculator has it (without JavaScript the form sends the term field too).
  await expect(buyBox).toContainText(/Lease · \d+ mos · \$[\d,]+(\.\d\d)? due at signing/);
  const term = /Lease · (\d+ mos)/.exec((await buyBox.textContent()) ?? '')![1]!;
  await expect(result).toContainText(term);

  await expect(page.getByTestId('start-purchase-form').getByRole('radio', { name: /^Lease/ })).toBeChecked();
  await page.getByTestId('start-purchase').click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  expect(await cartMonthly(page)).toBe(monthly);
  await expect(orderSummary(page).getByTestId('deal-lines')).toContainText(due);
  await expect(orderSummary(page).locator('[data-testid^="deal-change-"]')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(ZIP_NOTE);
});

/** Whole dollars as the cards print a monthly payment: 44399 cents is '$444'. */
function wholeDollars(cents: number): string {
  return `$${Math.round(cents / 100).toLocaleString('en-US')}`;
}

test("a search card prices at the shopper's zip: its payment is the vehicle page's and the cart's", async ({
  page,
  visit,
  jsEnabled,
}) => {
  await giveZip(page, visit);
  await visit('/search?priceMin=20000&priceMax=40000&type=CPO&sort=price-asc');
  // One card per project: the other project's cart holds the vehicle it bought (Sale Pending).
  const card = page
    .locator('[data-testid="vehicle-card"][data-status="Available"]:has([data-payment="estimated"])')
    .nth(jsEnabled ? 0 : 1);
  const vin = (await card.getAttribute('data-vin'))!;
  const priceCents = Number(await card.getAttribute('data-price')) * 100;
  // Texas (78704): 6.25% tax and $153 title and registration, $2,500 down over 48 months at the
  // very-good tier's 7.49% for a certified car (seed 001 §9; our state table), not 7% and $500.
  const financed = priceCents + Math.round(priceCents * 0.0625) + 15_300 - 250_000;
  const rate = 0.0749 / 12;
  const monthlyCents = Math.round((financed * rate) / (1 - (1 + rate) ** -48));
  const cardMonthlyText = wholeDollars(monthlyCents);
  await expect(card.getByTestId('payment-monthly')).toHaveText(cardMonthlyText);
  await expect(card.getByTestId('payment-block')).toContainText('7.49% APR · 48 mos · $2,500 down');

  await visit(`/vehicles/${vin}`);
  await expect(page.getByTestId('vehicle-payment').getByTestId('payment-monthly')).toHaveText(cardMonthlyText);
  await startPurchaseHere(page, 'Finance');
  expect(await cartMonthly(page)).toBe(
    `$${(monthlyCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  );
  await expect(orderSummary(page).locator('[data-testid^="deal-change-"]')).toHaveCount(0);
});
