import { describe, expect, it } from 'vitest';
import { loader } from '~/routes/_shop+/search';
import { commerce, server } from '../support/msw';
import { creditProfile } from '../support/msw-credit-profile';
import { buildCard, buildSearchResult, inventory } from '../support/msw-inventory';
import { bodyOf, shopperRequest, thrownBy } from './storefront-support';

// The search page's loader, called with real Requests; the inventory API is msw.

type SearchData =
  Awaited<ReturnType<typeof loader>> extends infer R ? (R extends { data: infer D } ? D : never) : never;

async function load(path: string, options: Parameters<typeof shopperRequest>[1] = {}) {
  const request = await shopperRequest(path, options);
  return bodyOf<SearchData>(await loader({ request, params: {}, context: {} }));
}

describe('search loader', () => {
  it('asks for the default query with the dealer zip, and computes each card payment', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      inventory.search(buildSearchResult([buildCard()]), {
        onRequest: (request) => void asked.push(new URL(request.url).searchParams),
      }),
    );
    const data = await load('/search');
    expect(asked[0]?.toString()).toBe('zip=78701');
    expect(data.vehicles[0]).toMatchObject({ vin: '2HGXR4ELXRH000063', payment: { kind: 'estimated', label: 'Est.' } });
    expect(data.total).toBe(1);
    expect(data.query).toMatchObject({ sort: 'price-desc', page: 1 });
    expect(data.query.zip).toBeUndefined();
    // Signed out on a tenant with favourites: hearts shown, none filled (the prompt asks to sign in).
    expect(data.favorites).toEqual([]);
    expect(data.compare).toEqual([]);
    expect(data.showPriceGuide).toBe(true);
  });

  it('drops values that make no sense instead of failing', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      inventory.search(buildSearchResult([]), {
        onRequest: (request) => void asked.push(new URL(request.url).searchParams),
      }),
    );
    const data = await load(
      '/search?make=Honda&yearMin=abc&priceMax=-5&type=SPACESHIP&type=new&bodyStyle=boat&page=0&sort=sideways&color=red',
    );
    expect(asked[0]?.toString()).toBe('make=Honda&zip=78701&type=NEW&color=red');
    expect(data.vehicles).toEqual([]);
  });

  it('takes the shopper zip from the session, and a zip named by the URL over it', async () => {
    const asked: string[] = [];
    server.use(
      inventory.search(buildSearchResult([]), {
        onRequest: (request) => void asked.push(new URL(request.url).searchParams.get('zip') ?? ''),
      }),
    );
    expect((await load('/search', { zip: '10001' })).zip).toBe('10001');
    expect((await load('/search?zip=60601', { zip: '10001' })).zip).toBe('60601');
    expect(asked).toEqual(['10001', '60601']);
  });

  it('fills the hearts of a signed-in shopper', async () => {
    server.use(
      inventory.search(buildSearchResult([buildCard()])),
      inventory.favoriteVins(['2HGXR4ELXRH000063']),
      commerce.favoritesCount(1),
      creditProfile(null),
    );
    expect((await load('/search', { signedIn: true })).favorites).toEqual(['2HGXR4ELXRH000063']);
  });

  it('turns keywords into the first suggestion (a search box without JavaScript)', async () => {
    server.use(inventory.suggestions([{ title: 'Honda Civic', make: 'Honda', model: 'Civic' }]));
    expect(await thrownBy(() => load('/search?q=hon+civ'))).toRedirectTo('/search?make=Honda&model=Civic');
  });

  it('reads colours, body styles, conditions and years in the keywords as filters', async () => {
    const asked: string[] = [];
    server.use(
      inventory.suggestions([{ title: 'Honda Civic', make: 'Honda', model: 'Civic' }], {
        onRequest: (request) => void asked.push(new URL(request.url).searchParams.get('q') ?? ''),
      }),
    );
    expect(await thrownBy(() => load('/search?q=red+suv'))).toRedirectTo('/search?bodyStyle=suv&color=red');
    expect(await thrownBy(() => load('/search?q=used+2021+civic'))).toRedirectTo(
      '/search?make=Honda&model=Civic&yearMin=2021&yearMax=2021&type=USED',
    );
    expect(asked).toEqual(['civic']);
  });

  it('shows the empty state for keywords nothing matches, without searching', async () => {
    server.use(inventory.suggestions([]));
    const data = await load('/search?q=zeppelin');
    expect(data).toMatchObject({ keywords: 'zeppelin', vehicles: [], total: 0 });
  });

  it('drops blank keywords and empty parameters from the URL', async () => {
    expect(await thrownBy(() => load('/search?q=+++'))).toRedirectTo('/search');
    expect(await thrownBy(() => load('/search?make=&model=&yearMin=&type=NEW&sort=price-desc'))).toRedirectTo(
      '/search?type=NEW',
    );
  });

  it('sends a page past the end to the last page', async () => {
    server.use(
      inventory.search(
        buildSearchResult([], {
          total: 30,
          page: 9,
          totalPages: 2,
          query: { type: [], bodyStyle: [], color: [], sort: 'price-desc', page: 9 },
        }),
      ),
    );
    expect(await thrownBy(() => load('/search?page=9'))).toRedirectTo('/search?page=2');
  });

  it('fails with a server error when the inventory API does', async () => {
    server.use(commerce.error('/api/inventory/search', 503, 'error.api.unavailable'));
    const thrown = await thrownBy(() => load('/search'));
    expect(thrown).toMatchObject({ status: 503 });
  });
});
