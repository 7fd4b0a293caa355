import { expect, test } from './support/fixtures';
import { card, cards, vehicleStates } from './support/storefront';
import { tenantConfig } from './support/tenants';

// The vehicle card, new design (seed 001 §2-4, §9), on real search results: anchor text,
// data-vin/data-price, mileage only for non-new, MSRP and incentives, the payment block and its
// tooltips, the 44 px footer with the distance, the price-guide badge behind its flag, the
// two-colour swatch, the picture that fails, and the sold card.

test.describe('vehicle cards', () => {
  test('each card links to its vehicle with "Go to {year} {make} {model}" and carries data-vin and data-price', async ({
    page,
    visit,
  }) => {
    await visit('/search');
    const first = cards(page).first();
    const vin = await first.getAttribute('data-vin');
    const price = Number(await first.getAttribute('data-price'));
    const heading = (await first.getByRole('heading').textContent())!;
    expect(heading).toMatch(/^\d{4} \S+/);
    await expect(first.getByTestId('card-price')).toHaveText(`$${price.toLocaleString('en-US')}`);
    const link = first.getByRole('link', { name: `Go to ${heading}` });
    await expect(link).toHaveAttribute('href', `/vehicles/${vin}`);
    // The 44 px footer with the distance in miles, and the 260 px minimum width.
    const footer = first.getByTestId('card-footer');
    expect((await footer.boundingBox())?.height).toBe(44);
    await expect(footer.getByTestId('card-distance')).toHaveText(/^[\d,]+ mi away$/);
    expect((await first.boundingBox())!.width).toBeGreaterThanOrEqual(260);
    await link.click();
    await expect(page).toHaveURL(`/vehicles/${vin}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  });

  test('keeps its 260 px minimum width on a narrow screen', async ({ page, visit }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await visit('/search');
    expect((await cards(page).first().boundingBox())!.width).toBeGreaterThanOrEqual(260);
  });

  test('mileage only for non-new vehicles; MSRP or -$N Incentives on new ones', async ({ page, visit }) => {
    // Cheapest first: the checkout specs hold new vehicles from the first pages of the default
    // sort (highest price first), and a held card shows Sale Pending instead of New.
    await visit('/search?type=NEW&sort=price-asc');
    await expect(cards(page).getByTestId('card-mileage')).toHaveCount(0);
    await expect(cards(page).getByTestId('card-chip').filter({ hasText: 'New' }).first()).toBeVisible();
    await expect(cards(page).getByTestId('card-incentives').first()).toHaveText(/^-\$[\d,]+ Incentives$/);
    await expect(cards(page).getByTestId('card-msrp').first()).toHaveText(/^MSRP \$[\d,]+$/);
    // Never both on one card.
    for (const item of await cards(page).all()) {
      const notes = (await item.getByTestId('card-incentives').count()) + (await item.getByTestId('card-msrp').count());
      expect(notes).toBeLessThanOrEqual(1);
    }

    await visit('/search?type=USED');
    await expect(cards(page).first().getByTestId('card-mileage')).toHaveText(/^[\d,]+ mi$/);
    await expect(cards(page).getByTestId('card-incentives')).toHaveCount(0);
    await expect(cards(page).getByTestId('card-msrp')).toHaveCount(0);
  });

  test('payment block: Est. with APR and term, the down-payment suggestion, and not qualified with the dealer phone', async ({
    page,
    visit,
  }) => {
    // Mid-priced vehicles get an estimate.
    await visit('/search?priceMin=15000&priceMax=40000&sort=price-asc');
    const estimated = page.locator('[data-payment="estimated"]').first();
    await expect(estimated).toContainText('Est.');
    await expect(estimated).toContainText(/\$[\d,]+\/mo/);
    await expect(estimated).toContainText(/\d+\.\d{2}% APR · 48 mos · \$2,500 down/);
    // The cheapest vehicles cannot show a payment with $2,500 down.
    await visit('/search?sort=price-asc');
    await expect(page.locator('[data-payment="adjust"]').first()).toContainText(
      /Lower your down payment to \$[\d,]+ to see payments\./,
    );
    const notQualified = page.locator('[data-payment="not-qualified"]').first();
    await expect(notQualified).toContainText('Payment not available');
    const tip = notQualified.getByTestId('toggletip');
    await tip.locator('summary').click();
    const phone = tenantConfig('default').dealerPhone.number;
    await expect(
      tip.getByRole('link', { name: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)} - ${phone.slice(6)}` }),
    ).toHaveAttribute('href', `tel:+1${phone}`);
    await expect(tip).toContainText('Not qualified for an online payment on this vehicle.');
  });

  test('price-guide badge: shown with the shop flag, gone when the flag is forced off', async ({ page, visit }) => {
    await visit('/search?sort=price-asc');
    const badges = page.getByTestId('price-guide-badge');
    await expect(badges.first()).toHaveText(/^(Good|Great) Price$/);
    await visit('/search?sort=price-asc&forceFlag=price-guide-badge:false');
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByTestId('price-guide-badge')).toHaveCount(0);
  });

  test('a two-colour vehicle has a swatch split into top and bottom halves', async ({ page, visit }) => {
    let found = false;
    for (let pageNumber = 1; pageNumber <= 3 && !found; pageNumber += 1) {
      await visit(`/search?page=${pageNumber}`);
      found = (await page.locator('[data-testid="colour-swatch"][data-split="top-bottom"]').count()) > 0;
    }
    expect(found, 'some vehicle has two colours').toBe(true);
    const swatch = page.locator('[data-testid="colour-swatch"][data-split="top-bottom"]').first();
    const background = await swatch.evaluate((element) => getComputedStyle(element).backgroundImage);
    // Top half one colour, bottom half the other: a hard stop at 50%.
    expect(background).toMatch(/^linear-gradient\(/);
    expect(background).toContain('50%');
    expect(new Set(background.match(/rgb\([^)]+\)/g)).size).toBe(2);
    const single = page.locator('[data-testid="colour-swatch"]:not([data-split])').first();
    expect(await single.evaluate((element) => getComputedStyle(element).backgroundImage)).toBe('none');
  });

  test('a picture that fails to load is replaced by the placeholder with its text', async ({
    page,
    visit,
    jsEnabled,
  }) => {
    await page.route('**/media/vehicles/**', (route) => route.abort());
    await visit('/search');
    const first = cards(page).first();
    const placeholder = first.getByTestId('image-placeholder');
    await expect(placeholder).toBeVisible();
    await expect(placeholder).toContainText('Photo coming soon');
    if (jsEnabled) {
      await expect(first.locator('[data-image-state="failed"]')).toBeVisible();
      await expect(first.locator('img')).toHaveCount(0);
      await expect(placeholder).toHaveAttribute('role', 'img');
    } else {
      // The failed picture (empty alt) draws nothing over the placeholder.
      expect(
        await first.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth === 0),
      ).toBe(true);
    }
  });

  test('pictures that load leave no placeholder visible', async ({ page, visit, jsEnabled }) => {
    test.skip(!jsEnabled, 'without JavaScript the placeholder stays under the picture, covered by it');
    await visit('/search');
    const first = cards(page).first();
    await expect(first.locator('img')).toHaveJSProperty('complete', true);
    await expect(first.getByTestId('image-placeholder')).toBeHidden();
  });

  test('a sold vehicle shows its message and See Similar Vehicles, with no chips and no footer', async ({
    page,
    visit,
    request,
  }) => {
    const { sold } = await vehicleStates(request);
    expect(sold.length, 'the demo orders include sold vehicles').toBeGreaterThan(0);
    await visit(`/compare?vin=${sold[0]}`);
    const soldCard = card(page, sold[0]!);
    await expect(soldCard).toHaveAttribute('data-status', 'Sold');
    await expect(soldCard).toContainText('This vehicle has been sold.');
    await expect(soldCard.getByTestId('card-chip')).toHaveCount(0);
    await expect(soldCard.getByTestId('card-footer')).toHaveCount(0);
    await expect(soldCard.getByTestId('card-price')).toHaveCount(0);
    const similar = soldCard.getByRole('link', { name: /^See Similar Vehicles/ });
    await expect(similar).toHaveAttribute('href', `/vehicles/${sold[0]}#similar-vehicles`);
    await similar.click();
    await expect(page).toHaveURL(`/vehicles/${sold[0]}#similar-vehicles`);
    await expect(page.getByRole('heading', { name: 'Similar vehicles' })).toBeVisible();
  });
});
