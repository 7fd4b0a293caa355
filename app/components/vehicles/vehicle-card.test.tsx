import { readFileSync } from 'node:fs';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { RouteObject } from 'react-router-dom';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import type { VehicleCard as Card } from '~/lib/contract/inventory';
import { toCardModel } from '~/lib/search/card-model';
import { toPublicTenant } from '~/lib/shared/tenant/schema';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { LENDER_QUALIFIED_FAQ, PaymentBlock } from './payment-block';
import { VehicleCard, type VehicleCardProps } from './vehicle-card';

// The card's states (seed 001 §2-4) rendered on the server, as the page first sends them.

const tenant = toPublicTenant(getTenants().byId.get('default')!);

function card(overrides: Partial<Card> = {}): Card {
  return {
    vin: '2HGXR4ELXRH000063',
    year: 2024,
    make: 'Honda',
    model: 'Civic',
    trim: 'LX',
    mileage: 23_639,
    type: 'CPO',
    msrp: 23_485,
    incentivesTotal: 0,
    price: 19_495,
    status: 'Available',
    primaryColor: 'gray',
    secondaryColor: null,
    bodyStyle: 'sedan',
    imageUrl: '/media/vehicles/sedan/gray.svg',
    distance: 1_204,
    priceGuide: null,
    dealerZip: '78701',
    ...overrides,
  };
}

async function render(vehicle: Card, props: Partial<VehicleCardProps> = {}): Promise<string> {
  return renderElement(
    <VehicleCard
      vehicle={toCardModel(vehicle, 2026, null, { state: null, zip: null })}
      tenant={tenant}
      showPriceGuide
      {...props}
    />,
  );
}

async function renderElement(element: ReactElement): Promise<string> {
  const routes: RouteObject[] = [{ id: 'root', path: '/', loader: () => ({ tenant, shopper: null }), element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />).replaceAll(
    '<!-- -->',
    '',
  );
}

const stylesheet = readFileSync(new URL('../../styles/app.css', import.meta.url), 'utf8');

describe('vehicle card', () => {
  it('carries data-vin and data-price, the anchor text and the 260 px minimum width', async () => {
    const html = await render(card());
    expect(html).toContain('data-vin="2HGXR4ELXRH000063" data-price="19495"');
    expect(html).toContain('href="/vehicles/2HGXR4ELXRH000063"');
    expect(html).toContain('Go to 2024 Honda Civic');
    // The width comes from the card's component class in the stylesheet (decision 109).
    expect(html).toContain('class="vehicle-card"');
    expect(stylesheet).toMatch(/\.vehicle-card \{\s*@apply [^;]*min-w-\[260px\]/);
  });

  it('shows mileage for a used vehicle, not for a new one, and formats distance, price and payment', async () => {
    const used = await render(card());
    expect(used).toContain('23,639 mi');
    expect(used).toContain('$19,495');
    expect(used).toContain('1,204 mi away');
    expect(used).toMatch(/Est\.<\/span><span[^>]*>\$456<\/span><span[^>]*>\/mo/);
    expect(used).toContain('7.49% APR · 48 mos · $2,500 down');
    const fresh = await render(card({ type: 'NEW', mileage: 12 }));
    expect(fresh).not.toContain('data-testid="card-mileage"');
  });

  it('shows the MSRP of a new vehicle without incentives, and incentives as -$N Incentives', async () => {
    expect(await render(card({ type: 'NEW', mileage: 5, msrp: 92_635, price: 91_995 }))).toContain('MSRP $92,635');
    const html = await render(card({ type: 'NEW', mileage: 5, msrp: 22_665, incentivesTotal: 750, price: 21_495 }));
    expect(html).toContain('-$750 Incentives');
    expect(html).not.toContain('MSRP $22,665');
  });

  it('has the Compare checkbox and the heart only when supplied', async () => {
    const bare = await render(card());
    expect(bare).not.toContain('role="checkbox"');
    expect(bare).not.toContain('data-testid="favorite-button"');
    const both = await render(card(), { compare: { checked: true }, favorite: { saved: false } });
    expect(both).toMatch(/role="checkbox" aria-checked="true"/);
    expect(both).toContain('aria-pressed="false"');
    // Without JavaScript both are forms that come back to this page, at this card.
    const vin = /data-vin="([^"]+)"/.exec(both)?.[1];
    expect(both).toContain(`id="vehicle-${vin}"`);
    expect(both.match(new RegExp(`name="redirectTo" value="/#vehicle-${vin}"`, 'g'))).toHaveLength(2);
    // The footer sits above the card's link (its component class, decision 109).
    expect(both).toContain('class="vehicle-card-footer"');
    expect(stylesheet).toMatch(/\.vehicle-card-footer \{\s*@apply relative z-10 flex h-11/);
  });

  it('shows the price-guide badge only with the flag', async () => {
    expect(await render(card({ priceGuide: 'GREAT_PRICE' }))).toContain('Great Price');
    expect(await render(card({ priceGuide: 'GREAT_PRICE' }), { showPriceGuide: false })).not.toContain('Great Price');
  });

  it('shows a sold vehicle with its message and See Similar Vehicles, without chips, price or footer', async () => {
    const html = await render(card({ status: 'Sold' }), { compare: { checked: false }, favorite: { saved: true } });
    expect(html).toContain('This vehicle has been sold.');
    expect(html).toContain('href="/vehicles/2HGXR4ELXRH000063#similar-vehicles"');
    expect(html).toContain('See Similar Vehicles');
    expect(html).not.toContain('data-testid="card-chip"');
    expect(html).not.toContain('data-testid="card-footer"');
    expect(html).not.toContain('data-testid="card-price"');
  });

  it('chips a pending sale and says why, splits the swatch for two colours', async () => {
    const html = await render(card({ status: 'PendingSale', primaryColor: 'blue', secondaryColor: 'white' }));
    expect(html).toMatch(/data-testid="card-chip"[^>]*>Sale Pending/);
    expect(html).toMatch(
      /data-testid="card-sale-pending"[^>]*>Another customer is ordering this vehicle\. It is released if they do not continue\./,
    );
    expect(await render(card({ status: 'Available' }))).not.toContain('card-sale-pending');
    expect(html).toContain('data-colours="blue/white" data-split="top-bottom"');
    expect(html).toContain('linear-gradient(to bottom, #1f4fa8 0 50%, #f4f5f7 50% 100%)');
  });

  it('draws the no-payment states: not qualified with the dealer phone, or the down-payment suggestion', async () => {
    const notQualified = await render(card({ price: 2_450, year: 1988, mileage: 262_840, type: 'USED' }));
    expect(notQualified).toContain('Payment not available');
    expect(notQualified).toContain('href="tel:+15125550142"');
    const adjust = await render(card({ price: 5_895, year: 2014, mileage: 72_740, type: 'USED' }));
    expect(adjust).toContain('Lower your down payment to $1,807 to see payments.');
  });

  it('keeps the placeholder with its text under the picture for a failure', async () => {
    const html = await render(card());
    expect(html).toContain('Photo coming soon');
    expect(html).toContain('data-testid="image-placeholder"');
  });

  it('marks a personalised payment lender qualified, with a tooltip linking to the FAQ', async () => {
    const terms = { monthlyPaymentCents: 41_250, aprPercent: 5.49, termMonths: 60, downPaymentCents: 300_000 };
    const html = await renderElement(
      <PaymentBlock block={{ kind: 'personalized', terms }} tenant={tenant} vehicleName="2024 Honda Civic" />,
    );
    expect(html).toContain('Lender qualified');
    expect(html).toContain(`href="${LENDER_QUALIFIED_FAQ}"`);
    expect(html).toContain('$413');
    expect(html).toContain('5.49% APR · 60 mos · $3,000 down');
    expect(html).not.toContain('Est.');
  });
});
