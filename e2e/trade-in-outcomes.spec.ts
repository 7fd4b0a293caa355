import { startPurchaseOfAvailable } from './support/checkout';
import { E2E_BASE_URL } from './support/env';
import { expect, test } from './support/fixtures';
import { DEMO_TENANTS, tenantUrl } from './support/tenants';
import {
  answerQuestions,
  describeCar,
  findCarByVin,
  saveOfferByApi,
  signedInShopper,
  tradeInResult as result,
} from './support/trade-in';

// The trade-in screens the whole journey (trade-in.spec.ts) does not pass through (seed 002 §2
// "Trade-in", §4, §9), in every demo tenant, JavaScript on and off: the plate and state look-up,
// the denied, further-review and ineligible results, the check-email dialog and the pending
// offer it leaves in the account; then the tax question's other answer, an applied offer, the
// one-trade-in-per-purchase rule, and the remove and delete confirmations.

const VIN = '4T1BF1FK9MU123456';
const OTHER_VIN = '4T1BF1FK8MU123450';
const THIRD_VIN = '4T1BF1FK4MU223450';

for (const tenant of DEMO_TENANTS) {
  test(`${tenant}: a plate look-up, then a denied, a reviewed (check your e-mail, pending) and an ineligible car`, async ({
    page,
    request,
    visit,
    jsEnabled,
  }) => {
    test.setTimeout(90_000);
    const shopper = await signedInShopper(page, request, tenant, 'outcomes');

    // Plate and state: an unregistered plate (the sandbox registers none with "000"), then a car.
    await visit(tenantUrl(tenant, '/trade-in'));
    await page.getByLabel('License plate').fill('ZZ000');
    await page.getByLabel('Plate state').selectOption('TX');
    await page.getByRole('button', { name: 'Find my car by plate' }).click();
    await expect(page.getByText('We could not find a vehicle registered with that plate in that state.')).toBeVisible();
    await page.getByLabel('License plate').fill('ZZ123');
    await page.getByLabel('Plate state').selectOption('TX');
    await page.getByRole('button', { name: 'Find my car by plate' }).click();
    await expect(page.getByText(/About your car: \d{4} /)).toBeVisible();
    // The registered car (issue 31): its own VIN, its model chosen, and only that model's trims.
    const registered = (
      (await (
        await request.get(`${E2E_BASE_URL}/api/trade-in/plates?plate=ZZ123&state=TX`, {
          headers: { 'x-tenant-id': tenant },
        })
      ).json()) as {
        data: { vin: string; year: number; make: string; models: Array<{ model: string; trims: string[] }> };
      }
    ).data;
    expect(registered.models).toHaveLength(1);
    await expect(page.getByText(`VIN ${registered.vin}`)).toBeVisible();
    await expect(page.getByText(/VIN .*TRADE/)).toHaveCount(0);
    await expect(page.getByText(`About your car: ${registered.year} ${registered.make}`)).toBeVisible();
    await expect(page.getByLabel('Model')).toHaveValue(registered.models[0]!.model);
    const trims = await page.getByLabel('Trim').locator('option:not([value=""])').allTextContents();
    expect(trims).toEqual(registered.models[0]!.trims);
    await page.getByRole('button', { name: 'Start over' }).click();

    // Denied: the shopper is not an owner on the title.
    await findCarByVin(page, VIN);
    await describeCar(page, { mileage: 60_000, condition: 'Good' });
    await answerQuestions(page, {
      ownership: 'Owned',
      onTitle: false,
      state: 'TX',
      applyToPurchase: false,
      owedDollars: null,
    });
    const denied = result(page, jsEnabled, "We can't make an offer");
    await expect(denied).toContainText('Only an owner listed on the title can trade in this car.');
    await expect(denied.getByRole('button', { name: /save/i })).toHaveCount(0);

    // Further review: a car in rough condition; the answers are kept between the steps.
    await visit(tenantUrl(tenant, '/trade-in?step=vehicle'));
    await describeCar(page, { condition: 'Rough' });
    await answerQuestions(page, { ownership: 'Leased', onTitle: true });
    const review = result(page, jsEnabled, 'Your offer needs a closer look');
    await expect(review).toContainText('Cars in rough condition are reviewed by an appraiser.');
    // Seed 002 §4, §9: ready in 3-5 minutes within the offer hours, else the next business day.
    await expect(review).toContainText(
      /Your offer will be ready (today at|on [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} at) \d{1,2}:\d{2} [AP]M [A-Z]{2}\./,
    );
    await review.getByRole('button', { name: 'Save my offer' }).click();
    const checkEmail = result(page, jsEnabled, 'Check your e-mail');
    await expect(checkEmail).toContainText(`We will e-mail ${shopper.email} when your offer is ready.`);
    await checkEmail.getByRole('link', { name: 'View my trade-ins' }).click();
    await expect(page).toHaveURL(/\/account\/trade-ins$/);
    const pending = page.getByTestId('trade-in-offer');
    await expect(pending.getByTestId('trade-in-status')).toHaveText('Pending review');
    await expect(pending).toContainText(/Ready(today at|on )/);
    await expect(pending.getByRole('link', { name: 'Get a payoff quote' })).toHaveCount(0);

    // Ineligible: over 200,000 miles.
    await visit(tenantUrl(tenant, '/trade-in?step=vehicle'));
    await describeCar(page, { mileage: 250_000, condition: 'Good' });
    await answerQuestions(page, {});
    const ineligible = result(page, jsEnabled, "We can't make an offer on this car");
    await expect(ineligible).toContainText('We make offers on cars with up to 200,000 miles.');
    await expect(ineligible.getByRole('button', { name: /save/i })).toHaveCount(0);
  });

  test(`${tenant}: one trade-in per purchase; apply with the tax credit, remove it from the cart, delete an offer`, async ({
    page,
    request,
    visit,
    jsEnabled,
  }) => {
    test.setTimeout(180_000);
    const shopper = await signedInShopper(page, request, tenant, 'confirm');
    await saveOfferByApi(request, tenant, shopper, VIN);
    await saveOfferByApi(request, tenant, shopper, OTHER_VIN);
    await startPurchaseOfAvailable(page, request, 'Finance', tenant, { maxPrice: 60_000 });

    await visit(tenantUrl(tenant, '/account/trade-ins'));
    const first = page.getByTestId('trade-in-offer').filter({ hasText: VIN });
    const second = page.getByTestId('trade-in-offer').filter({ hasText: OTHER_VIN });
    await first.getByRole('button', { name: 'Apply to my purchase' }).click();
    await result(page, jsEnabled, 'A question about taxes')
      .getByRole('button', { name: 'Yes, apply the tax credit' })
      .click();
    await expect(page).toHaveURL(/\/checkout\/cart$/);
    await expect(page.getByTestId('cart-trade-in')).toContainText('2021 Toyota Camry LE');

    // Seed 002 §2: only one trade-in vehicle per purchase.
    await visit(tenantUrl(tenant, '/account/trade-ins'));
    await expect(first.getByTestId('trade-in-status')).toHaveText('Applied to purchase');
    await expect(second.getByTestId('trade-in-status')).toHaveText('Active');
    await expect(second.getByRole('button', { name: 'Apply to my purchase' })).toHaveCount(0);
    await expect(second.getByTestId('trade-in-one-per-purchase')).toHaveText(
      'Only one trade-in vehicle can be applied per purchase. Remove the current one first.',
    );

    // The offer flow says so too, instead of asking the tax question for this purchase.
    await visit(tenantUrl(tenant, '/trade-in'));
    await findCarByVin(page, THIRD_VIN);
    await describeCar(page, { mileage: 60_000, condition: 'Good' });
    await answerQuestions(page, {
      ownership: 'Owned',
      onTitle: true,
      state: 'TX',
      applyToPurchase: true,
      owedDollars: null,
    });
    await result(page, jsEnabled, 'Your offer is ready').getByRole('button', { name: 'Save my offer' }).click();
    const saved = result(page, jsEnabled, 'Your offer is saved');
    await expect(saved.getByTestId('trade-in-one-per-purchase')).toHaveText(
      'Only one trade-in vehicle can be applied per purchase. Remove the current one first.',
    );
    await expect(saved.getByRole('button', { name: 'Yes, apply the tax credit' })).toHaveCount(0);

    // The remove confirmation, from the cart.
    await visit(tenantUrl(tenant, '/checkout/cart'));
    await page.getByTestId('cart-trade-in').getByRole('button', { name: 'Remove from purchase' }).click();
    const remove = result(page, jsEnabled, 'Remove the trade-in from your purchase?');
    await expect(remove).toContainText(
      'Your offer stays in your account until it expires, and you can apply it again.',
    );
    await remove.getByRole('button', { name: 'Yes, remove it' }).click();
    await expect(page).toHaveURL(/\/checkout\/cart$/);
    await expect(page.getByTestId('cart-trade-in')).toContainText('Have a car to trade in?');

    // The delete confirmation: cancel keeps the offer, yes deletes it.
    await visit(tenantUrl(tenant, '/account/trade-ins'));
    await expect(first.getByTestId('trade-in-status')).toHaveText('Active');
    await second.getByRole('button', { name: 'Delete' }).click();
    let confirm = result(page, jsEnabled, 'Delete this trade-in?');
    await expect(confirm).toContainText('The offer will be removed from your account and from any purchase');
    await confirm.getByText('Cancel', { exact: true }).click();
    await expect(page.getByTestId('trade-in-offer')).toHaveCount(3);
    await second.getByRole('button', { name: 'Delete' }).click();
    confirm = result(page, jsEnabled, 'Delete this trade-in?');
    await confirm.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your trade-in was deleted.' })).toBeVisible();
    await expect(page.getByTestId('trade-in-offer')).toHaveCount(2);
    await expect(second).toHaveCount(0);
  });
}
