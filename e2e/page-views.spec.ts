import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { waitForPartHydrated } from './support/islands';

// Page views (seed 001 §7 analytics): one pixel request per page shown, with or without
// JavaScript, and one more per client-side navigation with it. The pixel's code loads on the
// shopper's first interaction (decision 048); the first view's pixel is the server's image.

function collectPageViews(page: Page): URLSearchParams[] {
  const views: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/resources/analytics-pixel' && url.searchParams.get('kind') === 'pageview')
      views.push(url.searchParams);
  });
  return views;
}

test('a page view for the page shown, and one for each page reached from it', async ({ page, visit, jsEnabled }) => {
  const views = collectPageViews(page);
  await visit('/search?utm_source=newsletter', { axe: false });
  await expect.poll(() => views.length).toBe(1);
  expect(views[0]!.get('name')).toBe('search');
  expect(views[0]!.get('path')).toBe('/search');
  expect(views[0]!.get('source')).toBe('newsletter');
  expect(views[0]!.has('v')).toBe(false);

  const link = page.getByTestId('card-link').first();
  const href = await link.getAttribute('href');
  // The cards hydrate when the shopper reaches for them (decision 058); until then a card's link
  // is a plain link, which loads the next page as a document (its view is then the server's).
  if (jsEnabled) {
    await link.hover();
    await waitForPartHydrated(link);
  }
  await link.click();
  await page.waitForURL((url) => url.pathname === href);
  await expect.poll(() => views.length).toBe(2);
  expect(views[1]!.get('name')).toBe('vehicleDetails');
  expect(views[1]!.get('path')).toBe(href);
  expect(views[1]!.get('vin')).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
  // A client-side view has its own view id; a document's first view has none.
  expect(views[1]!.has('v')).toBe(jsEnabled);

  // History is client-side with JavaScript: going forward again is a view of its own.
  if (!jsEnabled) return;
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/search');
  // The search page is on screen again (a forward before it renders would skip it altogether).
  await expect(page.getByTestId('result-count')).toBeVisible();
  await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
  await page.goForward();
  await page.waitForURL((url) => url.pathname === href);
  await expect.poll(() => views.length).toBe(3);
  expect(views[2]!.get('path')).toBe(href);
  expect(views[2]!.get('v')).not.toBe(views[1]!.get('v'));
  await page.waitForTimeout(500);
  expect(views).toHaveLength(3);
});
