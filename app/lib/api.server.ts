import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { API_TIMEOUT_MS, CALLER_ID, HEADER, RATE_LIMITED_CODE, apiErrorBodySchema } from './contract/common';
import { endpointPath, type EndpointArgs, type EndpointDefinition, type ResponseOf } from './contract/endpoint';
import type { ApiDispatch } from './shared/api-transport';
import { getCommerceApiUrl, isBuiltInCommerceApi, isTestMode } from './shared/env.server';
import { INTERNAL_CALLER_HEADER, getInternalCallerSecret, internalCallerProof } from './shared/internal-caller.server';
import { logger, requestContext } from './shared/logger.server';

/** Who is calling: the tenant, the shopper's identity token and the page's abort signal. */
export type ApiContext = {
  tenantId: string;
  token?: string | null;
  sessionId?: string | null;
  /** The incoming request's signal: when the shopper leaves, the call resolves to null. */
  signal?: AbortSignal;
  /**
   * The page request's correlation id (`context.shop`), sent as x-correlation-id so the page,
   * each call it makes and each log line carry one id (seed 001 §7).
   */
  correlationId?: string;
  /**
   * The page request's W3C trace context, set by the server when tracing is on
   * (server/http/tracing.ts): each call is a child of the page's span.
   */
  traceparent?: string;
};

/** The ids the server put on the page request (correlation id, trace context), for its calls. */
export function requestIds(request: Request): Pick<ApiContext, 'correlationId' | 'traceparent'> {
  return {
    correlationId: request.headers.get(HEADER.correlationId) ?? undefined,
    traceparent: request.headers.get('traceparent') ?? undefined,
  };
}

/**
 * Runs a page's work (the session check, the loaders and actions) with its ids in the log
 * context, so a call whose ApiContext was made without them still carries them.
 */
export function runWithRequestIds<T>(
  ids: Pick<ApiContext, 'correlationId' | 'traceparent'>,
  work: () => Promise<T>,
): Promise<T> {
  if (!ids.correlationId) return work();
  return requestContext.run({ correlationId: ids.correlationId, traceparent: ids.traceparent }, work);
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The error answer's whole body, for contracts that add to it (e.g. a 422's `fieldErrors`). */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

type QueryRecord = Record<string, string | number | boolean | undefined | null | readonly string[]>;

/** What every call may add to its entry's typed arguments. */
export type CallOptions = {
  timeoutMs?: number;
  /** Headers a call of the contract adds, e.g. `idempotency-key`. */
  headers?: Record<string, string>;
};

/** The call's arguments: the entry's path parameters, query and body, then the options. */
export type ApiCallArgs<E extends EndpointDefinition> = EndpointArgs<E> & CallOptions;

/** The third argument, optional when the entry needs nothing from the caller. */
export type ApiCallRest<E extends EndpointDefinition> =
  object extends EndpointArgs<E> ? [args?: ApiCallArgs<E>] : [args: ApiCallArgs<E>];

/** @deprecated Pass an entry of `endpoints` (app/lib/contract/endpoints) instead of a path string. */
type PathCallOptions<S extends z.ZodType> = CallOptions & {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryRecord;
  json?: unknown;
  body?: BodyInit;
  schema: S;
};

/**
 * The id the request context carries. A context built outside `context.shop` (a helper that
 * still makes its own from the request) falls back on the id of the request being served, and
 * a call outside any request (a script) on a fresh one.
 */
function correlationId(context: ApiContext): string {
  const current = context.correlationId ?? requestContext.getStore()?.correlationId ?? randomUUID();
  return isTestMode() && !current.startsWith('test-') ? `test-${current}` : current;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The path with its query, as the API reads it. */
function pathWithQuery(path: string, query: QueryRecord | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** One call as `callApi` made it, for the transport to carry. */
type ApiRequest = { method: string; path: string; headers: Headers; body: BodyInit | undefined; signal: AbortSignal };

/**
 * What `send` reads of an answer: a Fetch Response over HTTP, or the in-process answer as it
 * came back (decision 113: no Response and body stream built for bytes already in memory).
 */
type ApiAnswer = Pick<Response, 'status' | 'ok' | 'headers' | 'json'>;

type ApiTransport = (request: ApiRequest) => Promise<ApiAnswer>;

/** Fetch to COMMERCE_API_URL: a tenant's own platform, or the built-in one with SHOWROOM_API_TRANSPORT=http. */
function overHttp(request: ApiRequest): Promise<Response> {
  const url = new URL(request.path.replace(/^\//, ''), `${getCommerceApiUrl().replace(/\/$/, '')}/`);
  // On this machine (the built-in backend, or one beside the storefront) compressing each answer
  // costs both ends CPU and saves nothing: ask for it as it is (decision 045).
  if (LOOPBACK_HOSTS.has(url.hostname)) request.headers.set('accept-encoding', 'identity');
  // The built-in backend's rate limits skip the storefront's own calls: the page was counted
  // against the shopper's address already (decision 067). Never sent to any other platform.
  const secret = isBuiltInCommerceApi() ? getInternalCallerSecret() : undefined;
  if (secret)
    request.headers.set(INTERNAL_CALLER_HEADER, internalCallerProof(secret, request.method, url.pathname + url.search));
  const { method, headers, body, signal } = request;
  return fetch(url, { method, headers, body, signal, redirect: 'manual' });
}

/** The whole request body as bytes; a form's multipart type (with its boundary) is set when the call set none. */
async function bodyBytes(request: ApiRequest): Promise<ArrayBuffer | null> {
  if (request.body === undefined || request.body === null) return null;
  if (typeof request.body === 'string') return new TextEncoder().encode(request.body).buffer;
  const packed = new Response(request.body);
  const type = packed.headers.get('content-type');
  if (type && !request.headers.has('content-type')) request.headers.set('content-type', type);
  return packed.arrayBuffer();
}

/** Settles with `work`, or rejects with the signal's reason the moment it aborts (a time-out, the shopper leaving). */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

const utf8 = new TextDecoder();

/**
 * The built-in backend's router answering in this process (decision 071): the same request,
 * the same handlers and checks, no socket. The answer is read as a Fetch Response reads it
 * (status, headers, `json()` of the UTF-8 body, a SyntaxError for an empty or broken one), so
 * the rest of `send` cannot tell the two transports apart; building a Response and its body
 * stream for bytes already here cost about 4% of a render thread (decision 113).
 */
function inMemory(dispatch: ApiDispatch): ApiTransport {
  return async (request) => {
    request.signal.throwIfAborted();
    const body = await bodyBytes(request);
    if (body) request.headers.set('content-length', String(body.byteLength));
    const answer = await unlessAborted(
      dispatch({ method: request.method, path: request.path, headers: [...request.headers], body }),
      request.signal,
    );
    const empty = !answer.body || answer.body.byteLength === 0 || answer.status === 204 || answer.status === 304;
    const text = empty || !answer.body ? '' : utf8.decode(answer.body);
    return {
      status: answer.status,
      ok: answer.status >= 200 && answer.status <= 299,
      // Read only for an error's Retry-After: built when asked.
      get headers() {
        return new Headers(answer.headers);
      },
      json: () => Promise.resolve().then((): unknown => JSON.parse(text)),
    };
  };
}

let transport: ApiTransport = overHttp;

/**
 * Sends every call through `dispatch` (the built-in backend in this process), or over HTTP
 * again with null. The process decides once at start-up, through the storefront hooks.
 */
export function setApiDispatch(dispatch: ApiDispatch | null): void {
  transport = dispatch ? inMemory(dispatch) : overHttp;
}

/**
 * The storefront's one client for the commerce API: an entry of the endpoint table and its
 * typed arguments (path parameters filled in and encoded, query, body). Answers the entry's
 * parsed response, or null when the shopper left the page; throws ApiError for an error answer,
 * a time-out (504) or a body that does not follow the contract (502).
 */
export async function callApi<E extends EndpointDefinition>(
  context: ApiContext,
  endpoint: E,
  ...rest: ApiCallRest<E>
): Promise<ResponseOf<E> | null>;
/** @deprecated A path string: kept while other branches move to the endpoint table. */
export async function callApi<S extends z.ZodType>(
  context: ApiContext,
  path: string,
  options: PathCallOptions<S>,
): Promise<z.infer<S> | null>;
export async function callApi(
  context: ApiContext,
  target: EndpointDefinition | string,
  args: CallOptions & {
    params?: Partial<Record<string, string | number>>;
    query?: QueryRecord;
    json?: unknown;
    method?: PathCallOptions<z.ZodType>['method'];
    body?: BodyInit;
    schema?: z.ZodType;
  } = {},
): Promise<unknown> {
  if (typeof target === 'string') {
    if (!args.schema) throw new Error(`callApi ${target}: a path string needs a schema`);
    return send(context, target, { ...args, schema: args.schema });
  }
  const { params, ...options } = args;
  return send(context, endpointPath(target, params), { ...options, method: target.method, schema: target.response });
}

/** How long a shopper is asked to wait when the upstream did not say (in seconds, as sent). */
const DEFAULT_RETRY_AFTER = '60';

/**
 * The 429 a loader or action throws for an upstream rate limit: the route's error page says
 * "too many requests", and Retry-After passes the upstream's wait on (a number of seconds up to
 * an hour; anything else, such as a date, becomes a minute).
 */
function tooManyRequests(retryAfter: string | null): Response {
  const seconds = retryAfter && /^\d{1,4}$/.test(retryAfter.trim()) ? Number(retryAfter) : NaN;
  const wait = seconds >= 1 && seconds <= 3600 ? String(seconds) : DEFAULT_RETRY_AFTER;
  return new Response('Too many requests', {
    status: 429,
    headers: { 'retry-after': wait, 'content-type': 'text/plain; charset=utf-8' },
  });
}

async function send(context: ApiContext, path: string, options: PathCallOptions<z.ZodType>): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = context.signal ? AbortSignal.any([context.signal, timeout]) : timeout;
  const headers = new Headers({
    accept: 'application/json',
    [HEADER.callerId]: CALLER_ID,
    [HEADER.correlationId]: correlationId(context),
    [HEADER.tenantId]: context.tenantId,
  });
  if (context.token) headers.set('authorization', `Bearer ${context.token}`);
  if (context.sessionId) headers.set(HEADER.sessionId, context.sessionId);
  const traceparent = context.traceparent ?? requestContext.getStore()?.traceparent;
  if (traceparent) headers.set('traceparent', traceparent);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const target = pathWithQuery(path, options.query);
  // The shopper leaving wins over a time-out: nobody is waiting for the answer any more.
  function abandoned(): 'left' | 'timeout' | null {
    if (context.signal?.aborted) return 'left';
    if (timeout.aborted) {
      logger.warn({ path, timeoutMs }, 'commerce API call timed out');
      return 'timeout';
    }
    return null;
  }
  function timedOut(): ApiError {
    return new ApiError(504, 'error.api.timeout', `The commerce API did not answer within ${timeoutMs} ms`);
  }
  let response: ApiAnswer;
  try {
    response = await transport({ method: options.method ?? 'GET', path: target, headers, body, signal });
  } catch (error) {
    const reason = abandoned();
    if (reason === 'left') return null;
    if (reason === 'timeout') throw timedOut();
    logger.error({ path, err: error }, 'commerce API unreachable');
    throw new ApiError(503, 'error.api.unreachable', 'The commerce API could not be reached');
  }
  let bodyFailed = false;
  // A 204 has no body: the schema decides whether that is what the contract says.
  const payload: unknown =
    response.status === 204
      ? undefined
      : await response.json().catch(() => {
          bodyFailed = true;
          return undefined;
        });
  if (bodyFailed) {
    // The signals also cut a body short: that is a departure or a time-out, not a broken contract.
    const reason = abandoned();
    if (reason === 'left') return null;
    if (reason === 'timeout') throw timedOut();
  }
  if (!response.ok) {
    const parsed = apiErrorBodySchema.safeParse(payload);
    // A rate limit in front of the API (not a rule of the call, which has its own code and its
    // caller's own answer) is the shopper's "too many requests" page, never a 500.
    if (response.status === 429 && (!parsed.success || parsed.data.error.code === RATE_LIMITED_CODE))
      throw tooManyRequests(response.headers.get('retry-after'));
    const code = parsed.success ? parsed.data.error.code : 'error.api.unknown';
    const message = parsed.success ? parsed.data.error.message : `HTTP ${response.status}`;
    throw new ApiError(response.status, code, message, payload);
  }
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) {
    logger.error({ path, issues: parsed.error.issues.slice(0, 5) }, 'commerce API answer breaks the contract');
    throw new ApiError(502, 'error.api.contract', 'The commerce API answered with an unexpected shape');
  }
  return parsed.data;
}
