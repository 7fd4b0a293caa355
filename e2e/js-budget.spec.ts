import path from 'node:path';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { DEMO_SHOPPER, scenarioOrderNumber } from '../server/db/seed-data/scenarios';
import { javascriptLoadedInBrowser } from '../scripts/bench/browser-javascript';
import { expect, test } from './support/fixtures';
import { cardVins } from './support/storefront';

// The JavaScript budget (issue 17): what a page makes the browser download before the shopper
// does anything, gzipped, from the built client. Each page is opened in Chromium and counted
// until it has hydrated and its network is quiet (scripts/bench/browser-javascript.ts): what the
// HTML names, and what starts by itself (island chunks, code loaded after hydration). Until
// 2026-11-27 the count followed only the HTML and its static imports, and missed island chunks
// and after-hydration imports: the vehicle page was counted at 114 KB while the browser loaded
// 147.8, the signed-in pages at about 117 while they loaded 151 (Headless UI after hydration).
// The goal is 100 KB a page; React, React DOM and Remix alone take about 83 KB of it. A page that
// is not there yet has a ceiling at what it loads today, so it can only shrink: lower a ceiling
// when a page gets lighter, never raise it. Decisions 031, 033 and 042-044 list what each page
// loads and why (`ANALYZE=1 npm run build` shows it module by module); the ceilings below were
// set from the browser count on 2026-11-27 and say what keeps each page above the goal.
const GOAL_KB = 100;
const CEILING_KB: Record<string, number> = {
  // The vehicle grid, its cards and the filters (about 13 KB of our own code over the shell).
  search: 115,
  // The buy box, and the lead form, calculator and similar-vehicles islands started at load.
  vehicle: 148,
  // conform's useForm (8.7 KB), the kit's field and masks; zod loads on first focus.
  'sign-in': 115.5,
  // The lead-form island started at load (conform's hooks, the kit's fields).
  'contact-us': 118.5,
  // The live payment calculation (about 9 KB), the order summary and the hold timer.
  cart: 117.5,
  // The kit's text field with conform's helpers, the route and the flow's texts.
  'trade-in': 110,
  // conform's useForm and FormProvider, the address and SSN fields; zod loads on first focus.
  'pre-qualify': 118,
  // conform's useForm for the profile and e-mail forms; zod and libphonenumber on first focus.
  account: 117.5,
  // The tracker layout, every step's copy and the dealer-time formatting.
  tracker: 110.5,
};

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
async function measure(context: BrowserContext, url: string): Promise<number> {
  const tab = await context.newPage();
  try {
    const js = await javascriptLoadedInBrowser(tab, url, clientDir);
    expect(js.missing, `${url} loads assets missing from build/client`).toEqual([]);
    return Math.round((js.gzip / 1024) * 10) / 10;
  } finally {
    await tab.close();
  }
}

test.describe('JavaScript budget', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'bytes are the same in both projects: measured once');

  test('each page loads no more gzipped JavaScript than its budget', async ({ page, browser, visit }) => {
    // Ten pages opened one by one, each until its network is quiet.
    test.setTimeout(180_000);
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
    };
    const signedIn = {
      'pre-qualify': '/financing/pre-qualify',
      account: '/account',
      tracker: `/progress/${scenarioOrderNumber('default', 10001)}/insurance-verification`,
    };
    const baseURL = test.info().project.use.baseURL;
    // A new context for each shopper: nothing cached from the pages visited above.
    const measured: Record<string, number> = {};
    const signedOutContext = await browser.newContext({ baseURL });
    for (const [name, url] of Object.entries(signedOut)) measured[name] = await measure(signedOutContext, url);
    await signedOutContext.close();
    const signedInContext = await browser.newContext({ baseURL });
    await signInDemoShopper(signedInContext.request);
    for (const [name, url] of Object.entries(signedIn)) measured[name] = await measure(signedInContext, url);
    await signedInContext.close();

    test.info().annotations.push({ type: 'gzipped JavaScript (KB)', description: JSON.stringify(measured) });
    for (const [name, kb] of Object.entries(measured)) {
      expect
        .soft(kb, `${name}: ${kb} KB (all: ${JSON.stringify(measured)})`)
        .toBeLessThanOrEqual(CEILING_KB[name] ?? GOAL_KB);
    }
  });
});
