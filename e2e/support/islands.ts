import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

// When a part of a page has hydrated (React's props are on its DOM node).

/** Waits until React has hydrated `element` (it then carries React's props on the DOM node). */
export async function waitForPartHydrated(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))), {
      message: 'the part should hydrate once its code is here',
    })
    .toBe(true);
}
