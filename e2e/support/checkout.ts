import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { tenantUrl, type DemoTenantId } from './tenants';

// Page helpers for the checkout specs: a vehicle nobody else is buying, starting a purchase
// from its page the way a shopper does, and the parts of the checkout pages by their labels.

export type DealType = 'Cash' | 'Finance' | 'Lease';

type SearchAnswer = {
  data: { vehicles: Array<{ vin: string; price: number; status: string; type: string }>; totalPages: number };
};

/** NEW vehicles can always be leased (their residual sits below the price); used ones may not. */
/**
 * maxPrice (dollars) keeps the payment within what the sandbox lender approves outright for the
 * test income (docs/sandbox-partners.md: above 15% of it a person reviews the application).
 */
export type VehiclePick = { type?: 'NEW' | 'USED' | 'CPO'; maxPrice?: number };

const taken = new Set<string>();

/**
 * An available vehicle no other test of this worker has used, priced so it can be financed and
 * leased. Picked at random among the pricier pages, so parallel workers (and other specs, which
 * take the cheapest) rarely meet; startPurchase still checks the hold took.
 */
export async function availableVin(
  request: APIRequestContext,
  tenant: DemoTenantId = 'default',
  wanted: VehiclePick = {},
): Promise<string> {
  const headers = { 'x-tenant-id': tenant };
  // The first three pages in random order; when earlier tests have held or bought all of them
  // (a long run, or --repeat-each), the later pages in turn, up to the last the search reports
  // (a bigger seed for a repeat run, E2E_SEED_VEHICLES, has more of them).
  const first = [1, 2, 3].sort(() => Math.random() - 0.5);
  let totalPages = first.length;
  for (let position = 0; position < totalPages; position += 1) {
    const page = first[position] ?? position + 1;
    const typeFilter = `${wanted.type ? `&type=${wanted.type}` : ''}${wanted.maxPrice ? `&priceMax=${wanted.maxPrice}` : ''}`;
    const answer = await request.get(`${E2E_BASE_URL}/api/inventory/search?page=${page}${typeFilter}`, { headers });
    if (!answer.ok()) continue;
    const { data } = (await answer.json()) as SearchAnswer;
    if (data.vehicles.length === 0) break;
    totalPages = Math.max(totalPages, data.totalPages);
    // Each parallel worker takes its own share of the page, so two workers never race for one vehicle.
    const { parallelIndex, config } = test.info();
    const share = Math.max(1, config.workers);
    const candidates = data.vehicles.filter(
      (vehicle, index) =>
        index % share === parallelIndex % share &&
        vehicle.status === 'Available' &&
        vehicle.price >= 15_000 &&
        vehicle.price <= (wanted.maxPrice ?? Number.POSITIVE_INFINITY) &&
        (!wanted.type || vehicle.type === wanted.type) &&
        !taken.has(vehicle.vin),
    );
    if (candidates.length === 0) continue;
    const pick = candidates[Math.floor(Math.random() * candidates.length)]!;
    taken.add(pick.vin);
    return pick.vin;
  }
  throw new Error('no available vehicle to buy');
}

/**
 * Starts a purchase of a vehicle nobody else is buying, from its page, and answers its VIN. A
 * vehicle another spec took meanwhile (its page says Sale Pending) is skipped for the next one.
 */
export async function startPurchaseOfAvailable(
  page: Page,
  request: APIRequestContext,
  dealType: DealType,
  tenant: DemoTenantId = 'default',
  pick: VehiclePick = {},
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const vin = await availableVin(request, tenant, pick);
    await page.goto(tenantUrl(tenant, `/vehicles/${vin}`));
    if ((await page.getByTestId('availability').getAttribute('data-status')) !== 'Available') continue;
    await page
      .getByTestId('start-purchase-form')
      .getByRole('radio', { name: new RegExp(`^${dealType}`) })
      .check();
    await page.getByTestId('start-purchase').click();
    await page.waitForURL(/\/checkout\/(cart$|[A-HJ-NPR-Z0-9]{17}$)/);
    if (page.url().endsWith('/checkout/cart')) {
      await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
      return vin;
    }
  }
  throw new Error('could not start a purchase of any available vehicle');
}

/** From the vehicle page: pick the purchase type and press Start purchase; lands on the Shopping Cart. */
export async function startPurchase(
  page: Page,
  vin: string,
  dealType: DealType,
  tenant: DemoTenantId = 'default',
): Promise<void> {
  await page.goto(tenantUrl(tenant, `/vehicles/${vin}`));
  await expect(page.getByTestId('availability')).toHaveAttribute('data-status', 'Available');
  await startPurchaseHere(page, dealType);
}

/** On the vehicle page shown: pick the purchase type and press Start purchase; lands on the Shopping Cart. */
export async function startPurchaseHere(page: Page, dealType: DealType): Promise<void> {
  const form = page.getByTestId('start-purchase-form');
  await form.getByRole('radio', { name: new RegExp(`^${dealType}`) }).check();
  await page.getByTestId('start-purchase').click();
  await expect(page).toHaveURL(/\/checkout\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
}

/** One of the deal's lines in the order summary (issue 31), by its id: 'monthly', 'total.total'. */
export function dealLine(page: Page, id: string) {
  return orderSummary(page).locator(`[data-line="${id}"]`);
}

/** The order summary beside (or on) a checkout page. */
export function orderSummary(page: Page) {
  return page.getByTestId('order-summary');
}

/** The step indicator's labels, in order. */
export async function stepLabels(page: Page): Promise<string[]> {
  const items = page.getByTestId('checkout-steps').getByRole('listitem');
  return (await items.allTextContents()).map((text) => text.replace(/\(completed\)|›|✓|\d/g, '').trim());
}

/**
 * Switches the purchase type on the cart page: with JavaScript through the dialog, without it
 * through the confirmation step the server renders.
 */
export async function switchPurchaseType(page: Page, to: DealType, jsEnabled: boolean): Promise<void> {
  await page.getByRole('button', { name: `Switch to ${to}` }).click();
  if (jsEnabled) {
    const dialog = page.getByRole('dialog', { name: `Switch to ${to}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, switch' }).click();
    await expect(dialog).toBeHidden();
  } else {
    const confirmation = page.getByTestId('switch-confirmation');
    await expect(confirmation).toContainText(`Switch to ${to}?`);
    await confirmation.getByRole('button', { name: 'Yes, switch' }).click();
  }
  await expect(page.getByTestId('current-deal-type')).toContainText(to);
}

/** Presses a checkout step's Continue button and waits for the next page. */
export async function continueTo(page: Page, label: string, url: RegExp): Promise<void> {
  await page.getByRole('button', { name: `Continue to ${label}` }).click();
  await expect(page).toHaveURL(url);
}

/**
 * A finance cart made through the API for `shopper`, with every step before the credit
 * application done (pickup near Columbus); `offset` skips that many of the priciest available
 * vehicles, so tests running side by side hold different ones.
 */
export async function financeCartThroughApi(
  request: APIRequestContext,
  shopper: { email: string; password: string },
  offset: number,
  tenant: DemoTenantId = 'default',
): Promise<void> {
  const headers = { 'x-tenant-id': tenant };
  const signIn = await request.post(`${E2E_BASE_URL}/api/identity/sign-in`, {
    headers,
    data: { email: shopper.email, password: shopper.password },
  });
  const token = ((await signIn.json()) as { data: { identityToken: string } }).data.identityToken;
  const auth = { ...headers, authorization: `Bearer ${token}` };
  const available: Array<{ vin: string; status: string }> = [];
  for (const pageNumber of [1, 2, 3]) {
    const search = await request.get(`${E2E_BASE_URL}/api/inventory/search?sort=priceHighLow&page=${pageNumber}`, {
      headers,
    });
    const found = (await search.json()) as { data: { vehicles: Array<{ vin: string; status: string }> } };
    available.push(...found.data.vehicles.filter((vehicle) => vehicle.status === 'Available'));
  }
  // Vehicles another test holds answer 409 and are skipped.
  for (const vehicle of available.slice(offset)) {
    const created = await request.post(`${E2E_BASE_URL}/api/checkout/carts`, {
      headers: auth,
      data: { vin: vehicle.vin, dealType: 'Finance' },
    });
    if (!created.ok()) continue;
    const cart = ((await created.json()) as { data: { id: string } }).data;
    for (const step of ['cart', 'coverage', 'account', 'order-details']) {
      const patched = await request.patch(`${E2E_BASE_URL}/api/checkout/carts/${cart.id}`, {
        headers: auth,
        data: {
          completeStep: step,
          step: 'credit-application',
          ...(step === 'order-details' ? { fulfillment: { method: 'pickup', zip: '43215' } } : {}),
        },
      });
      expect(patched.status(), await patched.text()).toBe(200);
    }
    return;
  }
  throw new Error('no vehicle could be held');
}
