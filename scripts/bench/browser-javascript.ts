// The JavaScript a page really makes the browser download before the shopper does anything:
// the page is opened in Chromium and every script it requests is counted until the page has
// hydrated and the network has been quiet for half a second. That includes what the HTML names
// (module preloads and their static imports) and what starts on its own once the modules run
// (code loaded after hydration or on a timer that fires at once). `interact`, when given, is the
// shopper's first interaction with the page's main form: what it loads is counted in a second
// figure (decision 073). A page without script (html[data-scripts="none"]) is counted as soon as
// it has loaded. Sizes are read from build/client and gzipped at
// the default level, as `compression` serves them, so the figure is the same as the static count
// in ./assets.ts for the files both see.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { javascriptOfPage, type PageJavaScript } from './assets';

/** How long the network must be quiet before the count ends (Playwright's own idle rule). */
const QUIET_MS = 500;

/**
 * Opens `url` in `page` (a fresh page of a context that carries the shopper's cookies) and
 * answers every JavaScript file the browser loaded, with sizes from `clientDir`. Files the HTML
 * names are counted even if the browser had them cached. `status` is the answer the page is
 * expected to have: 200, or 404 for the not-found page a shopper lands on from a stale link.
 */
export async function javascriptLoadedInBrowser(
  page: Page,
  url: string,
  clientDir: string,
  status = 200,
): Promise<PageJavaScript> {
  return (await javascriptBeforeAndAfter(page, url, clientDir, status)).before;
}

/** Quiet network after the page's own work: what starts by itself has been requested. */
async function quiet(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(QUIET_MS);
}

/**
 * As javascriptLoadedInBrowser, and then `interact(page)`: `after` counts what the page loaded
 * before the interaction and because of it (null without `interact`).
 */
export async function javascriptBeforeAndAfter(
  page: Page,
  url: string,
  clientDir: string,
  status = 200,
  interact?: (page: Page) => Promise<void>,
): Promise<{ before: PageJavaScript; after: PageJavaScript | null; scripts: boolean }> {
  const requested = new Set<string>();
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (pathname.endsWith('.js')) requested.add(pathname);
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response || response.status() !== status) {
    throw new Error(`${url} answered ${response?.status() ?? 'nothing'}, not ${status}`);
  }
  const html = await response.text();
  // The root sets html[data-hydrated] once React has run; with the network quiet after that,
  // whatever starts by itself (after-hydration imports) has been requested. A page without
  // script has nothing to wait for.
  const scripts = (await page.locator('html').getAttribute('data-scripts')) !== 'none';
  if (scripts) await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 30_000 });
  await quiet(page);
  const before = count(html, clientDir, new Set(requested));
  if (!interact) return { before, after: null, scripts };
  await interact(page);
  await quiet(page);
  return { before, after: count(html, clientDir, requested), scripts };
}

/** What the HTML names and every other script in `requested`, with sizes from `clientDir`. */
function count(html: string, clientDir: string, requested: Set<string>): PageJavaScript {
  const named = javascriptOfPage(html, clientDir);
  const result: PageJavaScript = { files: [], raw: 0, gzip: 0, missing: [...named.missing] };
  const counted = new Set<string>();
  for (const file of named.files) {
    counted.add(file.file);
    result.files.push(file);
  }
  for (const urlPath of requested) {
    if (counted.has(urlPath) || !urlPath.startsWith('/assets/')) continue;
    counted.add(urlPath);
    const file = path.join(clientDir, urlPath);
    if (!existsSync(file)) {
      result.missing.push(urlPath);
      continue;
    }
    const source = readFileSync(file);
    result.files.push({ file: urlPath, raw: source.length, gzip: gzipSync(source).length });
  }
  for (const file of result.files) {
    result.raw += file.raw;
    result.gzip += file.gzip;
  }
  result.files.sort((a, b) => b.gzip - a.gzip);
  return result;
}
