import { expect, test } from './support/fixtures';
import { openStep } from './support/held-chunks';
import { waitForPartHydrated } from './support/islands';
import { DEMO_BUYER, picture } from './support/tracker';

// Decision 053: the tracker's documents and payment steps load their forms' code (the upload
// cards; conform, zod and the card and bank forms) on the shopper's first interaction with a
// form, not with the page. Until then the forms are the server's and post as without
// JavaScript (tracker-steps.spec.ts runs both steps with JavaScript on and off); once the code is
// here, an upload goes by XMLHttpRequest with its progress, and the payment form takes what was
// typed before it arrived (the amount's separators, the checks of the fields already left).
// Decision 057: the same for the insurance consent and the scheduling form (what was checked,
// typed or chosen before their code came is still there after it), and the deal and offer
// decisions load when the shopper reaches for them.

const UPLOAD_CARDS_CHUNK = /\/assets\/document-upload-[^/]+\.js$/;
const PAYMENT_FORMS_CHUNK = /\/assets\/payment-step-forms-[^/]+\.js$/;
const CONSENT_FORM_CHUNK = /\/assets\/insurance-consent-form-[^/]+\.js$/;
const DECISION_CHUNK = /\/assets\/decision-actions-[^/]+\.js$/;
const SCHEDULE_FORM_CHUNK = /\/assets\/schedule-form-[^/]+\.js$/;

test.describe('forms on first interaction (decisions 053, 057)', () => {
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

  test('insurance: the consent form loads on the first interaction, keeps the consent given before, and starts the check', async ({
    page,
    context,
    request,
    waitForHydration,
  }) => {
    const { scripts, release } = await openStep(
      { page, context, request, waitForHydration },
      { tenant: 'default', template: 'finance' },
      'insurance-verification',
      CONSENT_FORM_CHUNK,
    );
    expect(scripts.filter((path) => CONSENT_FORM_CHUNK.test(path))).toEqual([]);

    const consent = page.getByTestId('insurance-consent');
    await consent.getByLabel('I agree to the consent above.').check();
    expect(scripts.filter((path) => CONSENT_FORM_CHUNK.test(path))).toHaveLength(1);
    release();
    await waitForPartHydrated(consent);
    await expect(consent.getByLabel('I agree to the consent above.')).toBeChecked();

    await consent.getByRole('button', { name: 'Verify my insurance' }).click();
    await expect(page.getByTestId('insurance-progress').or(page.getByTestId('insurance-result'))).toBeVisible();
  });

  test('finance offer: accept and decline are links until the shopper reaches for them, then open the dialog', async ({
    page,
    context,
    request,
    waitForHydration,
  }) => {
    const { scripts } = await openStep(
      { page, context, request, waitForHydration },
      { tenant: 'northside', template: 'finance', stage: 'decision' },
      'finance-decision',
    );
    expect(scripts.filter((path) => DECISION_CHUNK.test(path))).toEqual([]);
    // The server's links to the confirmation page.
    await expect(page.getByRole('link', { name: 'Accept offer' })).toHaveAttribute('href', /\?confirm=accept$/);

    const code = page.waitForResponse((response) => DECISION_CHUNK.test(new URL(response.url()).pathname));
    await page.getByRole('link', { name: 'Decline offer' }).hover();
    await code;
    await page.getByRole('button', { name: 'Decline offer' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Decline this offer?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/finance-decision$/);
  });

  test('scheduling: the form loads on the first interaction and keeps the date, the time and the instructions given before', async ({
    page,
    context,
    request,
    waitForHydration,
  }) => {
    const { flow, scripts, release } = await openStep(
      { page, context, request, waitForHydration },
      { tenant: 'default', template: 'cash-dealer', stage: 'signed' },
      (order) => order.url(`/fulfillment/${order.orderNumber}`),
      SCHEDULE_FORM_CHUNK,
    );
    expect(scripts.filter((path) => SCHEDULE_FORM_CHUNK.test(path))).toEqual([]);

    const form = page.getByTestId('schedule-form');
    const picker = page.getByTestId('time-picker');
    // The server's form: the times as radio buttons, the date as typed.
    await expect(picker).toHaveAttribute('data-mode', 'radios');
    await form.getByLabel('Pickup date').fill(await flow.earliestDate());
    await picker.getByLabel('10:30 AM', { exact: true }).check();
    await form.getByLabel('Instructions (optional)').fill('Blue car, please.');
    expect(scripts.filter((path) => SCHEDULE_FORM_CHUNK.test(path))).toHaveLength(1);

    release();
    await waitForPartHydrated(form);
    // The date reads back as the hydrated form shows it, the counter counts what was typed, and the
    // times the shopper was choosing from stay as they were, with the choice.
    await expect(page.getByTestId('date-display')).toContainText('Selected: ');
    await expect(form.getByLabel('Instructions (optional)')).toHaveValue('Blue car, please.');
    await expect(form.getByText(`${200 - 'Blue car, please.'.length} characters remaining`)).toBeVisible();
    await expect(picker).toHaveAttribute('data-mode', 'radios');
    await expect(picker.getByLabel('10:30 AM', { exact: true })).toBeChecked();

    await form.getByRole('button', { name: 'Request pickup' }).click();
    await expect(page.getByTestId('appointment-state')).toHaveAttribute('data-state', /Requested|Confirmed/);
    await flow.expectConfirmed('PICKUP');
  });
});
