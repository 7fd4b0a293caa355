import { describe, expect, it } from 'vitest';
import { endpoints } from '~/lib/contract/endpoints';
import { action, loader } from '~/routes/account+/trade-ins';
import { action as payoffAction } from '~/routes/account+/trade-ins_.$id.payoff';
import { served } from '../support/served';
import { buildOffer } from '../support/trade-in-offer';
import { mockApi, server } from '../support/msw';
import { checkoutApi } from '../support/msw-checkout';
import { bodyOf, shopperRequest } from './storefront-support';

// /account/trade-ins with the offer states the e2e suite cannot wait for (seed 002 §4, §9): a
// reviewed offer pending, then proposed; an expired one with the day it is removed (30 days
// after it expired) and a new offer for it. The commerce API is msw, answering the contract.

const DAY = 24 * 60 * 60_000;
const EXPIRED_AT = '2026-05-12T15:00:00.000Z';

const offer = buildOffer;

const pending = offer({
  id: '11111111-1111-4111-8111-111111111111',
  status: 'pending',
  condition: 'Rough',
  offerCents: null,
  equityCents: null,
  reasons: ['condition'],
  readyAt: new Date(Date.now() + 5 * 60_000).toISOString(),
  expiresAt: null,
});
const proposed = offer({ id: '22222222-2222-4222-8222-222222222222', status: 'proposed', reasons: ['condition'] });
const expired = offer({
  id: '33333333-3333-4333-8333-333333333333',
  status: 'expired',
  expiresAt: EXPIRED_AT,
  removeAt: new Date(new Date(EXPIRED_AT).getTime() + 30 * DAY).toISOString(),
});

type Listed = {
  id: string;
  statusLabel: string;
  value: string | null;
  expires: string | null;
  removeOn: string | null;
  ready: string | null;
};

async function load(path = '/account/trade-ins') {
  return bodyOf<{ offers: Listed[]; notice: string | null }>(
    await served(async (context) =>
      loader({ request: await shopperRequest(path, { signedIn: true }), params: {}, context }),
    ),
  );
}

describe('/account/trade-ins: the offer states', () => {
  it('lists pending (with when it is ready), proposed (with its value) and expired (with its removal day) offers', async () => {
    server.use(
      mockApi(endpoints.tradeIn.listOffers, { data: [pending, proposed, expired] }),
      checkoutApi.currentCart(null),
    );
    const { offers } = await load();
    expect(offers.map((row) => row.statusLabel)).toEqual(['Pending review', 'Offer proposed', 'Expired']);
    expect(offers[0]).toMatchObject({ value: null, expires: null, ready: expect.stringMatching(/^(today at|on) /) });
    expect(offers[1]).toMatchObject({ value: '$12,150', expires: 'May 19, 2026', removeOn: null });
    // Seed 002 §9: expired trade-ins stay 30 days: May 12 + 30 days = June 11.
    expect(offers[2]).toMatchObject({ value: '$12,150', expires: 'May 12, 2026', removeOn: 'June 11, 2026' });
  });

  it('gets a new offer for an expired one and says so', async () => {
    const refreshed: string[] = [];
    server.use(
      mockApi(endpoints.tradeIn.refreshOffer, ({ params }) => {
        refreshed.push(String(params.id));
        return { data: offer({ id: expired.id, status: 'available' }) };
      }),
      mockApi(endpoints.tradeIn.listOffers, { data: [offer({ id: expired.id })] }),
      checkoutApi.currentCart(null),
    );
    const answer = await served(async (context) =>
      action({
        request: await shopperRequest('/account/trade-ins', {
          signedIn: true,
          form: { intent: 'refresh', id: expired.id },
        }),
        params: {},
        context,
      }),
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('location')).toBe('/account/trade-ins?done=refreshed');
    expect(refreshed).toEqual([expired.id]);
    const { notice, offers } = await load('/account/trade-ins?done=refreshed');
    expect(notice).toBe('Here is your new offer.');
    expect(offers[0]).toMatchObject({ statusLabel: 'Active' });
  });
});

// Issue 31: a payoff confirmed from the cart went back to /account/trade-ins, not to the cart.
describe('the payoff quote returns where it started', () => {
  async function post(path: string, form: Record<string, string>) {
    const answer = await served(async (context) =>
      payoffAction({
        request: await shopperRequest(path, { signedIn: true, form }),
        params: { id: proposed.id },
        context,
      }),
    );
    expect(answer).toBeInstanceOf(Response);
    return (answer as Response).headers.get('location');
  }

  it('goes back to the cart after Confirm, carrying the cart through every screen', async () => {
    server.use(mockApi(endpoints.tradeIn.estimatePayoff, { data: offer({ id: proposed.id }) }));
    const base = `/account/trade-ins/${proposed.id}/payoff`;
    const fromCart = `${base}?returnTo=%2Fcheckout%2Fcart`;
    expect(await post(fromCart, { intent: 'estimate', estimate: '4,000' })).toBe(
      `${base}?screen=summary&returnTo=%2Fcheckout%2Fcart`,
    );
    expect(await post(`${base}?screen=summary&returnTo=%2Fcheckout%2Fcart`, { intent: 'confirm' })).toBe(
      '/checkout/cart',
    );
    // The form's own field says it too, without the address.
    expect(await post(base, { intent: 'confirm', returnTo: '/checkout/cart' })).toBe('/checkout/cart');
  });

  it('goes back to the offers from the account, and never off the site', async () => {
    const base = `/account/trade-ins/${proposed.id}/payoff`;
    expect(await post(base, { intent: 'confirm' })).toBe('/account/trade-ins');
    expect(await post(`${base}?returnTo=https%3A%2F%2Fevil.example`, { intent: 'confirm' })).toBe('/account/trade-ins');
    expect(await post(base, { intent: 'confirm', returnTo: '//evil.example' })).toBe('/account/trade-ins');
  });
});
