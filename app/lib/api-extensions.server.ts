import { ApiError } from './api.server';

// Our extensions of the seed's API (GET …/tracker-state, GET /api/payments/orders/{n},
// GET /api/account/shell, decision 079) are optional: a platform that implements only the
// seed's endpoints answers them 404 or 501, and the storefront then asks the seed's own calls,
// so the shopper's page means the same thing on either platform.

/** The contract's "no such order" (commerce-api.md): a 404 that is about the order, not the route. */
const ORDER_NOT_FOUND = 'error.order.notFound';

/** How long a platform that lacks an extension is asked the seed's calls without trying it again. */
export const EXTENSION_RECHECK_MS = 5 * 60_000;

/** An answer that says the platform does not have the extension at all: fall back to the seed's calls. */
export function isMissingExtension(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 501);
}

/**
 * Remembers, per platform (the tenant's id), which extensions it lacked, so a seed-only platform
 * is not asked a call it cannot answer on every page. A 404 the contract words as "no such order"
 * comes from a platform that has the route: it is not remembered.
 */
export function extensionSupport(recheckMs = EXTENSION_RECHECK_MS) {
  const missingSince = new Map<string, number>();
  return {
    /** False while the platform is known to lack the extension. */
    worthAsking(platform: string): boolean {
      const since = missingSince.get(platform);
      return since === undefined || Date.now() - since >= recheckMs;
    },
    /** Notes a 404 or 501 the extension answered. */
    missing(platform: string, error: ApiError): void {
      if (error.status === 501 || error.code !== ORDER_NOT_FOUND) missingSince.set(platform, Date.now());
    },
    reset(): void {
      missingSince.clear();
    },
  };
}

/**
 * Calls the extension, or the seed's calls when the platform lacks it (404 or 501, now or within
 * the recheck time). Any other failure of the extension is the page's failure, as the seed's
 * calls' would be.
 */
export async function withSeedFallback<T>(
  support: ReturnType<typeof extensionSupport>,
  platform: string,
  extension: () => Promise<T>,
  seedCalls: () => Promise<T>,
): Promise<T> {
  if (!support.worthAsking(platform)) return seedCalls();
  try {
    return await extension();
  } catch (error) {
    if (!isMissingExtension(error)) throw error;
    support.missing(platform, error);
    return seedCalls();
  }
}
