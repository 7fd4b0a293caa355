import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createShopper, signInWithPassword, type TestShopper } from './accounts';
import { E2E_BASE_URL } from './env';
import type { DemoTenantId } from './tenants';
import { camryAnswers, type TradeInAnswers } from './trade-in-answers';

/** A trade-in result the server decided: a dialog with JavaScript, a section of the page without it. */
export function tradeInResult(page: Page, jsEnabled: boolean, name: string) {
  return jsEnabled ? page.getByRole('dialog', { name, exact: true }) : page.getByRole('group', { name, exact: true });
}

/** A saved offer made through the trade-in API as the shopper, in their tenant; answers its id. */
export async function saveOfferByApi(
  request: APIRequestContext,
  tenant: DemoTenantId,
  shopper: TestShopper,
  vin: string,
  overrides: Partial<TradeInAnswers> = {},
): Promise<string> {
  const headers = { 'x-tenant-id': tenant, 'content-type': 'application/json' };
  const signIn = await request.post(`${E2E_BASE_URL}/api/identity/sign-in`, {
    headers,
    data: { email: shopper.email, password: shopper.password },
  });
  const token = ((await signIn.json()) as { data: { identityToken: string } }).data.identityToken;
  const answer = await request.post(`${E2E_BASE_URL}/api/trade-in/offers`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
    data: camryAnswers(vin, overrides),
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { data: { id: string } }).data.id;
}

/** The VIN look-up of the offer flow's first step. */
export async function findCarByVin(page: Page, vin: string): Promise<void> {
  await page.getByLabel('VIN').fill(vin);
  await page.getByRole('button', { name: 'Find my car by VIN' }).click();
}

/** The car step: model and trim (a Camry LE unless said), mileage and condition, then Continue. */
export async function describeCar(
  page: Page,
  car: { mileage?: number; condition: TradeInAnswers['condition']; model?: string; trim?: string },
): Promise<void> {
  if (car.model !== undefined || car.trim !== undefined || car.mileage !== undefined) {
    await page.getByLabel('Model').selectOption(car.model ?? 'Camry');
    await page.getByLabel('Trim').selectOption(car.trim ?? 'LE');
  }
  if (car.mileage !== undefined) await page.getByLabel('Mileage').fill(String(car.mileage));
  await page.getByRole('radio', { name: car.condition }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function answerYesNo(page: Page, legend: string, yes: boolean): Promise<void> {
  await page
    .getByRole('group', { name: legend })
    .getByRole('radio', { name: yes ? 'Yes' : 'No' })
    .check();
}

/** The seed's questions (seed 002 §2): only those given are answered, then Get my offer. */
export async function answerQuestions(
  page: Page,
  answers: {
    ownership?: TradeInAnswers['ownership'];
    onTitle?: boolean;
    state?: string;
    applyToPurchase?: boolean;
    owedDollars?: number | null;
  },
): Promise<void> {
  if (answers.ownership) await page.getByRole('radio', { name: answers.ownership }).check();
  if (answers.onTitle !== undefined) await answerYesNo(page, 'Are you an owner listed on the title?', answers.onTitle);
  if (answers.state) await page.getByLabel('Registration state').selectOption(answers.state);
  if (answers.applyToPurchase !== undefined)
    await answerYesNo(page, 'Apply this offer to a purchase?', answers.applyToPurchase);
  if (answers.owedDollars !== undefined) {
    await answerYesNo(page, 'Is there an active loan on this car?', answers.owedDollars !== null);
    if (answers.owedDollars !== null) await page.getByLabel('Amount owed').fill(String(answers.owedDollars));
  }
  await page.getByRole('button', { name: 'Get my offer' }).click();
}

/** A new shopper of the tenant, signed in on the page. */
export async function signedInShopper(
  page: Page,
  request: APIRequestContext,
  tenant: DemoTenantId,
  label: string,
): Promise<TestShopper> {
  const shopper = await createShopper(request, tenant, label);
  await signInWithPassword(page, tenant, shopper.email, shopper.password);
  await expect(page).not.toHaveURL(/sign-in/);
  return shopper;
}
