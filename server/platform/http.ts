import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { HEADER, type ApiErrorBody } from '../../app/lib/contract/common';
import { logger, requestContext } from '../../app/lib/shared/logger.server';
import type { Tenant } from '../../app/lib/shared/tenant/schema';
import type { TenantRegistry } from '../../app/lib/shared/tenant/tenants.server';
import type { Db } from '../db/client';
import { isBadInputError, isConnectionError, reportDatabaseError } from '../db/health';
import { sessionIsLive, verifiedIdentity } from '../identity/live-sessions';
import type { Identity } from '../identity/tokens';
import type { ObjectStorage } from '../storage/object-storage';

/** What every area's handlers get: the database, the tenants, the token secret and the file storage. */
export type Platform = {
  db: Db;
  tenants: TenantRegistry;
  identitySecret: string;
  dataDir: string;
  /** Where documents and photos are kept: DATA_DIR, or the bucket every process shares (server/storage). */
  storage: ObjectStorage;
  outboxPage: boolean;
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function sendError(res: Response, status: number, code: string, message: string): void {
  const body: ApiErrorBody = { error: { code, message } };
  res.status(status).json(body);
}

/** Wraps an async handler: HttpError becomes its answer, anything else a logged 500. */
export function handle(fn: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req: Request, res: Response, _next: NextFunction) => {
    fn(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) return sendError(res, error.status, error.code, error.message);
      if (isConnectionError(error)) {
        reportDatabaseError(error);
        logger.error({ path: req.path }, 'commerce API: the database is out of reach');
        if (!res.headersSent)
          sendError(
            res,
            503,
            'error.server.unavailable',
            'The service is unavailable right now; try again in a moment',
          );
        return;
      }
      // A NUL byte, a malformed id or an out-of-range number the database refused: the caller's input.
      if (isBadInputError(error)) {
        if (!res.headersSent) sendError(res, 400, 'error.validation.invalidRequest', 'The request could not be read');
        return;
      }
      logger.error({ err: error, path: req.path }, 'commerce API handler failed');
      if (!res.headersSent) sendError(res, 500, 'error.server.internal', 'Something went wrong on our side');
    });
  };
}

/** The tenant named by x-tenant-id; an unknown or missing one is a 400. */
export function requireTenant(platform: Platform, req: Request): Tenant {
  const id = req.get(HEADER.tenantId);
  const tenant = id ? platform.tenants.byId.get(id) : undefined;
  if (!tenant) throw new HttpError(400, 'error.tenant.unknown', 'x-tenant-id is missing or names no tenant');
  const store = requestContext.getStore();
  if (store) store.tenantId = tenant.id;
  return tenant;
}

/** The caller's identity when the bearer token is valid for this tenant, else null. */
export async function getIdentity(platform: Platform, req: Request, tenant: Tenant): Promise<Identity | null> {
  const header = req.get('authorization');
  if (!header?.startsWith('Bearer ')) return null;
  const identity = await verifiedIdentity(header.slice(7), platform.identitySecret);
  if (!identity || identity.tenantId !== tenant.id) return null;
  // A signed-out session's tokens stop working at once, not when they expire.
  const { sessionId } = identity;
  if (sessionId && !(await sessionIsLive(platform.db, { ...identity, sessionId }))) return null;
  return identity;
}

export async function requireIdentity(platform: Platform, req: Request, tenant: Tenant): Promise<Identity> {
  const identity = await getIdentity(platform, req, tenant);
  if (!identity) throw new HttpError(401, 'error.auth.unauthenticated', 'A valid identity token is required');
  return identity;
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new HttpError(
      400,
      'error.validation.invalidRequest',
      `${first?.path.join('.') || 'body'}: ${first?.message}`,
    );
  }
  return parsed.data;
}
