import { timingSafeEqual } from 'node:crypto';
import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { endpoints } from '../../../app/lib/contract/endpoints';
import { FEED_ERRORS, MAX_FEED_BODY_BYTES } from '../../../app/lib/contract/inventory-feeds';
import { logger } from '../../../app/lib/shared/logger.server';
import { route } from '../../http/endpoint-route';
import { HttpError, requireTenant, sendError, type Platform } from '../../platform/http';
import { importFeed } from './import-feed';
import { detectFormat, FeedFormatError } from './parse';

// POST /api/inventory/feeds (app/lib/contract/inventory-feeds.ts): a tenant's inventory system
// sends its feed. The key is per tenant, from the environment: INVENTORY_API_KEY_<TENANT> (the
// tenant id in capitals, other characters as _). A tenant without a key takes no feeds.

/** The environment variable holding a tenant's feed API key. */
export function feedKeyVariable(tenantId: string): string {
  return `INVENTORY_API_KEY_${tenantId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

function keyMatches(expected: string | undefined, header: string | undefined): boolean {
  if (!expected || expected.length < 16 || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function feedsRouter(platform: Platform, env: NodeJS.ProcessEnv = process.env): Router {
  const router = Router();
  const bodyErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (type === 'entity.too.large') return sendError(res, 413, 'error.validation.tooLarge', 'The feed is too large');
    if (typeof type === 'string' && type.startsWith('entity.'))
      return sendError(res, 400, FEED_ERRORS.invalidFeed, 'The feed could not be read');
    next(error);
  };
  // Authenticate before reading a body of up to 100 MB.
  const authenticate: RequestHandler = (req, res, next) => {
    // Refused before its body is read: the connection is closed rather than drained of up to 100 MB.
    const refuse = (status: number, code: string, message: string) => {
      res.setHeader('connection', 'close');
      sendError(res, status, code, message);
    };
    const id = req.get('x-tenant-id');
    const tenant = id ? platform.tenants.byId.get(id) : undefined;
    if (!tenant) return refuse(400, 'error.tenant.unknown', 'x-tenant-id is missing or names no tenant');
    if (!keyMatches(env[feedKeyVariable(tenant.id)], req.get('authorization'))) {
      return refuse(401, FEED_ERRORS.unauthorized, 'A valid feed API key for this tenant is required');
    }
    next();
  };
  route(
    router,
    endpoints.inventory.feedImport,
    async (req, res, call) => {
      const tenant = requireTenant(platform, req);
      const text = typeof req.body === 'string' ? req.body : '';
      const format = detectFormat(text, req.get('content-type'));
      const { mode } = call.query();
      try {
        const report = await importFeed(platform.db, tenant, text, { format, mode });
        logger.info(
          {
            tenantId: tenant.id,
            rows: report.rows,
            inserted: report.inserted,
            updated: report.updated,
            removed: report.removed,
            rejected: report.rejected,
          },
          'inventory feed imported',
        );
        res.setHeader('cache-control', 'no-store');
        res.json({ data: report });
      } catch (error) {
        if (error instanceof FeedFormatError) throw new HttpError(400, FEED_ERRORS.invalidFeed, error.message);
        throw error;
      }
    },
    // Authenticate before reading a body of up to 100 MB, which is taken as it is (CSV or JSON).
    { before: [authenticate, express.text({ type: () => true, limit: MAX_FEED_BODY_BYTES }), bodyErrors] },
  );
  return router;
}
