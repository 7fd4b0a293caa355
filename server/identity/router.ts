import { Router, json } from 'express';
import { refreshRequestSchema, signInRequestSchema } from '../../app/lib/contract/identity';
import { HttpError, handle, parseBody, requireIdentity, requireTenant, type Platform } from '../platform/http';
import { findProfile, refreshSession, revokeRefreshToken, signInWithPassword } from './service';

export function identityRouter(platform: Platform): Router {
  const router = Router();
  router.use('/api/identity', json({ limit: '16kb' }));

  router.post(
    '/api/identity/sign-in',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const input = parseBody(signInRequestSchema, req.body);
      const result = await signInWithPassword(platform.db, { tenantId: tenant.id, ...input }, platform.identitySecret);
      if (!result.ok) {
        throw result.reason === 'locked'
          ? new HttpError(423, 'error.auth.locked', 'The account is locked for a while')
          : new HttpError(401, 'error.auth.invalidCredentials', 'E-mail or password is incorrect');
      }
      res.json({ data: result.tokens });
    }),
  );

  router.post(
    '/api/identity/refresh',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const { refreshToken } = parseBody(refreshRequestSchema, req.body);
      const tokens = await refreshSession(platform.db, tenant.id, refreshToken, platform.identitySecret);
      if (!tokens) throw new HttpError(401, 'error.auth.invalidRefreshToken', 'The refresh token is not valid');
      res.json({ data: tokens });
    }),
  );

  router.post(
    '/api/identity/sign-out',
    handle(async (req, res) => {
      requireTenant(platform, req);
      const parsed = refreshRequestSchema.safeParse(req.body);
      if (parsed.success) await revokeRefreshToken(platform.db, parsed.data.refreshToken);
      res.status(204).end();
    }),
  );

  router.get(
    '/api/identity/me',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const identity = await requireIdentity(platform, req, tenant);
      const profile = await findProfile(platform.db, tenant.id, identity.userId);
      if (!profile) throw new HttpError(401, 'error.auth.unauthenticated', 'The account no longer exists');
      res.json({ data: profile });
    }),
  );

  return router;
}
