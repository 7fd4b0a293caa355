import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Paths whose pages another page of ours embeds (the signing frame); all others refuse framing. */
export const EMBEDDABLE_PATH = /^\/signing\/(document|embed)(\/|$)/;

export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
};

export function securityHeaders(options: { dev: boolean }): RequestHandler {
  const strict = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`, ...(options.dev ? ["'unsafe-inline'"] : [])],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'", ...(options.dev ? ['ws:'] : [])],
        'form-action': ["'self'"],
        'frame-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
      },
    },
    // HSTS is only meaningful over TLS; it is added below when the request is secure.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  return (req, res, next) => {
    strict(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (EMBEDDABLE_PATH.test(req.path)) {
        const csp = res.getHeader('content-security-policy');
        if (typeof csp === 'string') {
          res.setHeader('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
        }
        res.setHeader('x-frame-options', 'SAMEORIGIN');
      }
      if (req.secure) res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
      next();
    });
  };
}
