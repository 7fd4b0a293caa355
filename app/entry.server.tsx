import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { FirstViewPixelContext } from './lib/analytics/first-view-pixel';
import { firstViewPixelHtml } from './lib/analytics/first-view-pixel.server';
import { getFlagService } from './lib/flags/flags.server';
import { NonceProvider } from './lib/nonce';
import { lowPriorityModulePreloads } from './lib/shared/html/script-priority.server';
import type { StorefrontHooks } from './lib/shared/storefront-hooks';

// The storefront hooks the Express process calls through the build (app/lib/shared/storefront-hooks.ts).
export { runWithRequestIds, setApiDispatch } from './lib/api.server';
export { refreshTokensIfNeeded } from './lib/auth.server';
export { commitShopContext, createShopContext } from './lib/request-context.server';
export const startFlags: StorefrontHooks['startFlags'] = (tenantIds) => getFlagService().start(tenantIds);

const ABORT_DELAY = 20_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === 'string' ? loadContext.cspNonce : undefined;
  if (responseStatusCode === 429) keepRetryAfter(remixContext, responseHeaders);
  // Bots and no-JavaScript shoppers get the whole page at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '');
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <FirstViewPixelContext.Provider value={firstViewPixelHtml}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </FirstViewPixelContext.Provider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          // The page's module preloads at low priority: what the shopper sees loads first (decision 045).
          const body = lowPriorityModulePreloads();
          responseHeaders.set('content-type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) {
            // Logged by Remix's handleError; nothing more to do while streaming.
            void error;
          }
        },
      },
    );
    setTimeout(abort, ABORT_DELAY + 1000);
  });
}

/**
 * A loader or action that threw a 429 (an upstream rate limit, app/lib/api.server.ts) said how
 * long to wait; Remix passes a thrown answer's headers on only through a route's `headers`
 * export, which the error pages' routes do not have.
 */
function keepRetryAfter(remixContext: EntryContext, responseHeaders: Headers): void {
  if (responseHeaders.has('retry-after')) return;
  const { actionHeaders, loaderHeaders } = remixContext.staticHandlerContext;
  for (const headers of [...Object.values(actionHeaders), ...Object.values(loaderHeaders)]) {
    const wait = headers.get('retry-after');
    if (wait) {
      responseHeaders.set('retry-after', wait);
      return;
    }
  }
}

export { handleError } from './lib/handle-error.server';
