import { served } from '../support/served';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SubmissionResult } from '@conform-to/react';
import { getShopContext } from '~/lib/request-context.server';
import { noteActivity } from '~/lib/inactivity.server';
import { MESSAGES } from '~/lib/messages';
import { action as prequalAction, loader as prequalLoader } from '~/routes/_shop+/financing_.pre-qualify';
import { action as refreshAction } from '~/routes/_shop+/financing_.pre-qualify_.refresh';
import { loader as resultLoader } from '~/routes/_shop+/financing_.pre-qualify_.result';
import { action as activityAction } from '~/routes/resources+/session-activity';
import { action as cartAction } from '~/routes/checkout+/cart';
import { action as coverageAction } from '~/routes/checkout+/coverage';
import { action as orderDetailsAction } from '~/routes/checkout+/order-details';
import { action as overviewAction } from '~/routes/checkout+/overview';
import { loader as signInLoader } from '~/routes/_auth+/sign-in';
import { commerceUrl, server } from '../support/msw';
import { NOT_STARTED, buildPrequal, prequal } from '../support/msw-prequal';
import { bodyOf, cookiesOf, shopperRequest, thrownBy } from './storefront-support';

// The pre-qualification pages (issue 14) and the session inactivity of point 5, with real
// Requests; the commerce API is msw, its answers parsed with the contract's schemas.

const FORM = {
  firstName: 'Dana',
  lastName: 'Rivera',
  dateOfBirth: '04/12/1988',
  email: 'demo@showroom.test',
  'address.addressLine1': '418 Oak Hollow Lane',
  'address.city': 'Austin',
  'address.state': 'TX',
  'address.zip': '78701',
  annualIncome: '85,000',
  consent: 'on',
};

function postPrequal(answer: { status: number; body: unknown }, received: unknown[] = []) {
  return http.post(commerceUrl('/api/prequal'), async ({ request }) => {
    received.push(await request.json());
    return HttpResponse.json(answer.body as never, { status: answer.status });
  });
}

function location(result: unknown): string | null {
  return result instanceof Response ? result.headers.get('location') : null;
}

/** An activity cookie as if the last request in the guarded areas was `minutesAgo` ago. */
async function activityCookie(minutesAgo: number): Promise<string> {
  const context = {};
  const request = new Request('http://localhost/');
  await noteActivity(request, context, Date.now() - minutesAgo * 60_000);
  const [setCookie] = await (await getShopContext({ request, context })).cookies.commit();
  return setCookie!.slice(0, setCookie!.indexOf(';'));
}

describe('/financing/pre-qualify', () => {
  it('sends a signed-out visitor to sign in first', async () => {
    const thrown = await thrownBy(async () =>
      served(async (context) =>
        prequalLoader({ request: await shopperRequest('/financing/pre-qualify'), params: {}, context }),
      ),
    );
    expect(location(thrown)).toBe('/sign-in?redirectTo=%2Ffinancing%2Fpre-qualify');
  });

  it('shows the form, asking for the SSN only once the bureau could not find the shopper', async () => {
    server.use(prequal(NOT_STARTED));
    const fresh = await bodyOf<{ askSsn: boolean; notFound: boolean }>(
      await served(async (context) =>
        prequalLoader({
          request: await shopperRequest('/financing/pre-qualify', { signedIn: true }),
          params: {},
          context,
        }),
      ),
    );
    expect(fresh).toMatchObject({ askSsn: false, notFound: false });
    server.use(
      prequal(
        buildPrequal({ status: 'mq_incompleted', outcome: 'notFound', tier: null, pulledAt: null, expiresAt: null }),
      ),
    );
    const more = await bodyOf<{ askSsn: boolean; notFound: boolean }>(
      await served(async (context) =>
        prequalLoader({
          request: await shopperRequest('/financing/pre-qualify?again=1', { signedIn: true }),
          params: {},
          context,
        }),
      ),
    );
    expect(more).toMatchObject({ askSsn: true, notFound: true });
  });

  it('keeps a valid pre-qualification: the form sends the shopper to the result', async () => {
    server.use(prequal(buildPrequal()));
    const thrown = await thrownBy(async () =>
      served(async (context) =>
        prequalLoader({
          request: await shopperRequest('/financing/pre-qualify', { signedIn: true }),
          params: {},
          context,
        }),
      ),
    );
    expect(location(thrown)).toBe('/financing/pre-qualify/result');
  });

  it('refuses an invalid form with 400, errors by field, and never echoes the date of birth or SSN', async () => {
    const result = await served(async (context) =>
      prequalAction({
        request: await shopperRequest('/financing/pre-qualify', {
          signedIn: true,
          form: { ...FORM, consent: '', ssn: '000-12-3456', annualIncome: '0' },
        }),
        params: {},
        context,
      }),
    );
    const body = await bodyOf<{ result: SubmissionResult<string[]> }>(result);
    expect(body.result.error).toMatchObject({ consent: ['Your consent is required to check your rate.'] });
    expect(Object.keys(body.result.error ?? {})).toEqual(expect.arrayContaining(['ssn', 'annualIncome']));
    expect(JSON.stringify(body.result.initialValue)).not.toContain('1988');
    expect(JSON.stringify(body.result.initialValue)).not.toContain('3456');
  });

  it('sends the answers to the API, then the result; a shopper not found comes back to the form for the SSN', async () => {
    const received: unknown[] = [];
    server.use(postPrequal({ status: 200, body: { data: buildPrequal() } }, received));
    const done = await thrownBy(async () =>
      served(async (context) =>
        prequalAction({
          request: await shopperRequest('/financing/pre-qualify', { signedIn: true, form: FORM }),
          params: {},
          context,
        }),
      ),
    );
    expect(location(done)).toBe('/financing/pre-qualify/result');
    expect(received[0]).toMatchObject({
      firstName: 'Dana',
      annualIncome: 85000,
      dateOfBirth: '04/12/1988',
      consent: true,
      keepData: false,
      address: { zip: '78701' },
    });
    server.use(
      postPrequal({
        status: 200,
        body: {
          data: buildPrequal({
            status: 'mq_incompleted',
            outcome: 'notFound',
            tier: null,
            pulledAt: null,
            expiresAt: null,
          }),
        },
      }),
    );
    const more = await thrownBy(async () =>
      served(async (context) =>
        prequalAction({
          request: await shopperRequest('/financing/pre-qualify', { signedIn: true, form: FORM }),
          params: {},
          context,
        }),
      ),
    );
    expect(location(more)).toBe('/financing/pre-qualify?again=1');
  });

  it("shows the API's field errors beside the fields, and a failed save as the seed's continue-or-retry message", async () => {
    server.use(
      postPrequal({
        status: 422,
        body: {
          error: { code: 'error.prequal.invalid', message: 'invalid' },
          fieldErrors: { dateOfBirth: ['Your date of birth is required.'] },
        },
      }),
    );
    const invalid = await served(async (context) =>
      prequalAction({
        request: await shopperRequest('/financing/pre-qualify', { signedIn: true, form: FORM }),
        params: {},
        context,
      }),
    );
    expect((await bodyOf<{ result: SubmissionResult<string[]> }>(invalid)).result.error).toMatchObject({
      dateOfBirth: ['Your date of birth is required.'],
    });
    server.use(postPrequal({ status: 500, body: { error: { code: 'error.server.internal', message: 'boom' } } }));
    const failed = await served(async (context) =>
      prequalAction({
        request: await shopperRequest('/financing/pre-qualify', { signedIn: true, form: FORM }),
        params: {},
        context,
      }),
    );
    expect((await bodyOf<{ result: SubmissionResult<string[]> }>(failed)).result.error?.['']).toEqual([
      "We couldn't save your pre-qualification. Please try again, or continue shopping.",
    ]);
  });
});

describe('/financing/pre-qualify/result and refresh', () => {
  it('answers each outcome with its status', async () => {
    for (const view of [
      buildPrequal(),
      buildPrequal({ status: 'mq_declined', outcome: 'declined', tier: null }),
      buildPrequal({ status: 'mq_incompleted', outcome: 'frozen', tier: null }),
      buildPrequal({ status: 'mq_incompleted', outcome: 'identityFailed', tier: null }),
      buildPrequal({ status: 'mq_approved_expired', reminder: 'expired' }),
    ]) {
      server.use(prequal(view));
      const body = await bodyOf<{ view: { status: string; outcome: string } }>(
        await served(async (context) =>
          resultLoader({
            request: await shopperRequest('/financing/pre-qualify/result', { signedIn: true }),
            params: {},
            context,
          }),
        ),
      );
      expect(body.view).toMatchObject({ status: view.status, outcome: view.outcome });
    }
  });

  it('refreshes in one form post and goes back where the shopper was; with nothing on file, to the form', async () => {
    server.use(http.post(commerceUrl('/api/prequal/refresh'), () => HttpResponse.json({ data: buildPrequal() })));
    const back = await served(async (context) =>
      refreshAction({
        request: await shopperRequest('/financing/pre-qualify/refresh', {
          signedIn: true,
          form: { redirectTo: '/search?make=Honda' },
        }),
        params: {},
        context,
      }),
    );
    expect(location(back)).toBe('/search?make=Honda');
    server.use(
      http.post(commerceUrl('/api/prequal/refresh'), () =>
        HttpResponse.json({ error: { code: 'error.prequal.nothingOnFile', message: 'gone' } }, { status: 409 }),
      ),
    );
    const form = await served(async (context) =>
      refreshAction({
        request: await shopperRequest('/financing/pre-qualify/refresh', {
          signedIn: true,
          form: { redirectTo: '/search' },
        }),
        params: {},
        context,
      }),
    );
    expect(location(form)).toBe('/financing/pre-qualify?again=1');
  });
});

/** The sign-out's revocation of the refresh token. */
const revoke = () => http.post(commerceUrl('/api/identity/sign-out'), () => new HttpResponse(null, { status: 204 }));

describe('session inactivity (15 minutes)', () => {
  it('lets a post through within the idle limit and notes it as activity', async () => {
    server.use(postPrequal({ status: 200, body: { data: buildPrequal() } }));
    const done = await thrownBy(async () =>
      served(async (context) =>
        prequalAction({
          request: await shopperRequest('/financing/pre-qualify', {
            signedIn: true,
            form: FORM,
            cookies: [await activityCookie(14)],
          }),
          params: {},
          context,
        }),
      ),
    );
    expect(location(done)).toBe('/financing/pre-qualify/result');
  });

  it('signs an idle shopper out and sends them to sign in again with the seed message', async () => {
    // The sign-in page asks which social providers to offer (issue 18): none here.
    server.use(
      revoke(),
      http.get(commerceUrl('/api/identity/social/providers'), () => HttpResponse.json({ data: { providers: [] } })),
    );
    const thrown = await thrownBy(async () =>
      served(async (context) =>
        prequalAction({
          request: await shopperRequest('/financing/pre-qualify', {
            signedIn: true,
            form: FORM,
            cookies: [await activityCookie(16)],
          }),
          params: {},
          context,
        }),
      ),
    );
    expect(location(thrown)).toBe('/sign-in?redirectTo=%2Ffinancing%2Fpre-qualify');
    const cookies = (thrown as Response).headers.getSetCookie();
    // The session cookie is cleared; the sign-in page shows the notice.
    expect(
      cookies.some(
        (cookie) =>
          /^showroom_session=;/.test(cookie) || /showroom_session=.*Max-Age=0|Expires=Thu, 01 Jan 1970/.test(cookie),
      ),
    ).toBe(true);
    const flow = cookies
      .map((cookie) => cookie.slice(0, cookie.indexOf(';')))
      .filter((cookie) => !cookie.startsWith('showroom_session') && !cookie.startsWith('showroom_activity'));
    const signIn = await bodyOf<{ notices: Array<{ message: string }> }>(
      await served(async (context) =>
        signInLoader({ request: await shopperRequest('/sign-in', { cookies: flow }), params: {}, context }),
      ),
    );
    expect(signIn.notices).toEqual([{ type: 'warning', message: MESSAGES.sessionExpired }]);
  });

  it('an idle shopper is also stopped on the cart, coverage, order details and payment posts', async () => {
    server.use(revoke());
    const posts = [
      ['/checkout/cart', cartAction],
      ['/checkout/coverage', coverageAction],
      ['/checkout/order-details', orderDetailsAction],
      ['/checkout/overview', overviewAction],
    ] as const;
    for (const [path, action] of posts) {
      const thrown = await thrownBy(async () =>
        action({
          request: await shopperRequest(path, {
            signedIn: true,
            form: { intent: 'continue' },
            cookies: [await activityCookie(16)],
          }),
          params: {},
          context: {},
        }),
      );
      expect(location(thrown), path).toBe(`/sign-in?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  it('Continue Session keeps an active session, and the end of the countdown expires it', async () => {
    server.use(revoke());
    const kept = await served(async (context) =>
      activityAction({
        request: await shopperRequest('/resources/session-activity', {
          signedIn: true,
          form: { intent: 'continue', redirectTo: '/checkout' },
          cookies: [await activityCookie(13)],
        }),
        params: {},
        context,
      }),
    );
    expect(await bodyOf(kept)).toEqual({ ok: true });
    expect(cookiesOf(kept).some((cookie) => cookie.startsWith('showroom_activity='))).toBe(true);
    const late = await served(async (context) =>
      activityAction({
        request: await shopperRequest('/resources/session-activity', {
          signedIn: true,
          form: { intent: 'continue', redirectTo: '/checkout' },
          cookies: [await activityCookie(16)],
        }),
        params: {},
        context,
      }),
    );
    expect(location(late)).toBe('/sign-in?redirectTo=%2Fcheckout');
    const ended = await served(async (context) =>
      activityAction({
        request: await shopperRequest('/resources/session-activity', {
          signedIn: true,
          form: { intent: 'expire', redirectTo: '/financing/pre-qualify' },
        }),
        params: {},
        context,
      }),
    );
    expect(location(ended)).toBe('/sign-in?redirectTo=%2Ffinancing%2Fpre-qualify');
  });
});
