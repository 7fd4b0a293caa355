import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { startFlow, type OrderFlow, type Stage, type Template } from './tracker';

// Opening a tracker page whose forms load their code on the shopper's first interaction
// (decisions 053, 057), with a chunk held back so the shopper can act before it comes.

/** Every script URL the page asks for from now on. */
export function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

export type Opening = {
  page: Page;
  context: BrowserContext;
  request: APIRequestContext;
  waitForHydration: () => Promise<void>;
};

/**
 * Makes an order at `stage`, opens the page `path` gives for it (a step's page under /progress
 * when a string) and waits until the page has hydrated and its network is quiet; answers every
 * script the page asked for. `hold` is a chunk held back until `release` is called.
 */
export async function openStep(
  { page, context, request, waitForHydration }: Opening,
  order: { tenant: 'default' | 'northside' | 'lakeview'; template: Template; stage?: Stage },
  path: string | ((flow: OrderFlow) => string),
  hold?: RegExp,
) {
  const flow = await startFlow(page, context, request, order.tenant, order.template, true, order.stage);
  // The sign-in lands on the order's active step by a client navigation, which renders that page's
  // islands in the browser (their code loads at once): done before counting.
  await page.waitForLoadState('networkidle');
  const scripts = scriptsRequested(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  if (hold) {
    await page.route(hold, async (route) => {
      await held;
      await route.continue();
    });
  }
  await page.goto(typeof path === 'string' ? flow.progress(path) : path(flow));
  await waitForHydration();
  await page.waitForLoadState('networkidle');
  return { flow, scripts, release };
}

/** Waits until React has hydrated `element` (it then carries React's props on the DOM node). */
export async function waitForPartHydrated(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))), {
      message: 'the part should hydrate once its code is here',
    })
    .toBe(true);
}
