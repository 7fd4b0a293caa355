import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { HEADER } from '../../app/lib/contract/common';
import { getStorefrontHooks } from '../../app/lib/shared/storefront-hooks';

// Remix behind Express, with the storefront's request context: built once before the loaders
// run, and its cookies committed once on whatever Remix answers (a page, a data request, a
// redirect, an error page, a resource route's file). @remix-run/express writes the answer
// itself, with no step between, so this adapter is ours.

/** The Fetch request Remix reads: the address as the shopper typed it (trust proxy decides). */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // req.hostname honours X-Forwarded-Host behind a trusted proxy but drops the port.
  const port = (req.get('x-forwarded-host') ?? req.get('host') ?? '').split(':')[1];
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`);
  // The loaders stop when the shopper leaves before the answer is written.
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: 'half' } : {}),
  } as RequestInit);
}

async function send(res: ExpressResponse, answer: Response, headers: Headers): Promise<void> {
  res.statusMessage = answer.statusText;
  res.status(answer.status);
  for (const [name, value] of headers) res.append(name, value);
  if (answer.body) await writeReadableStreamToWritable(answer.body, res);
  else res.end();
}

function sessionRefreshOf(res: ExpressResponse): 'renewed' | 'ended' | undefined {
  const outcome: unknown = res.locals.sessionRefresh;
  return outcome === 'renewed' || outcome === 'ended' ? outcome : undefined;
}

export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  loadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const request = toFetchRequest(req, res);
      const context = options.loadContext(req, res);
      const correlationId = res.getHeader(HEADER.correlationId);
      const build = typeof options.build === 'function' ? await options.build() : options.build;
      const { createShopContext, commitShopContext } = getStorefrontHooks(build);
      context.shop = await createShopContext(request, {
        correlationId: typeof correlationId === 'string' ? correlationId : undefined,
        clientIp: context.clientIp,
        sessionRefresh: sessionRefreshOf(res),
      });
      const answer = await handle(request, context);
      // Headers of a fetched or redirect Response can be immutable: copied before adding.
      const headers = new Headers(answer.headers);
      await commitShopContext(context.shop, headers);
      await send(res, answer, headers);
    } catch (error) {
      next(error);
    }
  };
}
