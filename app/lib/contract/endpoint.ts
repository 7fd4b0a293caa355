import type { z } from 'zod';

// One entry per call of the commerce API: its method, its path template with `:name`
// parameters, and the zod schemas of its query, request body and answer. The storefront's
// client (`callApi`), the backend's routers and the msw handlers of the tests all read the same
// entry, so a renamed path or field fails the typecheck everywhere at once.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type EndpointDefinition = {
  readonly method: HttpMethod;
  /** Express-style template: `/api/payments/orders/:orderNumber/card`. */
  readonly path: string;
  /** One line for the API reference. */
  readonly summary: string;
  /** The query string's parameters, when the call takes any. */
  readonly query?: z.ZodType;
  /** The JSON request body, when the call sends one. */
  readonly body?: z.ZodType;
  /** The success answer's JSON body (`z.undefined()` for a 204). */
  readonly response: z.ZodType;
  /** The success status when it is not 200. */
  readonly status?: number;
  /**
   * How the body travels when it is not JSON both ways: `multipart` uploads are streamed through
   * and `file` answers (PDFs, images) passed through; `response` then describes nothing useful.
   */
  readonly transport?: 'multipart' | 'file';
};

/** Keeps the literal path and the schemas' own types, so parameters and answers are typed. */
export function defineEndpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? BareName<Name> | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? BareName<Name>
    : never;

/** `:colours.svg` names `colours`: a parameter ends at a dot, as in Express. */
type BareName<N extends string> = N extends `${infer Name}.${string}` ? Name : N;

/** The template's parameters, each required: `{ orderNumber: string }`. */
export type PathParams<E extends { path: string }> = { [K in ParamNames<E['path']>]: string | number };

/** What the answer parses to. */
export type ResponseOf<E extends EndpointDefinition> = z.output<E['response']>;

/** What the caller sends: the body schema's input. */
export type BodyOf<E extends EndpointDefinition> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

/** The query string the caller fills in. */
export type QueryOf<E extends EndpointDefinition> = E['query'] extends z.ZodType ? z.input<E['query']> : never;

type ParamsArg<E extends EndpointDefinition> = [ParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E> };
type BodyArg<E extends EndpointDefinition> = E['body'] extends z.ZodType ? { json: BodyOf<E> } : { json?: undefined };
type QueryArg<E extends EndpointDefinition> = E['query'] extends z.ZodType
  ? object extends QueryOf<E>
    ? { query?: QueryOf<E> }
    : { query: QueryOf<E> }
  : { query?: undefined };

/** The typed arguments of a call: path parameters, query and body, each present exactly when the entry has it. */
export type EndpointArgs<E extends EndpointDefinition> = ParamsArg<E> & BodyArg<E> & QueryArg<E>;

/**
 * The path with its parameters filled in and encoded. A parameter missing at run time (a
 * caller that went around the types) is a bug, not an empty segment.
 */
export function endpointPath<E extends EndpointDefinition>(
  endpoint: E,
  params?: Partial<Record<string, string | number>>,
): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`${endpoint.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The names of the template's parameters, in order (for the API reference and the routers). */
export function endpointParamNames(endpoint: Pick<EndpointDefinition, 'path'>): string[] {
  return [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}
