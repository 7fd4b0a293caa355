import { Router } from 'express';
import { handle, requireIdentity, requireTenant, type Platform } from '../platform/http';
import { countFavorites, listFavoriteVins } from './favorites';
import { drawVehicleSvg, parseArtPath } from './vehicle-art';

export function inventoryRouter(platform: Platform): Router {
  const router = Router();
  // Pictures never change for a given path, so browsers may keep them for a year.
  router.get('/media/vehicles/:body/:colours.svg', (req, res) => {
    const art = parseArtPath(String(req.params.body), String(req.params.colours));
    if (!art) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.type('image/svg+xml').send(drawVehicleSvg(art.body, art.primary, art.secondary));
  });

  router.get(
    '/api/favorites',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const identity = await requireIdentity(platform, req, tenant);
      res.json({ data: { vins: await listFavoriteVins(platform.db, { tenantId: tenant.id, userId: identity.userId }) } });
    }),
  );

  router.get(
    '/api/favorites/count',
    handle(async (req, res) => {
      const tenant = requireTenant(platform, req);
      const identity = await requireIdentity(platform, req, tenant);
      res.json({ data: { count: await countFavorites(platform.db, { tenantId: tenant.id, userId: identity.userId }) } });
    }),
  );
  return router;
}
