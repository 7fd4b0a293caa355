import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
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
        'script-src': [
          "'self'",
          (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
          ...(options.dev ? ["'unsafe-inline'"] : []),
        ],
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

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** Why a state-changing request looks cross-site, or null when it does not. */
export function crossSiteReason(req: Pick<Request, 'method' | 'get'>): string | null {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return null;
  const host = req.get('host');
  const origin = req.get('origin');
  if (origin) return origin !== 'null' && hostOf(origin) === host ? null : 'origin';
  // No Origin (older browsers, some privacy settings): the fetch metadata, then the Referer.
  const site = req.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none' ? null : 'sec-fetch-site';
  const referer = req.get('referer');
  if (referer) return hostOf(referer) === host ? null : 'referer';
  // Neither: not a browser's cross-site form (browsers send at least one of them).
  return null;
}

/** Forms are protected against cross-site posts: a browser's POST must come from this host. */
export const crossSiteGuard: RequestHandler = (req, res, next) => {
  if (!crossSiteReason(req)) return next();
  res.status(403).type('text/plain').send('Cross-site form posts are not accepted');
};
