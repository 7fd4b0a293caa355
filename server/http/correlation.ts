import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { HEADER } from '../../app/lib/contract/common';
import { logger, requestContext } from '../../app/lib/logger.server';

const SAFE_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** Takes the caller's correlation id (or makes one), answers it, and logs each request once it ends. */
export const correlation: RequestHandler = (req, res, next) => {
  const incoming = req.get(HEADER.correlationId);
  const correlationId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(HEADER.correlationId, correlationId);
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    requestContext.run({ correlationId }, () => {
      logger.info(
        { method: req.method, path: req.path, status: res.statusCode, durationMs: Math.round(durationMs * 10) / 10 },
        'request',
      );
    });
  });
  requestContext.run({ correlationId }, next);
};
