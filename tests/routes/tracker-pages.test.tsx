import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Outlet, type RouteObject } from 'react-router-dom';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { TrackerServerIssue } from '~/components/tracker/tracker-error-page';
import { toPublicTenant } from '~/lib/shared/tenant/schema';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import type { TrackerPageData } from '~/lib/tracker/page';
import { WORK_STEPS } from '~/lib/tracker/steps';
import FulfillmentPage, { loader as fulfillmentLoader } from '~/routes/_tracker+/fulfillment.$orderNumber';
import TrackerRoute, { loader as trackerLoader } from '~/routes/progress+/$orderNumber';
import DealReview from '~/routes/progress+/$orderNumber.deal-review';
import DocUpload from '~/routes/progress+/$orderNumber.doc-upload';
import DocUploadIndex from '~/routes/progress+/$orderNumber.doc-upload._index';
import DocUploadSummary from '~/routes/progress+/$orderNumber.doc-upload.summary';
import FinanceDecision from '~/routes/progress+/$orderNumber.finance-decision';
import FinanceDecisionIndex from '~/routes/progress+/$orderNumber.finance-decision._index';
import FinanceAccepted from '~/routes/progress+/$orderNumber.finance-decision.accepted';
import FinanceDeclined from '~/routes/progress+/$orderNumber.finance-decision.declined';
import FinancePending from '~/routes/progress+/$orderNumber.finance-decision.pending';
import IdVerification from '~/routes/progress+/$orderNumber.id-verification';
import IdVerificationIndex from '~/routes/progress+/$orderNumber.id-verification._index';
import IdComplete from '~/routes/progress+/$orderNumber.id-verification.complete';
import IdIncomplete from '~/routes/progress+/$orderNumber.id-verification.incomplete';
import IdNextSteps from '~/routes/progress+/$orderNumber.id-verification.next-steps';
import Insurance from '~/routes/progress+/$orderNumber.insurance-verification';
import Payment from '~/routes/progress+/$orderNumber.payment';
import Signing from '~/routes/progress+/$orderNumber.signing';
import SigningIndex from '~/routes/progress+/$orderNumber.signing._index';
import SigningContractReady from '~/routes/progress+/$orderNumber.signing.contract-ready';
import SigningHelloAgain from '~/routes/progress+/$orderNumber.signing.hello-again';
import SigningReview from '~/routes/progress+/$orderNumber.signing.review';
import SigningThankYou from '~/routes/progress+/$orderNumber.signing.thank-you';
import { mockScenario, scenario, trackerRequest } from './tracker-support';

// Every tracker page rendered on the server with the data its real loader produced from msw:
// the step list as commerce-api.md asks (data-step, data-status, aria-current="step"), the
// step's title, status and facts, the placeholders for the actions, and the server-issue page.

const tenant = toPublicTenant(getTenants().byId.get('default')!);

function leaf(path: string, Component: ComponentType, children?: RouteObject[]): RouteObject {
  return { path, element: <Component />, children };
}

function withIndex(
  path: string,
  Layout: ComponentType,
  Index: ComponentType,
  subPages: Record<string, ComponentType>,
): RouteObject {
  return leaf(path, Layout, [
    { index: true, element: <Index /> },
    ...Object.entries(subPages).map(([sub, Component]) => leaf(sub, Component)),
  ]);
}

function routesFor(data: TrackerPageData): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: () => ({ tenant }),
      element: <Outlet />,
      children: [
        {
          id: 'routes/progress+/$orderNumber',
          path: 'progress/:orderNumber',
          loader: () => data,
          element: <TrackerRoute />,
          children: [
            leaf('insurance-verification', Insurance),
            withIndex('id-verification', IdVerification, IdVerificationIndex, {
              complete: IdComplete,
              incomplete: IdIncomplete,
              'next-steps': IdNextSteps,
            }),
            withIndex('doc-upload', DocUpload, DocUploadIndex, { summary: DocUploadSummary }),
            leaf('deal-review', DealReview),
            withIndex('finance-decision', FinanceDecision, FinanceDecisionIndex, {
              accepted: FinanceAccepted,
              declined: FinanceDeclined,
              pending: FinancePending,
            }),
            withIndex('signing', Signing, SigningIndex, {
              review: SigningReview,
              'hello-again': SigningHelloAgain,
              'thank-you': SigningThankYou,
              'contract-ready': SigningContractReady,
            }),
            leaf('payment', Payment),
          ],
        },
        {
          id: 'routes/_tracker+/fulfillment.$orderNumber',
          path: 'fulfillment/:orderNumber',
          loader: () => data,
          element: <FulfillmentPage />,
        },
      ],
    },
  ];
}

async function render(path: string, data: TrackerPageData): Promise<string> {
  const routes = routesFor(data);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Without React's text separators, so the tests read the text a person sees.
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />).replaceAll(
    '<!-- -->',
    '',
  );
}

async function loadData(key: string, path: string): Promise<TrackerPageData> {
  mockScenario(scenario(key));
  const request = await trackerRequest(path);
  const orderNumber = path.split('/')[2]!;
  const load = path.startsWith('/fulfillment') ? fulfillmentLoader : trackerLoader;
  return (await load({ request, params: { orderNumber }, context: {} })) as TrackerPageData;
}

/** The side list's items in document order: "STEP:STATUS" plus "*" on the aria-current one. */
function stepItems(html: string): string[] {
  const list = html.slice(html.indexOf('data-testid="tracker-steps"'));
  return [...list.matchAll(/<li data-step="([A-Z_]+)" data-status="([A-Z_]+)"( aria-current="step")?/g)].map(
    ([, step, status, current]) => `${step}:${status}${current ? '*' : ''}`,
  );
}

const ORDER = 'SR-DEFAULT-10020';
const PAGES = [
  ['/insurance-verification', 'VERIFY_INSURANCE', 'Verify insurance'],
  ['/id-verification', 'VERIFY_ID', 'Verify your ID'],
  ['/id-verification/complete', 'VERIFY_ID', 'Your ID is verified'],
  ['/id-verification/incomplete', 'VERIFY_ID', 'We could not verify your ID'],
  ['/id-verification/next-steps', 'VERIFY_ID', 'Check your phone'],
  ['/doc-upload', 'UPLOAD_DOCUMENTS', 'Documents we need'],
  ['/doc-upload/summary', 'UPLOAD_DOCUMENTS', '3 of 3 documents received.'],
  ['/finance-decision', 'FINANCE_DECISION', 'Your decision'],
  ['/finance-decision/accepted', 'FINANCE_DECISION', 'You accepted your finance offer'],
  ['/finance-decision/pending', 'FINANCE_DECISION', 'You are approved for financing'],
  ['/signing', 'SIGN_CONTRACT', 'Contract status'],
  ['/signing/review', 'SIGN_CONTRACT', 'Review before you sign'],
  ['/signing/hello-again', 'SIGN_CONTRACT', 'Your contract is already signed.'],
  ['/signing/thank-you', 'SIGN_CONTRACT', 'Your contract is signed.'],
  ['/signing/contract-ready', 'SIGN_CONTRACT', 'Your contract is ready'],
  ['/payment', 'PAYMENT_DETAILS', 'Downpayment paid'],
] as const;

describe('tracker pages render with real loader data', () => {
  it.each(PAGES)('/progress/%s', async (sub, step, text) => {
    const path = `/progress/${ORDER}${sub}`;
    const html = await render(path, await loadData('payment-captured', path));
    expect(stepItems(html)).toEqual(
      [
        'VERIFY_INSURANCE:COMPLETED',
        'VERIFY_ID:COMPLETED',
        'UPLOAD_DOCUMENTS:COMPLETED',
        'FINANCE_DECISION:COMPLETED',
        'SIGN_CONTRACT:COMPLETED',
        'PAYMENT_DETAILS:COMPLETED',
        'SCHEDULE_DELIVERY:READY',
      ].map((item) => (item.startsWith(`${step}:`) ? `${item}*` : item)),
    );
    expect(html).toContain(`data-page-step="${step}"`);
    expect(html).toContain('<h1 id="step-title"');
    expect(html).toContain(text);
    // Only the side list carries data-step: machines read each step once.
    expect(html.match(/<li data-step=/g)).toHaveLength(7);
  });

  it("an outcome page that is not the deal's outcome goes to the active step (issue 18)", async () => {
    const redirected = async (key: string, path: string) => {
      const thrown: unknown = await loadData(key, path).catch((error: unknown) => error);
      if (!(thrown instanceof Response)) throw new Error(`expected a redirect from ${path}`);
      return [thrown.status, thrown.headers.get('location')];
    };
    // Accepted: declined is not what happened.
    expect(await redirected('payment-captured', `/progress/${ORDER}/finance-decision/declined`)).toEqual([
      302,
      `/fulfillment/${ORDER}`,
    ]);
    // Undecided: neither accepted nor declined yet.
    for (const outcome of ['accepted', 'declined']) {
      expect(
        await redirected('cash-dealer-deal-review', `/progress/SR-DEFAULT-10009/finance-decision/${outcome}`),
      ).toEqual([302, '/progress/SR-DEFAULT-10009/deal-review']);
    }
  });

  it('/fulfillment: SCHEDULE_DELIVERY with its facts and the placeholder for scheduling', async () => {
    const path = `/fulfillment/${ORDER}`;
    const html = await render(path, await loadData('payment-captured', path));
    expect(stepItems(html).at(-1)).toBe('SCHEDULE_DELIVERY:READY*');
    expect(html).toContain('Schedule delivery or pickup');
    expect(html).toContain('Get Started');
    expect(html).toContain('data-step-actions="SCHEDULE_DELIVERY"');
    expect(html).toContain('href="tel:+15125550142"');
    expect(html).toContain('Not scheduled');
  });

  it('/deal-review on a dealer-initiated cash order: needs attention, not-ready steps are not links', async () => {
    const path = '/progress/SR-DEFAULT-10009/deal-review';
    const html = await render(path, await loadData('cash-dealer-deal-review', path));
    expect(stepItems(html)).toEqual([
      'VERIFY_INSURANCE:COMPLETED',
      'VERIFY_ID:COMPLETED',
      'UPLOAD_DOCUMENTS:COMPLETED',
      'DEAL_REVIEW:NEEDS_ATTENTION*',
      'FINANCE_DECISION:READY',
      'SIGN_CONTRACT:NOT_READY',
      'SCHEDULE_DELIVERY:NOT_READY',
      'PAYMENT_DETAILS:NOT_READY',
    ]);
    expect(html).toContain('Needs Attention');
    expect(html).toContain('Pending approval');
    expect(html).not.toContain('href="/progress/SR-DEFAULT-10009/signing"');
    expect(html).not.toContain('href="/fulfillment/SR-DEFAULT-10009"');
    expect(html).toContain('href="/progress/SR-DEFAULT-10009/finance-decision"');
    // The mobile header, numbered 'n of total', with a <details> fallback before hydration.
    expect(html).toMatch(/<details>[\s\S]*>4 of 8</);
    // The banner is not on the deal review step.
    expect(html).not.toContain('data-testid="message-banner"');
  });

  it('the banner with its timer sits above the insurance, ID, documents and finance steps', async () => {
    const path = '/progress/SR-DEFAULT-10001/id-verification';
    const html = await render(path, await loadData('finance-new', path));
    expect(html).toContain('data-testid="message-banner" data-variant="message-with-timer"');
    // The timer itself starts in the browser.
    expect(html).not.toContain('data-testid="banner-timer"');
    expect(html).toContain('2023 Honda Accord EX-L');
  });

  it('pages that update by themselves also do so without JavaScript (a meta refresh only a script-less browser reads)', async () => {
    const insurancePath = '/progress/SR-DEFAULT-10002/insurance-verification';
    const insurance = await render(insurancePath, await loadData('insurance-in-progress', insurancePath));
    expect(insurance).toContain('This page updates by itself.');
    // To the page's own address: a GET, never a repeat of the form post that rendered the page.
    expect(insurance).toContain(
      '<noscript><meta http-equiv="refresh" content="2;url=/progress/SR-DEFAULT-10002/insurance-verification"/></noscript>',
    );
    // Seed 000 §9: the ID check is polled every 30 s.
    const idPath = '/progress/SR-DEFAULT-10004/id-verification/next-steps';
    const id = await render(idPath, await loadData('id-check-initiated', idPath));
    expect(id).toContain(
      '<noscript><meta http-equiv="refresh" content="30;url=/progress/SR-DEFAULT-10004/id-verification/next-steps"/></noscript>',
    );
    // A page with nothing in progress never reloads itself.
    const donePath = `/progress/${ORDER}/insurance-verification`;
    expect(await render(donePath, await loadData('payment-captured', donePath))).not.toContain('http-equiv="refresh"');
  });

  it('every step has a page', () => {
    const covered = new Set([...PAGES.map(([, step]) => step), 'DEAL_REVIEW', 'SCHEDULE_DELIVERY']);
    expect([...covered].sort()).toEqual([...WORK_STEPS].sort());
  });
});

describe('the server-issue page', () => {
  async function renderIssue(canTryAgain: boolean): Promise<string> {
    const routes: RouteObject[] = [
      {
        path: '/progress/:orderNumber/*',
        element: (
          <TrackerServerIssue
            status={503}
            tenant={tenant}
            data={{ page: 'server-issue', orderNumber: 'SR-1', tryAgainCount: canTryAgain ? 1 : 3, canTryAgain }}
          />
        ),
      },
    ];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://localhost/progress/SR-1/payment?forceFlag=x'));
    if (context instanceof Response) throw new Error('unexpected response');
    return renderToString(
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />,
    );
  }

  it('shows the status, the try-again text, the tenant phone as a tel: link and Try again', async () => {
    const html = await renderIssue(true);
    expect(html).toContain('503');
    expect(html).toContain('Oops! Something happened on our end. Please try again.');
    expect(html).toContain('href="tel:+15125550142"');
    expect(html).toContain('(512) 555 - 0142');
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/progress\/SR-1"/);
    expect(html).toContain('name="redirectTo" value="/progress/SR-1/payment?forceFlag=x"');
    expect(html).toContain('>Try again</button>');
  });

  it('hides Try again once the session has used it 3 times', async () => {
    const html = await renderIssue(false);
    expect(html).toContain('href="tel:+15125550142"');
    expect(html).not.toContain('Try again</button>');
  });
});
