import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { HEADER } from '../../app/lib/contract/common';
import { logger, requestContext } from '../../app/lib/shared/logger.server';

const SAFE_ID = /^[A-Za-z0-9._-]{8,100}$/;

// Capability links carry their secret in the path: whoever reads the log could open the shopper's
// ID capture page or contract. The segment after these prefixes is replaced before logging.
const SECRET_PATH =
  /^(\/(?:api\/id-verification\/capture|progress\/id-verification\/capture|api\/contracting\/signing\/document|signing\/document)\/)[^/]+/;

/** The request path as it may be logged: capability tokens are replaced by `[token]`. */
export function loggablePath(path: string): string {
  return path.replace(SECRET_PATH, '$1[token]');
}

/**
 * Takes the caller's correlation id (or makes one), answers it, and logs each request once it
 * ends. The storefront's calls answered in this process (decision 071) say so on their line.
 */
export function correlationFor(transport: 'http' | 'in-process'): RequestHandler {
  const via = transport === 'in-process' ? { transport } : {};
  return (req, res, next) => {
    const incoming = req.get(HEADER.correlationId);
    const correlationId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader(HEADER.correlationId, correlationId);
    // The page's own code (the Remix build, with its own copy of the log context) reads the id from
    // the request, so every API call the page makes carries the same one (seed 001 §7).
    req.headers[HEADER.correlationId] = correlationId;
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      requestContext.run({ correlationId }, () => {
        logger.info(
          {
            method: req.method,
            path: loggablePath(req.path),
            status: res.statusCode,
            durationMs: Math.round(durationMs * 10) / 10,
            ...via,
          },
          'request',
        );
      });
    });
    requestContext.run({ correlationId }, next);
  };
}

export const correlation = correlationFor('http');
