import { randomUUID } from 'node:crypto';
import type { AppLoadContext, Session, SessionStorage } from '@remix-run/node';
import { requestIds, type ApiContext } from './api.server';
import { getAuthFlowStorage, type AuthFlowSession } from './auth.server';
import { HEADER } from './contract/common';
import type { ShellSummary } from './contract/shell';
import { requestContext as logContext } from './shared/logger.server';
import { getSession, getSessionStorage, type ShopperSession } from './session.server';
import type { Tenant } from './shared/tenant/schema';
import { getTenantForRequest } from './shared/tenant/tenants.server';

// Everything a request needs, built once by the server (server/app.ts) before any loader runs,
// and the cookies it writes, committed once by the server after the answer is made: a page, a
// data request, a redirect thrown from a loader, an error page or a file from a resource route
// all carry them. Routes change the session and never write Set-Cookie themselves.

/** The cookies an answer writes: tracked sessions (committed when changed) and plain cookies. */
export class ResponseCookies {
  readonly #sessions = new Map<object, TrackedSession>();
  readonly #plain = new Map<string, string>();

  /** Commits this session on the answer when its data changed (a flash read counts), or destroys it. */
  track<D, F>(storage: SessionStorage<D, F>, session: Session<D, F>): Session<D, F> {
    const before = JSON.stringify(session.data);
    this.#sessions.set(session, {
      destroyed: false,
      renewed: false,
      changed: () => JSON.stringify(session.data) !== before,
      commit: () => storage.commitSession(session),
      destroy: () => storage.destroySession(session),
      clear: () => {
        // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the keys come from the session's own data, which also holds flash values under internal names that `unset` takes at run time but its type does not name.
        for (const key of Object.keys(session.data)) session.unset(key as keyof D & string);
      },
    });
    return session;
  }

  #tracked(session: object): TrackedSession {
    const tracked = this.#sessions.get(session);
    if (!tracked) throw new Error('this session is not tracked by the request');
    return tracked;
  }

  /**
   * Ends a tracked session: its cookie is removed on the answer. Its data is cleared too, so a
   * loader of the same request reads a signed-out shopper.
   */
  destroy(session: object): void {
    const tracked = this.#tracked(session);
    tracked.clear();
    tracked.destroyed = true;
  }

  /** Commits a tracked session on the answer even when its data did not change (tokens refreshed). */
  renew(session: object): void {
    this.#tracked(session).renewed = true;
  }

  /** Starts the session afresh (sign-in): nothing from before is kept but what the caller sets again. */
  restart(session: object): void {
    const tracked = this.#tracked(session);
    tracked.clear();
    tracked.destroyed = false;
  }

  /** A cookie of its own (compare list, trade-in draft...): a later value of the same name wins. */
  set(setCookie: string): void {
    this.#plain.set(setCookie.slice(0, setCookie.indexOf('=')), setCookie);
  }

  /** The Set-Cookie values of the answer. */
  async commit(): Promise<string[]> {
    const values: string[] = [];
    for (const tracked of this.#sessions.values()) {
      if (tracked.destroyed) values.push(await tracked.destroy());
      else if (tracked.renewed || tracked.changed()) values.push(await tracked.commit());
    }
    return [...values, ...this.#plain.values()];
  }
}

type TrackedSession = {
  destroyed: boolean;
  renewed: boolean;
  changed: () => boolean;
  commit: () => Promise<string>;
  destroy: () => Promise<string>;
  clear: () => void;
};

export type ShopContext = {
  tenant: Tenant;
  /** The page request's correlation id: sent on every API call and written on every log line. */
  correlationId: string;
  /** The shopper's session; change it freely, the server commits it once. */
  session: ShopperSession;
  /** The short-lived sign-in flow cookie (codes waiting, social state, notices). */
  authFlow: AuthFlowSession;
  /** The commerce API as this shopper: tenant, identity token, session id and the page's signal. */
  api: ApiContext;
  cookies: ResponseCookies;
  /** The shopper's address when the server knows it (per-address limits). */
  clientIp?: string;
  /**
   * The header's counts, read by the session check before the loaders (a GET's), so the root
   * loader does not ask again (decision 072); absent when nobody read them.
   */
  shell?: ShellSummary;
};

/** Builds the context of one request; the server calls it once, before Remix runs the loaders. */
export async function createShopContext(
  request: Request,
  options: {
    correlationId?: string;
    clientIp?: string;
    /** The token refresh that ran before (server/app.ts): its session is committed here, once. */
    sessionRefresh?: 'renewed' | 'ended';
    /** What the session check before the loaders read of the header's counts. */
    shell?: ShellSummary;
  } = {},
): Promise<ShopContext> {
  const cookies = new ResponseCookies();
  const flowStorage = getAuthFlowStorage(request);
  const [session, authFlow] = await Promise.all([
    getSession(request),
    flowStorage.getSession(request.headers.get('cookie')),
  ]);
  const tenant = getTenantForRequest(request);
  const correlationId =
    options.correlationId ??
    logContext.getStore()?.correlationId ??
    request.headers.get(HEADER.correlationId) ??
    randomUUID();
  cookies.track(getSessionStorage(request), session);
  cookies.track(flowStorage, authFlow);
  if (options.sessionRefresh === 'renewed') cookies.renew(session);
  if (options.sessionRefresh === 'ended') cookies.destroy(session);
  return {
    tenant,
    correlationId,
    session,
    authFlow,
    api: {
      tenantId: tenant.id,
      token: session.get('identityToken') ?? null,
      sessionId: session.get('analyticsSessionId') ?? null,
      signal: request.signal,
      correlationId,
      traceparent: requestIds(request).traceparent,
    },
    cookies,
    clientIp: options.clientIp,
    ...(options.shell ? { shell: options.shell } : {}),
  };
}

/**
 * The request's context. The server builds it before the loaders run; a loader called
 * directly (a unit test) gets one made on first use and kept on its `context` object, so
 * every helper of that call shares it (commit it with `commitShopContext`).
 */
export function getShopContext(args: { request: Request; context: AppLoadContext }): Promise<ShopContext> {
  const { context } = args;
  if (context.shop) return Promise.resolve(context.shop);
  let made = madeOnUse.get(context);
  if (!made) {
    made = createShopContext(args.request, { clientIp: context.clientIp }).then((shop) => (context.shop = shop));
    madeOnUse.set(context, made);
  }
  return made;
}

// Parallel helpers of one direct call share one context, not one each.
const madeOnUse = new WeakMap<AppLoadContext, Promise<ShopContext>>();

/** Appends the request's cookies to the answer's headers: the one place Set-Cookie is written. */
export async function commitShopContext(shop: ShopContext, headers: Headers): Promise<void> {
  for (const value of await shop.cookies.commit()) headers.append('set-cookie', value);
}
