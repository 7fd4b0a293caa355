// What the Express process asks of the storefront. `app/entry.server.tsx` exports these, so the
// process reaches the storefront through its build (`build.entry.module`) and never imports the
// storefront's modules: one copy of the session and flag code per process, and a boundary lint
// can check (server/ imports only app/lib/contract and app/lib/shared).
import type { AppLoadContext } from '@remix-run/node';
import type { ShellSummary } from '../contract/shell';
import type { ApiDispatch } from './api-transport';

type ShopContext = NonNullable<AppLoadContext['shop']>;

export type StorefrontHooks = {
  /**
   * Before a page's loaders run in parallel: refreshes an expiring identity token once, or
   * checks that the session is still live and reads the header's counts with it.
   */
  refreshTokensIfNeeded(
    request: Request,
  ): Promise<{ outcome: 'renewed' | 'ended'; cookieHeader: string } | { outcome: 'live'; shell: ShellSummary } | null>;
  /** Starts loading the tenants' flag datafiles (the service refreshes them every 5 minutes). */
  startFlags(tenantIds: string[]): void;
  /** Builds the request context (tenant, session, API context, correlation id) once per request. */
  createShopContext(
    request: Request,
    options: { correlationId?: string; clientIp?: string; sessionRefresh?: 'renewed' | 'ended'; shell?: ShellSummary },
  ): Promise<ShopContext>;
  /** Commits the request context's cookies once onto the answer's headers. */
  commitShopContext(shop: ShopContext, headers: Headers): Promise<void>;
  /** Sends the storefront's API calls to the built-in backend in memory, or over HTTP again with null (decision 071). */
  setApiDispatch(dispatch: ApiDispatch | null): void;
  /** Runs a page's work with its correlation id and trace context, which its API calls carry. */
  runWithRequestIds<T>(ids: { correlationId?: string; traceparent?: string }, work: () => Promise<T>): Promise<T>;
};

/** The hooks a Remix build's entry module exports; a build without them is a wiring bug. */
export function getStorefrontHooks(build: { entry: { module: object } }): StorefrontHooks {
  const module: Partial<Record<keyof StorefrontHooks, unknown>> = build.entry.module;
  const { refreshTokensIfNeeded, startFlags, createShopContext, commitShopContext, setApiDispatch, runWithRequestIds } =
    module;
  if (
    typeof refreshTokensIfNeeded !== 'function' ||
    typeof setApiDispatch !== 'function' ||
    typeof runWithRequestIds !== 'function' ||
    typeof startFlags !== 'function' ||
    typeof createShopContext !== 'function' ||
    typeof commitShopContext !== 'function'
  )
    throw new Error('The Remix build does not export the storefront hooks (app/entry.server.tsx).');
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the build's entry module is untyped: the checks above prove each hook is a function, and no check can prove its parameters.
  return {
    refreshTokensIfNeeded,
    startFlags,
    createShopContext,
    commitShopContext,
    setApiDispatch,
    runWithRequestIds,
  } as StorefrontHooks;
}
