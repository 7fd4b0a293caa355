import type { ErrorRequestHandler, Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { endpointParamNames, type EndpointDefinition, type PathParams } from '../../app/lib/contract/endpoint';
import { logger } from '../../app/lib/shared/logger.server';
import { handle, HttpError, parseBody } from '../platform/http';

// Every router of the commerce API registers its endpoints through `route(router, entry,
// handler)`, from the table in app/lib/contract/endpoints: the entry's method and path, its
// schemas for the query and the request body, and (outside production) its response schema.
//
// The body and query are parsed when the handler asks for them, where it checked them before,
// so a request that fails the tenant or identity check still answers 400/401 in the same order
// as it always did; a body or query that does not fit answers 400 error.validation.invalidRequest
// with the contract's error shape (parseBody). A body nested deeper than any entry's is refused
// first, before a handler or a recursive walk sees it. A test walks the built API's Express
// stack and fails on a path the table does not list (tests/server/endpoint-table.test.ts).

export type EndpointInput<E extends EndpointDefinition> = {
  /** The path parameters, as the URL spelled them. */
  params: { [K in keyof PathParams<E>]: string };
  /** The JSON body, parsed with the entry's body schema (400 when it does not fit). */
  body: () => E['body'] extends z.ZodType ? z.output<E['body']> : never;
  /** The query string, parsed with the entry's query schema (400 when it does not fit). */
  query: () => E['query'] extends z.ZodType ? z.output<E['query']> : never;
};

export type EndpointHandler<E extends EndpointDefinition> = (
  req: Request,
  res: Response,
  input: EndpointInput<E>,
) => Promise<void>;

export type RouteOptions = {
  /** Middleware run before the handler on this endpoint only (the feed's key check and text body). */
  before?: (RequestHandler | ErrorRequestHandler)[];
};

const REGISTER = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;

/** `router.post(path, handle(…))` for an entry of the table, with its schemas. */
export function route<E extends EndpointDefinition>(
  router: Router,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): void {
  const names = endpointParamNames(endpoint);
  router[REGISTER[endpoint.method]](
    endpoint.path,
    ...(options.before ?? []),
    handle(async (req, res) => {
      requireShallowBody(req.body);
      if (checksResponses()) checkResponses(endpoint, req, res);
      const input = {
        params: Object.fromEntries(names.map((name) => [name, String(req.params[name] ?? '')])),
        body: () => parseBody(required(endpoint, 'body'), req.body),
        query: () => parseBody(required(endpoint, 'query'), req.query),
      };
      // The one cast: the parameter names are the template's, and each part is parsed by the entry's own schema.
      return handler(req, res, input as EndpointInput<E>);
    }),
  );
}

/**
 * How deep a JSON body may nest. The contract's bodies nest a few levels (a credit application
 * step's address); a 5,000-deep one, which JSON.parse reads, overflows the stack of the first
 * recursive walk over it (structuredClone of a credit application step: a 500 before this).
 */
const MAX_BODY_DEPTH = 32;

/** 400 for a body nested deeper than any entry's, found without recursion. */
function requireShallowBody(body: unknown): void {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_BODY_DEPTH)
      throw new HttpError(400, 'error.validation.invalidRequest', 'The request body is nested too deeply');
    for (const child of Object.values(item.value)) pending.push({ value: child, depth: item.depth + 1 });
  }
}

function required(endpoint: EndpointDefinition, part: 'body' | 'query'): z.ZodType {
  const schema = endpoint[part];
  if (!schema) throw new Error(`${endpoint.method} ${endpoint.path} has no ${part} schema`);
  return schema;
}

/** Development and tests check every JSON answer against its entry; production trusts the tests. */
function checksResponses(): boolean {
  return process.env.NODE_ENV !== 'production';
}

/**
 * Wraps `res.json` so a success answer that breaks the entry's response schema is caught where
 * it is made, not as a 502 in the storefront: it is logged and answered 500. The answer is
 * checked as the client reads it (after JSON serialisation: dates become strings). Error
 * answers (4xx/5xx) follow the common error shape and file answers are not JSON.
 */
function checkResponses(endpoint: EndpointDefinition, req: Request, res: Response): void {
  if (endpoint.transport) return;
  const send = res.json.bind(res);
  res.json = (body?: unknown) => {
    if (res.statusCode >= 200 && res.statusCode < 300) {
      const parsed = endpoint.response.safeParse(body === undefined ? undefined : JSON.parse(JSON.stringify(body)));
      if (!parsed.success) {
        logger.error(
          { path: req.path, endpoint: `${endpoint.method} ${endpoint.path}`, issues: parsed.error.issues.slice(0, 5) },
          'commerce API answer breaks its response schema',
        );
        throw new HttpError(500, 'error.server.contract', 'The answer does not follow the contract');
      }
    }
    return send(body);
  };
}
