import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { HoldTimer } from '~/components/checkout/hold-timer';
import { OrderSummary } from '~/components/checkout/order-summary';
import { PurchaseTypeSwitch } from '~/components/checkout/purchase-type-switch';
import { StepIndicator } from '~/components/checkout/step-indicator';
import { stepIndicatorItems } from '~/lib/checkout/steps';
import { buildCart, buildSummary } from '../../support/msw-checkout';

// The checkout components as the server renders them: the page a browser without JavaScript
// gets, and the first paint with it.

async function render(element: ReactElement, path = '/checkout/cart'): Promise<string> {
  const handler = createStaticHandler([{ path: '*', element }]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />).replaceAll(
    '<!-- -->',
    '',
  );
}

function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('HoldTimer', () => {
  const hold = buildCart().hold!;

  it('shows the minutes left and a Hide timer form that comes back to the page', async () => {
    const html = await render(<HoldTimer hold={{ ...hold, secondsLeft: 1_739 }} redirectTo="/checkout/coverage" />);
    expect(text(html)).toContain('Time left on your hold: 29 minutes');
    expect(html).toContain('action="/checkout/hold"');
    expect(html).toContain('name="intent" value="hide-timer"');
    expect(html).toContain('name="redirectTo" value="/checkout/coverage"');
    expect(text(html)).toContain('Hide timer');
  });

  it('hidden: says the vehicle is held and offers Show timer', async () => {
    const html = await render(<HoldTimer hold={{ ...hold, timerVisible: false }} redirectTo="/checkout/cart" />);
    expect(text(html)).toContain('We are holding this vehicle for you.');
    expect(text(html)).not.toContain('Time left on your hold');
    expect(html).toContain('value="show-timer"');
  });

  it('lapsed: offers more time with a Keep holding form, shown or hidden alike', async () => {
    for (const timerVisible of [true, false]) {
      const html = await render(
        <HoldTimer hold={{ ...hold, secondsLeft: 0, timerVisible }} redirectTo="/checkout/cart" />,
      );
      expect(text(html)).toContain('Your hold on this vehicle has ended. Would you like more time?');
      expect(html).toContain('value="extend"');
      expect(text(html)).toContain('Keep holding');
    }
  });
});

describe('StepIndicator', () => {
  it('marks the current step and links the completed ones', async () => {
    const html = await render(
      <StepIndicator items={stepIndicatorItems({ dealType: 'Cash', completedSteps: ['cart'] }, 'coverage')} />,
    );
    expect(text(html)).toContain('Shopping Cart (completed)');
    expect(text(html)).not.toContain('Credit Application');
    expect(html).toContain('href="/checkout/cart"');
    expect(html).toMatch(/aria-current="step"[^>]*>.*Coverage/);
  });
});

describe('PurchaseTypeSwitch', () => {
  it('offers the other allowed types as submit buttons', async () => {
    const html = await render(
      <PurchaseTypeSwitch current="Finance" allowed={['Cash', 'Finance', 'Lease']} confirming={null} />,
    );
    expect(text(html)).toContain('Switch to Cash');
    expect(text(html)).toContain('Switch to Lease');
    expect(text(html)).not.toContain('Switch to Finance');
  });

  it('without JavaScript the server renders the confirmation step with a confirmed form', async () => {
    const html = await render(<PurchaseTypeSwitch current="Finance" allowed={['Cash', 'Finance']} confirming="Cash" />);
    expect(text(html)).toContain('Switch to Cash?');
    expect(text(html)).toContain('Your cart will change from Finance to Cash.');
    expect(html).toContain('name="confirmed" value="yes"');
    expect(text(html)).toContain('Keep current');
  });

  it('shows the switch failure message', async () => {
    const html = await render(
      <PurchaseTypeSwitch current="Finance" allowed={['Cash', 'Finance']} confirming={null} error="Unable to switch" />,
    );
    expect(html).toMatch(/role="alert"[^>]*>Unable to switch/);
  });

  it('renders nothing when the tenant sells one purchase type only', async () => {
    const html = await render(<PurchaseTypeSwitch current="Finance" allowed={['Finance']} confirming={null} />);
    expect(html).not.toContain('Purchase type');
  });
});

describe('OrderSummary', () => {
  it('prints the lease variant with its labels', async () => {
    const html = await render(<OrderSummary summary={buildSummary('Lease')} />);
    for (const label of [
      'Monthly payment',
      'Term',
      'Annual miles',
      'Due at signing',
      'Cap cost reduction',
      'Security deposit',
      'First payment',
      'Adjusted cap cost',
    ]) {
      expect(text(html)).toContain(label);
    }
    expect(text(html)).toContain('Purchase type: Lease');
  });
});
