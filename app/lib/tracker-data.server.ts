import { createCookie, data, redirect, type AppLoadContext } from '@remix-run/node';
import { ApiError, callApi, type ApiContext } from './api.server';
import { extensionSupport, withSeedFallback } from './api-extensions.server';
import { endpoints } from './contract/endpoints';
import { requireShopper } from './auth.server';
import { type Order, type OrderHistory } from './contract/orders';
import {
  CANCELLED_SIGNING_CODES,
  type ContractDocument,
  type DocumentKey,
  type IdVerificationStatus,
  type SigningReadiness,
  type SigningStatus,
} from './contract/tracker';
import { requireSessionSecret } from './shared/env.server';
import { getRequestFlags } from './flags/flags.server';
import { logger } from './shared/logger.server';
import { isPlacedOrder } from './orders';
import { safeRedirect } from './safe-redirect';
import { getShopContext } from './request-context.server';
import { getApiContext, getSession } from './session.server';
import { getTenantForRequest } from './shared/tenant/tenants.server';
import {
  getShopperActions,
  parseShopperActionsStore,
  recordShopperAction,
  type ShopperAction,
  type ShopperActions,
} from './tracker/actions';
import { getBanner } from './tracker/banner';
import { stepGuidance } from './tracker/copy';
import { getDealOutcome, getDealStatusName } from './tracker/deal';
import type { TrackerErrorData, TrackerPageData } from './tracker/page';
import { getTrackerRedirect, keepForcedFlags, parseTrackerPath } from './tracker/paths';
import { mapPolicyStatus, type PolicyStatusName } from './tracker/statuses';
import { stepFacts } from './tracker/step-facts';
import { STEP_TITLE, stepPath } from './tracker/steps';
import { buildTracker } from './tracker/tracker';
import { isOneOf } from './shared/guards';

// The tracker's loader: the contract's calls for one order (seed 000 §7), all started
// together, turned into the steps of app/lib/tracker/ and the page's data. Failures become the
// pages of seed 000 §2.2: 5xx the server-issue page, anything else the not-found page.

// ------------------------------------------------------------------------------------------
// The calls

/** Seed 000 §9: the two documents calls are retried up to 10 times, 1 s apart. */
export const DOCUMENT_RETRIES = 10;
export const DOCUMENT_RETRY_DELAY_MS = 1_000;

/** Seed 000 §9: the Try again button is hidden once the session has used it this many times. */
export const TRY_AGAIN_LIMIT = 3;

/** Seed 000 §8: the data the tracker cannot do without. */
export type MissingTrackerData = 'order' | 'history' | 'insurance' | 'idCheck' | 'documents' | 'readiness' | 'signing';

const MISSING_MESSAGES: Record<MissingTrackerData, string> = {
  order: 'not enough data for the progress state (no order or no deal reference)',
  history: 'no order history data',
  insurance: 'no insurance status data',
  idCheck: 'no ID-check data',
  documents: 'no document data',
  readiness: 'no readiness data',
  signing: 'no signing status data',
};

/** A call answered without the data the tracker needs. It has no HTTP status: the not-found page. */
export class TrackerDataError extends Error {
  override name = 'TrackerDataError';
  constructor(readonly missing: MissingTrackerData) {
    super(MISSING_MESSAGES[missing]);
  }
}

export type TrackerData = {
  order: Order;
  history: OrderHistory;
  idVerification: IdVerificationStatus;
  requiredDocuments: DocumentKey[];
  documents: ContractDocument[];
  readiness: SigningReadiness;
  signing: SigningStatus;
  policyStatus: PolicyStatusName | null;
};

export type LoadTrackerOptions = {
  /** Waits between documents retries; tests pass one that does not sleep. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  documentRetries?: number;
  retryDelayMs?: number;
  /** Per call; the contract's 20 s unless a test shortens it. */
  timeoutMs?: number;
};

/** Resolves after `ms`, or at once when the signal aborts. */
export function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The readiness call's answer when it fails (seed 000 §7). */
export const NOT_READY_FOR_SIGNING: SigningReadiness = { ready: false, isSigningNotificationSent: false };

/** What a signing-status error with a cancelled code stands for (seed 000 §4.3, §8). */
export const CANCELLED_SIGNING: SigningStatus = {
  status: 'Cancelled',
  signersCompleted: { buyer: false, dealer: false },
};

function isCancelledSigningError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    isOneOf(CANCELLED_SIGNING_CODES, error.code)
  );
}

/**
 * Calls until the answer is acceptable: up to `retries` more times, `delayMs` apart. Answers
 * null when the shopper left; otherwise throws the last failure. A time-out is not retried:
 * each attempt may already have waited 20 s.
 */
async function withRetries<T>(
  call: () => Promise<T | null>,
  acceptable: (value: T) => boolean,
  missing: MissingTrackerData,
  options: { retries: number; delayMs: number; wait: NonNullable<LoadTrackerOptions['wait']>; signal: AbortSignal },
): Promise<T | null> {
  let failure: unknown = new TrackerDataError(missing);
  for (let attempt = 0; attempt <= options.retries; attempt += 1) {
    if (attempt > 0) {
      await options.wait(options.delayMs, options.signal);
      if (options.signal.aborted) return null;
    }
    try {
      const value = await call();
      if (value === null) return null;
      if (acceptable(value)) return value;
      failure = new TrackerDataError(missing);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failure = error;
      if (error.code === 'error.api.timeout') break;
    }
  }
  throw failure;
}

/**
 * Every call the tracker needs for one order. The calls keyed by the order number start at
 * once; the two documents calls need the deal id, so they start the moment the order arrives,
 * while the others are still out. Answers null when the shopper left the page.
 */
export async function loadTrackerData(
  context: ApiContext,
  orderNumber: string,
  options: LoadTrackerOptions = {},
): Promise<TrackerData | null> {
  // The first failure settles the page: the calls still out are cancelled, retries stop.
  const settled = new AbortController();
  const signal = context.signal ? AbortSignal.any([context.signal, settled.signal]) : settled.signal;
  const api: ApiContext = { ...context, signal };
  const timeoutMs = options.timeoutMs;
  const retry = {
    retries: options.documentRetries ?? DOCUMENT_RETRIES,
    delayMs: options.retryDelayMs ?? DOCUMENT_RETRY_DELAY_MS,
    wait: options.wait ?? waitFor,
    signal,
  };

  const orderCall = callApi(api, endpoints.orders.order, { params: { orderNumber }, timeoutMs });
  const documentsCalls = orderCall.then((answer) => {
    const dealId = answer?.data.deal.dealRefId;
    if (!dealId) return null;
    return Promise.all([
      withRetries(
        () => callApi(api, endpoints.documents.package, { params: { dealId }, timeoutMs }),
        () => true,
        'documents',
        retry,
      ),
      withRetries(
        () => callApi(api, endpoints.documents.list, { params: { dealId }, query: { excludeSystem: true }, timeoutMs }),
        (answer) => answer.documents.length > 0,
        'documents',
        retry,
      ),
    ]);
  });

  try {
    const [orderAnswer, historyAnswer, idVerification, readiness, signing, insurance, documentAnswers] =
      await Promise.all([
        orderCall,
        callApi(api, endpoints.orders.history, { params: { orderNumber }, timeoutMs }),
        callApi(api, endpoints.idVerification.status, { query: { orderId: orderNumber }, timeoutMs }),
        callApi(api, endpoints.contracting.readiness, { params: { orderNumber }, timeoutMs }).catch(
          (error: unknown) => {
            if (!(error instanceof ApiError)) throw error;
            logger.info(
              { status: error.status, code: error.code },
              'tracker: readiness call failed; reading it as not ready',
            );
            return NOT_READY_FOR_SIGNING;
          },
        ),
        callApi(api, endpoints.contracting.status, { params: { orderNumber }, timeoutMs }).catch((error: unknown) => {
          if (isCancelledSigningError(error)) return CANCELLED_SIGNING;
          throw error;
        }),
        callApi(api, endpoints.insurance.progress, { params: { orderNumber }, timeoutMs }),
        documentsCalls,
      ]);
    if (context.signal?.aborted) return null;
    if (!orderAnswer?.data.deal.dealRefId) throw new TrackerDataError('order');
    if (!historyAnswer) throw new TrackerDataError('history');
    if (!insurance) throw new TrackerDataError('insurance');
    if (!idVerification) throw new TrackerDataError('idCheck');
    const [documentPackage, documents] = documentAnswers ?? [null, null];
    if (!documentPackage || !documents) throw new TrackerDataError('documents');
    if (!readiness) throw new TrackerDataError('readiness');
    if (!signing) throw new TrackerDataError('signing');
    return {
      order: orderAnswer.data,
      history: historyAnswer.data.history,
      idVerification,
      requiredDocuments: documentPackage.data.required,
      documents: documents.documents,
      readiness,
      signing,
      policyStatus: mapPolicyStatus(insurance.policyStatus),
    };
  } catch (error) {
    settled.abort();
    if (context.signal?.aborted) return null;
    throw error;
  } finally {
    // Nothing is left running once the page has its answer.
    settled.abort();
  }
}

/** Which platforms lacked the tracker-state extension (decision 079). */
const trackerStateSupport = extensionSupport();

/** Forgets which platforms lacked the extension (tests that play both kinds). */
export function resetTrackerStateSupport(): void {
  trackerStateSupport.reset();
}

/**
 * The same data in one call (GET …/tracker-state, our extension): enough to work out the steps
 * and the active step, for a URL that only redirects. A platform without the extension (404 or
 * 501) is asked the seed's calls instead, so a missing order, a 503 or a missing insurance status
 * reads as it would on the step pages. Answers null when the shopper left the page.
 */
export async function loadTrackerState(
  context: ApiContext,
  orderNumber: string,
  options: LoadTrackerOptions = {},
): Promise<TrackerData | null> {
  return withSeedFallback(
    trackerStateSupport,
    context.tenantId,
    () => readTrackerState(context, orderNumber, options),
    () => loadTrackerData(context, orderNumber, options),
  );
}

async function readTrackerState(
  context: ApiContext,
  orderNumber: string,
  options: Pick<LoadTrackerOptions, 'timeoutMs'>,
): Promise<TrackerData | null> {
  const answer = await callApi(context, endpoints.orders.trackerState, {
    params: { orderNumber },
    timeoutMs: options.timeoutMs,
  });
  if (context.signal?.aborted) return null;
  if (!answer) throw new TrackerDataError('order');
  const state = answer.data;
  return {
    order: state.order,
    history: state.history,
    idVerification: state.idVerification,
    requiredDocuments: state.required,
    documents: state.documents,
    readiness: state.readiness,
    signing: state.signing,
    policyStatus: mapPolicyStatus(state.insurance.policyStatus),
  };
}

// ------------------------------------------------------------------------------------------
// What the shopper did in this browser (contract started, cash order paid)

let actionsCookies: { plain: ReturnType<typeof createCookie>; secure: ReturnType<typeof createCookie> } | undefined;

function createActionsCookie(secure: boolean) {
  return createCookie(secure ? '__Host-showroom_tracker' : 'showroom_tracker', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    secrets: [requireSessionSecret()],
    maxAge: 60 * 60 * 24 * 90,
  });
}

function actionsCookieFor(request: Request) {
  actionsCookies ??= { plain: createActionsCookie(false), secure: createActionsCookie(true) };
  return new URL(request.url).protocol === 'https:' ? actionsCookies.secure : actionsCookies.plain;
}

async function readActionsStore(request: Request) {
  const value: unknown = await actionsCookieFor(request).parse(request.headers.get('cookie'));
  return parseShopperActionsStore(value);
}

export async function getRecordedShopperActions(request: Request, orderNumber: string): Promise<ShopperActions> {
  return getShopperActions(await readActionsStore(request), orderNumber);
}

/** The Set-Cookie value that records an action for this order (the step actions call it). */
export async function recordShopperActionCookie(
  request: Request,
  orderNumber: string,
  action: ShopperAction,
): Promise<string> {
  const store = recordShopperAction(await readActionsStore(request), orderNumber, action);
  return actionsCookieFor(request).serialize(store);
}

// ------------------------------------------------------------------------------------------
// The page

function describe(error: unknown): Record<string, unknown> {
  if (error instanceof ApiError) return { status: error.status, code: error.code };
  if (error instanceof TrackerDataError) return { missing: error.missing };
  return { err: error };
}

/** Seed 000 §2.2: 500 and above, the server-issue page with its status; anything else, 404. */
export function trackerErrorResponse(error: unknown, context: { orderNumber: string; tryAgainCount: number }) {
  const status = error instanceof ApiError ? error.status : error instanceof TrackerDataError ? 404 : 500;
  if (status >= 500) {
    logger.error({ orderNumber: context.orderNumber, ...describe(error) }, 'tracker: the order could not be loaded');
    const body: TrackerErrorData = {
      page: 'server-issue',
      orderNumber: context.orderNumber,
      tryAgainCount: context.tryAgainCount,
      canTryAgain: context.tryAgainCount < TRY_AGAIN_LIMIT,
    };
    return data(body, { status });
  }
  logger.info({ orderNumber: context.orderNumber, ...describe(error) }, 'tracker: order not found');
  return trackerNotFound();
}

export function trackerNotFound() {
  const body: TrackerErrorData = { page: 'not-found' };
  return data(body, { status: 404 });
}

/**
 * The loader of every tracker page: the signed-in shopper's order, its steps, and a redirect
 * to the active step when the URL asks for an unknown path or a step that is not ready.
 */
export async function loadTrackerPage(
  request: Request,
  orderNumber: string | undefined,
  options: LoadTrackerOptions = {},
): Promise<TrackerPageData> {
  await requireShopper(request);
  if (!orderNumber) throw trackerNotFound();
  const tenant = getTenantForRequest(request);
  const session = await getSession(request);
  const [context, flags, actions] = await Promise.all([
    getApiContext(request, session),
    getRequestFlags(request, tenant),
    getRecordedShopperActions(request, orderNumber),
  ]);

  const location = parseTrackerPath(new URL(request.url).pathname, orderNumber);
  let loaded: TrackerData | null;
  try {
    // The bare /progress/{orderNumber} (or an unknown path) only redirects: one call answers
    // what the active step is worked out from, instead of the page's eight (issue 17 point 5).
    loaded =
      location.kind === 'step'
        ? await loadTrackerData(context, orderNumber, options)
        : await loadTrackerState(context, orderNumber, options);
  } catch (error) {
    throw trackerErrorResponse(error, { orderNumber, tryAgainCount: session.get('tryAgainCount') ?? 0 });
  }
  // The shopper left: nobody reads this answer.
  if (!loaded) throw data(null, { status: 499 });
  // A draft or cancelled order has no tracker; another tenant's order is not ours to show.
  if (!isPlacedOrder(loaded.order) || loaded.order.tenantId !== tenant.id) {
    logger.info(
      { orderNumber, orderStatus: loaded.order.orderStatus },
      'tracker: order not placed or not in this tenant',
    );
    throw trackerNotFound();
  }

  const { order } = loaded;
  const tracker = buildTracker({
    order,
    history: loaded.history,
    idVerification: loaded.idVerification,
    documents: loaded.documents,
    readiness: loaded.readiness,
    signing: loaded.signing,
    policyStatus: loaded.policyStatus,
    flags: {
      consolidateFinanceAndSigning: flags['consolidate-finance-and-signing'] === true,
      dealReviewPage: flags['deal-review-page'] === true,
    },
    actions,
  });

  const target = getTrackerRedirect(location, { orderNumber, steps: tracker.steps, activeStep: tracker.activeStep });
  if (target || location.kind !== 'step') {
    throw redirect(keepForcedFlags(target ?? stepPath(orderNumber, tracker.activeStep), request.url));
  }

  const page: Omit<TrackerPageData, 'stepFacts'> = {
    orderNumber: order.orderNumber,
    dealType: order.deal.type,
    vehicle: order.vehicle,
    steps: tracker.steps.map(({ step, status }) => ({
      step,
      status,
      title: STEP_TITLE[step],
      href: status === 'NOT_READY' ? null : stepPath(order.orderNumber, step),
    })),
    activeStep: tracker.activeStep,
    currentStep: location.step,
    subPage: location.subPage,
    banner: getBanner({
      step: location.step,
      signingComplete: tracker.signingComplete,
      variant: flags['progress-message-banner'],
      financeDeclined: tracker.steps.some(
        (item) => item.step === 'FINANCE_DECISION' && item.status === 'NEEDS_ATTENTION',
      ),
    }),
    facts: {
      orderStatus: order.orderStatus,
      dealStatusCode: order.deal.status,
      dealStatus: getDealStatusName(order.deal.status),
      dealOutcome: getDealOutcome(order.deal.status),
      dealSource: order.deal.source,
      offRamp: tracker.offRamp,
      signingComplete: tracker.signingComplete,
      paymentStatus: order.paymentInfo?.status ?? null,
      hasPaymentInfo: order.paymentInfo !== null,
      appointmentTime: order.delivery?.appointmentTime ?? null,
      orderIdCheck: order.idVerification?.status ?? null,
      idVerification: loaded.idVerification,
      requiredDocuments: loaded.requiredDocuments,
      documents: loaded.documents.map(({ id, key, type, status, fileName, rejection, inReview }) => ({
        id,
        key,
        type,
        status,
        fileName,
        rejection: rejection ?? null,
        ...(inReview ? { inReview } : {}),
      })),
      readiness: loaded.readiness,
      signing: loaded.signing,
      policyStatus: loaded.policyStatus,
      actions,
    },
    guidance: stepGuidance(tracker.steps, getDealOutcome(order.deal.status)),
  };
  return { ...page, stepFacts: stepFacts(location.step, page, tenant.timeZone) };
}

// ------------------------------------------------------------------------------------------
// Try again

/**
 * The server-issue page's Try again button: counts the attempt in the session (the button
 * hides at 3) and goes back to the page, which loads again.
 */
export async function tryAgain(request: Request, loadContext: AppLoadContext, fallback: string): Promise<Response> {
  const form = await request.formData();
  const { session } = await getShopContext({ request, context: loadContext });
  session.set('tryAgainCount', (session.get('tryAgainCount') ?? 0) + 1);
  return redirect(safeRedirect(form.get('redirectTo'), fallback));
}

// ------------------------------------------------------------------------------------------
// /signing?orderNumber=…

const ORDER_NUMBER = /^[A-Za-z0-9-]{1,60}$/;

/** The order's signing page (a sub-page if given) for a signed-in shopper; 404 without a usable order number. */
export async function signingEntryRedirect(
  request: Request,
  orderNumber: string | null,
  subPage?: 'hello-again' | 'thank-you',
) {
  await requireShopper(request);
  if (!orderNumber || !ORDER_NUMBER.test(orderNumber)) return trackerNotFound();
  return redirect(keepForcedFlags(stepPath(orderNumber, 'SIGN_CONTRACT', subPage), request.url));
}
