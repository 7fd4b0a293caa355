import { expect, test } from './support/fixtures';

// /dev/ui, the UI kit's showcase (shown here because the e2e server runs with UI_KIT_PAGE=1):
// every piece in every state passes axe with JavaScript, including the open dialog, and the
// page renders its no-JavaScript forms without it.

test('every piece of the kit passes axe, the open dialog too', async ({ page, visit, jsEnabled, checkA11y }) => {
  test.skip(!jsEnabled, 'axe needs JavaScript; the js-off test below checks the page renders');
  const response = await visit('/dev/ui');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'UI kit' })).toBeVisible();

  // The error state is wired to its field.
  const withError = page.getByLabel('With an error');
  await expect(withError).toHaveAttribute('aria-invalid', 'true');
  await expect(withError).toHaveAccessibleDescription('Enter a valid email address.');

  // With JavaScript the combobox is a combobox.
  await expect(page.getByRole('combobox', { name: 'Make', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Open dialog' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this trade-in?' });
  await expect(dialog).toBeVisible();
  await checkA11y();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a floating toast sits the seed’s alert top offset below the top (104 px, 67 px below 960 px wide) and closes by its button, not a click away', async ({
  page,
  visit,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, 'without JavaScript the toast stays inline (the test below)');
  // Seed 000 §9: "Alert top offset | 104 px desktop, 67 px below 960 px width".
  for (const [width, top] of [
    [1280, 104],
    [412, 67],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await visit('/dev/ui');
    const toast = page.getByTestId('kit-toast');
    await expect(toast).toHaveCSS('position', 'fixed');
    expect(await toast.evaluate((element) => element.getBoundingClientRect().top)).toBe(top);
  }
  // Seed 000 §4.6: a toast closes by its timeout or by the user closing it, never by a click away.
  const toast = page.getByTestId('kit-toast');
  await page.getByRole('heading', { level: 1, name: 'UI kit' }).click();
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toBeHidden();
});

test('without JavaScript the page renders every piece in its plain form', async ({ page, visit, jsEnabled }) => {
  test.skip(jsEnabled, 'the js-on test above covers the page with JavaScript');
  const response = await visit('/dev/ui');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'UI kit' })).toBeVisible();
  await expect(page.getByLabel('With an error')).toHaveAttribute('aria-invalid', 'true');
  // The combobox is a text input with a native list of suggestions.
  await expect(page.getByLabel('Make', { exact: true })).toHaveAttribute('list', /.+/);
  // The toast and the snackbar stay inline; the dialog's opener is there but needs JavaScript.
  await expect(page.getByTestId('kit-toast')).toBeVisible();
  await expect(page.getByTestId('kit-snackbar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toBeVisible();
});
