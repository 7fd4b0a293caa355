import type { Page } from '@playwright/test';
import { DEMO_STAFF } from '../server/db/seed-data/scenarios';
import { DeskShopper, deskTenantUrl, signInToDesk, subjectsTo } from './support/desk-walk';
import { expect, test } from './support/fixtures';
import { DEMO_TENANTS, tenantConfig, type DemoTenantId } from './support/tenants';

// Issue 33, "Done when": in each demo tenant set to `partners: "desk"` (the second e2e server,
// playwright.config.ts), with JavaScript on and off, a dealer signs in to the desk with a
// password and a TOTP code and takes one order of each kind (cash with a dealer deal, finance,
// lease) from placed to delivered by hand, answering a lead, a trade-in in further review and
// a privacy deletion on the way. Staff press the desk's own buttons and forms; the shopper's
// side goes through the storefront's API, and the shopper's own browser shows each result.

// Seed 002 §4, "Post-purchase step labels: Not Ready, Get Started, In Progress, Completed, Needs Attention".
const STEP_LABEL = {
  NOT_READY: 'Not Ready',
  READY: 'Get Started',
  IN_PROGRESS: 'In Progress',
  COMPLETED: 'Completed',
  NEEDS_ATTENTION: 'Needs Attention',
} as const;
type StepStatus = keyof typeof STEP_LABEL;
// Seed 002 §4, "Orders: updates in progress, … vehicle delivered, …, ready to pick up".
const VEHICLE_DELIVERED = 'Vehicle delivered';
// Seed 002 §4, "Trade-in offer: pending review, …, proposed".
const OFFER_PROPOSED = 'Offer proposed';

type Kind = {
  template: 'cash-dealer' | 'finance' | 'lease';
  dealType: 'Cash' | 'Finance' | 'Lease';
  method: 'PICKUP' | 'DELIVERY';
};
const KINDS: Kind[] = [
  { template: 'cash-dealer', dealType: 'Cash', method: 'DELIVERY' },
  { template: 'finance', dealType: 'Finance', method: 'PICKUP' },
  { template: 'lease', dealType: 'Lease', method: 'DELIVERY' },
];

/** The shopper's tracker, in their own browser: each step named has that status and its label. */
async function expectTracker(
  shopper: Page,
  tenant: DemoTenantId,
  orderNumber: string,
  expected: Partial<Record<string, StepStatus>>,
) {
  await shopper.goto(deskTenantUrl(tenant, `/progress/${orderNumber}`));
  const steps = shopper.getByTestId('tracker-steps');
  for (const [step, status] of Object.entries(expected)) {
    const item = steps.locator(`[data-step="${step}"]`);
    await expect(item, `${orderNumber} ${step}`).toHaveAttribute('data-status', status!);
    await expect(item).toContainText(STEP_LABEL[status!]);
  }
}

/** Presses one of the desk's buttons and waits for what the desk says it did. */
async function press(page: Page, button: string | RegExp, notice: string) {
  await page.getByRole('button', { name: button, exact: typeof button === 'string' }).click();
  await expect(page.getByText(notice)).toBeVisible();
}

async function acceptEveryDocument(page: Page) {
  const accept = page.getByRole('button', { name: /^Accept / });
  for (let left = await accept.count(); left > 0; left -= 1) {
    await accept.first().click();
    await expect(page.getByText('Document accepted.')).toBeVisible();
    await expect(accept).toHaveCount(left - 1);
  }
  await expect(page.locator('[data-document-type]').getByTestId('document-review')).not.toContainText(['To review']);
}

/**
 * The shopper's upload step, in their own browser: every required document reads `label` (at a
 * desk tenant an upload stays in review until staff accept it).
 */
async function expectDocuments(shopper: Page, tenant: DemoTenantId, orderNumber: string, label: string) {
  await shopper.goto(deskTenantUrl(tenant, `/progress/${orderNumber}/doc-upload`));
  const statuses = shopper.locator('[data-upload-key]').getByTestId('document-status');
  await expect(statuses.first()).toBeVisible();
  const count = await statuses.count();
  await expect(statuses).toHaveText(Array.from({ length: count }, () => label));
}

async function walkOrder(
  page: Page,
  shopperPage: Page,
  buyer: DeskShopper,
  tenant: DemoTenantId,
  kind: Kind,
  between: () => Promise<void>,
) {
  const cash = kind.dealType === 'Cash';
  const order = await buyer.placeOrder(kind.template);
  const { orderNumber } = order;
  await buyer.verifyAndUpload(order, kind.dealType);
  // Uploaded, not yet accepted: each document is in review and the order waits there (no deal
  // to review, no lender decision yet).
  await expectDocuments(shopperPage, tenant, orderNumber, 'In review');
  await expectTracker(
    shopperPage,
    tenant,
    orderNumber,
    cash ? { DEAL_REVIEW: 'NOT_READY' } : { FINANCE_DECISION: 'NOT_READY' },
  );

  const deskOrder = deskTenantUrl(tenant, `/desk/orders/${orderNumber}`);
  // Staff find the order by its number and accept each document.
  await page.goto(deskTenantUrl(tenant, `/desk/orders?q=${orderNumber}`));
  await page.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await acceptEveryDocument(page);
  await expect(page.getByTestId('desk-audit')).toContainText(`${DEMO_STAFF.email} · document.accept`);
  await expectDocuments(shopperPage, tenant, orderNumber, 'Received');

  if (cash) {
    // The dealer's deal waits for a person at a desk tenant: the shopper has nothing to review yet.
    await expectTracker(shopperPage, tenant, orderNumber, { UPLOAD_DOCUMENTS: 'COMPLETED', DEAL_REVIEW: 'NOT_READY' });
    await press(page, 'Send the deal', 'Deal sent: the shopper reviews it on the tracker.');
    await expectTracker(shopperPage, tenant, orderNumber, { DEAL_REVIEW: 'NEEDS_ATTENTION' });
  } else {
    // The sandbox lender answers at once, as the seed says a partner does.
    await expectTracker(shopperPage, tenant, orderNumber, { UPLOAD_DOCUMENTS: 'COMPLETED', FINANCE_DECISION: 'READY' });
  }
  await between();

  await buyer.acceptDecision(orderNumber);
  await buyer.signContract(orderNumber);
  // Signed by the buyer: the shopper's page waits for the dealer's countersignature.
  const thankYou = deskTenantUrl(tenant, `/progress/${orderNumber}/signing/thank-you`);
  await shopperPage.goto(thankYou);
  await expect(shopperPage.getByTestId('signing-result')).toContainText('Your contract is signed.');
  await expect(shopperPage.getByTestId('awaiting-countersignature')).toBeVisible();
  await page.goto(deskOrder);
  await press(page, 'Countersign the contract', 'Contract countersigned.');
  await expect(page.getByText('buyer signed, dealer countersigned')).toBeVisible();
  await shopperPage.goto(thankYou);
  await expect(shopperPage.getByTestId('countersigned')).toContainText('The dealer countersigned your contract.');
  await expectTracker(shopperPage, tenant, orderNumber, { SIGN_CONTRACT: 'COMPLETED', PAYMENT_DETAILS: 'READY' });

  if (cash) {
    // The cash buyer pays the whole price at the dealership: staff record it.
    const due = await buyer.amountDueCents(orderNumber);
    expect(due).toBeGreaterThan(0);
    await page.goto(deskOrder);
    await page.getByLabel('Payment received at the dealership, in dollars').fill((due / 100).toFixed(2));
    await press(page, 'Record the payment', 'Payment recorded: the shopper sees it on the tracker.');
    await expect(page.getByTestId('desk-money-summary')).toContainText('due $0');
    await shopperPage.goto(deskTenantUrl(tenant, `/progress/${orderNumber}/payment`));
    await expect(shopperPage.getByTestId('payment-list')).toContainText('At the dealership:');
    await expect(shopperPage.getByTestId('payment-list')).toContainText('Paid');
  } else {
    await buyer.payByCard(orderNumber, await buyer.amountDueCents(orderNumber));
    await expectTracker(shopperPage, tenant, orderNumber, { PAYMENT_DETAILS: 'COMPLETED' });
  }

  await buyer.requestAppointment(orderNumber, kind.method);
  const word = kind.method === 'PICKUP' ? 'pickup' : 'delivery';
  // Requested, not confirmed: nobody at the dealership has said yes yet.
  await shopperPage.goto(deskTenantUrl(tenant, `/fulfillment/${orderNumber}`));
  await expect(shopperPage.getByTestId('appointment-state')).toHaveAttribute('data-state', 'Requested');
  await page.goto(deskOrder);
  await press(page, `Confirm the ${word}`, 'Appointment confirmed: the shopper was told by e-mail and text.');
  await shopperPage.goto(deskTenantUrl(tenant, `/fulfillment/${orderNumber}`));
  await expect(shopperPage.getByTestId('appointment-state')).toHaveAttribute('data-state', 'Confirmed');
  await expect(shopperPage.getByTestId('appointment-state')).toHaveAttribute('data-method', kind.method);

  await press(
    page,
    kind.method === 'PICKUP' ? 'Mark picked up' : 'Mark delivered',
    'Marked delivered: the shopper was told by e-mail.',
  );
  await expect(page.getByTestId('desk-order-status')).toContainText('DELIVERED');
  await expect(page.getByTestId('desk-audit')).toContainText(`${DEMO_STAFF.email} · order.delivered`);
  await shopperPage.goto(deskTenantUrl(tenant, '/account/orders'));
  await expect(
    shopperPage.locator(`[data-testid="order-item"][data-order-number="${orderNumber}"]`).getByTestId('order-state'),
  ).toHaveText(`Status: ${VEHICLE_DELIVERED}`);
}

test.describe.configure({ mode: 'parallel' });

for (const tenant of DEMO_TENANTS) {
  test(`${tenant}: staff take a cash, a finance and a lease order from placed to delivered by hand, and answer a lead, a trade-in and a deletion`, async ({
    page,
    browser,
    request,
    checkA11y,
  }, testInfo) => {
    test.setTimeout(300_000);
    const js = testInfo.project.use.javaScriptEnabled !== false;
    const { brandName } = tenantConfig(tenant);

    // The shopper: a trade-in that needs a closer look, a message to the dealer, signed in in their own browser.
    const buyer = await DeskShopper.create(request, tenant, 'desk-walk');
    const offerId = await buyer.saveTradeIn({ condition: 'Rough', ownership: 'Leased' });
    const comments = `Is the car still there on Saturday? (${testInfo.project.name})`;
    await buyer.sendLead(comments);
    const shopperContext = await browser.newContext({ javaScriptEnabled: js });
    const shopperPage = await shopperContext.newPage();
    try {
      await shopperPage.goto(deskTenantUrl(tenant, '/sign-in'));
      await shopperPage.getByLabel('Email').fill(buyer.shopper.email);
      await shopperPage.getByLabel('Password', { exact: true }).fill(buyer.shopper.password);
      await shopperPage.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(shopperPage).not.toHaveURL(/\/sign-in/);

      // The dealer signs in with the second factor: a wrong code is told, then the app's code.
      await page.goto(deskTenantUrl(tenant, '/desk'));
      await expect(page).toHaveURL(/\/desk\/sign-in$/);
      await checkA11y();
      await page.getByLabel('E-mail').fill(DEMO_STAFF.email);
      await page.getByLabel('Password').fill(DEMO_STAFF.password);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Code').fill('000000');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('That code is not right')).toBeVisible();
      await checkA11y();
      await signInToDesk(page, tenant);
      await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
      await expect(page.getByText(`${DEMO_STAFF.email} (admin)`)).toBeVisible();
      await checkA11y();

      const answerLead = async () => {
        await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Leads' }).click();
        const lead = page.getByTestId('desk-lead').filter({ hasText: comments });
        await expect(lead.getByRole('heading')).toContainText(`${buyer.name} · New`);
        await lead.getByLabel('Status').selectOption({ label: 'Contacted' });
        await lead.getByLabel('Note').fill('Called back: test drive booked for Saturday at 10.');
        await lead.getByRole('button', { name: /^Save/ }).click();
        await expect(page.getByText('Lead saved as contacted.')).toBeVisible();
        const saved = page.getByTestId('desk-lead').filter({ hasText: comments });
        await expect(saved.getByRole('heading')).toContainText(`${buyer.name} · Contacted`);
        await expect(saved.getByLabel('Note')).toHaveValue('Called back: test drive booked for Saturday at 10.');
        await saved.getByLabel('Status').selectOption({ label: 'Closed' });
        await saved.getByRole('button', { name: /^Save/ }).click();
        await expect(page.getByText('Lead saved as closed.')).toBeVisible();
        await expect(page.getByTestId('desk-lead').filter({ hasText: comments }).getByRole('heading')).toContainText(
          `${buyer.name} · Closed`,
        );
      };

      const valueTradeIn = async () => {
        await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Trade-ins' }).click();
        const offer = page.locator(`#trade-in-${offerId}`);
        await expect(offer).toContainText(buyer.shopper.email);
        await offer.getByLabel('Value in dollars').fill('9,250');
        await offer.getByRole('button', { name: /^Offer this value/ }).click();
        await expect(page.getByText('Offer of $9,250 sent: the shopper sees it on their trade-in page.')).toBeVisible();
        await expect(page.locator(`#trade-in-${offerId}`)).toHaveCount(0);
        await shopperPage.goto(deskTenantUrl(tenant, '/account/trade-ins'));
        const mine = shopperPage.getByTestId('trade-in-offer');
        await expect(mine.getByTestId('trade-in-status')).toHaveText(OFFER_PROPOSED);
        await expect(mine).toContainText('$9,250');
      };

      const between = [answerLead, valueTradeIn, async () => {}];
      for (const [index, kind] of KINDS.entries()) {
        await walkOrder(page, shopperPage, buyer, tenant, kind, between[index]!);
      }
      await checkA11y();
      // Each hand-over reached the shopper by e-mail too.
      const subjects = await subjectsTo(request, tenant, buyer.shopper.email);
      expect(subjects.filter((subject) => subject === `${brandName}: your vehicle was delivered`)).toHaveLength(2);
      expect(subjects).toContain(`${brandName}: you picked up your vehicle`);

      // At the end the shopper asks for their data to be deleted; at a desk tenant it waits for the admin.
      const requestId = await buyer.askDeletion();
      await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Privacy' }).click();
      const item = page.locator(`#privacy-${requestId}`);
      await expect(item).toContainText(`About ${buyer.shopper.email}`);
      await item.getByRole('button', { name: /^Delete the data/ }).click();
      await expect(page.getByText('Data deleted: the shopper was told.')).toBeVisible();
      // The shopper's session ended with their account, and their password no longer signs in.
      await shopperPage.goto(deskTenantUrl(tenant, '/account/trade-ins'));
      await expect(shopperPage).toHaveURL(/\/sign-in/);
      await shopperPage.getByLabel('Email').fill(buyer.shopper.email);
      await shopperPage.getByLabel('Password', { exact: true }).fill(buyer.shopper.password);
      await shopperPage.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(shopperPage).toHaveURL(/\/sign-in/);
      // Staff sign out: the desk asks for a sign-in again.
      await page.getByRole('button', { name: 'Sign out of the desk' }).click();
      await expect(page).toHaveURL(/\/desk\/sign-in$/);
      await page.goto(deskTenantUrl(tenant, '/desk'));
      await expect(page).toHaveURL(/\/desk\/sign-in$/);
      // What was sent to them went with their data; only the word that it is done stays.
      expect(await subjectsTo(request, tenant, buyer.shopper.email)).toEqual([
        'Your privacy request is done: deletion',
      ]);
    } finally {
      await shopperContext.close();
    }
  });
}
