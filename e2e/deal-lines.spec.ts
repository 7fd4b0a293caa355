import { expect, type Locator } from '@playwright/test';
import { continueTo, orderSummary, startPurchaseOfAvailable } from './support/checkout';
import { test } from './support/fixtures';
import { PurchasePage } from './support/purchase';
import { tenantUrl } from './support/tenants';
import { OrderFlow } from './support/tracker';
import { saveOfferByApi, tradeInResult } from './support/trade-in';

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
  await page.goto(tenantUrl(tenant, '/account/trade-ins'));
  await page.getByTestId('trade-in-offer').first().getByRole('button', { name: 'Apply to my purchase' }).click();
  const taxQuestion = tradeInResult(page, jsEnabled, 'A question about taxes');
  await expect(taxQuestion).toBeVisible();
  await taxQuestion.getByRole('button', { name: 'No', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  await expect(page.getByTestId('cart-trade-in')).toContainText('2021 Toyota Camry');

  // A protection plan, by name.
  await continueTo(page, 'Coverage', /\/checkout\/coverage$/);
  const plan = page.getByTestId('protection-plan').first();
  const planName = ((await plan.getByRole('heading').textContent()) ?? '').trim();
  await plan.getByRole('button', { name: `Add to cart for ${planName}` }).click();
  await expect(page.getByTestId('protection-plan').first()).toContainText('Added');
  await continueTo(page, 'Account', /\/checkout\/account$/);
  await continueTo(page, 'Order Details', /\/checkout\/order-details$/);
  await page.getByRole('radio', { name: /^Pickup/ }).check();
  await page.getByPlaceholder('Your 5-digit Zip code').fill('80202');
  await continueTo(page, 'Credit Application', /\/checkout\/credit-application\/personal$/);
  await purchase.applyForCredit('approved');
  await purchase.expectApproved();
  await purchase.acceptOffer();

  // The Overview.
  await purchase.expectOverview();
  const overview = await readLines(orderSummary(page).getByTestId('deal-lines'));
  expectAddsUp('overview', overview);
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
});
