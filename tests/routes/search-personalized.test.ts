import { describe, expect, it, vi } from 'vitest';
import { logger } from '~/lib/shared/logger.server';
import { loader as compareLoader } from '~/routes/_shop+/compare';
import { loader as savedLoader } from '~/routes/_shop+/saved-vehicles';
import { loader } from '~/routes/_shop+/search';
import { commerce, server } from '../support/msw';
import { buildCreditProfile, creditProfile } from '../support/msw-credit-profile';
import { TEST_VIN, buildCard, buildDetail, buildSearchResult, inventory } from '../support/msw-inventory';
import { bodyOf, shopperRequest } from './storefront-support';

// Personalised card payments on the search results (issue 3): the signed-in shopper's soft pull
// (GET /api/checkout/credit-profile) turns the estimates ('Est.') into their own payments. It
// is optional data: its failure leaves the estimates, and nobody signed out is asked about.

type SearchData =
  Awaited<ReturnType<typeof loader>> extends infer R ? (R extends { data: infer D } ? D : never) : never;

async function load(path: string, options: Parameters<typeof shopperRequest>[1] = {}) {
  const request = await shopperRequest(path, options);
  return bodyOf<SearchData>(await loader({ request, params: {}, context: {} }));
}

// A 2024 certified Civic at $19,495 (the msw inventory's default card).
const civic = buildCard({ price: 19_495, type: 'CPO', year: 2024, mileage: 23_639 });

describe('search loader: personalised payments', () => {
  it('shows a signed-in shopper with a soft pull their own payment, asked with their token', async () => {
    let authorization: string | null = null;
    server.use(
      inventory.search(buildSearchResult([civic])),
      inventory.favoriteVins([]),
      commerce.favoritesCount(0),
      creditProfile(buildCreditProfile(780), {
        onRequest: (request) => {
          authorization = request.headers.get('authorization');
        },
      }),
    );
    const data = await load('/search', { signedIn: true });
    expect(authorization).toBe('Bearer identity-token');
    // Score 780 (excellent): 6.49% on a certified vehicle, $2,500 down over 48 months, no 'Est.'.
    expect(data.vehicles[0]?.payment).toEqual({
      kind: 'personalized',
      terms: { monthlyPaymentCents: 44_717, aprPercent: 6.49, termMonths: 48, downPaymentCents: 250_000 },
    });
  });

  it('starts the credit-profile call beside the search, not after it', async () => {
    // The search answers only once the credit profile has been asked: a loader that waited
    // for the search first would never finish.
    let releaseSearch: () => void = () => {};
    const searchHeld = new Promise<void>((resolve) => {
      releaseSearch = resolve;
    });
    let profileAsked = false;
    server.use(
      inventory.search(buildSearchResult([civic]), { onRequest: () => searchHeld }),
      inventory.favoriteVins([]),
      commerce.favoritesCount(0),
      creditProfile(buildCreditProfile(720), {
        onRequest: () => {
          profileAsked = true;
          releaseSearch();
        },
      }),
    );
    const data = await load('/search', { signedIn: true });
    expect(profileAsked).toBe(true);
    expect(data.vehicles[0]?.payment.kind).toBe('personalized');
  });

  it("says 'not qualified' for a score below the lowest tier", async () => {
    server.use(
      inventory.search(buildSearchResult([civic])),
      inventory.favoriteVins([]),
      commerce.favoritesCount(0),
      creditProfile(buildCreditProfile(600)),
    );
    expect((await load('/search', { signedIn: true })).vehicles[0]?.payment).toEqual({
      kind: 'noPayment',
      variant: 'notQualified',
    });
  });

  it('keeps the estimates when the shopper has no valid soft pull', async () => {
    server.use(
      inventory.search(buildSearchResult([civic])),
      inventory.favoriteVins([]),
      commerce.favoritesCount(0),
      creditProfile(null),
    );
    expect((await load('/search', { signedIn: true })).vehicles[0]?.payment).toMatchObject({
      kind: 'estimated',
      label: 'Est.',
    });
  });

  it('keeps the estimates, and the page, when the credit-profile call fails', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    server.use(
      inventory.search(buildSearchResult([civic])),
      inventory.favoriteVins(['2HGXR4ELXRH000063']),
      commerce.favoritesCount(1),
      commerce.error('/api/checkout/credit-profile', 500, 'error.api.internal'),
    );
    const data = await load('/search', { signedIn: true });
    expect(data.vehicles[0]?.payment).toMatchObject({
      kind: 'estimated',
      label: 'Est.',
      terms: { monthlyPaymentCents: 45_592 },
    });
    expect(data.favorites).toEqual(['2HGXR4ELXRH000063']);
    expect(warn).toHaveBeenCalledWith(
      expect.anything(),
      'personalised payments left out: the credit profile call failed',
    );
    warn.mockRestore();
  });

  it('does not ask about a signed-out visitor', async () => {
    let asked = false;
    server.use(
      inventory.search(buildSearchResult([civic])),
      creditProfile(buildCreditProfile(780), { onRequest: () => void (asked = true) }),
    );
    const data = await load('/search');
    expect(asked).toBe(false);
    expect(data.vehicles[0]?.payment).toMatchObject({ kind: 'estimated', label: 'Est.' });
  });
});

describe('saved vehicles and compare: personalised payments', () => {
  type Cards = { vehicles: { vin: string; payment: { kind: string } }[] };

  it("shows the signed-in shopper's own payments on their saved vehicles", async () => {
    server.use(inventory.favoriteVehicles([civic]), commerce.favoritesCount(1), creditProfile(buildCreditProfile(780)));
    const request = await shopperRequest('/saved-vehicles', { signedIn: true });
    const data = await bodyOf<Cards>(await savedLoader({ request, params: {}, context: {} }));
    expect(data.vehicles[0]?.payment).toMatchObject({ kind: 'personalized', terms: { monthlyPaymentCents: 44_717 } });
  });

  it('keeps the saved vehicles, with estimates, when the credit-profile call fails', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    server.use(
      inventory.favoriteVehicles([civic]),
      commerce.favoritesCount(1),
      commerce.error('/api/checkout/credit-profile', 500, 'error.api.internal'),
    );
    const request = await shopperRequest('/saved-vehicles', { signedIn: true });
    const data = await bodyOf<Cards>(await savedLoader({ request, params: {}, context: {} }));
    expect(data.vehicles[0]?.payment.kind).toBe('estimated');
    warn.mockRestore();
  });

  it("compares with the shopper's own payments, the profile asked beside the comparison", async () => {
    let releaseCompare: () => void = () => {};
    const compareHeld = new Promise<void>((resolve) => {
      releaseCompare = resolve;
    });
    server.use(
      inventory.compare(
        { limit: 4, vehicles: [buildDetail()], unavailable: [], ignored: [] },
        { onRequest: () => compareHeld },
      ),
      creditProfile(buildCreditProfile(780), { onRequest: () => releaseCompare() }),
    );
    const request = await shopperRequest(`/compare?vin=${TEST_VIN}`, { signedIn: true });
    const data = await bodyOf<Cards>(await compareLoader({ request, params: {}, context: {} }));
    expect(data.vehicles[0]).toMatchObject({ vin: TEST_VIN, payment: { kind: 'personalized' } });
  });

  it('compares a signed-out visitor with estimates, without asking', async () => {
    let asked = false;
    server.use(
      inventory.compare({ limit: 4, vehicles: [buildDetail()], unavailable: [], ignored: [] }),
      creditProfile(buildCreditProfile(780), { onRequest: () => void (asked = true) }),
    );
    const request = await shopperRequest(`/compare?vin=${TEST_VIN}`);
    const data = await bodyOf<Cards>(await compareLoader({ request, params: {}, context: {} }));
    expect(asked).toBe(false);
    expect(data.vehicles[0]?.payment.kind).toBe('estimated');
  });
});
