import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { PASSWORD, createShopper, fillSignUp, signInWithPassword, uniqueEmail, uniquePhone } from './support/accounts';
import { startPurchaseOfAvailable } from './support/checkout';
import { PurchasePage } from './support/purchase';
import { DEMO_BUYER, payOnCardForm, startFlow } from './support/tracker';

// Issue 32 point 4: a press is never lost. On each interactive page of the purchase the main
// action is pressed at 0, 50, 200 and 1,000 ms after the page has loaded, and right after an
// in-page update where the page has one (a fetcher finishing), on a CPU slowed 4x as a phone's
// (Chromium's DevTools protocol), and the press must take effect: the next page, or the page's
// answer. Before decision 073 a press made while a part's code was on its way could do nothing
// (the shopper's report in the issue: Sign Up, and Continue to Account after adding a plan).
//
// Repeated (the 20 of 20 in each project): a JavaScript-on round buys about 11 vehicles
// of the default tenant (a JavaScript-off round 4), which holds a third of the server's seed,
// SEED_VEHICLES=900 in playwright.config.ts: about 200 priced to buy, short of 20 rounds. Raise the seed
// for such a run with E2E_SEED_VEHICLES (the server starts fresh, so it takes effect unless a
// server is already up on the port), e.g.
//   E2E_SEED_VEHICLES=3000 E2E_PORT=<yours> CI= npx playwright test e2e/presses-never-lost.spec.ts \
//     --project=js-on --repeat-each 20 --workers=1 --reporter=line

const DELAYS = [0, 50, 200, 1_000] as const;

/**
 * The moments to press at. Without JavaScript there is no code on its way, so no moment differs
 * from another: the press is the browser's own form post, tried once.
 */
function moments(jsEnabled: boolean): readonly number[] {
  return jsEnabled ? DELAYS : [0];
}

/**
 * Slows this tab's CPU 4x; the setting stays with the tab across its navigations. Answers a
 * function that sets another rate (1 for a set-up walk that is not under test).
 */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const setRate = (rate: number) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await setRate(4);
  return setRate;
}

/** Opens `url`, waits `delay` ms after its load event, then runs `press` (the shopper's action). */
async function pressAfterLoad(page: Page, url: string, delay: number, press: () => Promise<void>) {
  await page.goto(url, { waitUntil: 'load' });
  if (delay > 0) await page.waitForTimeout(delay);
  await press();
}

test.describe('presses are never lost (CPU 4x slower)', () => {
  // Four openings of a slowed page per step, each up to a few seconds on a busy machine.
  test.describe.configure({ timeout: 240_000 });
  test.use({ axe: false });

  test('sign-up: Sign Up at each moment after load creates the account', async ({ page, jsEnabled }) => {
    await throttle(page);
    for (const delay of moments(jsEnabled)) {
      await pressAfterLoad(page, '/sign-up', delay, async () => {
        await fillSignUp(page, {
          firstName: 'Rowan',
          lastName: 'Ellis',
          email: uniqueEmail(`press-${delay}`),
          phone: uniquePhone(),
          password: PASSWORD,
        });
        await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      });
      await expect(page, `Sign Up pressed ${delay} ms after load`).toHaveURL(/\/confirm-account$/, {
        timeout: 15_000,
      });
      await page.context().clearCookies();
    }
  });

  test('search filters: Apply filters at each moment after load applies the make', async ({ page, jsEnabled }) => {
    await throttle(page);
    for (const delay of moments(jsEnabled)) {
      let makeName = '';
      await pressAfterLoad(page, '/search', delay, async () => {
        const make = page.getByLabel('Make', { exact: true });
        makeName = (await make.locator('option').nth(1).getAttribute('value')) ?? '';
        await make.selectOption(makeName);
        await page.getByRole('button', { name: 'Apply filters' }).click();
      });
      await expect(page, `Apply filters pressed ${delay} ms after load`).toHaveURL(
        new RegExp(`make=${encodeURIComponent(makeName).replace(/%20/g, '\\+')}`),
        { timeout: 15_000 },
      );
      // The URL is pushed when the answer is in, and the answer is then rendered in a React
      // transition: on the slowed CPU of a busy machine that render came up to a few seconds
      // after the URL (2 of 10 rounds at a load of 17 on 2 cores; the page then showed the
      // make's vehicles), so the answer has the URL's time too.
      await expect(
        page.getByTestId('active-filters').getByRole('link', { name: new RegExp(`^${makeName}`) }),
      ).toBeVisible({ timeout: 15_000 });
    }
  });

  test('vehicle page, cart, coverage, account and order details: the step button at each moment', async ({
    page,
    request,
    jsEnabled,
  }) => {
    const shopper = await createShopper(request, 'default', 'press');
    await signInWithPassword(page, 'default', shopper.email, shopper.password);
    await expect(page).not.toHaveURL(/sign-in/);
    // The vehicle page, slowed: Start purchase pressed as soon as the page has loaded (the
    // helper's own walk); then, the vehicle held for this shopper, its Continue your purchase.
    await throttle(page);
    const vin = await startPurchaseOfAvailable(page, request, 'Finance');
    for (const delay of moments(jsEnabled)) {
      await pressAfterLoad(page, `/vehicles/${vin}`, delay, () =>
        page.getByRole('link', { name: 'Continue your purchase' }).click(),
      );
      await expect(page, `Continue your purchase pressed ${delay} ms after load`).toHaveURL(/\/checkout\/cart$/, {
        timeout: 15_000,
      });
    }
    const steps = [
      { url: '/checkout/cart', button: 'Continue to Coverage', next: /\/checkout\/coverage$/ },
      { url: '/checkout/coverage', button: 'Continue to Account', next: /\/checkout\/account$/ },
      { url: '/checkout/account', button: 'Continue to Order Details', next: /\/checkout\/order-details$/ },
    ];
    for (const step of steps) {
      for (const delay of moments(jsEnabled)) {
        await pressAfterLoad(page, step.url, delay, () =>
          page.getByRole('button', { name: step.button, exact: true }).click(),
        );
        await expect(page, `${step.button} pressed ${delay} ms after load`).toHaveURL(step.next, { timeout: 15_000 });
      }
    }
    // Coverage right after an in-page update: a plan added (a fetcher finishing), then Continue.
    await page.goto('/checkout/coverage');
    const plan = page.getByTestId('protection-plan').first();
    const name = (await plan.getByRole('heading').textContent()) ?? '';
    await plan.getByRole('button', { name: `Add to cart for ${name}` }).click();
    await expect(plan).toContainText('Added');
    await page.getByRole('button', { name: 'Continue to Account', exact: true }).click();
    await expect(page, 'Continue to Account pressed right after a plan was added').toHaveURL(/\/checkout\/account$/, {
      timeout: 15_000,
    });
    // Order details: pickup near Denver, Continue to the credit application.
    for (const delay of moments(jsEnabled)) {
      await pressAfterLoad(page, '/checkout/order-details', delay, async () => {
        await page.getByRole('radio', { name: /^Pickup/ }).check();
        await page.getByPlaceholder('Your 5-digit Zip code').fill('80202');
        await page.getByRole('button', { name: 'Continue to Credit Application', exact: true }).click();
      });
      await expect(page, `Continue to Credit Application pressed ${delay} ms after load`).toHaveURL(
        /\/checkout\/credit-application\/personal$/,
        { timeout: 15_000 },
      );
    }
  });

  test('credit application: each step continued at each moment after it shows, then the Overview', async ({
    page,
    request,
    jsEnabled,
  }) => {
    test.setTimeout(480_000);
    const purchase = new PurchasePage(page, 'default', jsEnabled);
    await purchase.signIn(request);
    await throttle(page);
    for (const delay of moments(jsEnabled)) {
      // One application per moment: each step's Continue pressed `delay` ms after the step shows.
      await purchase.startAndFillOrder(request, 'Finance');
      await purchase.applyForCredit('approved', undefined, () => page.waitForTimeout(delay));
      await purchase.expectApproved();
    }
  });
  test('overview: Place order at each moment after load places the order', async ({ page, request, jsEnabled }) => {
    test.setTimeout(480_000);
    const purchase = new PurchasePage(page, 'default', jsEnabled);
    const shopper = await purchase.signIn(request);
    const setRate = await throttle(page);
    for (const delay of moments(jsEnabled)) {
      // One cash cart per moment, walked to the Overview at full speed (the walk is the other
      // tests' subject); the Overview, slowed, has its refundable deposit (offered whatever the
      // price) paid by card.
      await setRate(1);
      await purchase.startAndFillOrder(request, 'Cash');
      await setRate(4);
      await pressAfterLoad(page, '/checkout/overview?method=deposit', delay, async () => {
        await purchase.fillCard({ email: shopper.email, name: 'Rowan Ellis' });
        await purchase.placeOrder();
      });
      await expect(page, `Place order pressed ${delay} ms after load`).toHaveURL(
        /\/checkout\/(placing|confirmation\/)/,
        {
          timeout: 15_000,
        },
      );
      // The order-creation wait ends on the confirmation (without JavaScript, by the placing
      // page's refresh, which would otherwise cut the next walk's first page short).
      await expect(page).toHaveURL(/\/checkout\/confirmation\//, { timeout: 30_000 });
    }
  });

  test('tracker payment: Pay by card at each moment after load, and right after a payment, pays', async ({
    page,
    context,
    request,
    jsEnabled,
  }) => {
    const flow = await startFlow(page, context, request, 'default', 'cash-dealer', jsEnabled, 'signed');
    await throttle(page);
    const cards = page.getByTestId('payment-list').getByText('Card ending 4242');
    const payHundred = () => payOnCardForm(page, DEMO_BUYER.name, '80202', '100.00');
    let paid = 0;
    for (const delay of moments(jsEnabled)) {
      await pressAfterLoad(page, flow.progress('payment'), delay, payHundred);
      paid += 1;
      await expect(cards, `Pay by card pressed ${delay} ms after load`).toHaveCount(paid, { timeout: 15_000 });
    }
    // Right after an in-page update: the payment's answer (and the page's revalidation) has just
    // shown; the next payment is typed and pressed at once.
    await payHundred();
    paid += 1;
    await expect(cards, 'Pay by card pressed right after a payment').toHaveCount(paid, { timeout: 15_000 });
  });
});

// Typed before the page's code arrives (a slow phone): the amount the shopper typed is the amount
// paid. The currency field used to put the server's amount back when it lost focus after
// hydration, so the press paid $7,000 (the card's most) where $100.00 had been typed.
test('tracker payment: an amount typed before the page hydrates is the amount paid', async ({
  page,
  context,
  request,
  jsEnabled,
  waitForHydration,
}) => {
  test.skip(!jsEnabled, "without JavaScript the form is the server's HTML throughout");
  test.setTimeout(90_000);
  const flow = await startFlow(page, context, request, 'default', 'cash-dealer', jsEnabled, 'signed');
  // Hold the page's entry script back, so the shopper types into the server's HTML first.
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await page.goto(flow.progress('payment'), { waitUntil: 'commit' });
  const amount = page.getByTestId('card-form').getByLabel('Amount to pay');
  await expect(amount).toBeVisible();
  await expect(page.locator('html'), 'typed before hydration').not.toHaveAttribute('data-hydrated', 'true');
  await amount.fill('100.00');
  await waitForHydration();
  await payOnCardForm(page, DEMO_BUYER.name, '80202');
  await expect(page.getByTestId('payment-list').getByText(/^Card ending 4242: \$100(\.00)? — Paid$/)).toBeVisible({
    timeout: 15_000,
  });
});
