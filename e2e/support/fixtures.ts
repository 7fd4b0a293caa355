import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Response } from '@playwright/test';

// Fixtures every e2e test imports instead of @playwright/test:
//
//   import { test, expect } from './support/fixtures';
//   test('…', async ({ page, visit, jsEnabled, checkA11y }) => {
//     const response = await visit('/some/page');   // goto + wait for hydration + axe (js-on)
//     …interact…
//     await checkA11y();                             // again, e.g. with a dialog open
//   });
//
// In the js-on project every page a test ends on is checked by axe too (a page reached by a
// click, not by visit()), and any WCAG 2 A/AA violation fails the test. Turn the check off for
// one file or describe block with test.use({ axe: false }) — and say why in a comment.
// axe cannot run with JavaScript off, so the js-off project never runs it.

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type A11yOptions = {
  /** Only this part of the page (a CSS selector). */
  include?: string;
  /** Parts to leave out (CSS selectors), e.g. a third-party frame. */
  exclude?: string[];
  /** Rule ids to skip; keep this empty unless a rule is known to misfire. */
  disableRules?: string[];
};

export type VisitOptions = {
  /** Skip the axe check of this page (it still runs at the end of the test unless axe is off). */
  axe?: boolean;
  waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit';
};

type Fixtures = {
  /** Whether this project runs JavaScript (js-on) or not (js-off). */
  jsEnabled: boolean;
  /** Option: run axe in the js-on project (default true). */
  axe: boolean;
  /** Runs axe on the page as it is now and fails on any violation (a no-op with JavaScript off). */
  checkA11y: (options?: A11yOptions) => Promise<void>;
  /** page.goto, then (js-on) waits until React has hydrated and runs axe. Answers the document response. */
  visit: (url: string, options?: VisitOptions) => Promise<Response | null>;
  /** Waits for <html data-hydrated> (set by the root once React runs); a no-op with JavaScript off. */
  waitForHydration: () => Promise<void>;
};

function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.map((violation) => {
    const targets = violation.nodes
      .slice(0, 5)
      .map((node) => node.target.join(' '))
      .join(' | ');
    return `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${targets}`;
  });
}

/**
 * Waits (at most 5 s) until the page is still: no router navigation, revalidation or fetcher
 * under way, and no CSS transition running. A page mid-navigation dims its old results (the
 * search's `opacity-60`), and axe would measure the contrast of the dimmed text.
 */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const router = Reflect.get(window, '__remixRouter') as
          | { state: { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> } }
          | undefined;
        const busy =
          router !== undefined &&
          (router.state.navigation.state !== 'idle' ||
            router.state.revalidation !== 'idle' ||
            Array.from(router.state.fetchers.values()).some((fetcher) => fetcher.state !== 'idle'));
        const moving = document
          .getAnimations()
          .some((animation) => animation instanceof CSSTransition && animation.playState === 'running');
        return !busy && !moving;
      },
      undefined,
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => {});
}

async function runAxe(page: Page, options: A11yOptions = {}): Promise<void> {
  await settle(page);
  // Only violations are collected (passes and incompletes would double the time). options()
  // replaces all options, so it must come before withTags().
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(AXE_TAGS);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const { violations } = await builder.analyze();
  expect(describeViolations(violations), `accessibility violations on ${page.url()}`).toEqual([]);
}

export const test = base.extend<Fixtures>({
  jsEnabled: async ({ javaScriptEnabled }, provide) => {
    await provide(javaScriptEnabled !== false);
  },

  axe: [true, { option: true }],

  waitForHydration: async ({ page, jsEnabled }, provide) => {
    await provide(async () => {
      if (!jsEnabled) return;
      // A page that ships no script (decision 073) has nothing to hydrate.
      if ((await page.locator('html').getAttribute('data-scripts')) === 'none') return;
      await expect(page.locator('html'), 'the page should hydrate (html[data-hydrated])').toHaveAttribute(
        'data-hydrated',
        'true',
        {
          timeout: 10_000,
        },
      );
    });
  },

  checkA11y: async ({ page, jsEnabled, axe }, provide) => {
    await provide(async (options) => {
      if (!jsEnabled || !axe) return;
      await runAxe(page, options);
    });
  },

  visit: [
    async ({ page, jsEnabled, axe, waitForHydration }, provide, testInfo) => {
      // Every main-frame navigation (documents and client-side ones) bumps the counter; a
      // check records the count it saw, so the end-of-test check knows whether the page the
      // test ended on was already checked.
      let navigations = 0;
      let checkedAt = -1;
      const onNavigated = (frame: { parentFrame(): unknown }) => {
        if (!frame.parentFrame()) navigations += 1;
      };
      page.on('framenavigated', onNavigated);

      await provide(async (url, options = {}) => {
        const response = await page.goto(url, { waitUntil: options.waitUntil ?? 'load' });
        await waitForHydration();
        if (jsEnabled && axe && options.axe !== false) {
          await runAxe(page);
          checkedAt = navigations;
        }
        return response;
      });

      page.off('framenavigated', onNavigated);
      const passedSoFar = testInfo.status === testInfo.expectedStatus;
      if (jsEnabled && axe && passedSoFar && navigations > 0 && navigations !== checkedAt && !page.isClosed()) {
        const url = page.url();
        if (url.startsWith('http')) {
          await page.waitForLoadState('load');
          await runAxe(page);
        }
      }
    },
    { auto: true },
  ],
});

export { expect };
