import { createShopper } from './support/accounts';
import { dealLine, startPurchaseOfAvailable } from './support/checkout';
import { expect, test } from './support/fixtures';
import { PurchasePage } from './support/purchase';
import { DEMO_TENANTS, tenantConfig, tenantUrl } from './support/tenants';
import {
  answerQuestions,
  describeCar,
  findCarByVin,
  saveOfferByApi,
  signedInShopper,
  tradeInResult as result,
} from './support/trade-in';

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
    await findCarByVin(page, BAD_VIN);
    await expect(page.getByText('That VIN is not valid. Check its 17 characters.')).toBeVisible();
    await expect(page.getByLabel('VIN')).toHaveValue(BAD_VIN);
    await findCarByVin(page, VIN);

    await expect(page.getByText('About your car: 2021 Toyota')).toBeVisible();
    await describeCar(page, { mileage: 60_000, condition: 'Good' });
    await answerQuestions(page, {
      ownership: 'Finance',
      onTitle: true,
      state: 'TX',
      applyToPurchase: true,
      owedDollars: OWED_DOLLARS,
    });

    // Seed 002 §9: the offer is valid 7 days, and the popup names the day it expires (the dealer's zone).
    const expires = new Date(Date.now() + 7 * 24 * 60 * 60_000).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: tenantConfig(tenant).timeZone,
    });
    let success = result(page, jsEnabled, 'Your offer is ready');
    await expect(success).toContainText(
      new RegExp(`We can offer \\$[\\d,]+ for your car\\. The offer is good for 7 days, until ${expires}\\.`),
    );
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
    let saved = result(page, jsEnabled, 'Your offer is saved');
    await expect(saved).toBeVisible();
    // Issue 31: Back, then "Save my offer" again, saved a second copy of the same car. One stays.
    await page.goBack();
    await result(page, jsEnabled, 'Your offer is ready').getByRole('button', { name: 'Save my offer' }).click();
    saved = result(page, jsEnabled, 'Your offer is saved');
    await expect(saved).toBeVisible();
    await saved.getByRole('link', { name: 'View my trade-ins' }).click();

    await expect(page).toHaveURL(/\/account\/trade-ins$/);
    await expect(page.getByTestId('trade-in-offer')).toHaveCount(1);
    const card = page.getByTestId('trade-in-offer').first();
    await expect(card).toContainText('2021 Toyota Camry LE');
    await expect(card.getByTestId('trade-in-status')).toHaveText('Active');
    await expect(card.getByTestId('trade-in-value')).toHaveText(`$${offer.toLocaleString('en-US')}`);
    await expect(card.getByTestId('trade-in-expires')).toHaveText(expires);

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
    await expect(dealLine(page, 'tradeIn.equity').locator('dd').first()).toHaveText(withCents);

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

// Payoff quote (seed 002 §2 "Payoff quote", §5, §8): every screen in every demo tenant. The
// sandbox partner answers from the VIN's last character: 7 loan not found, 8 failed retrieval,
// 9 technical difficulties, anything else found (server/trade-in/payoff.ts).
const PAYOFF_VINS = {
  found: '4T1BF1FK8MU123450',
  notFound: '4T1BF1FK0MU123457',
  failed: '4T1BF1FK2MU123458',
  technical: '4T1BF1FK4MU123459',
} as const;

for (const tenant of DEMO_TENANTS) {
  test(`${tenant}: payoff quote: start, lender input with a near miss, the lender's fields, summary and verification`, async ({
    page,
    request,
    visit,
  }) => {
    test.setTimeout(90_000);
    const shopper = await signedInShopper(page, request, tenant, 'payoff');
    await saveOfferByApi(request, tenant, shopper, PAYOFF_VINS.found, {
      hasLoan: true,
      amountOwedCents: 500_000,
    });

    // Start, from the offer's card in the account.
    await visit(tenantUrl(tenant, '/account/trade-ins'));
    await page.getByTestId('trade-in-offer').getByRole('link', { name: 'Get a payoff quote' }).click();
    await expect(page.getByRole('heading', { name: 'Get a payoff quote' })).toBeVisible();
    await page.getByRole('link', { name: 'Start', exact: true }).click();

    // Lender input: required, must be in the list; a stranger gets no suggestion, a near miss one.
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByText('Enter your lender.')).toBeVisible();
    await page.getByLabel('Lender').fill('Acme Rocket Loans');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByText("We don't recognise that lender.")).toBeVisible();
    await expect(page.getByTestId('payoff-suggestion')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Enter an estimate instead' })).toBeVisible();
    await page.getByLabel('Lender').fill('Aly Finacial');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByText('Did you mean Ally Financial?')).toBeVisible();
    await page.getByRole('button', { name: 'Use Ally Financial' }).click();

    // Verification of the lender's fields (Ally: account last 4 and last name) and of the VIN.
    await expect(page.getByRole('heading', { name: 'Your Ally Financial loan' })).toBeVisible();
    await expect(page.getByLabel('SSN, last 4 digits')).toHaveCount(0);
    await page.getByRole('button', { name: 'Get my payoff quote' }).click();
    await expect(page.getByText('Enter 4 digits.')).toBeVisible();
    await expect(page.getByText('Enter the last name on the loan.')).toBeVisible();
    await page.getByLabel('Account number, last 4 digits').fill('1234');
    await page.getByLabel('Last name on the loan').fill('Reyes');
    await page.getByLabel('VIN of the financed car').fill(PAYOFF_VINS.notFound);
    await page.getByRole('button', { name: 'Get my payoff quote' }).click();
    await expect(page.getByText('That VIN does not match your trade-in.')).toBeVisible();
    await page.getByLabel('VIN of the financed car').fill(PAYOFF_VINS.found);
    await page.getByLabel('Account number, last 4 digits').fill('1234');
    await page.getByRole('button', { name: 'Get my payoff quote' }).click();

    // Summary and verification.
    await expect(page.getByRole('heading', { name: 'Your payoff quote' })).toBeVisible();
    await expect(page.getByTestId('payoff-summary')).toContainText('Ally Financial');
    await expect(page.getByTestId('payoff-summary')).toContainText('••••1234');
    await expect(page.getByRole('heading', { name: 'Check your quote' })).toBeVisible();
    await page.getByRole('button', { name: 'This is my loan' }).click();
    await expect(page).toHaveURL(/\/account\/trade-ins$/);
    await expect(page.getByTestId('trade-in-offer')).toContainText('(lender quote)');
  });

  test(`${tenant}: payoff quote: loan not found, failed retrieval and technical difficulties, each with an estimate instead`, async ({
    page,
    request,
    visit,
  }) => {
    test.setTimeout(90_000);
    const shopper = await signedInShopper(page, request, tenant, 'payoff');
    const answers = [
      ['notFound', 'We could not find your loan', 'Check the details you entered, or enter an estimate instead.'],
      ['failed', 'We could not retrieve your payoff quote', 'Your lender did not send the quote.'],
      ['technical', 'We are having technical difficulties', 'We cannot reach lenders right now.'],
    ] as const;
    const ids: Record<string, string> = {};
    for (const [answer] of answers)
      ids[answer] = await saveOfferByApi(request, tenant, shopper, PAYOFF_VINS[answer], {
        hasLoan: true,
        amountOwedCents: 500_000,
      });

    for (const [answer, heading, body] of answers) {
      // Ford Credit asks for the last name and the SSN's last 4 (never shown again).
      await visit(tenantUrl(tenant, `/account/trade-ins/${ids[answer]}/payoff?screen=lender`));
      await page.getByLabel('Lender').fill('ford credit');
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Your Ford Credit loan' })).toBeVisible();
      await expect(page.getByLabel('Account number, last 4 digits')).toHaveCount(0);
      await page.getByLabel('Last name on the loan').fill('Reyes');
      await page.getByLabel('SSN, last 4 digits').fill('6789');
      await page.getByLabel('VIN of the financed car').fill(PAYOFF_VINS[answer]);
      await page.getByRole('button', { name: 'Get my payoff quote' }).click();
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: body })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
    }

    // Enter an estimate instead (from the last screen): required, then used as the payoff.
    await page.getByRole('link', { name: 'Enter an estimate instead' }).click();
    await expect(page.getByRole('heading', { name: 'Enter an estimate' })).toBeVisible();
    await page.getByRole('button', { name: 'Use this estimate' }).click();
    await expect(page.getByText('Enter the amount you owe.')).toBeVisible();
    await page.getByLabel('Estimated payoff').fill('6,500');
    await page.getByRole('button', { name: 'Use this estimate' }).click();
    await expect(page.getByTestId('payoff-balance')).toHaveText('$6,500');
    await page.getByRole('link', { name: 'Back to my trade-ins' }).first().click();
    await expect(page.getByTestId('trade-in-offer').filter({ hasText: PAYOFF_VINS.technical })).toContainText(
      '$6,500 (estimate)',
    );
  });
}
