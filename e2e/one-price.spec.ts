import type { Locator, Page } from '@playwright/test';
import { orderSummary } from './support/checkout';
import { expect, test } from './support/fixtures';
import { PurchasePage } from './support/purchase';
import { DEMO_TENANTS, tenantUrl, type DemoTenantId } from './support/tenants';

// Issue 12 item 7, "done when": for a finance, a lease and a cash deal in every demo tenant, the
// monthly payment and the amount due today (due at signing for a lease, the cash price for cash)
// are the same on the search card, the vehicle page, the cart, the overview and the receipt,
// unless the summary shows the change next to the figure with its reason. Not yet here: the
// contract PDF, which is prepared only after the tracker's steps (ID, documents) are done; its
// figures are checked against the stored deal in tests/server/contract-deal.test.ts.

type Deal = 'Finance' | 'Lease' | 'Cash';
type Figures = { monthly: string | null; due: string };

const DUE_ROW: Record<Deal, string> = { Finance: 'dueToday', Lease: 'dueAtSigning', Cash: 'dueToday' };

async function text(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

/** "$372.48/mo" → "$372.48". */
function money(value: string): string {
  return value.replace(/\/mo$/, '').trim();
}

/** A figure of the summary: the row's value, and whether a change note stands beside it. */
async function summaryFigure(page: Page, row: string): Promise<{ value: string; changed: string | null }> {
  const summary = orderSummary(page);
  const value = money(await text(summary.getByTestId(`summary-${row}`).locator('dd').first()));
  const note = summary.getByTestId(`summary-change-${row}`);
  return { value, changed: (await note.count()) > 0 ? await text(note) : null };
}

async function summaryFigures(page: Page, deal: Deal) {
  return {
    monthly: deal === 'Cash' ? null : await summaryFigure(page, 'monthly'),
    due: await summaryFigure(page, DUE_ROW[deal]),
  };
}

/** Equal, or a change note with its reason and the previous value beside the figure. */
function expectSameOrExplained(where: string, before: string, after: { value: string; changed: string | null }): void {
  if (after.value === before) return;
  expect(after.changed, `${where}: ${before} became ${after.value} without a note`).toContain(`Was ${before}`);
}

/** The vehicle: a new one (every new vehicle can be leased), from the first search page, with its card. */
// Cards are read on the first page of new vehicles; workers take different ones at random.
async function pickVehicle(page: Page, tenant: DemoTenantId): Promise<{ vin: string; card: Locator }> {
  await page.goto(tenantUrl(tenant, '/search?type=NEW&sort=price-asc'));
  const cards = page.getByTestId('vehicle-card').filter({ has: page.getByTestId('payment-block') });
  const count = await cards.count();
  const start = Math.floor(Math.random() * Math.max(1, count));
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth((start + index) % count);
    const href = (await card.getByTestId('card-link').getAttribute('href')) ?? '';
    const vin = /\/vehicles\/([A-HJ-NPR-Z0-9]{17})/.exec(href)?.[1];
    // A price the sandbox lender approves outright for the approved profile (payment to income).
    const price = Number((await text(card.getByTestId('card-price'))).replace(/[$,]/g, ''));
    if (vin && price >= 15_000 && price <= 60_000 && (await card.getByTestId('card-sale-pending').count()) === 0)
      return { vin, card };
  }
  throw new Error(`no new vehicle to buy in ${tenant}`);
}

/** The vehicle page's calculator for the purchase type: its monthly and due-today figures. */
async function calculatorFigures(page: Page, deal: Deal, jsEnabled: boolean): Promise<Figures> {
  const calculator = page.getByTestId('payment-calculator');
  await calculator.getByRole('radio', { name: deal }).check();
  if (!jsEnabled) await calculator.getByRole('button', { name: 'Update payment' }).click();
  await expect(calculator).toHaveAttribute('data-deal-type', deal);
  const result = calculator.getByTestId('calculator-result');
  return {
    monthly: deal === 'Cash' ? null : money(await text(result.getByTestId('calculator-monthly'))),
    due: await text(result.getByTestId('calculator-due-today')),
  };
}

/** One deal from the card to the receipt, checking the figures at each stop. */
async function walkDeal(purchase: PurchasePage, tenant: DemoTenantId, deal: Deal, jsEnabled: boolean) {
  const { page } = purchase;
  const shopper = purchase.shopper!;
  const { vin, card } = await pickVehicle(page, tenant);
  const cardPrice = await text(card.getByTestId('card-price'));
  const cardMonthly = money(await text(card.getByTestId('payment-monthly')));

  // The vehicle page: the same price as the card, and (finance, the card's terms) the same payment.
  await page.goto(tenantUrl(tenant, `/vehicles/${vin}`));
  await expect(page.getByTestId('availability')).toHaveAttribute('data-status', 'Available');
  const calculator = await calculatorFigures(page, deal, jsEnabled);
  await expect(page.locator('main')).toContainText(cardPrice);
  if (deal === 'Finance') {
    // The card rounds to the dollar; the calculator shows cents.
    expect(cardMonthly).toBe(
      `$${Math.round(Number(calculator.monthly!.replace(/[$,]/g, ''))).toLocaleString('en-US')}`,
    );
  }

  // The cart: what the calculator priced.
  await expect(
    page.getByTestId('start-purchase-form').getByRole('radio', { name: new RegExp(`^${deal}`) }),
  ).toBeChecked();
  await page.getByTestId('start-purchase').click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  const cart = await summaryFigures(page, deal);
  expect(cart.due.value).toBe(calculator.due);
  if (cart.monthly) expect(cart.monthly.value).toBe(calculator.monthly);

  // Coverage (none), Account, Order Details (pickup near a Denver zip), the credit application.
  await purchase.fillOrderFromCart(deal);
  if (deal !== 'Cash') {
    await purchase.applyForCredit('approved');
    await purchase.expectApproved();
    await purchase.acceptOffer();
  }

  // The overview: the cart's figures, or the change beside them with its reason.
  await purchase.expectOverview();
  const overview = await summaryFigures(page, deal);
  expectSameOrExplained('overview due', cart.due.value, overview.due);
  if (cart.monthly && overview.monthly) expectSameOrExplained('overview monthly', cart.monthly.value, overview.monthly);
  const final: Figures = { monthly: overview.monthly?.value ?? null, due: overview.due.value };

  await purchase.payByCardOrDeposit({ email: shopper.email, name: `${shopper.firstName} ${shopper.lastName}` });
  const orderNumber = await purchase.waitForConfirmation('Order received');
  await purchase.openReceipt(orderNumber);
  const receipt = page.locator('main');
  if (final.monthly) await expect(receipt).toContainText(final.monthly);
  await expect(receipt).toContainText(final.due);
}

for (const tenant of DEMO_TENANTS) {
  for (const deal of ['Finance', 'Lease', 'Cash'] as const) {
    test(`${tenant}: one price for a ${deal.toLowerCase()} deal from the card to the receipt`, async ({
      page,
      request,
      jsEnabled,
    }) => {
      test.setTimeout(180_000);
      const purchase = new PurchasePage(page, tenant, jsEnabled);
      await purchase.signIn(request);
      await walkDeal(purchase, tenant, deal, jsEnabled);
    });
  }
}
