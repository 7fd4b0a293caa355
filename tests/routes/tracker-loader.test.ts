import { HttpResponse, http } from 'msw';
import { served } from '../support/served';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_TIMEOUT_MS } from '~/lib/contract/common';
import {
  DOCUMENT_RETRIES,
  DOCUMENT_RETRY_DELAY_MS,
  TRY_AGAIN_LIMIT,
  loadTrackerPage,
  recordShopperActionCookie,
  resetTrackerStateSupport,
} from '~/lib/tracker-data.server';
import type { TrackerErrorData, TrackerPageData } from '~/lib/tracker/page';
import { action, loader } from '~/routes/progress+/$orderNumber';
import { loader as fulfillmentLoader } from '~/routes/_tracker+/fulfillment.$orderNumber';
import { commerce, commerceUrl, server } from '../support/msw';
import { delay, mockScenario, scenario, thrownBy, thrownData, trackerRequest } from './tracker-support';

// The tracker's layout loader, called directly with a real Request; the commerce API is msw.

const NEW = scenario('finance-new');
const NEW_ORDER = 'SR-DEFAULT-10001';
const NEW_DEAL = 'DEAL-DEFAULT-10001';

async function load(path: string, options: Parameters<typeof trackerRequest>[1] = {}) {
  const request = await trackerRequest(path, options);
  const orderNumber = path.split('/')[2];
  return (await loader({ request, params: { orderNumber }, context: {} })) as TrackerPageData;
}

function steps(data: TrackerPageData) {
  return data.steps.map(({ step, status }) => `${step}:${status}`);
}

describe('tracker loader: the shopper and the order', () => {
  it('sends a signed-out visitor to sign-in and back', async () => {
    const thrown = await thrownBy(() =>
      load(`/progress/${NEW_ORDER}/id-verification?forceFlag=x`, { signedIn: false }),
    );
    expect(thrown).toRedirectTo(
      `/sign-in?redirectTo=${encodeURIComponent(`/progress/${NEW_ORDER}/id-verification?forceFlag=x`)}`,
    );
  });

  it("loads a step page: the order's steps in sequence, their statuses, the page's step and the facts", async () => {
    const seen: Headers[] = [];
    mockScenario(NEW, { options: { order: { onRequest: (request) => void seen.push(request.headers) } } });
    const data = await load(`/progress/${NEW_ORDER}/insurance-verification`);
    expect(steps(data)).toEqual([
      'VERIFY_INSURANCE:READY',
      'VERIFY_ID:READY',
      'UPLOAD_DOCUMENTS:READY',
      'FINANCE_DECISION:NOT_READY',
      'SIGN_CONTRACT:NOT_READY',
      'PAYMENT_DETAILS:NOT_READY',
      'SCHEDULE_DELIVERY:NOT_READY',
    ]);
    expect(data.steps.map((item) => item.href)).toEqual([
      `/progress/${NEW_ORDER}/insurance-verification`,
      `/progress/${NEW_ORDER}/id-verification`,
      `/progress/${NEW_ORDER}/doc-upload`,
      null,
      null,
      null,
      null,
    ]);
    expect(data.activeStep).toBe('VERIFY_INSURANCE');
    expect(data.currentStep).toBe('VERIFY_INSURANCE');
    expect(data.vehicle).toMatchObject({ year: 2023, make: 'Honda', model: 'Accord', trim: 'EX-L' });
    expect(data.facts).toMatchObject({
      policyStatus: null,
      dealStatus: 'DPEN',
      orderIdCheck: 'NOT_STARTED',
      requiredDocuments: ['APP.DRIVERSLICENSE', 'GEN.INSURANCECARD', 'APP.PAYSTUB'],
    });
    // The shipped flags: the banner with its timer on the insurance step.
    expect(data.banner).toEqual({ variant: 'message-with-timer' });
    expect(seen[0]?.get('authorization')).toBe('Bearer identity-token');
    expect(seen[0]?.get('x-tenant-id')).toBe('default');
  });

  it('answers 404 for a draft order (not placed: no tracker)', async () => {
    const draft = scenario('draft');
    mockScenario(draft);
    const thrown = await thrownBy(() => load('/progress/SR-DEFAULT-10027/id-verification'));
    expect(thrown).toHaveStatus(404);
    expect(thrownData(thrown)).toEqual({ page: 'not-found' } satisfies TrackerErrorData);
  });

  it("answers 404 when the API hands back another tenant's order", async () => {
    const answers = mockScenario(NEW, { skip: ['order'] });
    server.use(commerce.order({ ...answers.order, tenantId: 'northside' }));
    expect(await thrownBy(() => load(`/progress/${NEW_ORDER}/id-verification`))).toHaveStatus(404);
  });
});

describe('tracker loader: calls start together', () => {
  it('all calls keyed by the order are in flight at once; the documents calls join before any of them answers', async () => {
    const orderCalls = ['order', 'history', 'idVerification', 'readiness', 'signing', 'insurance'] as const;
    const all = [...orderCalls, 'package', 'documents'] as const;
    const inFlight = new Set<string>();
    const arrived = new Set<string>();
    let peak = 0;
    let waitedTooLong = false;
    const waiters: Array<() => void> = [];
    function check() {
      for (const wake of waiters.splice(0)) wake();
    }
    async function until(condition: () => boolean) {
      const deadline = Date.now() + 3_000;
      while (!condition()) {
        if (Date.now() > deadline) {
          waitedTooLong = true;
          return;
        }
        await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), delay(50)]);
      }
    }
    function hold(name: string, release: () => boolean) {
      return async () => {
        inFlight.add(name);
        arrived.add(name);
        peak = Math.max(peak, inFlight.size);
        check();
        await until(release);
        inFlight.delete(name);
      };
    }
    // The order answers once every call keyed by the order number has arrived; the others
    // answer once the documents calls (which need the order's deal id) have arrived too.
    const everyOrderCall = () => orderCalls.every((name) => arrived.has(name));
    const everyCall = () => all.every((name) => arrived.has(name));
    mockScenario(NEW, {
      options: Object.fromEntries(
        all.map((name) => [name, { onRequest: hold(name, name === 'order' ? everyOrderCall : everyCall) }]),
      ),
    });
    const data = await load(`/progress/${NEW_ORDER}/id-verification`);
    expect(data.currentStep).toBe('VERIFY_ID');
    expect(waitedTooLong).toBe(false);
    // Six calls out before the order answered, then seven (five still out, plus two documents calls).
    expect(peak).toBe(7);
  });
});

describe('tracker loader: redirects (seed 000 §2.2)', () => {
  beforeEach(() => resetTrackerStateSupport());

  it('the tracker base goes to the active step', async () => {
    mockScenario(NEW);
    expect(await thrownBy(() => load(`/progress/${NEW_ORDER}`))).toRedirectTo(
      `/progress/${NEW_ORDER}/insurance-verification`,
    );
  });

  it('the tracker base asks the API one question (tracker-state), not the page’s eight calls', async () => {
    const calls: string[] = [];
    const watch = (name: string) => ({ onRequest: () => void calls.push(name) });
    mockScenario(scenario('documents-partial'), {
      options: {
        order: watch('order'),
        history: watch('history'),
        idVerification: watch('idVerification'),
        readiness: watch('readiness'),
        signing: watch('signing'),
        package: watch('package'),
        documents: watch('documents'),
        insurance: watch('insurance'),
        trackerState: watch('trackerState'),
      },
    });
    expect(await thrownBy(() => load('/progress/SR-DEFAULT-10007'))).toRedirectTo(
      '/progress/SR-DEFAULT-10007/doc-upload',
    );
    expect(calls).toEqual(['trackerState']);
    // A step page still makes the page's calls.
    calls.length = 0;
    await load('/progress/SR-DEFAULT-10007/doc-upload');
    expect(calls).not.toContain('trackerState');
    expect(calls).toHaveLength(8);
  });

  it('the tracker base answers 404 for another shopper’s order and the server-issue page for a 5xx', async () => {
    mockScenario(NEW, { skip: ['trackerState', 'order'] });
    const path = `/public/commerce/orders/${NEW_ORDER}/tracker-state`;
    const orderPath = `/public/commerce/orders/${NEW_ORDER}`;
    server.use(commerce.error(path, 404, 'error.order.notFound', { once: true }));
    server.use(commerce.error(orderPath, 404, 'error.order.notFound', { once: true }));
    expect(await thrownBy(() => load(`/progress/${NEW_ORDER}`))).toHaveStatus(404);
    server.use(commerce.error(path, 503, 'error.server.unavailable'));
    const thrown = await thrownBy(() => load(`/progress/${NEW_ORDER}`));
    expect(thrown).toHaveStatus(503);
    expect(thrownData(thrown)).toMatchObject({ page: 'server-issue' });
  });

  it('on a platform without tracker-state (404 or 501) the tracker base asks the seed’s calls, and is not misled by them (decision 079)', async () => {
    const path = `/public/commerce/orders/${NEW_ORDER}/tracker-state`;
    // A plain 404 (no such route): the seed's calls answer the redirect.
    mockScenario(NEW, { skip: ['trackerState'] });
    server.use(http.get(commerceUrl(path), () => new HttpResponse('Not Found', { status: 404 })));
    expect(await thrownBy(() => load(`/progress/${NEW_ORDER}`))).toRedirectTo(
      `/progress/${NEW_ORDER}/insurance-verification`,
    );
    // The platform is down: the server-issue page with its 503, not "order not found".
    resetTrackerStateSupport();
    server.use(commerce.error(path, 501, 'error.api.notImplemented'));
    server.use(commerce.error(`/public/commerce/orders/${NEW_ORDER}`, 503, 'error.server.unavailable'));
    const thrown = await thrownBy(() => load(`/progress/${NEW_ORDER}`));
    expect(thrown).toHaveStatus(503);
    expect(thrownData(thrown)).toMatchObject({ page: 'server-issue' });
  });

  it('an unknown path goes to the active step, keeping forceFlag', async () => {
    mockScenario(scenario('id-check-initiated'));
    expect(
      await thrownBy(() => load('/progress/SR-DEFAULT-10004/no-such-step/deeper?forceFlag=deal-review-page&x=1')),
    ).toRedirectTo('/progress/SR-DEFAULT-10004/id-verification?forceFlag=deal-review-page');
  });

  it('an unknown sub-page of a real step goes to the active step', async () => {
    mockScenario(NEW);
    expect(await thrownBy(() => load(`/progress/${NEW_ORDER}/doc-upload/nowhere`))).toRedirectTo(
      `/progress/${NEW_ORDER}/insurance-verification`,
    );
  });

  it('a step that is not ready goes to the active step', async () => {
    mockScenario(NEW);
    expect(await thrownBy(() => load(`/progress/${NEW_ORDER}/signing/review`))).toRedirectTo(
      `/progress/${NEW_ORDER}/insurance-verification`,
    );
  });

  it('a step this order does not have goes to the active step', async () => {
    mockScenario(NEW);
    expect(await thrownBy(() => load(`/progress/${NEW_ORDER}/deal-review`))).toRedirectTo(
      `/progress/${NEW_ORDER}/insurance-verification`,
    );
  });

  it('SCHEDULE_DELIVERY as the active step lives at /fulfillment/{orderNumber}', async () => {
    mockScenario(scenario('payment-captured'));
    expect(await thrownBy(() => load('/progress/SR-DEFAULT-10020'))).toRedirectTo('/fulfillment/SR-DEFAULT-10020');
  });

  it('a completed step stays open, with its sub-pages', async () => {
    mockScenario(scenario('payment-captured'));
    const data = await load('/progress/SR-DEFAULT-10020/signing/thank-you');
    expect(data.currentStep).toBe('SIGN_CONTRACT');
    expect(data.subPage).toBe('thank-you');
    expect(data.activeStep).toBe('SCHEDULE_DELIVERY');
    // Signing is complete: no banner anywhere.
    expect(data.banner).toBeNull();
  });

  it('/fulfillment loads SCHEDULE_DELIVERY when it is ready', async () => {
    mockScenario(scenario('payment-captured'));
    const request = await trackerRequest('/fulfillment/SR-DEFAULT-10020');
    const data = (await fulfillmentLoader({
      request,
      params: { orderNumber: 'SR-DEFAULT-10020' },
      context: {},
    })) as TrackerPageData;
    expect(data.currentStep).toBe('SCHEDULE_DELIVERY');
    expect(data.steps.at(-1)).toMatchObject({
      step: 'SCHEDULE_DELIVERY',
      status: 'READY',
      href: '/fulfillment/SR-DEFAULT-10020',
    });
  });

  it('/fulfillment sends to the active step while SCHEDULE_DELIVERY is not ready', async () => {
    mockScenario(NEW);
    const request = await trackerRequest(`/fulfillment/${NEW_ORDER}`);
    const thrown = await thrownBy(() =>
      fulfillmentLoader({ request, params: { orderNumber: NEW_ORDER }, context: {} }),
    );
    expect(thrown).toRedirectTo(`/progress/${NEW_ORDER}/insurance-verification`);
  });
});

describe('tracker loader: flags and recorded actions', () => {
  it('forceFlag=consolidate-finance-and-signing removes FINANCE_DECISION and DEAL_REVIEW', async () => {
    mockScenario(scenario('cash-dealer-deal-review'));
    const plain = await load('/progress/SR-DEFAULT-10009/doc-upload');
    expect(plain.steps.map((item) => item.step)).toContain('DEAL_REVIEW');
    mockScenario(scenario('cash-dealer-deal-review'));
    const forced = await load('/progress/SR-DEFAULT-10009/doc-upload?forceFlag=consolidate-finance-and-signing');
    expect(forced.steps.map((item) => item.step)).toEqual([
      'VERIFY_INSURANCE',
      'VERIFY_ID',
      'UPLOAD_DOCUMENTS',
      'SIGN_CONTRACT',
      'SCHEDULE_DELIVERY',
      'PAYMENT_DETAILS',
    ]);
  });

  it('forceFlag=progress-message-banner:none hides the banner; :message shows it without the timer', async () => {
    mockScenario(NEW);
    expect(
      (await load(`/progress/${NEW_ORDER}/id-verification?forceFlag=progress-message-banner:none`)).banner,
    ).toBeNull();
    mockScenario(NEW);
    expect(
      (await load(`/progress/${NEW_ORDER}/id-verification?forceFlag=progress-message-banner:message`)).banner,
    ).toEqual({ variant: 'message' });
  });

  it('no banner on a step outside insurance, ID, documents and finance decision', async () => {
    mockScenario(scenario('signing-ready'));
    expect((await load('/progress/SR-DEFAULT-10013/signing')).banner).toBeNull();
  });

  it("the 'contract started' cookie turns signing IN_PROGRESS", async () => {
    mockScenario(scenario('signing-sent'));
    const probe = await trackerRequest('/progress/SR-DEFAULT-10014/signing');
    const setCookie = await recordShopperActionCookie(probe, 'SR-DEFAULT-10014', 'contractStarted');
    const cookie = setCookie.slice(0, setCookie.indexOf(';'));
    const data = await load('/progress/SR-DEFAULT-10014/signing', { cookies: [cookie] });
    expect(data.steps.find((item) => item.step === 'SIGN_CONTRACT')?.status).toBe('IN_PROGRESS');
    expect(data.facts.actions).toEqual({ contractStarted: true, cashPaid: false });
  });

  it("the 'cash order paid' cookie completes a cash order's payment; another order is untouched", async () => {
    mockScenario(scenario('cash-pickup-balance-due'));
    const probe = await trackerRequest('/progress/SR-DEFAULT-10023/payment');
    const setCookie = await recordShopperActionCookie(probe, 'SR-DEFAULT-10023', 'cashPaid');
    const cookie = setCookie.slice(0, setCookie.indexOf(';'));
    const data = await load('/progress/SR-DEFAULT-10023/payment', { cookies: [cookie] });
    expect(data.steps.find((item) => item.step === 'PAYMENT_DETAILS')?.status).toBe('COMPLETED');
    mockScenario(scenario('cash-paid-delivery-ready'));
    const other = await load('/progress/SR-DEFAULT-10021/payment', { cookies: [cookie] });
    expect(other.facts.actions.cashPaid).toBe(false);
  });

  it('a tampered actions cookie counts as nothing recorded', async () => {
    mockScenario(scenario('signing-sent'));
    const data = await load('/progress/SR-DEFAULT-10014/signing', {
      cookies: ['showroom_tracker=eyJ4IjoxfQ%3D%3D.forged'],
    });
    expect(data.facts.actions).toEqual({ contractStarted: false, cashPaid: false });
  });
});

async function expectServerIssue(path: string, status: number, options: Parameters<typeof trackerRequest>[1] = {}) {
  const thrown = await thrownBy(() => load(path, options));
  expect(thrown).toHaveStatus(status);
  return thrownData(thrown) as TrackerErrorData;
}

async function expectNotFound(path: string) {
  const thrown = await thrownBy(() => load(path));
  expect(thrown).toHaveStatus(404);
  expect(thrownData(thrown)).toEqual({ page: 'not-found' });
}

const PAGE = `/progress/${NEW_ORDER}/id-verification`;

describe('tracker loader: upstream failures (seed 000 §2.2, §8)', () => {
  it('order 404 (not the owner, another tenant): the not-found page', async () => {
    mockScenario(NEW, { skip: ['order'] });
    server.use(commerce.error(`/public/commerce/orders/${NEW_ORDER}`, 404, 'error.order.notFound'));
    await expectNotFound(PAGE);
  });

  it('order 500: the server-issue page with its status and Try again', async () => {
    mockScenario(NEW, { skip: ['order'] });
    server.use(commerce.error(`/public/commerce/orders/${NEW_ORDER}`, 500, 'error.server.internal'));
    expect(await expectServerIssue(PAGE, 500)).toEqual({
      page: 'server-issue',
      orderNumber: NEW_ORDER,
      tryAgainCount: 0,
      canTryAgain: true,
    });
  });

  it('API unreachable: 503, the server-issue page', async () => {
    mockScenario(NEW, { skip: ['history'] });
    server.use(commerce.networkError(`/public/commerce/history/${NEW_ORDER}`));
    expect((await expectServerIssue(PAGE, 503)).page).toBe('server-issue');
  });

  it('a call that breaks the contract: 502, the server-issue page', async () => {
    mockScenario(NEW, { skip: ['idVerification'] });
    server.use(
      http.get(commerceUrl('/api/id-verification/doc-verification/consumer'), () =>
        HttpResponse.json({ status: 'MAYBE' }),
      ),
    );
    expect((await expectServerIssue(PAGE, 502)).page).toBe('server-issue');
  });

  it(`a call slower than the time-out (${API_TIMEOUT_MS} ms in production): 504, the server-issue page`, async () => {
    mockScenario(NEW, { options: { insurance: { onRequest: () => delay(500) } } });
    const request = await trackerRequest(PAGE);
    const thrown = await thrownBy(() => loadTrackerPage(request, NEW_ORDER, { timeoutMs: 100 }));
    expect(thrown).toHaveStatus(504);
    expect((thrownData(thrown) as TrackerErrorData).page).toBe('server-issue');
  });

  it('history 404: the not-found page', async () => {
    mockScenario(NEW, { skip: ['history'] });
    server.use(commerce.error(`/public/commerce/history/${NEW_ORDER}`, 404, 'error.order.notFound'));
    await expectNotFound(PAGE);
  });

  it('no ID-check data (404): the not-found page; 500: the server-issue page', async () => {
    mockScenario(NEW, { skip: ['idVerification'] });
    server.use(commerce.error('/api/id-verification/doc-verification/consumer', 404, 'error.order.notFound'));
    await expectNotFound(PAGE);
    server.resetHandlers();
    mockScenario(NEW, { skip: ['idVerification'] });
    server.use(commerce.error('/api/id-verification/doc-verification/consumer', 500, 'error.server.internal'));
    await expectServerIssue(PAGE, 500);
  });

  it('no insurance status data (404): the not-found page; 503: the server-issue page', async () => {
    mockScenario(NEW, { skip: ['insurance'] });
    server.use(commerce.error(`/public/insurance-verification/progress/${NEW_ORDER}`, 404, 'error.insurance.notFound'));
    await expectNotFound(PAGE);
    server.resetHandlers();
    mockScenario(NEW, { skip: ['insurance'] });
    server.use(
      commerce.error(`/public/insurance-verification/progress/${NEW_ORDER}`, 503, 'error.insurance.unavailable'),
    );
    await expectServerIssue(PAGE, 503);
  });

  it('an insurance policy status the storefront does not know reads NOT_FOUND: needs attention', async () => {
    mockScenario(NEW, { answers: { policyStatus: 'SUSPENDED' } });
    const data = await load(`/progress/${NEW_ORDER}/insurance-verification`);
    expect(data.facts.policyStatus).toBe('NOT_FOUND');
    expect(data.steps[0]).toMatchObject({ step: 'VERIFY_INSURANCE', status: 'NEEDS_ATTENTION' });
  });

  it.each([500, 404, 403])('readiness %i: read as not ready, the page still loads', async (status) => {
    const signingReady = scenario('signing-ready');
    mockScenario(signingReady, { skip: ['readiness'] });
    server.use(
      commerce.error('/api/contracting/signing/SR-DEFAULT-10013/readiness', status, 'error.contracting.unavailable'),
    );
    const data = await load('/progress/SR-DEFAULT-10013/signing');
    expect(data.facts.readiness).toEqual({ ready: false, isSigningNotificationSent: false });
    // The deal was accepted, so signing is still ready without the readiness answer.
    expect(data.steps.find((item) => item.step === 'SIGN_CONTRACT')?.status).toBe('READY');
  });

  it.each([
    [409, 'error.validation.wrongPackageStatus'],
    [400, 'error.validation.transactionExpired'],
  ])('signing status %i %s: read as Cancelled, signing needs attention', async (status, code) => {
    mockScenario(scenario('signing-ready'), { skip: ['signing'] });
    server.use(commerce.error('/api/contracting/signing/SR-DEFAULT-10013/status', status, code));
    const data = await load('/progress/SR-DEFAULT-10013/signing');
    expect(data.facts.signing.status).toBe('Cancelled');
    expect(data.steps.find((item) => item.step === 'SIGN_CONTRACT')?.status).toBe('NEEDS_ATTENTION');
  });

  it('signing status: another 4xx is no signing status data (404); a 500 with a cancelled code is still a server issue', async () => {
    mockScenario(scenario('signing-ready'), { skip: ['signing'] });
    server.use(commerce.error('/api/contracting/signing/SR-DEFAULT-10013/status', 404, 'error.order.notFound'));
    await expectNotFound('/progress/SR-DEFAULT-10013/signing');
    server.resetHandlers();
    mockScenario(scenario('signing-ready'), { skip: ['signing'] });
    server.use(
      commerce.error('/api/contracting/signing/SR-DEFAULT-10013/status', 500, 'error.validation.wrongPackageStatus'),
    );
    await expectServerIssue('/progress/SR-DEFAULT-10013/signing', 500);
  });
});

describe('tracker loader: the documents calls are retried (seed 000 §7, §9)', () => {
  function recorder() {
    const waits: number[] = [];
    return { waits, wait: async (ms: number) => void waits.push(ms) };
  }

  it(`retry up to ${DOCUMENT_RETRIES} times, ${DOCUMENT_RETRY_DELAY_MS} ms apart: a package that fails twice then answers`, async () => {
    mockScenario(NEW, { skip: ['package'] });
    let calls = 0;
    server.use(
      http.get(commerceUrl(`/api/documents/packages/deals/${NEW_DEAL}`), () => {
        calls += 1;
        if (calls <= 2)
          return HttpResponse.json(
            { error: { code: 'error.documents.notReady', message: 'not yet' } },
            { status: 404 },
          );
        return HttpResponse.json({ data: { dealId: NEW_DEAL, required: ['APP.DRIVERSLICENSE'] } });
      }),
    );
    const { waits, wait } = recorder();
    const data = await loadTrackerPage(await trackerRequest(PAGE), NEW_ORDER, { wait });
    expect(calls).toBe(3);
    expect(waits).toEqual([1_000, 1_000]);
    expect(data.facts.requiredDocuments).toEqual(['APP.DRIVERSLICENSE']);
  });

  it('an empty documents list is asked again; the list that arrives is used', async () => {
    const answers = mockScenario(NEW, { skip: ['documents'] });
    server.use(commerce.documents(NEW_DEAL, [], { once: true }), commerce.documents(NEW_DEAL, answers.documents));
    const { waits, wait } = recorder();
    const data = await loadTrackerPage(await trackerRequest(PAGE), NEW_ORDER, { wait });
    expect(waits).toEqual([1_000]);
    expect(data.facts.documents).toHaveLength(3);
  });

  it(`still empty after ${DOCUMENT_RETRIES} retries: no document data, the not-found page`, async () => {
    mockScenario(NEW, { skip: ['documents'] });
    let calls = 0;
    server.use(commerce.documents(NEW_DEAL, [], { onRequest: () => void (calls += 1) }));
    const { waits, wait } = recorder();
    const thrown = await thrownBy(async () => loadTrackerPage(await trackerRequest(PAGE), NEW_ORDER, { wait }));
    expect(thrown).toHaveStatus(404);
    expect(calls).toBe(DOCUMENT_RETRIES + 1);
    expect(waits).toEqual(Array(DOCUMENT_RETRIES).fill(DOCUMENT_RETRY_DELAY_MS));
  });

  it(`failing with 500 every time: ${DOCUMENT_RETRIES} retries, then the server-issue page`, async () => {
    mockScenario(NEW, { skip: ['package'] });
    let calls = 0;
    server.use(
      http.get(commerceUrl(`/api/documents/packages/deals/${NEW_DEAL}`), () => {
        calls += 1;
        return HttpResponse.json({ error: { code: 'error.documents.down', message: 'down' } }, { status: 500 });
      }),
    );
    const { wait } = recorder();
    const thrown = await thrownBy(async () => loadTrackerPage(await trackerRequest(PAGE), NEW_ORDER, { wait }));
    expect(thrown).toHaveStatus(500);
    expect(calls).toBe(DOCUMENT_RETRIES + 1);
  });

  it('the real wait is 1 s between attempts', async () => {
    const answers = mockScenario(NEW, { skip: ['documents'] });
    server.use(commerce.documents(NEW_DEAL, [], { once: true }), commerce.documents(NEW_DEAL, answers.documents));
    const started = Date.now();
    await loadTrackerPage(await trackerRequest(PAGE), NEW_ORDER);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('another call failing stops the retries at once', async () => {
    mockScenario(NEW, { skip: ['documents', 'history'] });
    let calls = 0;
    server.use(
      commerce.documents(NEW_DEAL, [], { onRequest: () => void (calls += 1) }),
      http.get(commerceUrl(`/public/commerce/history/${NEW_ORDER}`), async () => {
        await delay(100);
        return HttpResponse.json({ error: { code: 'error.server.internal', message: 'x' } }, { status: 500 });
      }),
    );
    // Real 1 s waits: the history failure (at 100 ms) must end them.
    const started = Date.now();
    const thrown = await thrownBy(async () => loadTrackerPage(await trackerRequest(PAGE), NEW_ORDER));
    expect(thrown).toHaveStatus(500);
    expect(Date.now() - started).toBeLessThan(900);
    expect(calls).toBe(1);
  });
});

describe('Try again (seed 000 §2.2, §9)', () => {
  it('the server-issue page carries the session count; at 3 the button is gone', async () => {
    for (const [count, canTryAgain] of [
      [2, true],
      [TRY_AGAIN_LIMIT, false],
    ] as const) {
      mockScenario(NEW, { skip: ['order'] });
      server.use(commerce.error(`/public/commerce/orders/${NEW_ORDER}`, 502, 'error.server.badGateway'));
      expect(await expectServerIssue(PAGE, 502, { tryAgainCount: count })).toMatchObject({
        tryAgainCount: count,
        canTryAgain,
      });
      server.resetHandlers();
    }
  });

  it("the button's POST counts the attempt in the session and goes back to the page", async () => {
    const body = new URLSearchParams({ intent: 'try-again', redirectTo: `${PAGE}?forceFlag=x` });
    const request = await trackerRequest(`/progress/${NEW_ORDER}`, { method: 'POST', body, tryAgainCount: 1 });
    const response = (await served((context) =>
      action({ request, params: { orderNumber: NEW_ORDER }, context }),
    )) as Response;
    expect(response).toRedirectTo(`${PAGE}?forceFlag=x`);
    // The new cookie carries count 2: the next failure shows it.
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    mockScenario(NEW, { skip: ['order'] });
    server.use(commerce.error(`/public/commerce/orders/${NEW_ORDER}`, 500, 'error.server.internal'));
    const thrown = await thrownBy(async () => {
      const next = new Request(`http://localhost${PAGE}`, { headers: { cookie } });
      return loader({ request: next, params: { orderNumber: NEW_ORDER }, context: {} });
    });
    expect(thrownData(thrown)).toMatchObject({ tryAgainCount: 2, canTryAgain: true });
  });

  it('a redirect target off the site falls back to the tracker', async () => {
    const body = new URLSearchParams({ intent: 'try-again', redirectTo: 'https://evil.example/' });
    const request = await trackerRequest(`/progress/${NEW_ORDER}`, { method: 'POST', body });
    const response = (await served((context) =>
      action({ request, params: { orderNumber: NEW_ORDER }, context }),
    )) as Response;
    expect(response).toRedirectTo(`/progress/${NEW_ORDER}`);
  });

  it('any other POST to the layout is a 400', async () => {
    const request = await trackerRequest(`/progress/${NEW_ORDER}`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'other' }),
    });
    expect(await thrownBy(() => action({ request, params: { orderNumber: NEW_ORDER }, context: {} }))).toHaveStatus(
      400,
    );
  });
});
