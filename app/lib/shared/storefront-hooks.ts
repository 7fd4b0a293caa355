// What the Express process asks of the storefront. `app/entry.server.tsx` exports these, so the
// process reaches the storefront through its build (`build.entry.module`) and never imports the
// storefront's modules: one copy of the session and flag code per process, and a boundary lint
// can check (server/ imports only app/lib/contract and app/lib/shared).

export type StorefrontHooks = {
  /** Refreshes an expiring identity token once, before a page's loaders run in parallel. */
  refreshTokensIfNeeded(request: Request): Promise<{ setCookie: string; cookieHeader: string } | null>;
  /** Starts loading the tenants' flag datafiles (the service refreshes them every 5 minutes). */
  startFlags(tenantIds: string[]): void;
};

/** The hooks a Remix build's entry module exports; a build without them is a wiring bug. */
export function getStorefrontHooks(build: { entry: { module: object } }): StorefrontHooks {
  const module: Partial<Record<keyof StorefrontHooks, unknown>> = build.entry.module;
  const { refreshTokensIfNeeded, startFlags } = module;
  if (typeof refreshTokensIfNeeded !== 'function' || typeof startFlags !== 'function')
    throw new Error('The Remix build does not export the storefront hooks (app/entry.server.tsx).');
  return { refreshTokensIfNeeded, startFlags } as StorefrontHooks;
}
