import type { Page } from '@playwright/test';
import { MAX_LTV_PERCENT } from '../app/lib/shared/payments/constants';
import { formatUsdWithCents } from '../app/lib/shared/money';
import { dealLine, orderSummary, startPurchaseOfAvailable } from './support/checkout';
import { E2E_BASE_URL } from './support/env';
import { expect, test } from './support/fixtures';
import { PurchasePage } from './support/purchase';
import { tenantUrl } from './support/tenants';
import { saveOfferByApi, tradeInResult } from './support/trade-in';
import { camryAnswers } from './support/trade-in-answers';

// Issue 31 point 4: the loan-to-value hint left out the trade-in tax credit, so a Finance cart
// with a trade-in said "Raise your down payment to $2,633" beside a deal the lender takes (seed
// 002 §4: to show payments the down payment is adjusted, or the trade-in removed, following a
// loan-to-value rule). Walked as the shopper did: a saved offer with a loan larger than the car
// is worth, applied from the cart with the tax credit, in Texas (which credits the trade-in).
// The hint must ask for exactly the down payment that brings the amount financed the cart shows
// to the lender's limit; that down payment, entered, gives a payment and no hint.

const TRADE_VIN = '4T1BF1FK9MU123456';
const MONEY = /^(-?)\$([\d,]+)\.(\d\d)$/;

function cents(value: string): number {
  const match = MONEY.exec(value.trim());
  if (!match) throw new Error(`not an amount: ${value}`);
  const amount = Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] ? -amount : amount;
}

/** A line's amount as the cart's order summary prints it. */
async function amount(page: Page, id: string): Promise<number> {
  return cents((await dealLine(page, id).locator('dd').textContent()) ?? '');
}

/** The cart's loan-to-value hint. */
function ltvHint(page: Page) {
  return page.getByTestId('cart-problems').locator('[data-code="loanToValue"]');
}

/** The down payment the hint asks for, in cents. */
async function hintedDownPayment(page: Page): Promise<number> {
  await expect(ltvHint(page)).toContainText('Raise your down payment to $');
  const text = (await ltvHint(page).textContent()) ?? '';
  const match = /Raise your down payment to \$([\d,]+)\b/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]!.replace(/,/g, '')) * 100;
}

/** The summary's monthly payment line, as printed. */
function monthlyValue(page: Page) {
  return dealLine(page, 'monthly').locator('dd');
}

/**
 * While the hint is shown the summary has no monthly payment: the no-payment state, the hint's
 * suggestion itself (seed 001 "Card payment block"), and no figure anywhere on the line.
 */
async function expectNoPayment(page: Page) {
  const hint = ((await ltvHint(page).textContent()) ?? '').trim();
  await expect(monthlyValue(page)).toHaveText(hint);
  await expect(dealLine(page, 'monthly')).not.toContainText(/\$[\d,]+\.\d\d/);
  await expect(orderSummary(page)).not.toContainText('/mo');
}

/** The down payment typed in the cart and saved with Update payment. */
async function updateDownPayment(page: Page, dollars: number) {
  await page.getByLabel('Down payment', { exact: true }).fill(String(dollars));
  await page.getByRole('button', { name: 'Update payment' }).click({ timeout: 5_000 });
  await expect(dealLine(page, 'downPayment')).toContainText(formatUsdWithCents(-dollars * 100));
}

test('a finance cart with a saved trade-in and its tax credit: the loan-to-value hint asks for the down payment that gives a payment, no more', async ({
  page,
  request,
  jsEnabled,
  waitForHydration,
}) => {
  test.setTimeout(120_000);
  const purchase = new PurchasePage(page, 'default', jsEnabled);
  const shopper = await purchase.signIn(request);

  // Austin, Texas: the state takes the trade-in off the price before sales tax.
  await page.goto(tenantUrl('default', '/zip'));
  await waitForHydration();
  const zipForm = page.getByTestId('zip-editor');
  await zipForm.getByLabel('Zip code').fill('78704');
  await zipForm.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/search/, { timeout: 15_000 });

  await startPurchaseOfAvailable(page, request, 'Finance', 'default', { maxPrice: 40_000 });
  const priceCents = await amount(page, 'price');

  // What the Camry is worth (an appraisal saves nothing), then the shopper's offer saved with a
  // loan of that value plus 30% of the price and $4,000: the negative equity puts the deal above
  // the lender's limit at the cart's down payment, tax credit or not.
  const appraisal = await request.post(`${E2E_BASE_URL}/api/trade-in/appraisals`, {
    headers: { 'x-tenant-id': 'default' },
    data: camryAnswers(TRADE_VIN),
  });
  expect(appraisal.status()).toBe(200);
  const offerCents = ((await appraisal.json()) as { data: { offerCents: number } }).data.offerCents;
  const owedCents = offerCents + Math.round((priceCents * 0.3) / 100) * 100 + 400_000;
  await saveOfferByApi(request, 'default', shopper, TRADE_VIN, { hasLoan: true, amountOwedCents: owedCents });

  // Applied from the cart, registered in the state of the new car: the tax credit applies.
  await page.reload();
  const cartTradeIn = page.getByTestId('cart-trade-in');
  await expect(cartTradeIn.getByTestId('cart-saved-offers')).toContainText('2021 Toyota Camry');
  await cartTradeIn.getByRole('button', { name: 'Apply to my purchase' }).first().click();
  const taxQuestion = tradeInResult(page, jsEnabled, 'A question about taxes');
  await expect(taxQuestion).toBeVisible();
  await taxQuestion.getByRole('button', { name: 'Yes, apply the tax credit' }).click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  await expect(cartTradeIn.getByTestId('cart-trade-in-equity')).toBeVisible();
  await expect(dealLine(page, 'taxes')).toContainText(`after the ${formatUsdWithCents(offerCents)} trade-in credit`);
  await expect(dealLine(page, 'tradeIn.payoff')).toContainText(formatUsdWithCents(owedCents));

  // The cart's figures: price, down payment (subtracted) and amount financed, credit included.
  const maxFinancedCents = Math.floor((priceCents * MAX_LTV_PERCENT) / 100);
  const downPaymentCents = -(await amount(page, 'downPayment'));
  const financedCents = await amount(page, 'financed.total');
  expect(financedCents, 'the set-up puts the amount financed above the limit').toBeGreaterThan(maxFinancedCents);

  // The hint asks for the down payment (whole dollars) that brings this amount financed to the
  // limit: without the tax credit it asked for more, the credit on the trade-in's value short.
  const needed = Math.ceil((financedCents + downPaymentCents - maxFinancedCents) / 100) * 100;
  const hinted = await hintedDownPayment(page);
  expect(hinted, `hint "${await ltvHint(page).textContent()}"`).toBe(needed);
  await expectNoPayment(page);

  // Continue with the hint shown: the shopper stays on the cart, told why beside the down payment.
  await page.getByRole('button', { name: 'Continue to Coverage' }).click();
  await expect(page.getByLabel('Down payment', { exact: true })).toHaveAccessibleDescription(
    new RegExp(`Raise your down payment to \\$${(hinted / 100).toLocaleString('en-US')}\\b`),
  );
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  await expectNoPayment(page);

  // A dollar less: still above the limit, and the hint still asks for the same amount.
  await updateDownPayment(page, hinted / 100 - 1);
  expect(await amount(page, 'financed.total')).toBeGreaterThan(maxFinancedCents);
  expect(await hintedDownPayment(page)).toBe(hinted);
  await expectNoPayment(page);

  // The amount hinted: within the limit, no hint, and a monthly payment.
  await updateDownPayment(page, hinted / 100);
  await expect(page.getByTestId('cart-problems')).toHaveCount(0);
  expect(await amount(page, 'financed.total')).toBeLessThanOrEqual(maxFinancedCents);
  await expect(orderSummary(page).locator('[data-line="monthly"] dd')).toHaveText(/^\$[\d,]+\.\d\d$/);
  expect(await amount(page, 'monthly')).toBeGreaterThan(0);
});
