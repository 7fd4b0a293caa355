import { timingSafeEqual } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import { endpoints } from '../../../app/lib/contract/endpoints';
import { FEED_ERRORS, MAX_FEED_BODY_BYTES } from '../../../app/lib/contract/inventory-feeds';
import { logger } from '../../../app/lib/shared/logger.server';
import { route } from '../../http/endpoint-route';
import { HttpError, requireTenant, sendError, type Platform } from '../../platform/http';
import { importFeed } from './import-feed';
import { detectFormat, FeedFormatError, type FeedFormat } from './parse';

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

class BodyTooLarge extends Error {}

/**
 * The request body as it arrives, at most MAX_FEED_BODY_BYTES (a body without a Content-Length
 * is counted), and its format: as the Content-Type says, else by its first character.
 */
async function feedBody(req: Request): Promise<{ format: FeedFormat; chunks: AsyncIterable<Buffer> }> {
  const iterator = (req as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done ? Buffer.alloc(0) : first.value;
  const format = detectFormat(head.subarray(0, 1024).toString('utf8'), req.get('content-type'));
  async function* chunks(): AsyncGenerator<Buffer> {
    let size = head.byteLength;
    if (size > MAX_FEED_BODY_BYTES) throw new BodyTooLarge();
    if (size > 0) yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      size += next.value.byteLength;
      if (size > MAX_FEED_BODY_BYTES) throw new BodyTooLarge();
      yield next.value;
    }
  }
  return { format, chunks: chunks() };
}

export function feedsRouter(platform: Platform, env: NodeJS.ProcessEnv = process.env): Router {
  const router = Router();
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
      const { mode } = call.query();
      try {
        // Parsed while it arrives (a CSV in slices: decision 069), never held whole as text.
        const { format, chunks } = await feedBody(req);
        const report = await importFeed(platform.db, tenant, chunks, { format, mode });
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
        // The rest of a refused body is not read: the connection closes after the answer.
        if (!req.complete) res.setHeader('connection', 'close');
        if (error instanceof FeedFormatError) throw new HttpError(400, FEED_ERRORS.invalidFeed, error.message);
        if (error instanceof BodyTooLarge)
          throw new HttpError(413, 'error.validation.tooLarge', 'The feed is too large');
        // The sender went away, or the connection broke mid-body.
        if ((error as { code?: unknown }).code === 'ECONNRESET' || req.destroyed)
          throw new HttpError(400, FEED_ERRORS.invalidFeed, 'The feed could not be read');
        throw error;
      }
    },
    // Authenticate before reading a body of up to 100 MB, taken as it is (CSV or JSON).
    { before: [authenticate] },
  );
  return router;
}
