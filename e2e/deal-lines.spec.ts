import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { continueTo, orderSummary, startPurchaseOfAvailable } from './support/checkout';
import { test } from './support/fixtures';
import { PurchasePage } from './support/purchase';
import { DEMO_TENANTS, tenantUrl, type DemoTenantId } from './support/tenants';
import { OrderFlow } from './support/tracker';
import { saveOfferByApi, tradeInResult } from './support/trade-in';
import { outboxEmails, uniquePhone } from './support/accounts';

// Issue 31 point 1: one deal, the same lines on every surface. A Finance purchase with a saved
// trade-in offer and a protection plan, walked as a shopper does (JavaScript on and off); the
// Overview, the tracker's finance step, "Review your contract" and the signing frame each print
// the deal's lines, each group's lines add up to its total to the cent, and every surface prints
// the same lines and totals.

const TRADE_VIN = '4T1BF1FK9MU123456';

type Line = { id: string; label: string; value: string };
type Group = { id: string; lines: Line[]; total: Line };
type Read = { groups: Group[]; facts: Line[] };

const MONEY = /^(-?)\$([\d,]+)\.(\d\d)$/;

function cents(value: string): number {
  const match = MONEY.exec(value);
  if (!match) throw new Error(`not an amount: ${value}`);
  const amount = Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] ? -amount : amount;
}

async function rows(scope: Locator): Promise<Line[]> {
  return scope.locator('[data-line]').evaluateAll((nodes) =>
    nodes.map((node) => ({
      id: node.getAttribute('data-line') ?? '',
      label: (node.querySelector('dt')?.textContent ?? '').trim(),
      value: (node.querySelector('dd')?.textContent ?? '').trim(),
    })),
  );
}

/** The deal's lines as a surface prints them: each group's rows (the last is its total), then the facts. */
async function readLines(surface: Locator): Promise<Read> {
  await expect(surface).toBeVisible();
  const groups: Group[] = [];
  for (const section of await surface.locator('section[data-group]').all()) {
    const all = await rows(section);
    expect(all.length, 'a group has lines and a total').toBeGreaterThan(1);
    groups.push({ id: (await section.getAttribute('data-group')) ?? '', lines: all.slice(0, -1), total: all.at(-1)! });
  }
  const facts = await rows(surface.locator('dl[data-group]'));
  return { groups, facts };
}

function expectAddsUp(surface: string, read: Read) {
  expect(read.groups.length, `${surface}: groups`).toBeGreaterThan(0);
  for (const group of read.groups) {
    const sum = group.lines.reduce((total, line) => total + cents(line.value), 0);
    expect(sum, `${surface}: ${group.id} lines add up to "${group.total.label} ${group.total.value}"`).toBe(
      cents(group.total.value),
    );
  }
}

/** An e-mail of the outbox (issue 31 point 5) carries the surface's lines as 'label: value', each group's total after '='. */
async function expectEmailLines(
  request: APIRequestContext,
  tenant: DemoTenantId,
  email: string,
  subject: RegExp,
  read: Read,
) {
  await expect
    .poll(async () => (await outboxEmails(request, tenant, email)).some((mail) => subject.test(mail.subject)))
    .toBe(true);
  const mail = (await outboxEmails(request, tenant, email)).find((entry) => subject.test(entry.subject))!;
  for (const group of read.groups) {
    for (const line of group.lines) expect(mail.body, `${subject}`).toContain(`\n${line.label}: ${line.value}\n`);
    expect(mail.body, `${subject}`).toContain(`= ${group.total.label}: ${group.total.value}`);
  }
  for (const fact of read.facts) expect(mail.body, `${subject}`).toContain(`${fact.label}: ${fact.value}`);
}

/** The Overview's deal lines, each group adding up. */
async function readOverview(purchase: PurchasePage): Promise<Read> {
  await purchase.expectOverview();
  const overview = await readLines(orderSummary(purchase.page).getByTestId('deal-lines'));
  expectAddsUp('overview', overview);
  return overview;
}

/** From Order Details: the credit application (with a co-applicant if given), approved and accepted; the Overview's lines. */
async function approvedToOverview(
  purchase: PurchasePage,
  coApplicant: PurchasePage['coApplicant'] = null,
): Promise<Read> {
  await continueTo(purchase.page, 'Credit Application', /\/checkout\/credit-application\/personal$/);
  purchase.coApplicant = coApplicant;
  await purchase.applyForCredit('approved');
  await purchase.expectApproved();
  await purchase.acceptOffer();
  return readOverview(purchase);
}

/** The ID check and documents done, "Review your contract" and the signing frame print the Overview's lines. */
async function expectContractSurfaces(page: Page, flow: OrderFlow, overview: Read) {
  await flow.verifyId();
  await flow.uploadDocuments();
  await page.goto(flow.progress('signing'));
  await page.getByTestId('signing-continue').click();
  await expect(page).toHaveURL(flow.progress('signing/review'));
  const review = await readLines(page.getByTestId('deal-lines'));
  expectAddsUp('review your contract', review);
  expect(review).toEqual(overview);

  const { frame } = await flow.openContract();
  const signing = await readLines(frame.getByTestId('deal-lines'));
  expectAddsUp('signing frame', signing);
  expect(signing).toEqual(overview);
}

/** The shopper's saved offer applied to the purchase from the account (seed 002 §2); lands on the cart. */
async function applySavedOffer(page: Page, tenant: DemoTenantId, jsEnabled: boolean) {
  await page.goto(tenantUrl(tenant, '/account/trade-ins'));
  await page.getByTestId('trade-in-offer').first().getByRole('button', { name: 'Apply to my purchase' }).click();
  const taxQuestion = tradeInResult(page, jsEnabled, 'A question about taxes');
  await expect(taxQuestion).toBeVisible();
  await taxQuestion.getByRole('button', { name: 'No', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  await expect(page.getByTestId('cart-trade-in')).toContainText('2021 Toyota Camry');
}

/** From the cart, Coverage's first plan added; answers its name. */
async function addFirstPlan(page: Page): Promise<string> {
  await continueTo(page, 'Coverage', /\/checkout\/coverage$/);
  const plan = page.getByTestId('protection-plan').first();
  const planName = ((await plan.getByRole('heading').textContent()) ?? '').trim();
  await plan.getByRole('button', { name: `Add to cart for ${planName}` }).click();
  await expect(page.getByTestId('protection-plan').first()).toContainText('Added');
  return planName;
}

test('a finance deal with a trade-in and a protection plan: the same lines, adding up, on every surface', async ({
  page,
  request,
  jsEnabled,
}) => {
  test.setTimeout(300_000);
  const tenant = 'default';
  const purchase = new PurchasePage(page, tenant, jsEnabled);
  const shopper = await purchase.signIn(request);
  const name = `${shopper.firstName} ${shopper.lastName}`;

  // The trade-in: a saved offer, applied to the purchase from the account (seed 002 §2).
  await saveOfferByApi(request, tenant, shopper, TRADE_VIN);
  await startPurchaseOfAvailable(page, request, 'Finance', tenant, { maxPrice: 60_000 });
  await applySavedOffer(page, tenant, jsEnabled);

  // A protection plan, by name.
  const planName = await addFirstPlan(page);
  await continueTo(page, 'Account', /\/checkout\/account$/);
  await continueTo(page, 'Order Details', /\/checkout\/order-details$/);
  await page.getByRole('radio', { name: /^Pickup/ }).check();
  await page.getByPlaceholder('Your 5-digit Zip code').fill('80202');
  // The credit application, approved and accepted, then the Overview.
  const overview = await approvedToOverview(purchase);
  const all = overview.groups.flatMap((group) => group.lines);
  expect(all.map((line) => line.label)).toContain(planName);
  expect(
    all.some((line) => /trade-in/i.test(line.label) && cents(line.value) < 0),
    'a trade-in credit',
  ).toBe(true);
  expect(overview.groups.map((group) => group.total.label)).toContain('Amount financed');
  expect(overview.facts.map((line) => line.value)).toContain(name);

  await purchase.payByCardOrDeposit({ email: shopper.email, name });
  const orderNumber = await purchase.waitForConfirmation('Order received');

  // The tracker's finance step, "Review your contract" and the signing frame: the same lines.
  const flow = new OrderFlow(page, page.context(), request, tenant, orderNumber, jsEnabled, undefined, {
    email: shopper.email,
    password: shopper.password,
    name,
  });
  await page.goto(flow.progress('finance-decision'));
  const financeStep = await readLines(page.getByTestId('deal-lines'));
  expectAddsUp('finance decision', financeStep);
  expect(financeStep.groups).toEqual(overview.groups);

  await expectContractSurfaces(page, flow, overview);
});

// Issue 31 "done when": a lease and a cash purchase in every demo tenant, each with a trade-in
// that still has a loan on it (the payoff), a protection plan and a co-buyer (co-lessee), read
// on the cart, the Overview, the receipt, the tracker's deal facts (the lease's finance step;
// "Review your contract" for both) and the signing frame: every group adds up, and every
// surface prints the Overview's lines and totals.

/** What the shopper still owes on the trade-in: the payoff line. */
const AMOUNT_OWED_CENTS = 350_000;
const CO_BUYER = { firstName: 'Sam', lastName: 'Rivera' };

/** The lines of a group, less the line the surface adds for its own purpose (the receipt's balance). */
function groupsOf(read: Read, leave: string[] = []): Group[] {
  return read.groups.filter((group) => !leave.includes(group.id));
}

for (const tenant of DEMO_TENANTS) {
  for (const deal of ['Lease', 'Cash'] as const) {
    test(`${tenant}: a ${deal.toLowerCase()} deal with a trade-in payoff, a plan and a co-buyer: the same lines on every surface`, async ({
      page,
      request,
      jsEnabled,
    }) => {
      test.setTimeout(300_000);
      const purchase = new PurchasePage(page, tenant, jsEnabled);
      const shopper = await purchase.signIn(request);
      const name = `${shopper.firstName} ${shopper.lastName}`;
      const coName = `${CO_BUYER.firstName} ${CO_BUYER.lastName}`;

      // The shopper's zip first, so the cart prices at the place the Overview does (Denver, CO).
      await page.goto(tenantUrl(tenant, '/zip'));
      const zipForm = page.getByTestId('zip-editor');
      await zipForm.getByLabel('Zip code').fill('80202');
      await zipForm.getByRole('button', { name: 'Update' }).click();
      await expect(page).toHaveURL(/\/search/);
      await saveOfferByApi(request, tenant, shopper, TRADE_VIN, { hasLoan: true, amountOwedCents: AMOUNT_OWED_CENTS });
      // A new vehicle: every new vehicle can be leased.
      await startPurchaseOfAvailable(page, request, deal, tenant, { type: 'NEW', maxPrice: 60_000 });
      await applySavedOffer(page, tenant, jsEnabled);
      const planName = await addFirstPlan(page);

      // The cart, with the plan and the trade-in.
      await page.goto(tenantUrl(tenant, '/checkout/cart'));
      const cart = await readLines(orderSummary(page).getByTestId('deal-lines'));
      expectAddsUp('cart', cart);
      const cartLines = cart.groups.flatMap((group) => group.lines);
      expect(cartLines.map((line) => line.label)).toContain(planName);
      expect(cartLines.find((line) => line.id === 'tradeIn.payoff')?.value).toBe('$3,500.00');

      await continueTo(page, 'Coverage', /\/checkout\/coverage$/);
      await continueTo(page, 'Account', /\/checkout\/account$/);
      await continueTo(page, 'Order Details', /\/checkout\/order-details$/);
      await page.getByRole('radio', { name: /^Pickup/ }).check();
      await page.getByPlaceholder('Your 5-digit Zip code').fill('80202');
      if (deal === 'Cash') {
        const coBuyer = page.getByTestId('co-buyer');
        await coBuyer.getByLabel('Add a co-buyer').check();
        await coBuyer.getByLabel('First name').fill(CO_BUYER.firstName);
        await coBuyer.getByLabel('Last name').fill(CO_BUYER.lastName);
        await coBuyer.getByLabel('Email').fill(`sam.${shopper.email}`);
        await coBuyer.getByLabel('Phone').fill(uniquePhone());
        await continueTo(page, 'Overview', /\/checkout\/overview/);
      }
      // The Overview: the cart's lines (the same zip, 80202), now with both parties.
      const overview = deal === 'Cash' ? await readOverview(purchase) : await approvedToOverview(purchase, CO_BUYER);
      if (deal === 'Cash') expect(overview.groups).toEqual(cart.groups);
      else {
        // The lender's approved rate may move the lease payment: the capitalized cost stays the
        // cart's, and a moved payment carries its note beside it (issue 12 item 2).
        expect(groupsOf(overview, ['dueAtSigning'])).toEqual(groupsOf(cart, ['dueAtSigning']));
        const due = (read: Read) => read.groups.find((group) => group.id === 'dueAtSigning')?.total.value;
        if (due(overview) !== due(cart))
          await expect(
            orderSummary(page)
              .getByTestId(/^deal-change-(monthly|dueAtSigning)$/)
              .first(),
          ).toBeVisible();
      }
      const parties = overview.facts.map((line) => line.value);
      expect(parties).toContain(name);
      expect(parties).toContain(coName);

      await purchase.payByCardOrDeposit({ email: shopper.email, name });
      const orderNumber = await purchase.waitForConfirmation('Order received');

      // The order confirmation in the outbox: the Overview's lines and totals.
      await expectEmailLines(
        request,
        tenant,
        shopper.email,
        new RegExp(`your order ${orderNumber} is placed`),
        overview,
      );

      // The receipt: the same lines (a cash receipt adds the balance after what was paid).
      await purchase.openReceipt(orderNumber);
      const receipt = await readLines(page.getByTestId('deal-lines'));
      expectAddsUp('receipt', receipt);
      expect(groupsOf(receipt, ['balance'])).toEqual(overview.groups);
      expect(receipt.facts).toEqual(overview.facts);

      const flow = new OrderFlow(page, page.context(), request, tenant, orderNumber, jsEnabled, undefined, {
        email: shopper.email,
        password: shopper.password,
        name,
      });
      if (deal === 'Lease') {
        await page.goto(flow.progress('finance-decision'));
        const financeStep = await readLines(page.getByTestId('deal-lines'));
        expectAddsUp('finance decision', financeStep);
        expect(financeStep).toEqual(overview);
      }
      await expectContractSurfaces(page, flow, overview);
      // The contract ready to sign e-mail: the same lines.
      await expectEmailLines(request, tenant, shopper.email, /your contract is ready to sign/, overview);
    });
  }
}
