import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_TENANTS, tenantConfig, tenantText, tenantUrl, type DemoTenantId } from './support/tenants';

// The 404 and 500 pages of each tenant: real statuses, the tenant's texts and pictures, the
// header and footer around them, and never the error's own message.

const SERVER_ERROR_PATH = '/__test/server-error';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function expectPicture(page: Page, id: DemoTenantId, file: string | undefined, builtIn: string) {
  const picture = page.getByRole('main').getByTestId('error-illustration');
  await expect(picture).toBeVisible();
  if (file) {
    await expect(picture).toHaveAttribute('src', new RegExp(`^/tenant-assets/${id}/${escapeRegExp(file)}\\?v=\\w+$`));
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  } else {
    // No picture configured: the built-in drawing, not a broken image.
    expect(await picture.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
    await expect(picture).toHaveAttribute('data-illustration', builtIn);
  }
  const box = await picture.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
}

for (const id of DEMO_TENANTS) {
  test.describe(`tenant ${id}`, () => {
    test('an unknown URL answers 404 with the not-found page', async ({ page, visit }) => {
      const config = tenantConfig(id);
      const texts = config.texts.errors.notFound;
      const response = await visit(tenantUrl(id, '/this/page/does-not-exist'));
      expect(response?.status()).toBe(404);

      const main = page.getByRole('main');
      await expect(main.getByTestId('error-code')).toHaveText('Error 404');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(tenantText(id, texts.title));
      await expect(main.getByText(tenantText(id, texts.subtitle), { exact: true })).toBeVisible();
      await expect(main.getByRole('link', { name: tenantText(id, texts.callToAction) })).toHaveAttribute('href', '/');
      await expect(page).toHaveTitle(tenantText(id, config.texts.meta.notFound.title));
      await expectPicture(page, id, config.images.notFound, 'not-found');
      // The shop stays around the error.
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });

    test('a failing page answers 500 with the server-error page', async ({ page, visit }) => {
      const config = tenantConfig(id);
      const texts = config.texts.errors.serverError;
      const response = await visit(tenantUrl(id, SERVER_ERROR_PATH));
      expect(response?.status()).toBe(500);

      const main = page.getByRole('main');
      await expect(main.getByTestId('error-code')).toHaveText('Error 500');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(tenantText(id, texts.title));
      await expect(main.getByText(tenantText(id, texts.subtitle), { exact: true })).toBeVisible();
      await expect(main.getByRole('link', { name: tenantText(id, texts.callToAction) })).toHaveAttribute('href', '/');
      await expectPicture(page, id, config.images.serverError, 'server-error');
      await expect(page.getByText(/internal detail|deliberate failure/)).toHaveCount(0);
      await expect(page.getByRole('banner')).toBeVisible();
    });
  });
}

test('an error while rendering is a 500 page too, without the error message', async ({ page, visit }) => {
  const texts = tenantConfig('default').texts.errors.serverError;
  const response = await visit(`${SERVER_ERROR_PATH}?in=render`);
  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tenantText('default', texts.title));
  await expect(page.getByText(/internal detail|deliberate failure/)).toHaveCount(0);
});

test('the not-found call to action goes to the homepage', async ({ page, visit }) => {
  const texts = tenantConfig('default').texts.errors.notFound;
  await visit('/no-such-page');
  await page
    .getByRole('main')
    .getByRole('link', { name: tenantText('default', texts.callToAction) })
    .click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('not-found-page')).toHaveCount(0);
});

test.describe('layout around the 768 px breakpoint', () => {
  test('picture beside the text from 768 px, above it below', async ({ page, visit }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await visit('/no-such-page');
    const picture = page.getByTestId('error-illustration');
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    const [wide, title] = [await picture.boundingBox(), await heading.boundingBox()];
    expect(wide!.x + wide!.width).toBeLessThanOrEqual(title!.x);

    await page.setViewportSize({ width: 767, height: 900 });
    const [narrow, below] = [await picture.boundingBox(), await heading.boundingBox()];
    expect(narrow!.y + narrow!.height).toBeLessThanOrEqual(below!.y);
    expect(narrow!.width).toBeLessThanOrEqual(390);
  });
});
