import path from 'node:path';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { DEMO_SHOPPER, scenarioOrderNumber } from '../server/db/seed-data/scenarios';
import { javascriptLoadedInBrowser } from '../scripts/bench/browser-javascript';
import { expect, test } from './support/fixtures';
import { createShopper } from './support/accounts';
import { financeCartThroughApi } from './support/checkout';
import { cardVins } from './support/storefront';

// The JavaScript budget (issue 17): what a page makes the browser download before the shopper
// does anything, gzipped, from the built client. Each page is opened in Chromium and counted
// until it has hydrated and its network is quiet (scripts/bench/browser-javascript.ts): what the
// HTML names, and what starts by itself (island chunks, code loaded after hydration). Until
// 2026-11-27 the count followed only the HTML and its static imports, and missed island chunks
// and after-hydration imports: the vehicle page was counted at 114 KB while the browser loaded
// 147.8, the signed-in pages at about 117 while they loaded 151 (Headless UI after hydration).
// The goal is 100 KB a page; React, React DOM and Remix alone take about 80 KB of it. Pages were
// brought to it by ceilings that could only go down, set from the browser count on 2026-11-27 and
// lowered by decisions 046-063 (`ANALYZE=1 npm run build` shows a page module by module; the
// decisions list what each page loads and why). Since decision 062 (the vehicle page) every page
// measured here is at the goal, and none has a ceiling of its own: a page that grows past the
// goal fails.
const GOAL_KB = 100;

const clientDir = path.resolve('build/client');

/** Signs the seeded demo shopper in through the form's endpoint: the cookies stay in `request`. */
async function signInDemoShopper(request: APIRequestContext) {
  const response = await request.post('/sign-in', {
    form: { 'signin-email': DEMO_SHOPPER.email, 'signin-password': DEMO_SHOPPER.password, redirectTo: '/account' },
    maxRedirects: 0,
  });
  expect(response.status(), 'the demo shopper signs in').toBe(302);
}

/** Opens `url` in a fresh tab of `context` and counts what the browser loaded (see the module). */
async function measure(context: BrowserContext, url: string, status = 200): Promise<number> {
  const tab = await context.newPage();
  try {
    const js = await javascriptLoadedInBrowser(tab, url, clientDir, status);
    expect(js.missing, `${url} loads assets missing from build/client`).toEqual([]);
    return Math.round((js.gzip / 1024) * 10) / 10;
  } finally {
    await tab.close();
  }
}

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };

test.describe('JavaScript budget', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'bytes are the same in both projects: measured once');

  test('each page loads no more gzipped JavaScript than its budget', async ({ page, browser, request, visit }) => {
    // Thirty-four pages opened one by one, each until its network is quiet: up to 15 s each on a busy machine.
    test.setTimeout(540_000);
    await visit('/search');
    const [vin] = await cardVins(page);
    const signedOut = {
      landing: '/',
      search: '/search',
      vehicle: `/vehicles/${vin}`,
      'sign-in': '/sign-in',
      'contact-us': '/contact-us',
      cart: '/checkout/cart',
      'trade-in': '/trade-in',
      compare: '/compare',
      'privacy-request': '/privacy-request',
      'sign-in-passcode': '/sign-in/passcode',
    };
    const signedIn = {
      'pre-qualify': '/financing/pre-qualify',
      account: '/account',
      'saved-vehicles': '/saved-vehicles',
      'account-orders': '/account/orders',
      tracker: `/progress/${scenarioOrderNumber('default', 10001)}/insurance-verification`,
      'tracker ID': `/progress/${scenarioOrderNumber('default', 10004)}/id-verification`,
      'tracker documents': `/progress/${scenarioOrderNumber('default', 10007)}/doc-upload`,
      'tracker payment': `/progress/${scenarioOrderNumber('default', 10017)}/payment`,
      'tracker deal review': `/progress/${scenarioOrderNumber('default', 10009)}/deal-review`,
      'tracker finance decision': `/progress/${scenarioOrderNumber('default', 10011)}/finance-decision`,
      'tracker signing': `/progress/${scenarioOrderNumber('default', 10013)}/signing`,
      // The tracker's last step, delivery or pickup (its own address, outside /progress).
      fulfillment: `/fulfillment/${scenarioOrderNumber('default', 10020)}`,
      // The placed order's pages in the checkout (decision 063).
      receipt: `/checkout/receipt/${scenarioOrderNumber('default', 10020)}`,
      confirmation: `/checkout/confirmation/${scenarioOrderNumber('default', 10020)}`,
    };
    const baseURL = test.info().project.use.baseURL;
    // A new context for each shopper: nothing cached from the pages visited above.
    const measured: Record<string, number> = {};
    const signedOutContext = await browser.newContext({ baseURL });
    for (const [name, url] of Object.entries(signedOut)) measured[name] = await measure(signedOutContext, url);
    // The page a stale link lands on: the shell's error page, which loads when it shows (decision 048).
    measured['not found'] = await measure(signedOutContext, '/no-such-page', 404);
    await signedOutContext.close();
    // On a phone (Lighthouse's mobile screen and touch): parts only phones show count there.
    const phoneContext = await browser.newContext({ baseURL, ...PHONE });
    for (const name of ['landing', 'search', 'vehicle'] as const) {
      measured[`${name} on a phone`] = await measure(phoneContext, signedOut[name]);
    }
    await phoneContext.close();
    const signedInContext = await browser.newContext({ baseURL });
    await signInDemoShopper(signedInContext.request);
    for (const [name, url] of Object.entries(signedIn)) measured[name] = await measure(signedInContext, url);
    await signedInContext.close();
    // A shopper with a vehicle in the cart, up to the credit application.
    const buyer = await createShopper(request, 'default', 'js-budget');
    const buyerContext = await browser.newContext({ baseURL });
    await financeCartThroughApi(buyerContext.request, buyer, 0);
    const signIn = await buyerContext.request.post('/sign-in', {
      form: { 'signin-email': buyer.email, 'signin-password': buyer.password, redirectTo: '/checkout/cart' },
      maxRedirects: 0,
    });
    expect(signIn.status(), 'the buyer signs in').toBe(302);
    measured['cart with a vehicle'] = await measure(buyerContext, '/checkout/cart');
    measured.coverage = await measure(buyerContext, '/checkout/coverage');
    measured['checkout account'] = await measure(buyerContext, '/checkout/account');
    measured['order details'] = await measure(buyerContext, '/checkout/order-details');
    measured['credit application'] = await measure(buyerContext, '/checkout/credit-application/personal');
    // The same cart switched to cash (as the cart's confirmed switch posts it) goes on to the Overview.
    const switched = await buyerContext.request.post('/checkout/cart', {
      form: { intent: 'switch-type', dealType: 'Cash', confirmed: 'yes' },
      maxRedirects: 0,
    });
    expect(switched.status(), 'the cart switches to cash').toBe(302);
    measured.overview = await measure(buyerContext, '/checkout/overview');
    await buyerContext.close();

    test.info().annotations.push({ type: 'gzipped JavaScript (KB)', description: JSON.stringify(measured) });
    for (const [name, kb] of Object.entries(measured)) {
      expect.soft(kb, `${name}: ${kb} KB (all: ${JSON.stringify(measured)})`).toBeLessThanOrEqual(GOAL_KB);
    }
  });
});
