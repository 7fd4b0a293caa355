import type { APIRequestContext, BrowserContext, FrameLocator, Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_SHOPPER } from '../../server/db/seed-data/scenarios';
import { CARD_LIMIT_CENTS } from '../../app/lib/shared/validation/payment-limits';
import { E2E_BASE_URL } from './env';
import { expect } from './fixtures';
import { tenantConfig, tenantUrl, type DemoTenantId } from './tenants';

// The order tracker as a shopper drives it (e2e/tracker-steps.spec.ts, e2e/one-price.spec.ts):
// one page object per order, through every step's page with JavaScript on or off. The ID
// check's texted link is read from the built-in outbox (OUTBOX_PAGE=1); test orders come from
// POST /api/test/orders (SHOWROOM_TEST_MODE=1).

/** Who signs in, is named on the contract and pays: the demo shopper unless a test made its own. */
export type Buyer = { email: string; password: string; name: string };
export const DEMO_BUYER: Buyer = {
  email: DEMO_SHOPPER.email,
  password: DEMO_SHOPPER.password,
  name: `${DEMO_SHOPPER.firstName} ${DEMO_SHOPPER.lastName}`,
};

/** A delivery address within 50 miles of each tenant's dealership. */
export const HOME: Record<DemoTenantId, { street: string; city: string; state: string; zip: string }> = {
  default: { street: '418 Oak Hollow Lane', city: 'Austin', state: 'TX', zip: '78704' },
  northside: { street: '1520 University Avenue', city: 'Minneapolis', state: 'MN', zip: '55414' },
  lakeview: { street: '2201 Monroe Street', city: 'Madison', state: 'WI', zip: '53711' },
};

export type Template = 'finance' | 'cash-dealer';
export type Stage = 'placed' | 'decision' | 'signed';

export async function createOrder(
  request: APIRequestContext,
  tenant: DemoTenantId,
  template: Template,
  stage: Stage = 'placed',
): Promise<string> {
  const headers = { 'x-tenant-id': tenant, 'content-type': 'application/json' };
  const signIn = await request.post(`${E2E_BASE_URL}/api/identity/sign-in`, {
    headers,
    data: { email: DEMO_BUYER.email, password: DEMO_BUYER.password },
  });
  expect(signIn.status()).toBe(200);
  const { data: tokens } = (await signIn.json()) as { data: { identityToken: string } };
  const created = await request.post(`${E2E_BASE_URL}/api/test/orders`, {
    headers: { ...headers, authorization: `Bearer ${tokens.identityToken}` },
    data: { template, stage },
  });
  expect(created.status(), 'POST /api/test/orders needs SHOWROOM_TEST_MODE=1').toBe(201);
  return ((await created.json()) as { data: { orderNumber: string } }).data.orderNumber;
}

let pictures: Promise<Buffer> | undefined;
/**
 * Presses Accept or Decline (a deal or a finance offer). Without JavaScript they are links to the
 * confirmation page; with it they stay those links until the shopper reaches for them, which
 * loads their code and makes them the buttons that open the confirmation dialog (decision 057):
 * the pointer goes over them first, as a mouse does on its way to a click.
 */
export async function pressDecision(page: Page, name: string, js: boolean) {
  // A page that ships no script (decision 073: the deal review) has the links alone.
  const scripted = (await page.locator('html').getAttribute('data-scripts')) !== 'none';
  if (!js || !scripted) {
    await page.getByRole('link', { name }).click();
    return;
  }
  await page.getByRole('link', { name }).or(page.getByRole('button', { name })).hover();
  await page.getByRole('button', { name }).click();
}

export function picture(): Promise<Buffer> {
  pictures ??= sharp({ create: { width: 640, height: 400, channels: 3, background: '#3b6fb6' } })
    .png()
    .toBuffer();
  return pictures;
}

/** The tracker as a shopper drives it, one page object per order. */
export class OrderFlow {
  constructor(
    readonly page: Page,
    readonly context: BrowserContext,
    readonly request: APIRequestContext,
    readonly tenant: DemoTenantId,
    readonly orderNumber: string,
    readonly js: boolean,
    /** Runs axe on the page as it is (js-on only); the flows call it on the default tenant's pages. */
    readonly a11y: () => Promise<void> = async () => {},
    readonly buyer: Buyer = DEMO_BUYER,
  ) {}

  url(path: string): string {
    return tenantUrl(this.tenant, path);
  }

  progress(step: string): string {
    return this.url(`/progress/${this.orderNumber}/${step}`);
  }

  async signIn() {
    await this.page.goto(this.url(`/sign-in?redirectTo=${encodeURIComponent(`/progress/${this.orderNumber}`)}`));
    await this.page.getByLabel('Email').fill(this.buyer.email);
    await this.page.getByLabel('Password').fill(this.buyer.password);
    await this.page.getByRole('button', { name: 'Sign In' }).click();
    await expect(this.page).not.toHaveURL(/\/sign-in/, { timeout: 15_000 });
  }

  async steps(): Promise<string[]> {
    return this.page
      .getByTestId('tracker-steps')
      .locator('[data-step]')
      .evaluateAll((items) =>
        items.map((item) => `${item.getAttribute('data-step')}:${item.getAttribute('data-status')}`),
      );
  }

  async expectStep(step: string, status: string) {
    await expect(this.page.getByTestId('tracker-steps').locator(`[data-step="${step}"]`)).toHaveAttribute(
      'data-status',
      status,
      { timeout: 15_000 },
    );
  }

  /**
   * Waits for something a partner does a few seconds later (the insurer, the contract service,
   * the dealer). With JavaScript the page polls by itself; without, the shopper follows the
   * page's own "Check again" link, as on a page that ships no script (decision 073).
   */
  async waitFor(check: () => Promise<void>, link: string | RegExp = 'Check again') {
    const scripted = (await this.page.locator('html').getAttribute('data-scripts')) !== 'none';
    if (this.js && scripted) {
      await expect(check).toPass({ timeout: 20_000, intervals: [500, 1_000] });
      return;
    }
    await expect(async () => {
      // A page that refreshes itself (a meta refresh, issue 18) is left to do so: a click on
      // "Check again" while it reloads would cancel one navigation with the other.
      const selfRefreshing = (await this.page.locator('meta[http-equiv="refresh"]').count()) > 0;
      const again = this.page.getByRole('link', { name: link });
      if (!selfRefreshing && (await again.isVisible())) await again.click();
      await check();
    }).toPass({ timeout: 25_000, intervals: [1_000, 2_000] });
  }

  async verifyInsurance() {
    await this.page.goto(this.progress('insurance-verification'));
    const consent = this.page.getByTestId('insurance-consent');
    await expect(consent.getByTestId('consent-language')).toContainText('to retrieve my auto insurance policy details');
    await expect(consent).toContainText('Consent terms, version 1');
    await this.a11y();
    await consent.getByLabel('I agree to the consent above.').check();
    await consent.getByRole('button', { name: 'Verify my insurance' }).click();
    await expect(
      this.page.getByTestId('insurance-progress').or(this.page.getByTestId('insurance-result')),
    ).toBeVisible();
    await this.waitFor(async () =>
      expect(this.page.getByTestId('insurance-result')).toContainText('Your insurance is verified', { timeout: 1_000 }),
    );
    await this.expectStep('VERIFY_INSURANCE', 'COMPLETED');
  }

  /** The texted link, read from the built-in outbox as the shopper's phone would get it. */
  async captureLink(): Promise<string> {
    let link = '';
    await expect(async () => {
      const response = await this.request.get(`${E2E_BASE_URL}/api/notifications/outbox`, {
        headers: { 'x-tenant-id': this.tenant },
      });
      expect(response.status(), 'the outbox must be shown (OUTBOX_PAGE=1)').toBe(200);
      const { data } = (await response.json()) as { data: Array<{ channel: string; body: string }> };
      const sms = data.find((message) => message.channel === 'sms' && message.body.includes(this.orderNumber));
      link = /(https?:\/\/\S+\/progress\/id-verification\/capture\/[\w-]+)/.exec(sms?.body ?? '')?.[1] ?? '';
      expect(link).not.toBe('');
    }).toPass({ timeout: 10_000 });
    return link;
  }

  async verifyId() {
    await this.page.goto(this.progress('id-verification'));
    await this.page.getByRole('button', { name: 'Text me the link' }).click();
    await expect(this.page).toHaveURL(this.progress('id-verification/next-steps'));
    await expect(this.page.getByTestId('id-check-state')).toHaveAttribute('data-state', 'waiting');

    // On the phone: the texted link opens the capture page, no sign-in needed.
    const phone = await this.context.browser()!.newContext({ javaScriptEnabled: this.js });
    try {
      const capture = await phone.newPage();
      await capture.goto(await this.captureLink());
      await expect(capture.getByRole('heading', { level: 1, name: 'Verify your ID' })).toBeVisible();
      const bytes = await picture();
      await capture
        .getByLabel('Front of your driver’s license')
        .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: bytes });
      await capture
        .getByLabel('Back of your driver’s license')
        .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: bytes });
      await capture.getByLabel('A selfie').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: bytes });
      await capture.getByRole('button', { name: 'Verify my ID' }).click();
      await expect(capture).toHaveURL(this.url('/progress/id-verification/complete'));
      await expect(capture.getByRole('heading', { level: 1 })).toHaveText('Your ID check is complete');
    } finally {
      await phone.close();
    }

    // Back on the computer: the status link (or the 30 s poll) brings the result; with
    // JavaScript the page moves on to it by itself, without the shopper follows its link.
    await this.page.getByRole('link', { name: 'Refresh the status' }).click();
    if (!this.js) {
      await expect(this.page.getByTestId('id-check-state')).toContainText('Your ID is verified');
      await this.page.getByTestId('id-check-state').getByRole('link', { name: 'Continue' }).click();
    }
    await expect(this.page).toHaveURL(this.progress('id-verification/complete'));
    await expect(this.page.getByTestId('id-verification-result')).toContainText('Your ID is verified');
    await this.expectStep('VERIFY_ID', 'COMPLETED');
  }

  /** Uploads the documents named, or every document the page asks for. */
  async uploadDocuments(named?: string[]) {
    await this.page.goto(this.progress('doc-upload'));
    await this.a11y();
    const types =
      named ??
      (await this.page
        .locator('[data-upload-type]')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-upload-type') ?? '')));
    expect(types.length).toBeGreaterThan(0);
    const bytes = await picture();
    for (const type of types) {
      const card = this.page.locator(`[data-upload-type="${type}"]`);
      await card
        .locator('input[type="file"]')
        .setInputFiles({ name: `${type}.png`, mimeType: 'image/png', buffer: bytes });
      await card.getByRole('button', { name: 'Upload' }).click();
      await expect(this.page.locator(`[data-upload-type="${type}"]`)).toHaveAttribute(
        'data-upload-status',
        'COMPLETE',
        { timeout: 15_000 },
      );
      await expect(this.page.locator(`[data-upload-type="${type}"]`).getByTestId('document-thumbnail')).toHaveCount(1);
    }
    await this.page.getByTestId('documents-summary-link').click();
    await expect(this.page.getByTestId('documents-summary')).toContainText(
      `${types.length} of ${types.length} documents received.`,
    );
    await this.expectStep('UPLOAD_DOCUMENTS', 'COMPLETED');
  }

  /** Accept an offer or deal: a dialog with JavaScript, a confirmation page without. */
  async accept(step: 'finance-decision' | 'deal-review', button: string, confirm: string) {
    await this.page.goto(this.progress(step));
    await pressDecision(this.page, button, this.js);
    // The deal review ships no script (decision 073): its confirmation is a page with JavaScript too.
    const scripted = (await this.page.locator('html').getAttribute('data-scripts')) !== 'none';
    if (this.js && scripted) {
      const dialog = this.page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await this.a11y();
      await dialog.getByRole('button', { name: confirm }).click();
    } else {
      await expect(this.page).toHaveURL(/\?confirm=accept$/);
      await this.page.getByTestId('decision-confirm-page').getByRole('button', { name: confirm }).click();
    }
  }

  /**
   * Signing up to the embedded contract: review, "Prepare my contract", the contract page in its
   * frame; then the PDF through the frame's own download link, with the shopper's cookies.
   */
  async openContract(): Promise<{ frame: FrameLocator; pdf: Buffer }> {
    await this.page.goto(this.progress('signing'));
    await this.page.getByTestId('signing-continue').click();
    await expect(this.page).toHaveURL(this.progress('signing/review'));
    await expect(this.page.getByTestId('contract-buyer')).toContainText(this.buyer.name);
    await this.page.getByRole('button', { name: 'Prepare my contract' }).click();
    await expect(this.page).toHaveURL(this.progress('signing/contract-ready'));
    await this.expectStep('SIGN_CONTRACT', 'IN_PROGRESS');
    await this.waitFor(async () => expect(this.page.getByTestId('signing-frame')).toBeVisible({ timeout: 1_000 }));

    const frame = this.page.frameLocator('[data-testid="signing-frame"]');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(/Contract|Agreement/);
    await expect(frame.locator('main')).toContainText(this.buyer.name);
    // The frame's page is checked with the page around it.
    await this.a11y();
    const pdfHref = await frame.getByRole('link', { name: 'Download the contract (PDF)' }).getAttribute('href');
    // Node cannot resolve *.localhost: ask the server on its address, as the tenant's host.
    const cookies = await this.context.cookies(this.url('/'));
    const pdf = await this.request.get(`${E2E_BASE_URL}${pdfHref}`, {
      headers: {
        host: new URL(this.url('/')).host,
        cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
      },
    });
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    return { frame, pdf: bytes };
  }

  async signContract() {
    const { frame } = await this.openContract();

    await frame.getByLabel(/Type your full name to sign/).fill(this.buyer.name);
    await frame.getByLabel('I agree to sign this contract electronically.').check();
    await frame.getByRole('button', { name: 'Sign contract' }).click();
    await expect(this.page).toHaveURL(this.progress('signing/thank-you'));
    await expect(this.page.getByTestId('signing-result')).toContainText('Your contract is signed.');
    await this.waitFor(async () => expect(this.page.getByTestId('countersigned')).toBeVisible({ timeout: 1_000 }));
    await this.expectStep('SIGN_CONTRACT', 'COMPLETED');
  }

  /**
   * Pays by card on the payment step. The step reads Completed once the payment counts (a
   * finance order's down payment) or, for a cash order, once nothing is left due (issue 29
   * point 8): `expected` says which the test awaits.
   */
  async payByCard(amount?: string, expected: 'COMPLETED' | 'READY' = 'COMPLETED') {
    await this.page.goto(this.progress('payment'));
    await this.a11y();
    await payOnCardForm(this.page, this.buyer.name, HOME[this.tenant].zip, amount);
    await expect(this.page.getByTestId('payment-result')).toContainText('Thank you: your payment went through');
    await expect(this.page.getByTestId('payment-list')).toContainText('Card ending 4242');
    await this.expectStep('PAYMENT_DETAILS', expected);
  }

  /** What the payment step says is still due, in cents. */
  async amountDueCents(): Promise<number> {
    await this.page.goto(this.progress('payment'));
    const text = (await this.page.getByTestId('amount-due').textContent()) ?? '';
    return Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
  }

  /** Pays what is left of a cash order by card, at most a card's limit a payment, then the step is Completed. */
  async payTheRestByCard() {
    for (let payment = 0; payment < 12; payment += 1) {
      const due = await this.amountDueCents();
      if (due === 0) break;
      const cents = Math.min(due, CARD_LIMIT_CENTS);
      const last = cents === due;
      await this.payByCard((cents / 100).toFixed(2), last ? 'COMPLETED' : 'READY');
    }
    expect(await this.amountDueCents()).toBe(0);
    await this.expectStep('PAYMENT_DETAILS', 'COMPLETED');
  }

  async pickTime(label: string) {
    const picker = this.page.getByTestId('time-picker');
    if (this.js) {
      await picker.getByRole('button', { name: /Select a Time/ }).click();
      await this.a11y();
      await this.page.getByRole('button', { name: label, exact: true }).click();
      await expect(picker.getByRole('button', { name: new RegExp(label) })).toBeVisible();
    } else {
      await picker.getByLabel(label, { exact: true }).check();
    }
  }

  /** The first bookable day the dealer is open (Sunday is closed). */
  async earliestDate(): Promise<string> {
    const min = (await this.page.getByLabel(/(Pickup|Delivery) date/).getAttribute('min'))!;
    const day = new Date(`${min}T12:00:00Z`);
    if (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
    return day.toISOString().slice(0, 10);
  }

  async expectConfirmed(method: 'PICKUP' | 'DELIVERY') {
    const state = this.page.getByTestId('appointment-state');
    await expect(state).toHaveAttribute('data-method', method);
    await this.waitFor(async () =>
      expect(this.page.getByTestId('appointment-state')).toHaveAttribute('data-state', 'Confirmed', { timeout: 1_000 }),
    );
    await this.expectStep('SCHEDULE_DELIVERY', 'COMPLETED');
  }

  async schedulePickup() {
    await this.page.goto(this.url(`/fulfillment/${this.orderNumber}`));
    const { address } = tenantConfig(this.tenant);
    await expect(this.page.getByTestId('pickup-locations')).toContainText(
      `${address.street}, ${address.city}, ${address.state} ${address.zip}`,
    );
    await this.page.getByLabel('Pickup date').fill(await this.earliestDate());
    await this.pickTime('10:30 AM');
    await this.page.getByRole('button', { name: 'Request pickup' }).click();
    await expect(this.page.getByTestId('appointment-state')).toHaveAttribute('data-state', /Requested|Confirmed/);
    await this.expectConfirmed('PICKUP');
  }

  async scheduleDelivery() {
    const home = HOME[this.tenant];
    await this.page.goto(this.url(`/fulfillment/${this.orderNumber}?method=delivery`));
    const form = this.page.getByTestId('schedule-form');
    const fillAddress = async () => {
      await form.getByLabel('Street address').fill(home.street);
      await form.getByLabel('City').fill(home.city.toUpperCase());
      await form.getByLabel('State').fill(home.state);
      await form.getByLabel('Zip code').fill(home.zip);
    };
    // The delivery zip check: a dialog with JavaScript, a section without (its check reloads the
    // page, so the address comes after it). With JavaScript the form's code comes on the shopper's
    // first interaction with the form (decision 057): the address first, then the dialog.
    const zipCheck = this.page.getByTestId('zip-check');
    if (this.js) {
      await fillAddress();
      await zipCheck.getByRole('button', { name: 'Check delivery to your zip' }).click();
      const dialog = this.page.getByRole('dialog', { name: 'Check delivery to your zip' });
      await dialog.getByLabel('Zip code').fill(home.zip);
      await dialog.getByRole('button', { name: 'Check' }).click();
      await expect(dialog.getByTestId('zip-check-result')).toContainText('is included');
      await dialog.getByRole('button', { name: 'Done' }).click();
    } else {
      await zipCheck.getByLabel('Zip code').fill(home.zip);
      await zipCheck.getByRole('button', { name: 'Check' }).click();
      await expect(this.page.getByTestId('zip-check-result')).toContainText('is included');
      await fillAddress();
    }
    await form.getByLabel('Delivery date').fill(await this.earliestDate());
    await this.pickTime('3:30 PM');
    await form.getByRole('button', { name: 'Continue' }).click();
    // The verification step: the address as verified, confirmed before the request goes.
    const verification = this.page.getByTestId('address-verification');
    await expect(verification.getByTestId('verified-address')).toHaveText(
      `${home.street}, ${home.city}, ${home.state} ${home.zip}`,
    );
    await this.a11y();
    await verification.getByRole('button', { name: 'Confirm address and request delivery' }).click();
    await expect(this.page.getByTestId('schedule-result')).toBeVisible();
    await this.expectConfirmed('DELIVERY');
  }
}

/** Fills the payment step's card form with the sandbox's approved card and presses Pay by card. */
export async function payOnCardForm(page: Page, name: string, zip: string, amount?: string) {
  const form = page.getByTestId('card-form');
  if (amount) await form.getByLabel('Amount to pay').fill(amount);
  await form.getByLabel('Name on card').fill(name);
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/39');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByLabel('Billing Zip code').fill(zip);
  await form.getByRole('button', { name: 'Pay by card' }).click();
}

export async function startFlow(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  tenant: DemoTenantId,
  template: Template,
  js: boolean,
  stage: Stage = 'placed',
  a11y?: () => Promise<void>,
) {
  const flow = new OrderFlow(
    page,
    context,
    request,
    tenant,
    await createOrder(request, tenant, template, stage),
    js,
    a11y,
  );
  await flow.signIn();
  return flow;
}
