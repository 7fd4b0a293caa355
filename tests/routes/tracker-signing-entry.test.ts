import { describe, expect, it } from 'vitest';
import { loader as signingLoader } from '~/routes/_tracker+/signing';
import { loader as helloAgainLoader } from '~/routes/_tracker+/signing.hello-again';
import { loader as thankYouLoader } from '~/routes/_tracker+/signing.thank-you';
import { thrownBy, trackerRequest } from './tracker-support';

// /signing?orderNumber=… and its return pages send the shopper into the order's signing step.

describe('/signing?orderNumber=', () => {
  it("goes to the order's signing step (the tracker then checks it is ready)", async () => {
    const request = await trackerRequest('/signing?orderNumber=SR-DEFAULT-10013');
    expect(await thrownBy(() => signingLoader({ request, params: {}, context: {} }))).toRedirectTo(
      '/progress/SR-DEFAULT-10013/signing',
    );
  });

  it('sends a signed-out visitor to sign-in first, and back', async () => {
    const request = await trackerRequest('/signing?orderNumber=SR-DEFAULT-10013', { signedIn: false });
    expect(await thrownBy(() => signingLoader({ request, params: {}, context: {} }))).toRedirectTo(
      `/sign-in?redirectTo=${encodeURIComponent('/signing?orderNumber=SR-DEFAULT-10013')}`,
    );
  });

  it.each(['', '?orderNumber=', '?orderNumber=..%2F..%2Fadmin'])(
    'answers 404 without a usable order number (%s)',
    async (query) => {
      const request = await trackerRequest(`/signing${query}`);
      expect(await thrownBy(() => signingLoader({ request, params: {}, context: {} }))).toHaveStatus(404);
    },
  );

  it('lets its child pages through', async () => {
    const request = await trackerRequest('/signing/thank-you');
    expect(await signingLoader({ request, params: {}, context: {} })).toBeNull();
  });
});

describe('/signing/hello-again and /signing/thank-you', () => {
  it("with an order number: that order's signing sub-page", async () => {
    const hello = await trackerRequest('/signing/hello-again?orderNumber=SR-DEFAULT-10014');
    expect(await thrownBy(() => helloAgainLoader({ request: hello, params: {}, context: {} }))).toRedirectTo(
      '/progress/SR-DEFAULT-10014/signing/hello-again',
    );
    const thanks = await trackerRequest('/signing/thank-you?orderNumber=SR-DEFAULT-10014');
    expect(await thrownBy(() => thankYouLoader({ request: thanks, params: {}, context: {} }))).toRedirectTo(
      '/progress/SR-DEFAULT-10014/signing/thank-you',
    );
  });

  it('without one: a page of their own', async () => {
    const request = await trackerRequest('/signing/thank-you', { signedIn: false });
    expect(await thankYouLoader({ request, params: {}, context: {} })).toBeNull();
  });
});
