import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { scriptsRequested, waitForPartHydrated } from './support/islands';
import { DEMO_BUYER, picture, startFlow, type Stage, type Template } from './support/tracker';

// Decision 053: the tracker's documents and payment steps load their forms' code (the upload
// cards; conform, zod and the card and bank forms) on the shopper's first interaction with a
// form, not with the page. Until then the forms are the server's and post as without
// JavaScript (tracker-steps.spec.ts runs both steps with JavaScript on and off); once the code is
// here, an upload goes by XMLHttpRequest with its progress, and the payment form takes what was
// typed before it arrived (the amount's separators, the checks of the fields already left).

const UPLOAD_CARDS_CHUNK = /\/assets\/document-upload-[^/]+\.js$/;
const PAYMENT_FORMS_CHUNK = /\/assets\/payment-step-forms-[^/]+\.js$/;

type Opening = {
  page: Page;
  context: BrowserContext;
  request: APIRequestContext;
  waitForHydration: () => Promise<void>;
};

/**
 * Makes an order at `stage`, opens its `step` page and waits until the page has hydrated and its
 * network is quiet; answers every script the page asked for. `hold` is a chunk held back until
 * `release` is called.
 */
async function openStep(
  { page, context, request, waitForHydration }: Opening,
  order: { tenant: 'default' | 'lakeview'; template: Template; stage?: Stage },
  step: string,
  hold?: RegExp,
) {
  const flow = await startFlow(page, context, request, order.tenant, order.template, true, order.stage);
  const scripts = scriptsRequested(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  if (hold) {
    await page.route(hold, async (route) => {
      await held;
      await route.continue();
    });
  }
  await page.goto(flow.progress(step));
  await waitForHydration();
  await page.waitForLoadState('networkidle');
  return { scripts, release };
}

test.describe('forms on first interaction (decision 053)', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'without JavaScript the forms post as they are');
  // Each test makes its own order and signs its buyer in first.
  test.describe.configure({ timeout: 120_000 });

  test('documents: the cards load on the first interaction, then an upload shows its progress without leaving the page', async ({
    page,
    context,
    request,
    waitForHydration,
  }) => {
    const { scripts } = await openStep(
      { page, context, request, waitForHydration },
      { tenant: 'default', template: 'finance' },
      'doc-upload',
    );
    expect(scripts.filter((path) => UPLOAD_CARDS_CHUNK.test(path) || path.includes('/zod'))).toEqual([]);

    const card = page.locator('[data-upload-type="DriversLicense"]');
    const cardsCode = page.waitForResponse((response) => UPLOAD_CARDS_CHUNK.test(new URL(response.url()).pathname));
    await card
      .locator('input[type="file"]')
      .setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: await picture() });
    await cardsCode;
    await waitForPartHydrated(card.locator('form'));

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

  test('payment: the form loads on the first interaction and takes what was typed before it came', async ({
    page,
    context,
    request,
    waitForHydration,
  }) => {
    // The form's code is held back, so the shopper types before it is here.
    const { scripts, release } = await openStep(
      { page, context, request, waitForHydration },
      { tenant: 'lakeview', template: 'cash-dealer', stage: 'signed' },
      'payment',
      PAYMENT_FORMS_CHUNK,
    );
    expect(scripts.filter((path) => PAYMENT_FORMS_CHUNK.test(path) || path.includes('/zod'))).toEqual([]);

    const form = page.getByTestId('card-form');
    await form.getByLabel('Amount to pay').fill('1500');
    await form.getByLabel('Card number').fill('4000 0000 0000 0003');
    await form.getByLabel('Name on card').fill(DEMO_BUYER.name);
    expect(scripts.filter((path) => PAYMENT_FORMS_CHUNK.test(path))).toHaveLength(1);
    // Still the server's form: the amount as typed, no check yet.
    await expect(form.getByLabel('Amount to pay')).toHaveValue('1500');
    await expect(form.getByText('Enter a valid card number')).toHaveCount(0);

    release();
    await waitForPartHydrated(form);
    // The amount left before the code came takes its separators as its blur gives them; the card number
    // left is checked (Luhn); the name being typed is kept.
    await expect(form.getByLabel('Amount to pay')).toHaveValue('1,500');
    await expect(form.getByText('Enter a valid card number')).toBeVisible();
    await expect(form.getByLabel('Name on card')).toHaveValue(DEMO_BUYER.name);
    await expect(form.getByLabel('Name on card')).toBeFocused();

    // The hydrated form checks in the browser: a fixed number clears its message as it is typed.
    await form.getByLabel('Card number').fill('4000 0000 0000 0002');
    await expect(form.getByText('Enter a valid card number')).toHaveCount(0);
  });
});
