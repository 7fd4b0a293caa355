import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import express, { type RequestHandler } from 'express';
import type { ApiDispatch, ApiWireAnswer, ApiWireRequest } from '../../app/lib/shared/api-transport';
import type { TenantRegistry } from '../../app/lib/shared/tenant/tenants.server';
import { correlationFor } from './correlation';
import { traceRequests } from './tracing';
import { toBuffer } from './page-cache';
import { bodyGuard, finalErrorHandler, rejectMalformed, sendStatus } from './resilience';

// The built-in commerce API answering the storefront in this process (decision 071). A lean
// Express app holds what an API call meets over HTTP apart from the socket: the correlation
// id and its log line, the malformed-request and body-size checks, the database gate, the
// same commerce router instance (its handlers check the tenant, the token and ownership and
// parse the body with the endpoint table's schemas) and the API's error answers. Left out,
// because they serve browsers or the network: helmet, compression, the response cache, ETags,
// the rate limits (the storefront's own calls; the shopper's requests were counted as pages)
// and the page middleware.
//
// Express is driven with Node's own IncomingMessage and ServerResponse, as a server would,
// with an unconnected socket (no file descriptor, nothing listens) and the answer's writes
// caught in memory. light-my-request does this for plain Node handlers, but with Express it
// rewrites the prototype Express shares with the HTTP server's requests (fastify/light-my-
// request#333), so it cannot run beside the real listener.

/** The address the backend sees for the storefront's calls: loopback, as over HTTP. */
const STOREFRONT_ADDRESS = '127.0.0.1';

export type InProcessApiOptions = {
  /** The commerce API's router: the very instance the HTTP app mounts (one set of sweepers). */
  api: RequestHandler;
  tenants: TenantRegistry;
  /** Answers 503 while the database is out of reach, as for HTTP callers (server/app.ts). */
  databaseGate: RequestHandler;
};

/** The dispatch the storefront's `callApi` uses when the backend runs in this process. */
export function createInProcessApi(options: InProcessApiOptions): ApiDispatch {
  const app = express();
  app.disable('x-powered-by');
  // Nobody revalidates an internal answer: hashing each body would be CPU for nothing.
  app.set('etag', false);
  app.set('trust proxy', false);
  app.use(correlationFor('in-process'));
  app.use(traceRequests('in-process'));
  app.use(rejectMalformed(options.tenants));
  app.use(bodyGuard(options.tenants));
  app.use(options.databaseGate);
  app.use(options.api);
  app.use((req, res) => sendStatus(options.tenants, req, res, 404));
  app.use(finalErrorHandler(options.tenants));
  return (request) => answer(app, request);
}

function answer(app: express.Express, request: ApiWireRequest): Promise<ApiWireAnswer> {
  return new Promise<ApiWireAnswer>((resolve, reject) => {
    const socket = new Socket();
    Object.defineProperty(socket, 'remoteAddress', { value: STOREFRONT_ADDRESS });
    const req = new IncomingMessage(socket);
    req.method = request.method;
    req.url = request.path;
    req.httpVersion = '1.1';
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    for (const [name, value] of request.headers) {
      req.headers[name] = value;
      req.rawHeaders.push(name, value);
    }
    if (request.body) req.push(Buffer.from(request.body));
    req.push(null);
    req.complete = true;

    const res = new ServerResponse(req);
    const chunks: Uint8Array[] = [];
    let ended = false;
    function collect(chunk: unknown, encoding: unknown): void {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(toBuffer(chunk, encoding));
    }
    function lastCallback(args: unknown[]): (() => void) | undefined {
      const last = args.at(-1);
      return typeof last === 'function' ? (last as () => void) : undefined;
    }
    // Headers handed to writeHead go into the answer like set ones (Node would only print them).
    const writeHead = res.writeHead.bind(res);
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      const headers = rest.find((part): part is OutgoingHttpHeaders => typeof part === 'object' && part !== null);
      for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(name, value);
      return writeHead(status);
    }) as typeof res.writeHead;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (!res.headersSent) res.writeHead(res.statusCode);
      collect(chunk, rest[0]);
      lastCallback(rest)?.();
      return true;
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      if (ended) return res;
      ended = true;
      if (!res.headersSent) res.writeHead(res.statusCode);
      if (typeof args[0] !== 'function') collect(args[0], args[1]);
      res.finished = true;
      resolve({ status: res.statusCode, headers: headerPairs(res.getHeaders()), body: joined(chunks) });
      process.nextTick(() => {
        lastCallback(args)?.();
        res.emit('finish');
        res.emit('close');
      });
      return res;
    }) as typeof res.end;

    try {
      app(req, res);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

function headerPairs(headers: OutgoingHttpHeaders): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) pairs.push([name, item]);
    else pairs.push([name, String(value)]);
  }
  return pairs;
}

/** One buffer of its own (never a slice of Node's shared pool), so it can be transferred to a render thread. */
function joined(chunks: Uint8Array[]): ArrayBuffer | null {
  const length = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  if (length === 0) return null;
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body.buffer;
}
