import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import type { DemoTenantId } from './tenants';

// Helpers of the storefront specs (search, cards, favourites, compare, vehicle page): vehicles
// in a given state found through the commerce API, and the cards of a page as data.

const DEMO = { email: 'demo@showroom.test', password: 'DemoPass-2026' };

export type VehicleStates = { sold: string[]; pending: string[]; available: string[] };

const statesCache = new Map<DemoTenantId, Promise<VehicleStates>>();

/**
 * Vehicles by status. Search lists only available and sale-pending vehicles; sold ones are
 * found through the demo shopper's orders (delivered orders' vehicles are sold).
 */
export function vehicleStates(request: APIRequestContext, tenant: DemoTenantId = 'default'): Promise<VehicleStates> {
  let found = statesCache.get(tenant);
  if (!found) {
    found = (async () => {
      const headers = { 'x-tenant-id': tenant };
      const signIn = await request.post(`${E2E_BASE_URL}/api/identity/sign-in`, { headers, data: DEMO });
      expect(signIn.status(), 'the demo shopper signs in').toBe(200);
      const token = ((await signIn.json()) as { data: { identityToken: string } }).data.identityToken;
      const orders = await request.get(`${E2E_BASE_URL}/public/commerce/orders`, {
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      const vins = ((await orders.json()) as { data: { vehicle: { vin: string } }[] }).data.map(
        (order) => order.vehicle.vin,
      );
      const states: VehicleStates = { sold: [], pending: [], available: [] };
      for (const vin of new Set(vins)) {
        const answer = await request.get(`${E2E_BASE_URL}/api/inventory/vehicles/${vin}`, { headers });
        if (!answer.ok()) continue;
        const status = ((await answer.json()) as { data: { status: string } }).data.status;
        if (status === 'Sold') states.sold.push(vin);
        else if (status === 'PendingSale') states.pending.push(vin);
        else states.available.push(vin);
      }
      return states;
    })();
    statesCache.set(tenant, found);
  }
  return found;
}

export function cards(page: Page): Locator {
  return page.getByTestId('vehicle-card');
}

/** The prices the cards show (data-price), in page order. */
export async function cardPrices(page: Page): Promise<number[]> {
  return (await cards(page).evaluateAll((elements) =>
    elements.map((element) => Number(element.getAttribute('data-price'))),
  )) as number[];
}

export async function cardVins(page: Page): Promise<string[]> {
  return (await cards(page).evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('data-vin') ?? ''),
  )) as string[];
}

/**
 * The first Available vehicle with an estimated payment, as a shopper would find it on the
 * search page: page 1 first, then the next pages. The checkout specs hold vehicles from the first
 * pages of the default sort, which can leave page 1 all Sale Pending late in a run.
 */
export async function findAvailableCardWithPayment(
  page: Page,
  visit: (url: string) => Promise<unknown>,
): Promise<{ vin: string; name: string }> {
  for (let pageNumber = 1; pageNumber <= 8; pageNumber += 1) {
    await visit(pageNumber === 1 ? '/search' : `/search?page=${pageNumber}`);
    for (const vin of await cardVins(page)) {
      if ((await card(page, vin).getAttribute('data-status')) !== 'Available') continue;
      if ((await card(page, vin).locator('[data-payment="estimated"]').count()) === 0) continue;
      return { vin, name: (await card(page, vin).getByRole('heading').textContent()) ?? '' };
    }
  }
  throw new Error('no available vehicle with a payment on the first eight search pages');
}

export function card(page: Page, vin: string): Locator {
  return page.locator(`[data-testid="vehicle-card"][data-vin="${vin}"]`);
}

export function isDescending(values: readonly number[]): boolean {
  return values.every((value, index) => index === 0 || values[index - 1]! >= value);
}

export function isAscending(values: readonly number[]): boolean {
  return values.every((value, index) => index === 0 || values[index - 1]! <= value);
}
