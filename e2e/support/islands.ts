import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

// For the specs of islands that load their code on the shopper's first interaction (decisions
// 049, 053, 056): which scripts a page asked for, and when a part has hydrated.

/** Every script URL the page asks for from now on. */
export function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** Waits until React has hydrated `element` (it then carries React's props on the DOM node). */
export async function waitForPartHydrated(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))), {
      message: 'the part should hydrate once its code is here',
    })
    .toBe(true);
}

/**
 * Holds back every request for a script matching `chunk` until `release` is called, so a test can
 * act on a part before its code arrives.
 */
export async function holdChunk(page: Page, chunk: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(chunk, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
