import { delay } from 'msw';
import type { OrderHistory } from '~/lib/contract/orders';
import { commitSession, getSessionStorage } from '~/lib/session.server';
import { SCENARIOS, type Scenario } from '../../server/db/seed-data/scenarios';
import { commerce, server, type HandlerOptions } from '../support/msw';
import { scenarioAnswers, type ScenarioAnswers } from '../unit/tracker/scenario-data';

// Helpers for the tracker's route tests: a signed-in request with a real session cookie, and
// the commerce API answering one seeded scenario through msw.

export const ORIGIN = 'http://localhost';

export function scenario(key: string): Scenario {
  const found = SCENARIOS.find((item) => item.key === key);
  if (!found) throw new Error(`no scenario ${key}`);
  return found;
}

export type SessionOptions = { signedIn?: boolean; tryAgainCount?: number; cookies?: string[] };

/** The session cookie ("name=value") of a signed-in demo shopper. */
export async function sessionCookie(options: SessionOptions = {}): Promise<string | null> {
  if (options.signedIn === false && options.tryAgainCount === undefined) return null;
  const probe = new Request(ORIGIN);
  const session = await getSessionStorage(probe).getSession();
  if (options.signedIn !== false) {
    session.set('identityToken', 'identity-token');
    session.set('refreshToken', 'refresh-token');
    session.set('tokenExpiresAt', Date.now() + 15 * 60_000);
    session.set('shopper', { id: 'user-1', firstName: 'Dana', lastName: 'Rivera', email: 'demo@showroom.test' });
  }
  if (options.tryAgainCount !== undefined) session.set('tryAgainCount', options.tryAgainCount);
  const setCookie = await commitSession(probe, session);
  return setCookie.slice(0, setCookie.indexOf(';'));
}

/** A real Request for a tracker URL, with the shopper's cookies. */
export async function trackerRequest(
  path: string,
  options: SessionOptions & { method?: string; body?: BodyInit } = {},
): Promise<Request> {
  const cookies = [await sessionCookie(options), ...(options.cookies ?? [])].filter(Boolean);
  const headers = new Headers();
  if (cookies.length) headers.set('cookie', cookies.join('; '));
  if (options.body instanceof URLSearchParams) headers.set('content-type', 'application/x-www-form-urlencoded');
  return new Request(`${ORIGIN}${path}`, { method: options.method ?? 'GET', headers, body: options.body });
}

export type MockOptions = {
  /** Leave these calls out, so a test can answer them its own way. */
  skip?: ReadonlyArray<
    | 'order'
    | 'history'
    | 'idVerification'
    | 'readiness'
    | 'signing'
    | 'package'
    | 'documents'
    | 'insurance'
    | 'fulfillment'
    | 'trackerState'
  >;
  /** Per call, e.g. to watch or hold the request. */
  options?: Partial<
    Record<
      | 'order'
      | 'history'
      | 'idVerification'
      | 'readiness'
      | 'signing'
      | 'package'
      | 'documents'
      | 'insurance'
      | 'fulfillment'
      | 'trackerState',
      HandlerOptions
    >
  >;
  /** Replace parts of the answers. */
  answers?: Partial<ScenarioAnswers>;
};

/** The commerce API answering every tracker call for one scenario (the default tenant's copy). */
export function mockScenario(item: Scenario, mock: MockOptions = {}): ScenarioAnswers {
  const answers = { ...scenarioAnswers(item), ...mock.answers };
  const { order } = answers;
  const skip = new Set(mock.skip ?? []);
  const opts = mock.options ?? {};
  const handlers = [
    skip.has('order') ? null : commerce.order(order, opts.order),
    skip.has('history')
      ? null
      : commerce.orderHistory(order.orderNumber, answers.history as OrderHistory, opts.history),
    skip.has('idVerification')
      ? null
      : commerce.idVerification(order.orderNumber, answers.idVerification, opts.idVerification),
    skip.has('readiness') ? null : commerce.signingReadiness(order.orderNumber, answers.readiness, opts.readiness),
    skip.has('signing') ? null : commerce.signingStatus(order.orderNumber, answers.signing, opts.signing),
    skip.has('package') ? null : commerce.documentPackage(order.deal.dealRefId, answers.required, opts.package),
    skip.has('documents') ? null : commerce.documents(order.deal.dealRefId, answers.documents, opts.documents),
    skip.has('insurance') ? null : commerce.insuranceProgress(order.orderNumber, answers.policyStatus, opts.insurance),
    skip.has('fulfillment') ? null : commerce.fulfillment(order.orderNumber, {}, opts.fulfillment),
    skip.has('trackerState')
      ? null
      : commerce.trackerState(
          {
            order,
            history: answers.history as OrderHistory,
            idVerification: answers.idVerification,
            readiness: answers.readiness,
            signing: answers.signing,
            insurance: { policyStatus: answers.policyStatus },
            required: answers.required,
            documents: answers.documents,
          },
          opts.trackerState,
        ),
  ].filter((handler) => handler !== null);
  server.use(...handlers);
  return answers;
}

/** What a loader threw: a redirect Response, a `data()` result, or an Error. */
export async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the loader to throw');
}

/** The body of a thrown `data(body, init)`. */
export function thrownData(thrown: unknown): unknown {
  return (thrown as { data?: unknown }).data;
}

export { delay };
