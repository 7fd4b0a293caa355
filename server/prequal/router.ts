import { Router, type Request, type Response } from 'express';
import { endpoints } from '../../app/lib/contract/endpoints';
import { route } from '../http/endpoint-route';
import type { z } from 'zod';
import { PREQUAL_ERROR_CODES as E, prequalRequestSchema, prequalUpdateSchema } from '../../app/lib/contract/prequal';
import { checkStepZips } from '../../app/lib/shared/validation/zip-check.server';
import { logger } from '../../app/lib/shared/logger.server';
import { fieldName } from '../checkout/application';
import { jsonBody } from '../orders/backend';
import { HttpError, requireIdentity, requireTenant, type Platform } from '../platform/http';
import { sandboxPrequalBureau, type PrequalBureau } from './bureau';
import { resolvePiiKey } from '../secrets';
import {
  findPrequal,
  purgePrequalData,
  sealPlainPrequalDetails,
  refreshPrequal,
  submitPrequal,
  toView,
  updatePrequal,
  type PrequalContext,
  type PrequalOwner,
} from './service';

// The pre-qualification area of the commerce API (base /api/prequal; app/lib/contract/prequal.ts
// is its reference). Signed-in only: one pre-qualification per shopper and tenant. The request
// bodies carry a date of birth and maybe an SSN: never logged (handle's logger gets no body).

export type PrequalOptions = { piiKey: Buffer; now?: () => Date; bureau?: PrequalBureau };

function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[fieldName(issue.path) || 'form'] ??= []).push(issue.message);
  return errors;
}

function sendInvalid(res: Response, fieldErrors: Record<string, string[]>): void {
  res.status(422).json({ error: { code: E.invalid, message: 'The pre-qualification is invalid' }, fieldErrors });
}

export function prequalRouter(platform: Platform, options: PrequalOptions): Router {
  const ctx: PrequalContext = {
    db: platform.db,
    piiKey: options.piiKey,
    now: options.now ?? (() => new Date()),
    bureau: options.bureau ?? sandboxPrequalBureau,
  };
  const router = Router();
  router.use('/api/prequal', jsonBody('16kb'));

  async function ownerOf(req: Request): Promise<PrequalOwner> {
    const tenant = requireTenant(platform, req);
    const identity = await requireIdentity(platform, req, tenant);
    return { tenantId: tenant.id, userId: identity.userId };
  }

  function send(res: Response, row: Parameters<typeof toView>[1]): void {
    res.setHeader('cache-control', 'no-store');
    res.json({ data: toView(ctx, row) });
  }

  route(router, endpoints.prequal.get, async (req, res) => send(res, await findPrequal(ctx, await ownerOf(req))));

  route(router, endpoints.prequal.create, async (req, res) => {
    const owner = await ownerOf(req);
    const parsed = prequalRequestSchema.safeParse(req.body);
    if (!parsed.success) return sendInvalid(res, fieldErrorsOf(parsed.error));
    // State, city and zip against the zip database, as the credit application checks them.
    const zipErrors = await checkStepZips('personal', { address: parsed.data.address });
    if (Object.keys(zipErrors).length) return sendInvalid(res, zipErrors);
    try {
      send(res, await submitPrequal(ctx, owner, parsed.data));
    } catch (error) {
      if (error instanceof HttpError && 'fieldErrors' in error)
        return sendInvalid(res, error.fieldErrors as Record<string, string[]>);
      throw error;
    }
  });

  route(router, endpoints.prequal.update, async (req, res) => {
    const owner = await ownerOf(req);
    const parsed = prequalUpdateSchema.safeParse(req.body);
    if (!parsed.success) return sendInvalid(res, fieldErrorsOf(parsed.error));
    send(res, await updatePrequal(ctx, owner, parsed.data));
  });

  route(router, endpoints.prequal.refresh, async (req, res) =>
    send(res, await refreshPrequal(ctx, await ownerOf(req))),
  );

  return router;
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Seed 002 §9 retention: at start-up and every hour (the purge also runs on each read); the same
 * sweep seals the details of rows from before they were sealed.
 */
export function startPrequalPurge(
  platform: Platform,
  now: () => Date = () => new Date(),
  intervalMs = PURGE_INTERVAL_MS,
  piiKey: Buffer = resolvePiiKey(platform.dataDir),
): () => void {
  const sweep = () => {
    purgePrequalData(platform.db, now())
      .then(() => sealPlainPrequalDetails(platform.db, piiKey))
      .catch((error: unknown) => logger.warn({ err: error }, 'prequal: the retention purge failed'));
  };
  const first = setTimeout(sweep, 5_000);
  first.unref();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
