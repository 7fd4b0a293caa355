import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { continueTo, orderSummary, startPurchaseOfAvailable } from './support/checkout';
import { test } from './support/fixtures';
import { PurchasePage } from './support/purchase';
import { DEMO_TENANTS, tenantUrl, type DemoTenantId } from './support/tenants';
import { OrderFlow } from './support/tracker';
import { saveOfferByApi, tradeInResult } from './support/trade-in';
import { outboxEmails, uniquePhone } from './support/accounts';
import { pdfTextLines } from '../tests/support/pdf-text';

// Issue 31 point 1: one deal, the same lines on every surface, walked as a shopper does
// (JavaScript on and off): each surface prints the deal's lines, each group's lines add up to
// its total to the cent, and every surface prints the same lines and totals.

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

/** The contract PDF prints each line, each group's total and each fact as its label, then its value. */
function expectPdfLines(pdf: Buffer, read: Read) {
  const text = pdfTextLines(pdf).join('\n');
  for (const group of read.groups)
    for (const line of [...group.lines, group.total])
      expect(text, `the PDF prints "${line.label} ${line.value}"`).toContain(`${line.label}\n${line.value}`);
  for (const fact of read.facts)
    expect(text, `the PDF prints "${fact.label} ${fact.value}"`).toContain(`${fact.label}\n${fact.value}`);
}

/**
 * The ID check and documents done, "Review your contract", the signing frame and the contract
 * PDF print the Overview's lines.
 */
async function expectContractSurfaces(page: Page, flow: OrderFlow, overview: Read) {
  await flow.verifyId();
  await flow.uploadDocuments();
  await page.goto(flow.progress('signing'));
  await page.getByTestId('signing-continue').click();
  await expect(page).toHaveURL(flow.progress('signing/review'));
  const review = await readLines(page.getByTestId('deal-lines'));
  expectAddsUp('review your contract', review);
  expect(review).toEqual(overview);

  const { frame, pdf } = await flow.openContract();
  const signing = await readLines(frame.getByTestId('deal-lines'));
  expectAddsUp('signing frame', signing);
  expect(signing).toEqual(overview);
  expectPdfLines(pdf, overview);
}

/**
 * The shopper's saved offer applied from the cart, where it is listed (the account page says the
 * cart can apply it; issue 31): the tax question, then the cart with the trade-in.
 */
async function applySavedOffer(page: Page, jsEnabled: boolean) {
  const cartTradeIn = page.getByTestId('cart-trade-in');
  await expect(cartTradeIn.getByTestId('cart-saved-offers')).toContainText('2021 Toyota Camry');
  await cartTradeIn.getByRole('button', { name: 'Apply to my purchase' }).first().click();
  const taxQuestion = tradeInResult(page, jsEnabled, 'A question about taxes');
  await expect(taxQuestion).toBeVisible();
  await taxQuestion.getByRole('button', { name: 'No', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  // Applied: the offer's equity in place of the list of saved offers.
  await expect(cartTradeIn.getByTestId('cart-trade-in-equity')).toBeVisible();
  await expect(cartTradeIn.getByTestId('cart-saved-offers')).toHaveCount(0);
  await expect(cartTradeIn).toContainText('2021 Toyota Camry');
}

/** The cart's "Get a payoff quote", answered with an estimate: the shopper comes back to the cart (issue 31). */
async function estimatePayoffFromCart(page: Page, dollars: string) {
  await page.getByTestId('cart-trade-in').getByRole('link', { name: 'Get a payoff quote' }).click();
  await expect(page.getByRole('heading', { name: 'Get a payoff quote' })).toBeVisible();
  await page.getByRole('link', { name: 'Enter an estimate instead' }).first().click();
  await page.getByLabel('Estimated payoff').fill(dollars);
  await page.getByRole('button', { name: 'Use this estimate' }).click();
  await expect(page.getByTestId('payoff-balance')).toContainText(`$${dollars}`);
  await page.getByRole('link', { name: 'Back to my cart' }).first().click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
}

/** From the cart, Coverage's first `count` plans added; answers their names. */
async function addPlans(page: Page, count = 1): Promise<string[]> {
  await continueTo(page, 'Coverage', /\/checkout\/coverage$/);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const plan = page.getByTestId('protection-plan').nth(index);
    const planName = ((await plan.getByRole('heading').textContent()) ?? '').trim();
    await plan.getByRole('button', { name: `Add to cart for ${planName}` }).click();
    await expect(page.getByTestId('protection-plan').nth(index)).toContainText('Added');
    names.push(planName);
  }
  return names;
}

// Issue 31 "done when": a finance, a lease and a cash purchase in every demo tenant, each with a
// trade-in that still has a loan on it (the payoff), protection (two plans on the finance deal,
// one on the others) and a co-buyer (co-lessee), read on the cart, the Overview, the receipt,
// the tracker's deal facts (the finance step of a finance or lease deal; "Review your contract"
// for all), the signing frame and the contract PDF: every group adds up, and every surface
// prints the Overview's lines and totals.

/** What the shopper still owes on the trade-in: the payoff line. */
const AMOUNT_OWED_CENTS = 350_000;
const CO_BUYER = { firstName: 'Sam', lastName: 'Rivera' };

/** The lines of a group, less the line the surface adds for its own purpose (the receipt's balance). */
function groupsOf(read: Read, leave: string[] = []): Group[] {
  return read.groups.filter((group) => !leave.includes(group.id));
}

for (const tenant of DEMO_TENANTS) {
  for (const deal of ['Finance', 'Lease', 'Cash'] as const) {
    test(`${tenant}: a ${deal.toLowerCase()} deal with a trade-in payoff, protection and a co-buyer: the same lines on every surface and on the PDF`, async ({
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
      // The finance deal's payoff is estimated from the cart; the others' is the amount owed saved with the offer.
      await saveOfferByApi(request, tenant, shopper, TRADE_VIN, {
        hasLoan: true,
        amountOwedCents: deal === 'Finance' ? 100_000 : AMOUNT_OWED_CENTS,
      });
      // A new vehicle: every new vehicle can be leased.
      await startPurchaseOfAvailable(page, request, deal, tenant, { type: 'NEW', maxPrice: 60_000 });
      await applySavedOffer(page, jsEnabled);
      if (deal === 'Finance') await estimatePayoffFromCart(page, (AMOUNT_OWED_CENTS / 100).toLocaleString('en-US'));
      const planNames = await addPlans(page, deal === 'Finance' ? 2 : 1);

      // The cart, with the plans and the trade-in.
      await page.goto(tenantUrl(tenant, '/checkout/cart'));
      const cart = await readLines(orderSummary(page).getByTestId('deal-lines'));
      expectAddsUp('cart', cart);
      const cartLines = cart.groups.flatMap((group) => group.lines);
      for (const planName of planNames) expect(cartLines.map((line) => line.label)).toContain(planName);
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
      // The approved rate never moves a finance deal's amount financed, nor a cash deal's total.
      if (deal !== 'Lease') expect(overview.groups).toEqual(cart.groups);
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
      if (deal !== 'Cash') {
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
