import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import { endpointParamNames, type EndpointDefinition, type PathParams } from '../../app/lib/contract/endpoint';
import { handle, parseBody } from '../platform/http';

// Registers a handler for an entry of the endpoint table (app/lib/contract/endpoints): the
// entry's method and path, and its schemas for the request body and query. The body and query
// are parsed when the handler asks for them, where it checked them before, so a request that
// fails the tenant or identity check still answers 400/401 in the same order as it always did;
// a body that does not fit answers 400 error.validation.invalidRequest (parseBody).

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

const REGISTER = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;

/** `router.post(path, handle(…))` for an entry of the table, with its schemas. */
export function route<E extends EndpointDefinition>(router: Router, endpoint: E, handler: EndpointHandler<E>): void {
  const names = endpointParamNames(endpoint);
  router[REGISTER[endpoint.method]](
    endpoint.path,
    handle((req, res) => {
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

function required(endpoint: EndpointDefinition, part: 'body' | 'query'): z.ZodType {
  const schema = endpoint[part];
  if (!schema) throw new Error(`${endpoint.method} ${endpoint.path} has no ${part} schema`);
  return schema;
}
