import { expect, test } from './support/fixtures';
import { card, cardVins, cards, vehicleStates } from './support/storefront';

// Compare (seed 001 §4, seed 002 §8): the Compare checkbox collects vehicles, at most four,
// with a message for one more; the side-by-side page; and a message for vehicles that are no
// longer available. The list lives in a cookie, so each test's browser starts empty.

const LIMIT_MESSAGE = 'You can compare up to 4 vehicles. Remove one to add another.';

test.describe('compare', () => {
  test('collects up to four vehicles, refuses a fifth with the limit message, and compares them side by side', async ({
    page,
    visit,
    jsEnabled,
  }) => {
    await visit('/search');
    const vins = (await cardVins(page)).slice(0, 5);
    for (const [index, vin] of vins.slice(0, 4).entries()) {
      const box = card(page, vin).getByRole('checkbox', { name: /^Compare/ });
      await expect(box).toHaveAttribute('aria-checked', 'false');
      await box.click();
      await expect(card(page, vin).getByRole('checkbox', { name: /^Compare/ })).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByTestId('compare-tray')).toContainText(`${index + 1} of 4 vehicles selected`);
    }
    await card(page, vins[4]!)
      .getByRole('checkbox', { name: /^Compare/ })
      .click();
    if (jsEnabled) await expect(card(page, vins[4]!).getByRole('alert')).toHaveText(LIMIT_MESSAGE);
    else await expect(page.getByTestId('notice')).toHaveText(LIMIT_MESSAGE);
    await expect(card(page, vins[4]!).getByRole('checkbox', { name: /^Compare/ })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(page.getByTestId('compare-tray')).toContainText('4 of 4 vehicles selected');

    await page.getByTestId('compare-tray').getByRole('link', { name: 'Compare vehicles' }).click();
    await expect(page).toHaveURL('/compare');
    await expect(page.getByRole('heading', { level: 1, name: 'Compare vehicles' })).toBeVisible();
    const table = page.getByTestId('compare-table');
    await expect(table.getByRole('columnheader')).toHaveCount(4);
    await expect(table.getByRole('rowheader', { name: 'Price' })).toBeVisible();
    expect(await cardVins(page)).toEqual(vins.slice(0, 4));

    // Unticking a vehicle takes it out.
    await card(page, vins[0]!)
      .getByRole('checkbox', { name: /^Compare/ })
      .click();
    await expect(table.getByRole('columnheader')).toHaveCount(3);
    await expect(page.getByTestId('compare-count')).toContainText('3 of 4 vehicles');

    await page.getByRole('button', { name: 'Clear comparison' }).click();
    await expect(page.getByTestId('compare-empty')).toBeVisible();
  });

  test('says when vehicles are no longer available', async ({ page, visit, request }) => {
    const { sold } = await vehicleStates(request);
    await visit('/search');
    const [available] = await cardVins(page);
    await visit(`/compare?vin=${available}&vin=${sold[0]}&vin=1HGCM82633A004352`);
    const message = page.getByTestId('compare-unavailable');
    await expect(message).toContainText('One or more vehicles are no longer available.');
    await expect(message).toContainText(`VIN ${sold[0]}: sold`);
    await expect(message).toContainText('VIN 1HGCM82633A004352: no longer listed');
    await expect(cards(page)).toHaveCount(2);
    await expect(card(page, sold[0]!)).toContainText('This vehicle has been sold.');
    await expect(page.getByTestId('compare-table').getByRole('columnheader')).toHaveCount(2);
  });

  test('is empty until a vehicle is added', async ({ page, visit }) => {
    await visit('/compare');
    await expect(page.getByTestId('compare-empty')).toContainText('No vehicles to compare yet');
    await page.getByTestId('compare-empty').getByRole('link', { name: 'Shop vehicles' }).click();
    await expect(page).toHaveURL('/search');
  });
});

// The comparison on a 375 px phone (issue 35 point 7): no blank label column beside the cards,
// and each value carries its label, so a shopper who swipes to the third vehicle still reads
// what each line is. Screen readers keep the table's row headers.
test.describe('compare on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('has no blank column and shows each value with its label', async ({ page, visit }) => {
    await visit('/search');
    const [first, second] = await cardVins(page);
    await visit(`/compare?vin=${first}&vin=${second}`);
    const scroller = (await page.getByTestId('compare-scroller').boundingBox())!;
    const firstCard = (await card(page, first!).boundingBox())!;
    // The card's column starts at the scroller's edge, its only inset the column's 8 px padding.
    expect(firstCard.x - scroller.x).toBeLessThanOrEqual(8);

    const table = page.getByTestId('compare-table');
    const labels = await table.getByRole('rowheader').allTextContents();
    expect(labels).toContain('Price');
    expect(labels.length).toBeGreaterThan(10);
    const firstValue = (await table.getByRole('row').nth(1).getByRole('cell').first().boundingBox())!;
    expect(firstValue.x - scroller.x).toBeLessThanOrEqual(8);
    for (const [index, label] of labels.entries()) {
      const cells = table
        .getByRole('row')
        .nth(index + 1)
        .getByRole('cell');
      await expect(cells).toHaveCount(2);
      for (const column of [0, 1]) await expect(cells.nth(column).getByText(label, { exact: true })).toBeVisible();
    }
  });
});
