import type { RequestHandler } from 'express';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Context } from '@opentelemetry/api';
import { HEADER } from '../../app/lib/contract/common';
import { logger } from '../../app/lib/shared/logger.server';
import { endpointName, routePattern } from './metrics';

// OpenTelemetry traces (issue 34 point 4, decision 096). With OTEL_EXPORTER_OTLP_ENDPOINT set,
// the SDK and its OTLP/HTTP exporter are loaded at start-up; without it only the API package is
// here, whose tracer makes no spans. A page is one trace: its span starts here, its context goes
// to the storefront code as the page request's `traceparent` header (as the correlation id does),
// `callApi` sends it on each call, and the backend's side of each call (in memory or over HTTP)
// is a child span named after its endpoint-table entry. Attributes are the route pattern, the
// endpoint, the method, the status and the correlation id: never a URL, a host or a header.

const TRACEPARENT = 'traceparent';
const tracer = trace.getTracer('showroom');

/** Stops tracing, sending the spans still held. */
export type StopTracing = () => Promise<void>;

/**
 * Loads the SDK and registers it for this process when `OTEL_EXPORTER_OTLP_ENDPOINT` is set (the
 * exporter reads that and the other OTEL_EXPORTER_OTLP_* settings; the batch, OTEL_BSP_*).
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<StopTracing | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'showroom' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The AsyncLocalStorage context manager and the W3C trace-context propagator.
  provider.register();
  logger.info('tracing: spans are exported over OTLP/HTTP');
  return () => provider.shutdown();
}

/**
 * One span per request. A page starts a trace of its own (a `traceparent` the browser sent is
 * dropped: it is not ours to continue) and hands its own on to the storefront code; an API call
 * continues the trace of its caller, the storefront's page.
 */
export function traceRequests(transport: 'http' | 'in-process'): RequestHandler {
  return (req, res, next) => {
    const endpoint = endpointName(req.method, req.path);
    // Files (the build's assets, the public folder) are no shopper's request worth a trace.
    if (!endpoint && /\.[a-z0-9]+$/i.test(req.path)) return next();
    let parent: Context = ROOT_CONTEXT;
    if (endpoint) parent = propagation.extract(ROOT_CONTEXT, req.headers);
    else {
      delete req.headers[TRACEPARENT];
      delete req.headers.tracestate;
    }
    const span = tracer.startSpan(
      endpoint ? `api ${endpoint}` : `${req.method} page`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': req.method,
          'showroom.transport': transport,
          ...(endpoint ? { 'showroom.endpoint': endpoint } : {}),
        },
      },
      parent,
    );
    const correlationId = res.getHeader(HEADER.correlationId);
    if (typeof correlationId === 'string') span.setAttribute('showroom.correlation_id', correlationId);
    const active = trace.setSpan(parent, span);
    if (!endpoint) {
      const carrier: Record<string, string> = {};
      propagation.inject(active, carrier);
      if (carrier[TRACEPARENT]) req.headers[TRACEPARENT] = carrier[TRACEPARENT];
    }
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const status = res.statusCode;
      const route = routePattern(req, status);
      if (!endpoint) span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    // A shopper who leaves closes the response without finishing it: the span ends then too.
    res.once('finish', end);
    res.once('close', end);
    context.with(active, next);
  };
}
