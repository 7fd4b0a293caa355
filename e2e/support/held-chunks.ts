import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { holdChunk, scriptsRequested } from './islands';
import { startFlow, type OrderFlow, type Stage, type Template } from './tracker';

// Opening a tracker page whose forms load their code on the shopper's first interaction
// (decisions 053, 057), with a chunk held back so the shopper can act before it comes.

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
  const release = hold ? await holdChunk(page, hold) : () => {};
  await page.goto(typeof path === 'string' ? flow.progress(path) : path(flow));
  await waitForHydration();
  await page.waitForLoadState('networkidle');
  return { flow, scripts, release };
}
