import { expect, test } from './support/fixtures';
import { picture, startFlow } from './support/tracker';

// The documents step (seed 000): with JavaScript an upload goes by XMLHttpRequest and shows its
// progress without leaving the page (the step keeps its script, decision 073); without, the form
// posts (tracker-steps.spec.ts runs the step with JavaScript on and off).

test.describe('documents with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'without JavaScript the forms post as they are');
  // Each test makes its own order and signs its buyer in first.
  test.describe.configure({ timeout: 120_000 });

  test('documents: an upload shows its progress without leaving the page', async ({
    page,
    context,
    request,
    waitForHydration,
  }) => {
    const flow = await startFlow(page, context, request, 'default', 'finance', true);
    await page.goto(flow.progress('doc-upload'));
    await waitForHydration();

    const card = page.locator('[data-upload-type="DriversLicense"]');
    await card
      .locator('input[type="file"]')
      .setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: await picture() });

    // The upload is held back a moment, so its progress can be seen.
    await page.route(/\/doc-upload\/files\?/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const upload = page.waitForRequest(/\/doc-upload\/files\?/);
    await card.getByRole('button', { name: 'Upload' }).click();
    expect((await upload).resourceType()).toBe('xhr');
    await expect(card.getByRole('progressbar')).toBeVisible();
    await expect(card.getByTestId('upload-progress-DriversLicense')).toContainText('Uploading…');
    await expect(card.getByText('Uploaded. Thank you.')).toBeVisible();
    await expect(card).toHaveAttribute('data-upload-status', 'COMPLETE');
    await expect(card.getByTestId('document-thumbnail')).toHaveCount(1);
    // The page stayed: a plain post would have come back with ?uploaded=1 in its address.
    expect(new URL(page.url()).search).toBe('');
  });
});
