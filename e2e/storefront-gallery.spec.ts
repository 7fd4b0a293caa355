import type { APIRequestContext } from '@playwright/test';
import { E2E_PHOTO_PORT, e2eFeedKey } from './support/env';
import { expect, test } from './support/fixtures';
import { card } from './support/storefront';
import { tenantUrl, type DemoTenantId } from './support/tenants';

// Issue 16 point 2 end to end: a feed with three photo URLs (served by the local photo host,
// e2e/support/photo-server.ts) is posted to the feed API; the server's worker stores the
// photos; the card shows the first one (AVIF/WebP srcset, eager and high priority as the first
// card), and the vehicle page's gallery shows all three with a count, numbered links without
// JavaScript, and the arrow keys, buttons and a full-screen view with it. The other demo
// tenants load the same feed with their own keys and show their photos too.

const VIN = 'LPSED3KA1PL700901';
const HOST = `http://127.0.0.1:${E2E_PHOTO_PORT}`;

/** The feed as a dealer exports it; each tenant's photo URLs are its own addresses. */
function feed(tenant: DemoTenantId): string {
  const photo = (name: string) => (tenant === 'default' ? `${HOST}/${name}` : `${HOST}/${name}?dealer=${tenant}`);
  return [
    'vin,year,make,model,trim,body,colors,mileage,type,msrp,price,photo_urls,dealer_zip',
    `${VIN},2023,Polestar,2,Long Range Dual Motor,sedan,Snow White,12400,USED,0,38900,${photo('front.jpg')}|${photo('side.jpg')}|${photo('rear.png')},78701`,
  ].join('\n');
}

/** Posts the tenant's feed (the same one twice changes nothing) and waits until the photos are stored. */
async function loadFeedWithPhotos(request: APIRequestContext, tenant: DemoTenantId = 'default'): Promise<void> {
  const response = await request.post('/api/inventory/feeds?mode=partial', {
    headers: { 'x-tenant-id': tenant, authorization: `Bearer ${e2eFeedKey(tenant)}`, 'content-type': 'text/csv' },
    data: feed(tenant),
  });
  expect(response.status()).toBe(200);
  await expect
    .poll(
      async () => {
        const detail = await request.get(`/api/inventory/vehicles/${VIN}`, {
          headers: { 'x-tenant-id': tenant, 'x-caller-id': 'storefront' },
        });
        const body = (await detail.json()) as { data?: { gallery: { photo?: unknown }[] } };
        return body.data?.gallery.filter((picture) => picture.photo).length ?? 0;
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBe(3);
}

for (const tenant of ['lakeview', 'northside'] as const) {
  test(`${tenant}: the dealer's feed with photos shows them in the vehicle page's gallery`, async ({
    page,
    visit,
    request,
  }) => {
    test.setTimeout(90_000);
    await loadFeedWithPhotos(request, tenant);
    await visit(tenantUrl(tenant, `/vehicles/${VIN}`));
    const gallery = page.getByTestId('vehicle-gallery');
    await expect(gallery.locator('img[data-photo="dealer"]')).toHaveCount(3);
    await expect(
      gallery.getByRole('img', { name: '2023 Polestar 2 Long Range Dual Motor, photo 1 of 3' }),
    ).toBeVisible();
    await expect(page.getByTestId('gallery-links').getByRole('link')).toHaveText([
      'Photo 1 of 3',
      'Photo 2 of 3',
      'Photo 3 of 3',
    ]);
    await expect(gallery.locator('img[data-photo="dealer"]').first()).toHaveJSProperty('complete', true);
  });
}

test.describe('dealer photos', () => {
  test.beforeEach(async ({ request }) => {
    test.setTimeout(90_000);
    await loadFeedWithPhotos(request);
  });

  test('the card shows the first photo, eager and high priority as the first card', async ({ page, visit }) => {
    await visit('/search?make=Polestar');
    const image = card(page, VIN).locator('img[data-photo="dealer"]');
    await expect(image).toHaveAttribute('loading', 'eager');
    await expect(image).toHaveAttribute('fetchpriority', 'high');
    await expect(image).toHaveAttribute('src', /^\/media\/photos\/[a-f0-9]{32}\/w960\.webp$/);
    await expect(card(page, VIN).locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      /w480\.avif 480w, .+w960\.avif 960w, .+w1600\.avif 1600w$/,
    );
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    // Shown whole in the 4:3 frame: a dealer's 3:2 photo is not cropped (issue 35 point 7).
    await expect(image).toHaveCSS('object-fit', 'contain');
  });

  test('the vehicle page shows the three photos in a gallery with a count', async ({ page, visit, jsEnabled }) => {
    await visit(`/vehicles/${VIN}`);
    const gallery = page.getByTestId('vehicle-gallery');
    await expect(gallery.locator('img[data-photo="dealer"]')).toHaveCount(3);
    await expect(
      gallery.getByRole('img', { name: '2023 Polestar 2 Long Range Dual Motor, photo 1 of 3' }),
    ).toBeVisible();
    const links = page.getByTestId('gallery-links').getByRole('link');
    await expect(links).toHaveText(['Photo 1 of 3', 'Photo 2 of 3', 'Photo 3 of 3']);

    if (!jsEnabled) {
      await expect(page.getByTestId('gallery-count')).toHaveText('3 photos');
      // A numbered link scrolls the row to its photo; the photo itself opens at full size.
      await links.nth(2).click();
      await expect(page).toHaveURL(/#photo-3$/);
      await expect(gallery.getByRole('img', { name: /photo 3 of 3/ })).toBeInViewport();
      await expect(gallery.locator('#photo-1 a')).toHaveAttribute('href', /\/w1600\.webp$/);
      await expect(page.getByTestId('gallery-fullscreen-open')).toBeHidden();
      await expect(gallery.getByRole('button')).toHaveCount(0);
      return;
    }

    const position = page.getByTestId('gallery-position');
    await expect(position).toHaveText('Photo 1 of 3');
    // The arrow keys move through the photos, the buttons too. The gallery's code comes when the
    // shopper reaches for it (decision 062): the focused row is live once it has its name.
    await page.getByTestId('gallery-row').focus();
    await expect(page.getByTestId('gallery-row')).toHaveAttribute('aria-label', 'Photo 1 of 3');
    await page.keyboard.press('ArrowRight');
    await expect(position).toHaveText('Photo 2 of 3');
    await expect(gallery.getByRole('img', { name: /photo 2 of 3/ })).toBeInViewport({ ratio: 0.9 });
    await page.keyboard.press('End');
    await expect(position).toHaveText('Photo 3 of 3');
    await gallery.getByRole('button', { name: 'Previous photo' }).click();
    await expect(position).toHaveText('Photo 2 of 3');

    // Full screen: the same photo, the keys, Escape back to the page.
    await page.getByRole('button', { name: 'View full screen' }).click();
    // Under load the full-screen view with its full-size photo took over the default 5 s to show.
    await expect(page.getByRole('dialog', { name: 'Photo 2 of 3' })).toBeVisible({ timeout: 15_000 });
    // Its name follows the photo shown.
    const dialog = page.getByTestId('gallery-fullscreen');
    await expect(dialog.getByRole('img', { name: /photo 2 of 3/ })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('gallery-fullscreen-position')).toHaveText('Photo 3 of 3');
    await expect(dialog.getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('gallery-fullscreen')).toHaveCount(0);
    await expect(position).toHaveText('Photo 3 of 3');
  });

  // CI flake of the test above: the row scrolls smoothly to the photo a button asks for, and each
  // scroll on the way moved the counter to the photo then in view. End, from photo 2, showed
  // "Photo 3 of 3", then "Photo 2 of 3" again while the row had not yet passed halfway, so a
  // Previous pressed then went to photo 1, and the full-screen view opened on photo 1.
  test('a button pressed while the row is still scrolling goes from the photo asked for, and full screen opens on it', async ({
    page,
    visit,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, 'without JavaScript there is no counter and no button');
    await visit(`/vehicles/${VIN}`);
    const gallery = page.getByTestId('vehicle-gallery');
    const position = page.getByTestId('gallery-position');
    await expect(position).toHaveText('Photo 1 of 3');
    // Every text the counter shows from here on.
    await position.evaluate((element) => {
      const shown: string[] = [];
      (window as unknown as { shown: string[] }).shown = shown;
      new MutationObserver(() => shown.push(element.textContent ?? '')).observe(element, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await page.getByTestId('gallery-row').focus();
    await page.keyboard.press('End');
    // At once, while the row is on its way to photo 3.
    await gallery.getByRole('button', { name: 'Previous photo' }).click();
    await expect(gallery.getByRole('img', { name: /photo 2 of 3/ })).toBeInViewport({ ratio: 0.9 });
    const row = page.getByTestId('gallery-row');
    await expect.poll(() => row.evaluate((element) => element.scrollLeft / element.clientWidth)).toBeCloseTo(1, 2);
    await expect(position).toHaveText('Photo 2 of 3');
    expect(await page.evaluate(() => (window as unknown as { shown: string[] }).shown)).toEqual([
      'Photo 3 of 3',
      'Photo 2 of 3',
    ]);
    await page.getByRole('button', { name: 'View full screen' }).click();
    await expect(page.getByRole('dialog', { name: 'Photo 2 of 3' })).toBeVisible({ timeout: 15_000 });
  });

  test('a vehicle without photos keeps the drawn art, and its gallery calls the four views drawings', async ({
    page,
    visit,
    jsEnabled,
  }) => {
    await visit('/search');
    const drawn = page
      .getByTestId('vehicle-card')
      .filter({ hasNot: page.locator('img[data-photo="dealer"]') })
      .first();
    await expect(drawn.locator('img')).toHaveAttribute('src', /^\/media\/vehicles\/.+\.svg$/);
    // Lazy beyond the first row, the first card's picture fetched first.
    await expect(page.getByTestId('vehicle-card').nth(8).locator('img')).toHaveAttribute('loading', 'lazy');

    // Issue 16: the gallery counter said "4 photos" for the drawn views. They are drawings.
    const vin = await drawn.getAttribute('data-vin');
    await visit(`/vehicles/${vin}`);
    const gallery = page.getByTestId('vehicle-gallery');
    // The four drawn views (with JavaScript the ones out of view are hidden from assistive technology).
    await expect(gallery.locator('img[alt$=", drawing"]')).toHaveCount(4);
    await expect(page.getByTestId('gallery-links').getByRole('link')).toHaveText([
      'Drawing 1 of 4',
      'Drawing 2 of 4',
      'Drawing 3 of 4',
      'Drawing 4 of 4',
    ]);
    await expect(page.getByRole('navigation', { name: 'Drawing list' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Drawings' })).toBeVisible();
    if (jsEnabled) {
      await expect(page.getByTestId('gallery-position')).toHaveText('Drawing 1 of 4');
      // Pressed before the gallery's code has come (it comes on this intent), the press is made again.
      await gallery.getByRole('button', { name: 'Next drawing' }).click();
      await expect(page.getByTestId('gallery-position')).toHaveText('Drawing 2 of 4');
    } else {
      await expect(page.getByTestId('gallery-count')).toHaveText('4 drawings');
    }
    // (The gallery's hidden "Photo coming soon" is the placeholder for a picture that fails to load.)
    await expect(page.getByTestId('gallery-count')).not.toContainText(/photo/i);
    await expect(page.getByTestId('gallery-links')).not.toContainText(/photo/i);
  });
});
