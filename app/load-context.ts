import type { ShopContext } from './lib/request-context.server';

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce?: string;
    /** The shopper's address, when the server passes it to Remix (for per-address limits). */
    clientIp?: string;
    /**
     * The request's tenant, session, API context, correlation id and cookies, built once by
     * the server (server/app.ts). Loaders read it with getShopContext.
     */
    shop?: ShopContext;
  }
}
export {};
