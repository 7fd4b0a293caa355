import type { APIRequestContext, Page } from '@playwright/test';
import { createShopper, signInWithPassword, uniquePhone, type TestShopper } from './accounts';
import { continueTo, startPurchaseOfAvailable, type DealType, type VehiclePick } from './checkout';
import { expect } from './fixtures';
import type { DemoTenantId } from './tenants';

// A whole purchase as a page object, from the vehicle page to the tracker: a signed-in shopper
// starts it on the vehicle page (e2e/support/checkout.ts), goes through the Shopping Cart,
// Coverage, Account and Order Details, the credit application for finance and lease, the
// lender's decision, the Overview with its payment method, Place order, the order-creation wait,
// the confirmation, the receipt and the tracker. Locators are the labels and roles the shopper
// sees; the input is realistic but minimal.

/** Sandbox test card numbers (server/payments/sandbox-gateway.ts, docs/sandbox-partners.md). */
export const SANDBOX_CARDS = { approved: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

export type CardDetails = { email: string; number?: string; expiry?: string; cvc?: string; name: string; zip?: string };
export type BankDetails = { holder: string; routing?: string; account?: string };

/**
 * Credit profiles that drive the sandbox bureau and lender (docs/sandbox-partners.md): the SSN's
 * last four set the score (1234 excellent, 8123 fair, 9876 no tier), the income the payment ratio.
 */
export const CREDIT_PROFILES = {
  approved: { ssn: '123-45-1234', income: '250000' },
  pending: { ssn: '123-45-8123', income: '250000' },
  declined: { ssn: '123-45-9876', income: '250000' },
} as const;
export type CreditProfile = keyof typeof CREDIT_PROFILES;

/** A card that expires a couple of years from now, as MM/YY. */
export function futureExpiry(): string {
  const year = (new Date().getUTCFullYear() + 2) % 100;
  return `12/${String(year).padStart(2, '0')}`;
}

/** The buyer's home address on the credit application (the state decides taxes, and ID capture in Illinois). */
export type HomeAddress = { street: string; city: string; state: string; zip: string; county: string };
const DENVER: HomeAddress = { street: '1550 Larimer St', city: 'Denver', state: 'CO', zip: '80202', county: 'Denver' };

const METHODS = { 'Bank account (ACH)': 'bank', 'Credit card': 'card', 'Refundable deposit': 'deposit' } as const;

export class PurchasePage {
  shopper: TestShopper | null = null;
  /** A co-buyer (co-lessee) the credit application adds on its first step; none by default. */
  coApplicant: { firstName: string; lastName: string } | null = null;

  constructor(
    readonly page: Page,
    readonly tenant: DemoTenantId,
    readonly jsEnabled: boolean,
  ) {}

  // ------------------------------------------------------------------ the first half

  /** A new confirmed shopper, signed in on this tenant's site through the real form. */
  async signIn(request: APIRequestContext): Promise<TestShopper> {
    const shopper = await createShopper(request, this.tenant, 'buyer');
    await signInWithPassword(this.page, this.tenant, shopper.email, shopper.password);
    await expect(this.page).not.toHaveURL(/\/sign-in/);
    this.shopper = shopper;
    return shopper;
  }

  /**
   * From the vehicle page to the step after Order Details: Start purchase, the cart, no
   * protection, the signed-in account, pickup near a Denver zip. Answers the VIN.
   */
  async startAndFillOrder(request: APIRequestContext, dealType: DealType, pick: VehiclePick = {}): Promise<string> {
    const vin = await startPurchaseOfAvailable(this.page, request, dealType, this.tenant, pick);
    await this.fillOrderFromCart(dealType);
    return vin;
  }

  /**
   * From the Shopping Cart to the step after Order Details (no protection, pickup near Denver).
   * With `farZip`, Order Details first asks for delivery there and expects the custom-quote
   * answer beside the zip (seed 002 §8, §9), then the shopper picks pickup instead. With
   * `deliveryZip`, delivery there instead of pickup.
   */
  async fillOrderFromCart(
    dealType: DealType,
    { farZip, deliveryZip }: { farZip?: string; deliveryZip?: string } = {},
  ): Promise<void> {
    const { page } = this;
    await continueTo(page, 'Coverage', /\/checkout\/coverage$/);
    const decline = page.getByRole('button', { name: 'No thanks, continue without protection' });
    // Declining protection moves on to the Account step by itself.
    if (await decline.isVisible()) {
      await decline.click();
      await expect(page).toHaveURL(/\/checkout\/account$/);
    } else {
      await continueTo(page, 'Account', /\/checkout\/account$/);
    }
    await continueTo(page, 'Order Details', /\/checkout\/order-details$/);
    if (farZip) await this.expectDeliveryOutOfRange(dealType, farZip);
    await page.getByRole('radio', { name: deliveryZip ? /^Delivery/ : /^Pickup/ }).check();
    await page.getByPlaceholder('Your 5-digit Zip code').fill(deliveryZip ?? '80202');
    const next = dealType === 'Cash' ? 'Overview' : 'Credit Application';
    await continueTo(
      page,
      next,
      dealType === 'Cash' ? /\/checkout\/overview/ : /\/checkout\/credit-application\/personal$/,
    );
  }

  /** Delivery to a zip more than 50 miles from the vehicle: refused with the custom quote, the zip kept. */
  async expectDeliveryOutOfRange(dealType: DealType, zip: string): Promise<void> {
    const { page } = this;
    await page.getByRole('radio', { name: /^Delivery/ }).check();
    const field = page.getByPlaceholder('Your 5-digit Zip code');
    await field.fill(zip);
    await page
      .getByRole('button', { name: `Continue to ${dealType === 'Cash' ? 'Overview' : 'Credit Application'}` })
      .click();
    await expect(page).toHaveURL(/\/checkout\/order-details$/);
    // Seed 002 §8 "out-of-range delivery: call for a custom quote"; §9 the rule itself.
    await expect(field).toHaveAccessibleDescription(/custom quote/);
    await expect(field).toHaveAccessibleDescription(
      /Delivery within 50 miles of the vehicle is included in the delivery fee\./,
    );
    await expect(field).toHaveValue(zip);
  }

  /** The credit application's steps (a non-community-property state; the co-applicant if one is set), then Submit Application. */
  async applyForCredit(profile: CreditProfile, home: HomeAddress = DENVER, pause = async () => {}): Promise<void> {
    const { page } = this;
    this.pause = pause;
    await pause();
    const { ssn, income } = CREDIT_PROFILES[profile];
    const shopper = this.shopper;
    const about = page.getByRole('group', { name: 'About you' });
    await about.getByLabel('Legal first name').fill(shopper?.firstName ?? 'Morgan');
    await about.getByLabel('Legal last name').fill(shopper?.lastName ?? 'Reyes');
    await about.getByLabel('Marital status').selectOption('Unmarried');
    const email = about.getByLabel('Email');
    if (!(await email.inputValue())) await email.fill(shopper?.email ?? 'morgan.reyes@shop.test');
    await about.getByLabel('Phone number').fill(shopper?.phone ?? uniquePhone());
    await about.getByLabel('SSN or ITIN (optional)').fill(ssn);
    await about.getByLabel('Date of birth').fill('04/12/1985');
    const address = page.getByRole('group', { name: 'Home address' });
    await address.getByLabel('Street address').fill(home.street);
    await address.getByLabel('City').fill(home.city);
    await address.getByLabel('State').selectOption(home.state);
    await address.getByLabel('Zip code').fill(home.zip);
    await address.getByLabel('County').fill(home.county);
    if (this.coApplicant) {
      const coBuyer = page.getByRole('group', { name: 'Co-buyer' });
      await coBuyer.getByLabel('Add a co-buyer to this application (optional)').check();
      await coBuyer.getByLabel('Legal first name').fill(this.coApplicant.firstName);
      await coBuyer.getByLabel('Legal last name').fill(this.coApplicant.lastName);
      await coBuyer.getByLabel('Marital status').selectOption('Unmarried');
      await coBuyer.getByLabel('Email', { exact: true }).fill(`co.${shopper?.email ?? 'morgan.reyes@shop.test'}`);
      await coBuyer.getByLabel('Phone number').fill(uniquePhone());
      await coBuyer.getByLabel('Date of birth').fill('09/30/1987');
    }
    await this.continueApplication(/\/checkout\/credit-application\/employment$/);

    await page.getByLabel('Employment status').selectOption('Employed');
    await page.getByLabel('Occupation', { exact: true }).fill('Engineer');
    await page.getByLabel('Employer name', { exact: true }).fill('Front Range Labs');
    await page.getByLabel('Start date', { exact: true }).fill('03/01/2015');
    await page.getByLabel('Work phone').fill(uniquePhone());
    await page.getByLabel('Gross annual income ($)').fill(income);
    await page.getByLabel('Income source', { exact: true }).selectOption('Employment');
    await this.continueApplication(/\/checkout\/credit-application\/housing$/);

    await page.getByRole('radio', { name: 'Rent' }).check();
    await page.getByLabel('Monthly rent or mortgage ($)').fill('1800');
    await page.getByLabel('Date you moved in', { exact: true }).fill('06/01/2016');
    await this.continueApplication(/\/checkout\/credit-application\/review$/);

    await this.continueApplication(/\/checkout\/credit-application\/terms$/);
    await page.getByLabel('I have read and agree to the terms and conditions').check();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page).toHaveURL(/\/checkout\/decision(\/declined)?$/, { timeout: 15_000 });
  }

  /** Run on each step of the application before it is filled (the press test's wait). */
  private pause = async () => {};

  private async continueApplication(next: RegExp): Promise<void> {
    // A step's form has a Continue button; the review page (nothing to save) a Continue link.
    const { page } = this;
    await page
      .getByRole('button', { name: 'Continue', exact: true })
      .or(page.getByRole('link', { name: 'Continue', exact: true }))
      .click();
    await expect(page).toHaveURL(next, { timeout: 15_000 });
    await this.pause();
  }

  // ------------------------------------------------------------------ decision

  async expectApproved(): Promise<void> {
    await expect(this.page).toHaveURL(/\/checkout\/decision$/);
    await expect(this.page.getByRole('heading', { level: 1, name: "Congratulations, you're approved" })).toBeVisible();
    await expect(this.page.getByTestId('lender-terms')).toContainText('APR');
  }

  async expectPending(): Promise<void> {
    await expect(this.page).toHaveURL(/\/checkout\/decision$/);
    await expect(this.page.getByRole('heading', { level: 1, name: "You're approved for financing" })).toBeVisible();
  }

  async acceptOffer(): Promise<void> {
    await this.page.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(this.page).toHaveURL(/\/checkout\/overview/);
  }

  async continueAfterPending(): Promise<void> {
    await this.page.getByRole('button', { name: 'Continue to overview' }).click();
    await expect(this.page).toHaveURL(/\/checkout\/overview/);
  }

  /** Decline, then confirm: a dialog with JavaScript, a confirmation step of the page without. */
  async declineOffer(): Promise<void> {
    await this.page.getByRole('link', { name: 'Decline', exact: true }).click();
    const confirmation = this.jsEnabled
      ? this.page.getByRole('dialog', { name: 'Decline this offer?' })
      : this.page.getByTestId('decline-confirmation');
    await expect(confirmation).toBeVisible();
    await confirmation.getByRole('button', { name: 'Yes, decline offer' }).click();
    await this.expectDeclined('You declined the financing offer');
  }

  async expectDeclined(heading = "We couldn't approve your financing"): Promise<void> {
    await expect(this.page).toHaveURL(/\/checkout\/decision\/declined$/);
    await expect(this.page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
  }

  // ------------------------------------------------------------------ overview

  async expectOverview(): Promise<void> {
    await expect(this.page).toHaveURL(/\/checkout\/overview/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Review and place your order' })).toBeVisible();
  }

  async chooseMethod(name: keyof typeof METHODS): Promise<void> {
    const link = this.page.getByRole('navigation', { name: 'Payment method' }).getByRole('link', { name });
    if ((await link.getAttribute('aria-current')) === 'page') return;
    await link.click();
    await expect(this.page).toHaveURL(new RegExp(`[?&]method=${METHODS[name]}`));
    await expect(link).toHaveAttribute('aria-current', 'page');
  }

  async fillCard(card: CardDetails): Promise<void> {
    const { page } = this;
    await page.getByLabel('Email').fill(card.email);
    await page.getByLabel('Card number').fill(card.number ?? SANDBOX_CARDS.approved);
    await page.getByLabel('Expiry (MM/YY)').fill(card.expiry ?? futureExpiry());
    await page.getByLabel('Security code (CVC)').fill(card.cvc ?? '123');
    await page.getByLabel('Name on card').fill(card.name);
    await page.getByPlaceholder('Your 5-digit Zip code').fill(card.zip ?? '78701');
  }

  async fillBank(bank: BankDetails): Promise<void> {
    const { page } = this;
    await page.getByLabel('Account holder').fill(bank.holder);
    await page.getByLabel('Routing number').fill(bank.routing ?? '110000000');
    await page.getByLabel('Account number').fill(bank.account ?? '000123456789');
    await page.getByLabel('Checking').check();
  }

  /** Whether the card is offered (the amount due today is at most $7,000). */
  async cardOffered(): Promise<boolean> {
    return (
      (await this.page
        .getByRole('navigation', { name: 'Payment method' })
        .getByRole('link', { name: 'Credit card' })
        .count()) > 0
    );
  }

  /** Pays by card when the card is offered, else the refundable deposit on the same card, and places the order. */
  async payByCardOrDeposit(card: CardDetails): Promise<'card' | 'deposit'> {
    const method = (await this.cardOffered()) ? 'Credit card' : 'Refundable deposit';
    await this.chooseMethod(method);
    await this.fillCard(card);
    await this.placeOrder();
    return method === 'Credit card' ? 'card' : 'deposit';
  }

  async placeOrder(): Promise<void> {
    await this.page.getByRole('button', { name: 'Place order' }).click();
  }

  // ------------------------------------------------------------------ after placing

  /** The order-creation wait (ORDER_CREATION_SECONDS is 3 in the e2e server), then the confirmation. */
  async waitForConfirmation(kind: 'Order received' | 'Application received'): Promise<string> {
    await expect(this.page).toHaveURL(/\/checkout\/(placing|confirmation\/)/);
    await expect(this.page).toHaveURL(/\/checkout\/confirmation\/[A-Za-z0-9-]+$/, { timeout: 30_000 });
    await expect(this.page.getByRole('heading', { level: 1, name: kind })).toBeVisible();
    await expect(this.page.getByTestId('remaining-steps')).toContainText('Sign your contract');
    const orderNumber = (await this.page.getByTestId('order-number').textContent())?.trim() ?? '';
    expect(orderNumber).toMatch(/^SR-/);
    return orderNumber;
  }

  async openReceipt(orderNumber: string): Promise<void> {
    await this.page.getByRole('link', { name: 'View your receipt' }).click();
    await expect(this.page).toHaveURL(new RegExp(`/checkout/receipt/${orderNumber}$`));
    await expect(this.page.getByRole('heading', { level: 1, name: 'Order receipt' })).toBeVisible();
    await expect(this.page.getByTestId('receipt-rows')).toContainText(orderNumber);
  }

  async openTracker(orderNumber: string): Promise<void> {
    await this.page.getByRole('link', { name: /Track your order|Go to your order tracker/ }).click();
    await expect(this.page).toHaveURL(new RegExp(`/progress/${orderNumber}(/|$)`));
    await expect(this.page.getByTestId('tracker-steps')).toBeVisible();
  }
}
