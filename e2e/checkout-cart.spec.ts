import { createShopper, signInWithPassword } from './support/accounts';
import {
  availableVin,
  continueTo,
  dealLine,
  orderSummary,
  startPurchaseOfAvailable,
  stepLabels,
  switchPurchaseType,
} from './support/checkout';
import { expect, test } from './support/fixtures';

// The first half of checkout (seed 002 §2, issue items 1-4): starting a purchase from the
// vehicle page puts the vehicle on hold (another shopper sees Sale Pending and cannot buy it),
// the cart (purchase-type switch with a confirmation, the hold timer shown or hidden, the
// empty cart), Coverage for a signed-in shopper, Account and Order Details. Every test runs
// with JavaScript on and off.

const HELD = 'Another customer is ordering this vehicle. It is released if they do not continue.';

test.describe('checkout: cart and hold', () => {
  test('starting a purchase holds the vehicle; another shopper sees Sale Pending and cannot start one', async ({
    page,
    browser,
    request,
    jsEnabled,
  }) => {
    const vin = await startPurchaseOfAvailable(page, request, 'Finance');
    await expect(page.getByTestId('cart-vehicle')).toContainText(`VIN ${vin}`);
    await expect(page.getByTestId('hold-time-left')).toContainText(/Time left on your hold: (30 minutes|29:|30:00)/);
    await expect(orderSummary(page)).toContainText('Purchase type: Finance');
    // The finance deal lines (issue 31), as the contract words them.
    for (const label of [
      'Vehicle price',
      'Down payment',
      'Sales tax',
      'Title and registration',
      'Term',
      'Annual percentage rate',
      'Amount financed',
      'Due today',
    ]) {
      await expect(orderSummary(page)).toContainText(label);
    }
    expect(await stepLabels(page)).toEqual([
      'Shopping Cart',
      'Coverage',
      'Account',
      'Order Details',
      'Credit Application',
      'Overview',
    ]);
    // The shopper who holds it is offered to go on from the vehicle page.
    await page.goto(`/vehicles/${vin}`);
    await expect(page.getByTestId('own-hold').getByRole('link', { name: 'Continue your purchase' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    await expect(page.getByTestId('availability')).toContainText('Held for you');

    const other = await browser.newContext({ javaScriptEnabled: jsEnabled });
    try {
      const shopper = await other.newPage();
      await shopper.goto(`/vehicles/${vin}`);
      await expect(shopper.getByTestId('availability')).toContainText('Sale Pending');
      await expect(shopper.getByTestId('availability')).toContainText(HELD);
      await expect(shopper.getByTestId('start-purchase')).toHaveCount(0);
      // The start page (a link someone kept) says why, and offers no way to buy it.
      await shopper.goto(`/checkout/${vin}`);
      await expect(shopper.getByTestId('start-failure')).toHaveText(HELD);
      await expect(shopper.getByTestId('start-purchase')).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('two shoppers racing for one vehicle: exactly one holds it, the other is told', async ({
    browser,
    request,
    jsEnabled,
  }) => {
    const vin = await availableVin(request);
    const contexts = await Promise.all([
      browser.newContext({ javaScriptEnabled: jsEnabled }),
      browser.newContext({ javaScriptEnabled: jsEnabled }),
    ]);
    try {
      const pages = await Promise.all(contexts.map((context) => context.newPage()));
      await Promise.all(pages.map((shopper) => shopper.goto(`/vehicles/${vin}`)));
      await Promise.all(pages.map((shopper) => expect(shopper.getByTestId('start-purchase')).toBeVisible()));
      await Promise.all(pages.map((shopper) => shopper.getByTestId('start-purchase').click()));
      await Promise.all(pages.map((shopper) => shopper.waitForURL(/\/checkout\/(cart|[A-Z0-9]{17})$/)));
      const landed = pages.map((shopper) => new URL(shopper.url()).pathname);
      expect(landed.filter((path) => path === '/checkout/cart')).toHaveLength(1);
      const loser = pages[landed.indexOf(`/checkout/${vin}`)]!;
      await expect(loser.getByTestId('start-failure')).toHaveText(HELD);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });

  test('switching the purchase type asks first, then updates the cart and its steps', async ({
    page,
    request,
    jsEnabled,
  }) => {
    // A new vehicle, so a lease can be priced (a used one's residual may exceed its price).
    await startPurchaseOfAvailable(page, request, 'Finance', 'default', { type: 'NEW' });
    await expect(page.getByLabel('Down payment', { exact: true })).toBeVisible();
    await switchPurchaseType(page, 'Cash', jsEnabled);
    await expect(orderSummary(page)).toContainText('Purchase type: Cash');
    await expect(orderSummary(page)).toContainText('Total');
    await expect(page.getByLabel('Down payment', { exact: true })).toHaveCount(0);
    expect(await stepLabels(page)).toEqual(['Shopping Cart', 'Coverage', 'Account', 'Order Details', 'Overview']);

    await switchPurchaseType(page, 'Lease', jsEnabled);
    await expect(orderSummary(page)).toContainText('Purchase type: Lease');
    // The lease's deal lines (issue 31), as the contract words them.
    for (const label of [
      'Annual miles included',
      'Due at signing',
      'Capitalized cost reduction',
      'First monthly payment',
      'Adjusted capitalized cost',
      'Money factor',
    ]) {
      await expect(orderSummary(page)).toContainText(label);
    }
    await page.getByLabel('Annual miles').selectOption('15000');
    await page.getByRole('button', { name: 'Update payment' }).click();
    await expect(dealLine(page, 'lease.annualMiles')).toContainText('15,000 miles');
  });

  // Issue 31 point 4: the down payment's suggestions sat over "Update payment", so pressing the
  // button picked "$5,000" and replaced the 2,633 typed. They now never cover the button, and a
  // click outside closes them.
  test('the down payment typed is the one Update payment saves; the suggestions never cover the button', async ({
    page,
    request,
    jsEnabled,
  }) => {
    await startPurchaseOfAvailable(page, request, 'Finance', 'default', { maxPrice: 30_000 });
    const field = page.getByLabel('Down payment', { exact: true });
    await field.click();
    if (jsEnabled) {
      const list = page.getByRole('listbox', { name: 'Suggested down payments' });
      await expect(list).toBeVisible();
      await page.getByRole('heading', { level: 1 }).click();
      await expect(list).toBeHidden();
      await field.click();
      await expect(list).toBeVisible();
    }
    await field.fill('2633');
    // A short timeout: a covered button is never clickable, and the test says so quickly.
    await page.getByRole('button', { name: 'Update payment' }).click({ timeout: 5_000 });
    await expect(field).toHaveValue('2,633');
    // The summary's down payment line says the saved amount before the page is loaded again.
    await expect(dealLine(page, 'downPayment')).toContainText('$2,633.00');
    await page.reload();
    await expect(field).toHaveValue('2,633');
  });

  test('the hold timer can be hidden and shown again, and the choice is kept', async ({ page, request }) => {
    await startPurchaseOfAvailable(page, request, 'Cash');
    const timer = page.getByTestId('hold-timer');
    await timer.getByRole('button', { name: 'Hide timer' }).click();
    await expect(timer).toContainText('We are holding this vehicle for you.');
    await expect(page.getByTestId('hold-time-left')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('hold-timer')).toContainText('We are holding this vehicle for you.');
    await page.getByTestId('hold-timer').getByRole('button', { name: 'Show timer' }).click();
    await expect(page.getByTestId('hold-time-left')).toContainText('Time left on your hold');
  });

  test('when the hold runs out the shopper is offered more time and the timer starts again', async ({
    page,
    request,
    jsEnabled,
  }) => {
    // The live countdown and its dialog need JavaScript; the page without it prints the minutes
    // left and, once lapsed, a Keep holding form (tests/unit/checkout/components.test.tsx).
    test.skip(!jsEnabled, 'the countdown runs in the browser');
    await page.clock.install();
    await startPurchaseOfAvailable(page, request, 'Finance');
    await expect(page.getByTestId('hold-time-left')).toContainText('Time left on your hold');
    await page.clock.fastForward('30:05');
    const dialog = page.getByRole('dialog', { name: 'Vehicle hold' });
    await expect(dialog).toContainText('Your hold on this vehicle has ended. Would you like more time?');
    await dialog.getByRole('button', { name: 'Keep holding' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('hold-time-left')).toContainText(/Time left on your hold: (30:00|29:\d\d)/);
  });

  test('removing the vehicle leaves an empty cart and puts the vehicle back on sale', async ({ page, request }) => {
    const vin = await startPurchaseOfAvailable(page, request, 'Finance');
    await page.getByRole('button', { name: 'Remove vehicle from cart' }).click();
    await expect(page.getByTestId('empty-cart')).toContainText('Your cart is empty.');
    await expect(page.getByRole('link', { name: 'Shop vehicles' }).last()).toHaveAttribute('href', '/search');
    await expect(page.getByTestId('hold-timer')).toHaveCount(0);
    await page.goto(`/vehicles/${vin}`);
    await expect(page.getByTestId('availability')).toHaveAttribute('data-status', 'Available');
  });
});

test.describe('checkout: coverage, account and order details', () => {
  test('a signed-in shopper adds protection, removes it from the cart, declines, and goes on to the credit application', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const shopper = await createShopper(request, 'default', 'cart');
    await signInWithPassword(page, 'default', shopper.email, shopper.password);
    await expect(page).not.toHaveURL(/sign-in/);
    await startPurchaseOfAvailable(page, request, 'Finance');
    await continueTo(page, 'Coverage', /\/checkout\/coverage$/);

    const plans = page.getByTestId('protection-plan');
    await expect(plans).toHaveCount(4);
    for (const text of ['Term', 'Mileage', 'Deductible', 'Package price', 'Monthly price'])
      await expect(plans.first()).toContainText(text);
    await expect(page.getByTestId('protection-compare')).toBeVisible();
    await expect(page.getByTestId('protection-faq')).toContainText('Can I cancel a protection plan?');

    const first = plans.first();
    const name = (await first.getByRole('heading').textContent())!;
    await first.getByRole('button', { name: `Add to cart for ${name}` }).click();
    await expect(page.getByTestId('protection-plan').first()).toContainText('Added');
    // The plan is a line of the deal, by its name.
    await expect(orderSummary(page).locator('[data-line^="protection."]')).toContainText(name);

    // The add-on shows in the cart, where it can be removed.
    await page.goto('/checkout/cart');
    await expect(page.getByTestId('cart-addon')).toContainText(name);
    await page.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(page.getByTestId('cart-addon')).toHaveCount(0);

    await page.goto('/checkout/coverage');
    await page.getByRole('button', { name: 'No thanks, continue without protection' }).click();
    await expect(page).toHaveURL(/\/checkout\/account$/);
    await expect(page.getByTestId('account-signed-in')).toContainText(shopper.email);
    await continueTo(page, 'Order Details', /\/checkout\/order-details$/);

    await page.getByRole('radio', { name: /^Pickup/ }).check();
    await page.getByLabel('Your Zip code').fill('787');
    await page.getByRole('button', { name: 'Continue to Credit Application' }).click();
    await expect(page.getByText('Enter a 5-digit Zip code.')).toBeVisible();
    await page.getByLabel('Your Zip code').fill('78701');
    await page.getByRole('button', { name: 'Continue to Credit Application' }).click();
    await expect(page).toHaveURL(/\/checkout\/credit-application/);

    // The steps are saved on the cart: /checkout resumes at the credit application.
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/checkout\/credit-application/);
  });

  test('signed out, Coverage asks to sign in and the shopper may continue; the purchase needs an account', async ({
    page,
    request,
  }) => {
    await startPurchaseOfAvailable(page, request, 'Cash');
    await continueTo(page, 'Coverage', /\/checkout\/coverage$/);
    const prompt = page.getByTestId('coverage-sign-in');
    await expect(prompt).toContainText('Sign in to see protection plans for this vehicle.');
    await expect(prompt.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in?redirectTo=%2Fcheckout%2Fcoverage',
    );
    await continueTo(page, 'Account', /\/checkout\/account$/);
    await expect(page.getByText('An account is needed to buy, finance or lease a vehicle.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/sign-up?redirectTo=%2Fcheckout%2Faccount',
    );
    await expect(page.getByRole('button', { name: 'Continue as guest' })).toHaveCount(0);
  });
});
