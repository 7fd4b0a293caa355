import type { APIRequestContext, Page } from '@playwright/test';
import { createShopper, signInWithPassword, type TestShopper } from './support/accounts';
import { orderSummary, startPurchaseOfAvailable } from './support/checkout';
import { E2E_BASE_URL } from './support/env';
import { expect, test } from './support/fixtures';
import { PurchasePage } from './support/purchase';
import { DEMO_TENANTS, tenantConfig, tenantUrl } from './support/tenants';

// Trade-in (issue 13, seed 002 §2 "Trade-in", §4, §9): a signed-out shopper values a car by
// VIN (the check digit is verified), signs in to save the offer (what they entered is kept),
// finds it in the account with its status, value and 7-day expiry, applies it to a finance
// purchase (the tax question) and sees the equity (offer - amount owed) in the cart and its
// order summary, then places the order and finds the trade-in on the receipt, in the order
// list, in the contract's terms and on the tracker. With JavaScript on and off, in every demo tenant.

// A 2021 Toyota Camry (WMI 4T1, model year M) with a valid check digit, and the same VIN with a wrong one.
const VIN = '4T1BF1FK9MU123456';
const BAD_VIN = '4T1BF1FK8MU123456';
const OWED_DOLLARS = 5_000;

function dollars(text: string): number {
  const match = /\$([\d,]+)/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

/** The offer flow's result: a dialog with JavaScript, a section of the page without it. */
function result(page: Page, jsEnabled: boolean, name: string) {
  return jsEnabled ? page.getByRole('dialog', { name }) : page.getByRole('group', { name });
}

for (const tenant of DEMO_TENANTS) {
  test(`${tenant}: value a car, save it, apply it with its loan to a finance purchase, see the equity from the cart to the tracker`, async ({
    page,
    request,
    visit,
    jsEnabled,
  }) => {
    // The offer flow, sign-in, the account, then a whole finance purchase to the tracker.
    test.setTimeout(180_000);
    const shopper = await createShopper(request, tenant, 'trade');

    await visit(tenantUrl(tenant, '/trade-in'));
    const heading = tenantConfig(tenant).texts.pages.tradeIn.heading;
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.getByLabel('VIN').fill(BAD_VIN);
    await page.getByRole('button', { name: 'Find my car by VIN' }).click();
    await expect(page.getByText('That VIN is not valid. Check its 17 characters.')).toBeVisible();
    await expect(page.getByLabel('VIN')).toHaveValue(BAD_VIN);
    await page.getByLabel('VIN').fill(VIN);
    await page.getByRole('button', { name: 'Find my car by VIN' }).click();

    await expect(page.getByText('About your car: 2021 Toyota')).toBeVisible();
    await page.getByLabel('Model').selectOption('Camry');
    await page.getByLabel('Trim').selectOption('LE');
    await page.getByLabel('Mileage').fill('60000');
    await page.getByRole('radio', { name: 'Good' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('radio', { name: 'Finance' }).check();
    await page
      .getByRole('group', { name: 'Are you an owner listed on the title?' })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await page.getByLabel('Registration state').selectOption('TX');
    await page
      .getByRole('group', { name: 'Apply this offer to a purchase?' })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await page
      .getByRole('group', { name: 'Is there an active loan on this car?' })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await page.getByLabel('Amount owed').fill(String(OWED_DOLLARS));
    await page.getByRole('button', { name: 'Get my offer' }).click();

    // Seed 002 §9: the offer is valid 7 days.
    let success = result(page, jsEnabled, 'Your offer is ready');
    await expect(success).toContainText(/We can offer \$[\d,]+ for your car\. The offer is good for 7 days/);
    const offer = dollars((await success.textContent()) ?? '');
    expect(offer).toBeGreaterThan(OWED_DOLLARS);

    // Saving needs an account (seed 002 §1); the answers survive signing in.
    await success.getByRole('button', { name: 'Sign in to save your offer' }).click();
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=/);
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/trade-in\?step=offer$/);
    success = result(page, jsEnabled, 'Your offer is ready');
    await expect(success).toContainText(`$${offer.toLocaleString('en-US')}`);
    await success.getByRole('button', { name: 'Save my offer' }).click();
    const saved = result(page, jsEnabled, 'Your offer is saved');
    await expect(saved).toBeVisible();
    await saved.getByRole('link', { name: 'View my trade-ins' }).click();

    await expect(page).toHaveURL(/\/account\/trade-ins$/);
    const card = page.getByTestId('trade-in-offer').first();
    await expect(card).toContainText('2021 Toyota Camry LE');
    await expect(card.getByTestId('trade-in-status')).toHaveText('Active');
    await expect(card.getByTestId('trade-in-value')).toHaveText(`$${offer.toLocaleString('en-US')}`);
    await expect(card.getByTestId('trade-in-expires')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

    // A finance purchase, then the offer applied to it from the account.
    await startPurchaseOfAvailable(page, request, 'Finance', tenant, { maxPrice: 60_000 });
    await expect(page.getByTestId('cart-trade-in')).toContainText('Have a car to trade in?');
    await visit(tenantUrl(tenant, '/account/trade-ins'));
    await page.getByTestId('trade-in-offer').first().getByRole('button', { name: 'Apply to my purchase' }).click();
    const taxQuestion = result(page, jsEnabled, 'A question about taxes');
    await expect(taxQuestion).toBeVisible();
    await taxQuestion.getByRole('button', { name: 'No', exact: true }).click();

    // The equity: the offer less the loan's payoff (the amount owed), in the cart and its summary.
    await expect(page).toHaveURL(/\/checkout\/cart$/);
    const equity = offer - OWED_DOLLARS;
    const withCents = `$${equity.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect(page.getByTestId('cart-trade-in')).toContainText('2021 Toyota Camry LE');
    await expect(page.getByTestId('cart-trade-in-equity')).toHaveText(withCents);
    await expect(orderSummary(page).getByTestId('summary-trade-in-equity')).toHaveText(withCents);

    // Placed: the receipt, the order list, the contract's terms and the tracker carry it.
    const purchase = new PurchasePage(page, tenant, jsEnabled);
    purchase.shopper = shopper;
    await purchase.fillOrderFromCart('Finance');
    await purchase.applyForCredit('approved');
    await purchase.expectApproved();
    await purchase.acceptOffer();
    await purchase.payByCardOrDeposit({ email: shopper.email, name: 'Morgan Reyes' });
    const orderNumber = await purchase.waitForConfirmation('Order received');
    await purchase.openReceipt(orderNumber);
    const receiptTradeIn = page.getByTestId('receipt-trade-in');
    await expect(receiptTradeIn).toContainText(`Loan payoff$${OWED_DOLLARS.toLocaleString('en-US')}.00`);
    await expect(receiptTradeIn).toContainText(`Trade-in equity${withCents}`);

    await visit(tenantUrl(tenant, '/account/orders'));
    const listed = page.getByTestId('order-item').filter({ hasText: orderNumber });
    await expect(listed.getByTestId('order-trade-in')).toContainText('2021 Toyota Camry');
    await expect(listed.getByTestId('order-trade-in-equity')).toHaveText(withCents);

    // The tracker's finance step shows the deal the contract is drawn from (the contract PDF's
    // own trade-in line: tests/server/contract-deal.test.ts).
    await visit(tenantUrl(tenant, `/progress/${orderNumber}/finance-decision`));
    const terms = page.getByTestId('deal-terms');
    await expect(terms).toContainText(`Trade-in loan payoff$${OWED_DOLLARS.toLocaleString('en-US')}`);
    await expect(terms).toContainText(`Trade-in equity$${equity.toLocaleString('en-US')}`);
  });
}

/** A saved offer with a loan on it, made through the trade-in API as the shopper. */
async function savedOfferWithLoan(request: APIRequestContext, shopper: TestShopper, vin: string): Promise<string> {
  const headers = { 'x-tenant-id': 'default', 'content-type': 'application/json' };
  const signIn = await request.post(`${E2E_BASE_URL}/api/identity/sign-in`, {
    headers,
    data: { email: shopper.email, password: shopper.password },
  });
  const token = ((await signIn.json()) as { data: { identityToken: string } }).data.identityToken;
  const answer = await request.post(`${E2E_BASE_URL}/api/trade-in/offers`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
    data: {
      vin,
      model: 'Camry',
      trim: 'LE',
      mileage: 60_000,
      condition: 'Good',
      ownership: 'Finance',
      onTitle: true,
      registrationState: 'TX',
      applyToPurchase: false,
      hasLoan: true,
      amountOwedCents: 500_000,
    },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { data: { id: string } }).data.id;
}

test('payoff quote: a near-miss lender is suggested, the quote is verified; a loan not found takes an estimate', async ({
  page,
  request,
  visit,
}) => {
  test.setTimeout(90_000);
  const shopper = await createShopper(request, 'default', 'payoff');
  // The sandbox payoff partner answers "found" for this VIN and "loan not found" for one ending in 7.
  const found = await savedOfferWithLoan(request, shopper, '4T1BF1FK8MU123450');
  const missing = await savedOfferWithLoan(request, shopper, '4T1BF1FK0MU123457');
  await signInWithPassword(page, 'default', shopper.email, shopper.password);
  await expect(page).not.toHaveURL(/sign-in/);

  await visit(`/account/trade-ins/${found}/payoff`);
  await expect(page.getByRole('heading', { name: 'Get a payoff quote' })).toBeVisible();
  await page.getByRole('link', { name: 'Start', exact: true }).click();
  await page.getByLabel('Lender').fill('Aly Finacial');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText("We don't recognise that lender.")).toBeVisible();
  await page.getByRole('button', { name: 'Use Ally Financial' }).click();
  await expect(page.getByRole('heading', { name: 'Your Ally Financial loan' })).toBeVisible();
  await page.getByLabel('Account number, last 4 digits').fill('1234');
  await page.getByLabel('Last name on the loan').fill('Reyes');
  await page.getByLabel('VIN of the financed car').fill('4T1BF1FK0MU123457');
  await page.getByRole('button', { name: 'Get my payoff quote' }).click();
  await expect(page.getByText('That VIN does not match your trade-in.')).toBeVisible();
  await page.getByLabel('VIN of the financed car').fill('4T1BF1FK8MU123450');
  await page.getByLabel('Account number, last 4 digits').fill('1234');
  await page.getByRole('button', { name: 'Get my payoff quote' }).click();
  await expect(page.getByRole('heading', { name: 'Your payoff quote' })).toBeVisible();
  await expect(page.getByTestId('payoff-summary')).toContainText('Ally Financial');
  await expect(page.getByTestId('payoff-summary')).toContainText('••••1234');
  await expect(page.getByRole('heading', { name: 'Check your quote' })).toBeVisible();
  await page.getByRole('button', { name: 'This is my loan' }).click();
  await expect(page).toHaveURL(/\/account\/trade-ins$/);
  await expect(page.getByTestId('trade-in-offer').filter({ hasText: '4T1BF1FK8MU123450' })).toContainText(
    '(lender quote)',
  );

  await visit(`/account/trade-ins/${missing}/payoff?screen=lender`);
  await page.getByLabel('Lender').fill('ford credit');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.getByLabel('Last name on the loan').fill('Reyes');
  await page.getByLabel('SSN, last 4 digits').fill('6789');
  await page.getByLabel('VIN of the financed car').fill('4T1BF1FK0MU123457');
  await page.getByRole('button', { name: 'Get my payoff quote' }).click();
  await expect(page.getByRole('heading', { name: 'We could not find your loan' })).toBeVisible();
  await page.getByRole('link', { name: 'Enter an estimate instead' }).click();
  await page.getByLabel('Estimated payoff').fill('6,500');
  await page.getByRole('button', { name: 'Use this estimate' }).click();
  await expect(page.getByTestId('payoff-balance')).toHaveText('$6,500');
});
