import { describe, expect, it } from 'vitest';
import { served } from '../support/served';
import { COMPARE_MESSAGES } from '~/lib/compare';
import { INVENTORY_ERRORS } from '~/lib/contract/inventory';
import { FAVORITE_MESSAGES } from '~/lib/search/actions';
import { ZIP_MESSAGES } from '~/lib/search/zip-rules';
import { getSession } from '~/lib/session.server';
import { action as compareAction } from '~/routes/resources+/compare';
import { action as favoritesAction } from '~/routes/resources+/favorites';
import { loader as suggestionsLoader } from '~/routes/resources+/suggestions';
import { action as zipAction } from '~/routes/resources+/zip';
import { commerce, server } from '../support/msw';
import { inventory } from '../support/msw-inventory';
import { bodyOf, cookiesOf, shopperRequest, thrownBy } from './storefront-support';

// The small endpoints the cards, the search box and the zip editor post to. With JavaScript a
// fetcher gets JSON; without it the form carries redirectTo and gets a redirect back.

const VIN = '2HGXR4ELXRH000063';
const VINS = ['2HGXR4ELXRH000063', '2HGXR4EL4RH000043', '1GYPMF190TR000061', '5YJ99S119HF000026', '3KPCRW6G6T5000011'];

async function post(
  run: typeof favoritesAction,
  path: string,
  form: Record<string, string>,
  options: Parameters<typeof shopperRequest>[1] = {},
) {
  const request = await shopperRequest(path, { ...options, form });
  return served((context) => run({ request, params: {}, context }));
}

describe('favourites', () => {
  it('asks a signed-out shopper to sign in: JSON for a fetcher, a redirect to sign-in and back without JavaScript', async () => {
    const fetcherAnswer = (await post(favoritesAction, '/resources/favorites', {
      vin: VIN,
      intent: 'add',
    })) as Response;
    expect(fetcherAnswer.status).toBe(401);
    expect(await fetcherAnswer.json()).toEqual({ ok: false, reason: 'signIn', message: FAVORITE_MESSAGES.signIn });
    const formAnswer = await post(favoritesAction, '/resources/favorites', {
      vin: VIN,
      intent: 'add',
      redirectTo: '/search?make=Honda',
    });
    expect(formAnswer).toRedirectTo(`/sign-in?redirectTo=${encodeURIComponent('/search?make=Honda')}`);
  });

  it('saves and removes for a signed-in shopper', async () => {
    server.use(inventory.favoriteToggle(VIN, true, 4), inventory.favoriteToggle(VIN, false, 3));
    expect(
      await bodyOf(
        await post(favoritesAction, '/resources/favorites', { vin: VIN, intent: 'add' }, { signedIn: true }),
      ),
    ).toEqual({
      ok: true,
      vin: VIN,
      favorite: true,
      count: 4,
    });
    const removed = await post(
      favoritesAction,
      '/resources/favorites',
      { vin: VIN, intent: 'remove', redirectTo: '/saved-vehicles' },
      { signedIn: true },
    );
    expect(removed).toRedirectTo('/saved-vehicles');
  });

  it('refuses a sold vehicle with the message, as JSON or as a notice on the page it returns to', async () => {
    server.use(commerce.error(`/api/favorites/${VIN}`, 409, INVENTORY_ERRORS.favoriteSold, { method: 'POST' }));
    const answer = (await post(
      favoritesAction,
      '/resources/favorites',
      { vin: VIN, intent: 'add' },
      { signedIn: true },
    )) as Response;
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ ok: false, reason: 'sold', message: FAVORITE_MESSAGES.sold });

    const back = (await post(
      favoritesAction,
      '/resources/favorites',
      { vin: VIN, intent: 'add', redirectTo: `/vehicles/${VIN}` },
      { signedIn: true },
    )) as Response;
    expect(back).toRedirectTo(`/vehicles/${VIN}`);
    const session = await getSession(
      new Request('http://localhost/', { headers: { cookie: cookiesOf(back).join('; ') } }),
    );
    expect(session.get('toast')).toEqual({ kind: 'error', message: FAVORITE_MESSAGES.sold });
  });

  it('never sends the shopper off the site', async () => {
    server.use(inventory.favoriteToggle(VIN, true, 1));
    expect(
      await post(
        favoritesAction,
        '/resources/favorites',
        { vin: VIN, intent: 'add', redirectTo: 'https://evil.example/' },
        { signedIn: true },
      ),
    ).toRedirectTo('/search');
  });

  it('answers 400 to a form that makes no sense', async () => {
    expect(
      await thrownBy(() =>
        post(favoritesAction, '/resources/favorites', { vin: 'nope', intent: 'add' }, { signedIn: true }),
      ),
    ).toHaveStatus(400);
  });
});

describe('compare', () => {
  it('keeps the list in a cookie and refuses a fifth vehicle with the limit message', async () => {
    let cookie: string[] = [];
    for (const vin of VINS.slice(0, 4)) {
      const answer = (await post(
        compareAction,
        '/resources/compare',
        { vin, intent: 'add' },
        { cookies: cookie },
      )) as Response;
      expect(answer.status).toBe(200);
      cookie = cookiesOf(answer);
    }
    const full = (await post(
      compareAction,
      '/resources/compare',
      { vin: VINS[4]!, intent: 'add' },
      { cookies: cookie },
    )) as Response;
    expect(full.status).toBe(409);
    expect(await full.json()).toEqual({
      ok: false,
      reason: 'limit',
      message: COMPARE_MESSAGES.limit,
      vins: VINS.slice(0, 4),
    });

    const removed = (await post(
      compareAction,
      '/resources/compare',
      { vin: VINS[0]!, intent: 'remove' },
      { cookies: cookie },
    )) as Response;
    expect(await removed.json()).toEqual({ ok: true, vins: VINS.slice(1, 4) });
  });

  it('sends a form posted without JavaScript back, with the limit as a notice', async () => {
    let cookie: string[] = [];
    for (const vin of VINS.slice(0, 4))
      cookie = cookiesOf(await post(compareAction, '/resources/compare', { vin, intent: 'add' }, { cookies: cookie }));
    const back = (await post(
      compareAction,
      '/resources/compare',
      { vin: VINS[4]!, intent: 'add', redirectTo: '/search?page=2' },
      { cookies: cookie },
    )) as Response;
    expect(back).toRedirectTo('/search?page=2');
    const session = await getSession(
      new Request('http://localhost/', { headers: { cookie: cookiesOf(back).join('; ') } }),
    );
    expect(session.get('toast')).toEqual({ kind: 'error', message: COMPARE_MESSAGES.limit });
  });

  it('clears the list', async () => {
    const answer = (await post(compareAction, '/resources/compare', { intent: 'clear' })) as Response;
    expect(await answer.json()).toEqual({ ok: true, vins: [] });
    expect(answer.headers.get('set-cookie')).toContain('Max-Age=0');
  });
});

describe('zip', () => {
  it('keeps a valid zip in the session', async () => {
    const answer = (await post(zipAction, '/resources/zip', { zip: '10001' })) as Response;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ zip: '10001', result: { status: 'success' } });
    const session = await getSession(
      new Request('http://localhost/', { headers: { cookie: cookiesOf(answer).join('; ') } }),
    );
    expect(session.get('zip')).toBe('10001');
  });

  it('refuses what is not five digits, and a zip that names no place', async () => {
    const short = (await post(zipAction, '/resources/zip', { zip: '123' })) as Response;
    expect(short.status).toBe(400);
    expect((await short.json()).result.error).toEqual({ zip: [ZIP_MESSAGES.format] });
    const nowhere = (await post(zipAction, '/resources/zip', { zip: '00000' })) as Response;
    expect((await nowhere.json()).result.error).toEqual({ zip: [ZIP_MESSAGES.unknown] });
  });

  it('sends a form posted without JavaScript back, with the message when the zip was refused', async () => {
    expect(await post(zipAction, '/resources/zip', { zip: '60601', redirectTo: '/search' })).toRedirectTo('/search');
    const refused = (await post(zipAction, '/resources/zip', { zip: 'abcde', redirectTo: '/search' })) as Response;
    expect(refused).toRedirectTo('/search');
    const session = await getSession(
      new Request('http://localhost/', { headers: { cookie: cookiesOf(refused).join('; ') } }),
    );
    expect(session.get('toast')).toEqual({ kind: 'error', message: ZIP_MESSAGES.format });
  });
});

describe('suggestions', () => {
  it('answers the keywords with at most 10 suggestions', async () => {
    const many = Array.from({ length: 10 }, (_, index) => ({ title: `Honda ${index}`, make: 'Honda' }));
    const asked: string[] = [];
    server.use(
      inventory.suggestions(many, {
        onRequest: (request) => void asked.push(new URL(request.url).searchParams.get('q') ?? ''),
      }),
    );
    const answer = await suggestionsLoader({
      request: new Request('http://localhost/resources/suggestions?q=+hon+'),
      params: {},
      context: {},
    });
    expect(await answer.json()).toEqual({ q: 'hon', suggestions: many });
    expect(asked).toEqual(['hon']);
  });

  it('asks nothing for blank keywords, and answers none when the API fails', async () => {
    const blank = await suggestionsLoader({
      request: new Request('http://localhost/resources/suggestions?q=%20'),
      params: {},
      context: {},
    });
    expect(await blank.json()).toEqual({ q: '', suggestions: [] });
    server.use(commerce.error('/api/inventory/suggestions', 500, 'error.api.failed'));
    const failed = await suggestionsLoader({
      request: new Request('http://localhost/resources/suggestions?q=ford'),
      params: {},
      context: {},
    });
    expect(await failed.json()).toEqual({ q: 'ford', suggestions: [] });
  });
});
