import type { APIRequestContext } from '@playwright/test';
import { E2E_FEED_KEY } from './support/env';
import { expect, test } from './support/fixtures';

// Issue 35 point 5 end to end: a dealer sends its feed as its inventory system writes it and
// reads the report; the shopper reads the dealer's paint names, finds them under their colour
// family (an unknown name under Other), and is not offered a lease the lender would not write
// (a 1993 F-150 at $2,500). A partial feed: the rest of the stock stays.

const F150 = '1FTEF15N5PNA35001';
const ALTIMA = '1N4BL4DV5RN350002';
const BRONCO = '1FMEE5DP3PLA35003';
const FEED = [
  'vin,year,make,model,trim,body,colors,mileage,type,msrp,price,dealer_zip',
  `${F150},1993,Ford,F-150,XL,pickup,Oxford White,212400,USED,0,2500,78701`,
  `${ALTIMA},2024,Nissan,Altima,SV,sedan,Gun Metallic,28000,NEW,"$28,990","$26,990",78701`,
  `${BRONCO},2023,Ford,Bronco,Big Bend,suv,Area 51,18200,USED,0,"$41,500",78701`,
  '1FTFW1E50PF900003,2023,Ford,F-150,XLT,pickup,Agate Black,21000,USED,0,"$38,000",78701',
  '1HGCM82633A004352,2022,Honda,Accord,EX,sedan,Platinum White Pearl,30000,USED,0,-2500,78701',
].join('\n');

/** The feed as the dealer's system posts it (the e2e server's feed key for the default tenant). */
function sendFeed(request: APIRequestContext) {
  return request.post('/api/inventory/feeds?mode=partial', {
    headers: { 'x-tenant-id': 'default', authorization: `Bearer ${E2E_FEED_KEY}`, 'content-type': 'text/csv' },
    data: FEED,
  });
}

type Report = {
  data: {
    accepted: number;
    problems: Array<{ row: number; column: string; reason: string }>;
    warnings: Array<{ row: number; column: string; reason: string }>;
  };
};

test('a dealer’s feed as its system writes it: paint names taken, odd rows flagged, errors said', async ({
  request,
}) => {
  const response = await sendFeed(request);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as Report;
  expect(data.accepted).toBe(3);
  expect(data.problems).toEqual(
    expect.arrayContaining([
      { row: 4, column: 'vin', reason: expect.stringContaining('wrong check digit') as unknown as string },
      { row: 5, column: 'price', reason: expect.stringContaining('cannot be negative') as unknown as string },
    ]),
  );
  // Only the two bad rows: no paint name is a problem.
  expect(new Set(data.problems.map((problem) => problem.row))).toEqual(new Set([4, 5]));
  expect(data.warnings).toEqual([
    {
      row: 2,
      column: 'mileage',
      reason: expect.stringContaining('a NEW vehicle with 28,000 miles') as unknown as string,
    },
  ]);
});

test.describe('the shopper', () => {
  test.beforeEach(async ({ request }) => {
    expect((await sendFeed(request)).status()).toBe(200);
  });

  test('reads the dealer’s paint name and finds an unknown one under Other', async ({ page, visit }) => {
    test.setTimeout(90_000);
    await visit(`/vehicles/${ALTIMA}`);
    const specs = page.getByTestId('vehicle-specs');
    await expect(specs.getByRole('definition').filter({ hasText: 'Gun Metallic' })).toBeVisible();

    await visit('/search?color=other');
    await expect(page.getByRole('checkbox', { name: /^Other/ })).toBeChecked();
    const cards = page.getByTestId('vehicle-card');
    await expect(cards.filter({ hasText: 'Bronco' }).first()).toBeVisible();
    await expect(cards.filter({ hasText: 'Altima' })).toHaveCount(0);
  });

  test('is not offered a lease on a 1993 F-150 at $2,500, and is told why', async ({ page, visit }) => {
    test.setTimeout(90_000);
    await visit(`/vehicles/${F150}`);
    const form = page.getByTestId('start-purchase-form');
    await expect(form).toBeVisible();
    await expect(form.getByRole('radio', { name: /Lease/ })).toHaveCount(0);
    await expect(form.locator('input[name="dealType"][value="Lease"]')).toHaveCount(0);
    await expect(page.getByTestId('payment-calculator').getByRole('radio', { name: 'Lease' })).toHaveCount(0);
    const oldest = new Date().getUTCFullYear() - 6;
    await expect(page.getByTestId('start-purchase-note')).toContainText(
      `Leasing is not offered on this vehicle: our lender leases model years ${oldest} and newer.`,
    );
    // A lease asked for by hand (an old link, a crafted form) is not started either.
    await visit(`/checkout/${F150}`);
    await expect(page.getByTestId('start-purchase-form').getByRole('radio', { name: /Lease/ })).toHaveCount(0);
  });
});
